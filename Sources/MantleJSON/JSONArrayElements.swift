/// The elements of a JSON text whose top-level value is an array, parsed a batch at a time:
/// each batch of elements is a ``JSONDocument`` of its own over the text's bytes, so that the
/// tape alive at once is a batch's (about ``batchNodes`` nodes, or one larger element) rather
/// than the whole text's.
///
/// It validates exactly what parsing the whole text does and throws the same errors (reason
/// and offset): an element's nodes, depths and offsets are those the whole text's tape would
/// have (depths count the array), and the array's own punctuation is checked as the scanner
/// checks it. Only the order differs: an error is thrown when its batch is reached, after the
/// elements of the batches before were handed out.
package final class JSONArrayElements {
    /// How many nodes a batch holds before it ends (after the element that reaches it).
    static var batchNodes: Int { 4096 }

    /// The text.
    package let input: JSONInput
    /// The scanner, its stacks kept from batch to batch.
    private var scanner: JSONScanner
    /// Where the next element starts (white space skipped), or where the text ends.
    private var position: Int
    /// Whether nothing has been read after the opening bracket yet.
    private var atStart = true
    /// Whether the closing bracket and what follows it have been read.
    private var finished = false
    /// The current batch and the root nodes of its elements.
    private var batch: JSONDocument?
    private var roots: [Int] = []
    /// The index in ``roots`` of the next element to hand out.
    private var nextRoot = 0

    /// Whether `input`'s top-level value starts with `[` (after white space) and may nest a
    /// container: the texts whose elements this type reads (parse others whole).
    package static func startsArray(_ input: JSONInput, maximumDepth: Int) -> Bool {
        let bytes = input.buffer
        let i = skipWhitespace(bytes, from: 0)
        return i < bytes.count && bytes[i] == UInt8(ascii: "[") && maximumDepth >= 1
    }

    /// The elements of `input`, or `nil` unless ``startsArray(_:maximumDepth:)``.
    package init?(_ input: JSONInput, maximumDepth: Int) {
        let bytes = input.buffer
        let i = Self.skipWhitespace(bytes, from: 0)
        guard let base = bytes.baseAddress, i < bytes.count, bytes[i] == UInt8(ascii: "["), maximumDepth >= 1 else {
            return nil
        }
        self.input = input
        // SAFETY: `input` (kept by `self`) holds these bytes for as long as the scanner lives;
        // the scanner reads them only below `bytes.count` (see `JSONScanner.scan`).
        scanner = JSONScanner(elementsAt: base, count: bytes.count, maximumDepth: maximumDepth)
        position = i &+ 1
    }

    deinit {
        scanner.deallocate()
    }

    /// The next element, as a document and its node, or `nil` after the last one, once the
    /// rest of the text (the closing bracket, then white space only) is checked.
    ///
    /// - Throws: ``JSONDataError``, the error parsing the whole text would give, when an
    ///   element of the next batch, the punctuation after one, or the text after the array is
    ///   invalid. After an error, it hands out nothing more.
    package func next() throws(JSONDataError) -> (document: JSONDocument, node: Int)? {
        if nextRoot == roots.count {
            guard !finished else { return nil }
            try fill()
        }
        guard let batch, nextRoot < roots.count else { return nil }
        defer { nextRoot &+= 1 }
        return (batch, roots[nextRoot])
    }

    /// Scans the next batch of elements.
    private func fill() throws(JSONDataError) {
        batch = nil
        roots.removeAll(keepingCapacity: true)
        nextRoot = 0
        scanner.nodes.count = 0
        // Whatever is thrown below ends the elements.
        finished = true
        let bytes = input.buffer
        if atStart {
            atStart = false
            guard UInt64(bytes.count) < UInt64(UInt32.max) else {
                throw JSONDataError("input of \(bytes.count) bytes exceeds the 4 GiB limit", at: 0)
            }
            position = Self.skipWhitespace(bytes, from: position)
            guard position < bytes.count else { throw JSONScanner.eofError(at: bytes.count) }
            if bytes[position] == UInt8(ascii: "]") {
                try Self.checkEnd(bytes, after: position)
                position = bytes.count
                return
            }
        }
        // Locals rather than the properties in the loop: no run-time exclusivity check per access.
        var scanner = self.scanner
        var roots = self.roots
        var position = self.position
        defer {
            self.scanner = scanner
            self.roots = roots
            self.position = position
        }
        self.roots = []
        var more = true
        while more && scanner.nodes.count < Self.batchNodes {
            roots.append(scanner.nodes.count)
            try scanner.parseElement(at: position)
            var i = Self.skipWhitespace(bytes, from: scanner.pos)
            guard i < bytes.count else { throw JSONScanner.eofError(at: bytes.count) }
            switch bytes[i] {
            case UInt8(ascii: ","):
                i = Self.skipWhitespace(bytes, from: i &+ 1)
                if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                    throw JSONScanner.error("trailing comma in array", at: i)
                }
                position = i
            case UInt8(ascii: "]"):
                try Self.checkEnd(bytes, after: i)
                position = bytes.count
                more = false
            case let other:
                throw JSONScanner.unexpected(other, expecting: "',' or ']'", at: i)
            }
        }
        finished = !more
        // SAFETY: the scanner initialised `nodes.base[0..<nodes.count]` (`JSONScannerStack`).
        let nodes = ContiguousArray(UnsafeBufferPointer(start: scanner.nodes.base, count: scanner.nodes.count))
        batch = JSONDocument(input: input, nodes: nodes)
    }

    /// Checks the text after the closing bracket at `bracket`: only white space may follow.
    private static func checkEnd(_ bytes: UnsafeBufferPointer<UInt8>, after bracket: Int) throws(JSONDataError) {
        let i = skipWhitespace(bytes, from: bracket &+ 1)
        guard i == bytes.count else { throw JSONScanner.trailingTextError(bytes[i], at: i) }
    }

    /// The first offset at or after `start` that is not JSON white space (or the end).
    private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i < bytes.count, JSONScanner.isWhitespace(bytes[i]) { i &+= 1 }
        return i
    }
}
