/// The elements of a JSON text whose top-level value is an array, parsed a batch at a time:
/// each batch of elements is a ``JSONDocument`` of its own over the text's bytes, so that the
/// tape alive at once is a batch's (about ``batchNodes`` nodes, or one larger element) rather
/// than the whole text's.
///
/// It validates exactly what parsing the whole text does and throws the same errors (reason
/// and offset): an element's nodes, depths and offsets are those the whole text's tape would
/// have (depths count the array), and the array's own punctuation is read by the scan loop's
/// own step after an array's element (`JSONScanner.scanElementSeparator()`). Only the order
/// differs: an error is thrown when its batch is reached, after the elements of the batches
/// before were handed out.
package final class JSONArrayElements {
    /// How many nodes a batch holds before it ends (after the element that reaches it).
    static var batchNodes: Int { 4096 }

    /// The text.
    package let input: JSONInput
    /// The scanner, its stacks kept from batch to batch (and from pass to pass).
    private var scanner: JSONScanner
    /// Where the opening bracket is (where ``rewind()`` starts again).
    private let openingBracket: Int
    /// Whether nothing has been read after the opening bracket yet.
    private var atStart = true
    /// Whether the closing bracket and what follows it have been read.
    private var finished = false
    /// The current batch and the root nodes of its elements.
    private var batch: JSONDocument?
    private var roots: [Int] = []
    /// The index in ``roots`` of the next element to hand out.
    private var nextRoot = 0

    /// The elements of `input`, or `nil` (parse the text whole) unless its top-level value
    /// starts with `[` (after white space) and `maximumDepth` admits the array.
    package init?(_ input: JSONInput, maximumDepth: Int) {
        let bytes = input.buffer
        // SAFETY: `input` (kept by `self`) holds these bytes for as long as the scanner lives;
        // the scanner reads them only below `bytes.count` (see `JSONScanner.scan`).
        guard let base = bytes.baseAddress,
              let scanner = JSONScanner(elementsAt: base, count: bytes.count, maximumDepth: maximumDepth)
        else {
            return nil
        }
        self.input = input
        self.scanner = scanner
        openingBracket = scanner.pos
    }

    deinit {
        scanner.stacks.deallocate()
    }

    /// The next element, as a document and its node, or `nil` after the last one, once the
    /// rest of the text (the closing bracket, then white space only) is checked.
    ///
    /// - Throws: ``JSONDataError``, the error parsing the whole text would give, when an
    ///   element of the next batch, the punctuation after one, or the text after the array is
    ///   invalid. After an error, it hands out nothing more (until ``rewind()``).
    package func next() throws(JSONDataError) -> (document: JSONDocument, node: Int)? {
        if nextRoot == roots.count {
            guard !finished else { return nil }
            try fill()
        }
        guard let batch, nextRoot < roots.count else { return nil }
        defer { nextRoot &+= 1 }
        return (batch, roots[nextRoot])
    }

    /// Starts again before the first element: ``next()`` then parses and hands out the
    /// elements again, from the first (a second pass over them). The documents handed out
    /// before stay valid.
    package func rewind() {
        batch = nil
        roots.removeAll(keepingCapacity: true)
        nextRoot = 0
        atStart = true
        finished = false
        scanner.stacks.removeAll()
        scanner.pos = openingBracket
    }

    /// Scans the next batch of elements.
    private func fill() throws(JSONDataError) {
        batch = nil
        roots.removeAll(keepingCapacity: true)
        nextRoot = 0
        scanner.stacks.nodes.count = 0
        // Whatever is thrown below ends the elements.
        finished = true
        // Locals rather than the properties in the loop: no run-time exclusivity check per access.
        var scanner = self.scanner
        var roots = self.roots
        defer {
            self.scanner = scanner
            self.roots = roots
        }
        self.roots = []
        if atStart {
            atStart = false
            guard try scanner.openElements() else { return }
        }
        var more = true
        while more && scanner.stacks.nodes.count < Self.batchNodes {
            roots.append(scanner.stacks.nodes.count)
            try scanner.parseElement()
            more = try scanner.scanElementSeparator()
        }
        finished = !more
        // SAFETY: the scanner initialised `nodes.base[0..<nodes.count]` (`JSONScannerStack`).
        let nodes = ContiguousArray(UnsafeBufferPointer(start: scanner.stacks.nodes.base,
                                                        count: scanner.stacks.nodes.count))
        batch = JSONDocument(input: input, nodes: nodes)
    }
}
