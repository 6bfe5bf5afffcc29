/// The elements of a JSON text whose top-level value is an array, parsed one at a time: each
/// is a ``JSONDocument`` of its own (the element at its root), over the text's bytes, so that
/// the tapes alive at once are one element's rather than the whole text's.
///
/// It validates exactly what parsing the whole text does and throws the same errors (reason
/// and offset): an element's nodes, depths and offsets are those the whole text's tape would
/// have (depths count the array), and the array's own punctuation is checked as the scanner
/// checks it. Only the order differs: the error of an element is thrown when that element is
/// reached, after the elements before it were handed out.
package struct JSONArrayElements {
    /// The text.
    package let input: JSONInput
    /// Maximum nesting, the array included (as for a whole text).
    private let maximumDepth: Int
    /// Where the next element starts (white space skipped), or where the text ends.
    private var position: Int
    /// Whether no element has been handed out yet.
    private var atStart = true
    /// Whether the closing bracket and what follows it have been read.
    private var finished = false
    /// Tape capacity reserved for the next element: the size of the last one.
    private var capacity = 16

    /// The elements of `input`, or `nil` when its top-level value does not start with `[`
    /// (after white space) or cannot nest one container: parse those whole.
    package init?(_ input: JSONInput, maximumDepth: Int) {
        let bytes = input.buffer
        var i = 0
        while i < bytes.count, JSONScanner.isWhitespace(bytes[i]) { i &+= 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "["), maximumDepth >= 1 else { return nil }
        self.input = input
        self.maximumDepth = maximumDepth
        position = i &+ 1
    }

    /// The next element, or `nil` after the last one, once the rest of the text (the closing
    /// bracket, then white space only) is checked.
    ///
    /// - Throws: ``JSONDataError``, the error parsing the whole text would give, when the
    ///   element, the punctuation after it, or the text after the array is invalid.
    package mutating func next() throws(JSONDataError) -> JSONDocument? {
        guard !finished else { return nil }
        let bytes = input.buffer
        if atStart {
            atStart = false
            guard UInt64(bytes.count) < UInt64(UInt32.max) else {
                throw JSONDataError("input of \(bytes.count) bytes exceeds the 4 GiB limit", at: 0)
            }
            position = Self.skipWhitespace(bytes, from: position)
            guard position < bytes.count else { throw JSONScanner.eofError(at: bytes.count) }
            if bytes[position] == UInt8(ascii: "]") {
                try finish(bytes, after: position)
                return nil
            }
        }
        let (nodes, end) = try JSONScanner.scanValue(bytes, at: position, depth: 1, maximumDepth: maximumDepth,
                                                     capacity: capacity)
        capacity = nodes.count
        var i = Self.skipWhitespace(bytes, from: end)
        guard i < bytes.count else { throw JSONScanner.eofError(at: bytes.count) }
        switch bytes[i] {
        case UInt8(ascii: ","):
            i = Self.skipWhitespace(bytes, from: i &+ 1)
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                throw JSONScanner.error("trailing comma in array", at: i)
            }
            position = i
        case UInt8(ascii: "]"):
            try finish(bytes, after: i)
        case let other:
            throw JSONScanner.unexpected(other, expecting: "',' or ']'", at: i)
        }
        return JSONDocument(input: input, nodes: nodes)
    }

    /// Reads past the closing bracket at `bracket`: only white space may follow.
    private mutating func finish(_ bytes: UnsafeBufferPointer<UInt8>, after bracket: Int) throws(JSONDataError) {
        let i = Self.skipWhitespace(bytes, from: bracket &+ 1)
        guard i == bytes.count else { throw JSONScanner.trailingTextError(bytes[i], at: i) }
        finished = true
        position = i
    }

    /// The first offset at or after `start` that is not JSON white space (or the end).
    private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        while i < bytes.count, JSONScanner.isWhitespace(bytes[i]) { i &+= 1 }
        return i
    }
}
