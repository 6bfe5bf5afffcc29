/// Finds where each value of a JSON stream begins and ends, without parsing it.
///
/// Bytes go in chunk by chunk (``scan(_:)``); each complete value comes out
/// as its own bytes (``takeValue()``), which ``JSONDocument`` then parses and
/// validates in full. Only the value being read is held, so memory stays
/// bounded by the largest value, whatever the length of the stream.
///
/// For ``Layout/lines`` a value is a line, complete at its line feed. For
/// ``Layout/array`` the framer follows the array's syntax at its top level:
/// `[`, elements separated by `,`, `]`, then only white space. An element is
/// complete as soon as its last byte is in: an object or array at its closing
/// bracket, a string at its closing quote, `true`, `false` and `null` at their
/// last letter; a number, which the next byte could still extend, at the
/// first byte after it (`,`, `]` or white space). The framer tracks string
/// and escape state and nesting depth for that, and refuses an element nested
/// deeper than the limit (the limit a value decoded alone has; the array
/// itself does not count) so that `[[[[…` cannot grow the buffer without end.
/// Anything else about the element (its tokens, escapes, numbers, UTF-8) is
/// checked by the parser afterwards.
package struct JSONStreamFramer {
    /// How the values of a stream are laid out.
    package enum Layout: Sendable {
        /// JSON Lines: one value per line, lines ended by `\n` (or `\r\n`);
        /// blank lines are skipped.
        case lines
        /// One JSON array, whose elements are the values.
        case array
    }

    /// Where the framer stands in an array stream.
    private enum Phase {
        case beforeArray
        /// After `[` (`isFirst`) or `,`: the next element or, after `[`, `]`.
        case beforeElement(isFirst: Bool)
        case inElement
        /// After a complete element: `,` or `]` must follow.
        case afterElement
        /// After the closing `]`: only white space may follow.
        case afterArray
    }

    let layout: Layout
    /// The deepest nesting allowed in one value (an array element counts
    /// from 1, as the same value decoded alone would).
    let maximumDepth: Int

    /// The bytes of the value being read.
    private(set) var value: [UInt8] = []
    /// `true` when a complete value is ready for ``takeValue()``.
    package private(set) var hasValue = false
    /// `true` while an array element has begun and is not complete yet (so
    /// an error now concerns that element rather than the array around it).
    package var isInElement: Bool {
        if case .inElement = phase { return true }
        return false
    }
    /// The 1-based line on which the current value started (JSON Lines) or
    /// the line being read.
    package private(set) var valueLine = 1
    /// The line being read (1-based).
    private var line = 1
    /// Bytes consumed so far, for error offsets.
    private var offset = 0

    private var phase = Phase.beforeArray
    /// Containers open inside the current element.
    private var depth = 0
    /// Whether the byte before was inside a string.
    private var inString = false
    /// Whether the byte before was a backslash escaping the next one.
    private var escaped = false

    /// A framer for `layout`, refusing values nested deeper than `maximumDepth`.
    package init(layout: Layout, maximumDepth: Int) {
        self.layout = layout
        self.maximumDepth = maximumDepth
    }

    /// Consumes bytes until a value is complete or `bytes` runs out; returns
    /// how many bytes were consumed. Call ``takeValue()`` when ``hasValue``.
    ///
    /// SAFETY: `bytes` is read only at indices below `bytes.count` (the loops' conditions and
    /// `firstIndex(of:)`), which its unchecked release-build subscript needs; the framer's
    /// tests feed every stream one byte, three bytes and all bytes at a time.
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONDataError) -> Int {
        if layout == .lines { return scanLines(bytes) }
        var index = 0
        while index < bytes.count, !hasValue {
            try consumeArray(bytes[index])
            index += 1
            offset += 1
        }
        return index
    }

    /// ``scan(_:)`` for JSON Lines: the bytes up to the next line feed are
    /// appended in one step.
    private mutating func scanLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count, !hasValue {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                if value.isEmpty { valueLine = line }
                value.append(contentsOf: bytes[index...])
                offset += bytes.count - index
                return bytes.count
            }
            if newline > index {
                if value.isEmpty { valueLine = line }
                value.append(contentsOf: bytes[index..<newline])
            }
            endLine()
            offset += newline + 1 - index
            index = newline + 1
        }
        return index
    }

    /// The complete value, emptying the buffer for the next one.
    package mutating func takeValue() -> [UInt8] {
        hasValue = false
        defer { value.removeAll(keepingCapacity: true) }
        return value
    }

    /// Ends the stream: a last line without `\n` becomes a value; an array
    /// must have been closed.
    package mutating func finish() throws(JSONDataError) {
        switch layout {
        case .lines:
            if !isBlank(value) {
                if value.last == UInt8(ascii: "\r") { value.removeLast() }
                hasValue = true
            } else {
                value.removeAll()
            }
        case .array:
            guard case .afterArray = phase else {
                throw JSONDataError("the stream ends before the array is closed", at: offset)
            }
        }
    }

    /// A line feed in JSON Lines: the line read so far is a value unless it is blank.
    private mutating func endLine() {
        line += 1
        if isBlank(value) {
            value.removeAll(keepingCapacity: true)
            return
        }
        if value.last == UInt8(ascii: "\r") { value.removeLast() }
        hasValue = true
    }

    private mutating func consumeArray(_ byte: UInt8) throws(JSONDataError) {
        if byte == UInt8(ascii: "\n") { line += 1 }
        let isSpace = JSONScanner.isWhitespace(byte)
        switch phase {
        case .beforeArray:
            guard !isSpace else { return }
            guard byte == UInt8(ascii: "[") else {
                throw JSONDataError("expected '[' to open the array, found \(JSONDataError.describe(byte: byte))", at: offset)
            }
            phase = .beforeElement(isFirst: true)
        case .beforeElement(let isFirst):
            guard !isSpace else { return }
            if byte == UInt8(ascii: "]") {
                guard isFirst else { throw JSONDataError("expected a value after ',', found ']'", at: offset) }
                phase = .afterArray
                return
            }
            guard byte != UInt8(ascii: ",") else {
                throw JSONDataError("expected a value, found ','", at: offset)
            }
            valueLine = line
            phase = .inElement
            try consumeElement(byte, isSpace: false)
        case .inElement:
            try consumeElement(byte, isSpace: isSpace)
        case .afterElement:
            guard !isSpace else { return }
            try endElement(with: byte)
        case .afterArray:
            guard isSpace else {
                throw JSONDataError("unexpected \(JSONDataError.describe(byte: byte)) after the array", at: offset)
            }
        }
    }

    /// One byte inside an element.
    private mutating func consumeElement(_ byte: UInt8, isSpace: Bool) throws(JSONDataError) {
        if inString {
            value.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if depth == 0 { completeElement() }
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            depth += 1
            guard depth <= maximumDepth else {
                throw JSONDataError("nesting deeper than \(maximumDepth)", at: offset)
            }
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            guard depth > 0 else { return try endElement(with: byte) }
            depth -= 1
            if depth == 0 {
                value.append(byte)
                return completeElement()
            }
        case UInt8(ascii: ","):
            guard depth > 0 else { return try endElement(with: byte) }
        default:
            guard depth == 0 else { break }
            // A number or literal at the top of the element.
            if isSpace { return completeElement() }
            value.append(byte)
            if isLiteral(value) { completeElement() }
            return
        }
        value.append(byte)
    }

    /// The element read so far is complete: hand it out; `,` or `]` comes next.
    private mutating func completeElement() {
        phase = .afterElement
        hasValue = true
    }

    /// The `,` or `]` after an element, or ending a number element.
    private mutating func endElement(with byte: UInt8) throws(JSONDataError) {
        let endsNumber: Bool
        if case .inElement = phase { endsNumber = true } else { endsNumber = false }
        switch byte {
        case UInt8(ascii: ","):
            phase = .beforeElement(isFirst: false)
        case UInt8(ascii: "]"):
            phase = .afterArray
        default:
            throw JSONDataError("expected ',' or ']' after an element, found \(JSONDataError.describe(byte: byte))", at: offset)
        }
        if endsNumber { hasValue = true }
    }

    /// `true` when `bytes` is `true`, `false` or `null`, which no byte can extend.
    private func isLiteral(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: bytes.elementsEqual("true".utf8) || bytes.elementsEqual("null".utf8)
        case 5: bytes.elementsEqual("false".utf8)
        default: false
        }
    }

    /// `true` when `bytes` holds only JSON white space.
    private func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy(JSONScanner.isWhitespace)
    }
}
