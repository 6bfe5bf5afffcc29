import Foundation

/// Why a value cannot be written as JSON.
package struct JSONWriterError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, including the key path where applicable,
    /// e.g. `unsupported type Date at $.items[3].created`.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// Streaming writer of RFC 8259 JSON text into ``bytes``: compact by default, or laid out as
/// ``Formatting`` says.
///
/// Commas between elements and members are inserted automatically. The caller is responsible for
/// a well-formed call sequence (`writeKey` before each member value, balanced begin/end calls);
/// the writer does not check it.
///
/// Strings are written as UTF-8 with only `"`, `\` and control characters escaped (`\n \t \r \b
/// \f`, other controls as `\u00XX`); `/` (unless ``Formatting/escapedSlashes``) and non-ASCII are
/// written as is. Floating-point numbers are written as `JSONEncoder` writes them: Swift's shortest
/// round-trip digits without a `.0` fraction (`3`, `-0`, `0.1`, `1e+20`, `1e-07`).
package struct JSONWriter: Sendable {
    /// How the text is laid out beyond the compact default: each option writes exactly what
    /// swift-foundation's `JSONEncoder` writes with the option of the same name.
    package struct Formatting: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A newline after `[`, `{` and each `,`, two spaces of indentation a level,
        /// `" : "` between a key and its value; an empty container is `[\n\n]` or `{\n\n}`
        /// (indented as its level), as `JSONEncoder`'s `.prettyPrinted`.
        package static let prettyPrinted = Formatting(rawValue: 1 << 0)
        /// The members of every object in ascending order of their keys' UTF-8 bytes, as
        /// `JSONEncoder`'s `.sortedKeys` orders them (swift-foundation); members with the same
        /// key keep the order they were written in.
        package static let sortedKeys = Formatting(rawValue: 1 << 1)
        /// `/` written as `\/`, as `JSONEncoder` does unless `.withoutEscapingSlashes`.
        package static let escapedSlashes = Formatting(rawValue: 1 << 2)
    }

    /// One member of an object being written under ``Formatting/sortedKeys``.
    private struct OpenMember {
        /// The member's key, unescaped.
        var key: String
        /// Where the separator before it (`,` and any newline and indentation) starts.
        var separatorStart: Int
        /// Where its key starts.
        var start: Int
    }

    /// The JSON text written so far, in memory the writer grows itself (``JSONOutputBuffer``).
    private var output = JSONOutputBuffer()
    /// Whether the next element/member needs a leading comma (formatted: whatever
    /// ``writeSeparator()`` writes).
    private var needsComma = false
    /// Maximum nesting of containers that writers of value trees (such as
    /// JSONAdapter's `writeAny`) accept, which also catches cycles.
    package var maximumDepth = JSONLimits.defaultMaximumDepth
    /// The layout (`[]`: compact).
    package let formatting: Formatting
    /// `true` when ``formatting`` is `[]`: the compact writer, whose paths test only this.
    package let isCompact: Bool
    private let isPretty: Bool
    private let sortsKeys: Bool
    private let escapesSlashes: Bool
    /// Containers open around the next value (pretty printing's indentation).
    private var level = 0
    /// Pretty printing: the next value is the first element of an array just begun.
    private var isFirstElement = false
    /// Sorting: the members of the open objects, innermost last.
    private var openMembers: [OpenMember] = []
    /// Sorting: where each open object's members start in ``openMembers``.
    private var openObjects: [Int] = []

    /// Creates an empty writer of compact text.
    package init() {
        self.init(formatting: [])
    }

    /// Creates an empty writer that lays its text out as `formatting` says.
    package init(formatting: Formatting) {
        self.formatting = formatting
        isCompact = formatting.isEmpty
        isPretty = formatting.contains(.prettyPrinted)
        sortsKeys = formatting.contains(.sortedKeys)
        escapesSlashes = formatting.contains(.escapedSlashes)
    }

    /// The JSON text written so far, copied out.
    package var bytes: [UInt8] { output.array }

    /// The JSON text written so far, copied into a `Data`.
    package var data: Data { output.data }

    /// The JSON text written, as a `Data` that takes over the writer's memory (no copy);
    /// the writer is empty afterwards.
    package mutating func takeData() -> Data { output.takeData() }

    /// The number of bytes written so far.
    package var count: Int { output.count }

    /// Appends `byte` as is, outside the JSON grammar (the newline after a JSON Lines line).
    package mutating func appendRawByte(_ byte: UInt8) {
        output.append(byte)
    }

    // MARK: - Scalars

    /// Emits a comma if a previous sibling was written (formatted: what ``writeSeparator()`` writes).
    @inline(__always)
    private mutating func separate() {
        if needsComma { writeSeparator() }
        needsComma = true
    }

    /// Writes the separator before a value, as ``separate()`` does, and makes room for
    /// `length` more bytes, which the caller stores unchecked: unless pretty printed (whose
    /// separator varies), the separator's room and the value's are reserved at once.
    @inline(__always)
    private mutating func separate(reserving length: Int) {
        if isPretty {
            separate()
            output.reserve(length)
            return
        }
        output.reserve(length &+ 1)
        if needsComma { output.putUnchecked(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// The separator before an array element (or a top-level value after another): `,`;
    /// pretty printed, a newline and the indentation after it, without the comma before the
    /// first element.
    private mutating func writeSeparator() {
        guard isPretty else {
            output.append(UInt8(ascii: ","))
            return
        }
        if isFirstElement {
            isFirstElement = false
        } else {
            output.append(UInt8(ascii: ","))
            output.append(UInt8(ascii: "\n"))
        }
        writeIndentation()
    }

    /// Two spaces for each open container.
    private mutating func writeIndentation() {
        output.append(repeating: UInt8(ascii: " "), count: level &* 2)
    }

    package mutating func writeNull() {
        separate(reserving: JSONOutputBuffer.wordLength)
        output.putUnchecked(word: 0x6C6C_756E, count: 4)
    }

    package mutating func write(_ value: Bool) {
        separate(reserving: JSONOutputBuffer.wordLength)
        if value {
            output.putUnchecked(word: 0x6575_7274, count: 4)
        } else {
            // 32-bit: the word is a `UInt64` parameter, whatever the width of `Int`.
            output.putUnchecked(word: 0x65_736C_6166, count: 5)
        }
    }

    /// Writes a quoted, escaped string.
    package mutating func write(_ value: String) {
        separate()
        appendQuoted(value)
    }

    package mutating func write(_ value: Int64) {
        separate(reserving: JSONOutputBuffer.maximumIntegerLength)
        output.putDigitsUnchecked(value.magnitude, negative: value < 0)
    }

    package mutating func write(_ value: UInt64) {
        separate(reserving: JSONOutputBuffer.maximumIntegerLength)
        output.putDigitsUnchecked(value, negative: false)
    }

    /// Writes a double with the shortest digits that round-trip, as `JSONEncoder` writes it
    /// (`0.1`, `3`, `1000000`, `1e-07`, `1e+16`, `-0`): the text of `description` without a
    /// trailing `.0`, appended without making a `String`.
    /// - Throws: ``JSONWriterError`` for NaN and ±infinity, which JSON cannot represent.
    package mutating func write(_ value: Double) throws(JSONWriterError) {
        try writeFloatingPoint(value)
    }

    /// Writes a float with the shortest digits that round-trip as a `Float` (`0.1`, not
    /// `0.10000000149011612`), as `JSONEncoder` writes it (`3`, not `3.0`).
    /// - Throws: ``JSONWriterError`` for NaN and ±infinity.
    package mutating func write(_ value: Float) throws(JSONWriterError) {
        try writeFloatingPoint(value)
    }

    /// Writes a finite number through its `TextOutputStreamable` conformance,
    /// which formats into a stack buffer and hands over ASCII bytes, then drops
    /// a trailing `.0` as `JSONEncoder` does (`description` ends with `.0` only
    /// for an integral value written without an exponent).
    private mutating func writeFloatingPoint<Number: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: Number
    ) throws(JSONWriterError) {
        guard value.isFinite else {
            throw JSONWriterError("cannot write non-finite number \(value)")
        }
        separate()
        value.write(to: &output)
        output.dropTrailingPointZero()
    }

    /// Writes a `Decimal` exactly (plain digits, no exponent).
    /// - Throws: ``JSONWriterError`` for NaN.
    package mutating func write(_ value: Decimal) throws(JSONWriterError) {
        guard !value.isNaN else {
            throw JSONWriterError("cannot write non-finite number NaN")
        }
        separate()
        output.append(value.description)
    }

    /// Writes the decimal digits of an integer of any width (such as
    /// `String(someInt128)`: an optional `-` and digits, not validated).
    package mutating func writeIntegerText(_ text: String) {
        writeNumberText(text)
    }

    /// Appends already valid JSON number text (no validation).
    private mutating func writeNumberText(_ text: String) {
        separate()
        output.append(text)
    }

    // MARK: - Containers

    /// Writes `{`; follow with `writeKey` + value pairs and ``endObject()``.
    package mutating func beginObject() {
        separate(reserving: 1)
        output.putUnchecked(UInt8(ascii: "{"))
        needsComma = false
        if !isCompact { beginFormattedObject() }
    }

    /// `key` as the compact writer writes it after a sibling member, `,"key":` (escaped): made
    /// once for a key written many times (a model's property keys, ``JSONPreparedKeys``).
    package static func preparedKey(_ key: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.output.append(UInt8(ascii: ","))
        writer.appendQuoted(key)
        writer.output.append(UInt8(ascii: ":"))
        return writer.bytes
    }

    /// Writes the member key prepared at `key` in `keys` (one of the ranges of the
    /// ``JSONPreparedKeys`` whose ``JSONPreparedKeys/bytes`` `keys` is, alive during the call)
    /// and the colon, as ``writeKey(_:)`` writes the key; only for a compact writer
    /// (``isCompact``).
    @inline(__always)
    package mutating func writeKey(_ key: Range<Int>, in keys: JSONPreparedKeys.Bytes) {
        putKey(key, in: keys, reserving: 0)
        needsComma = false
    }

    /// A member whose value is an integer: its prepared key (as ``writeKey(_:in:)``) and
    /// `value`, with room reserved once for both.
    @inline(__always)
    package mutating func writeMember(_ key: Range<Int>, in keys: JSONPreparedKeys.Bytes, _ value: Int64) {
        putKey(key, in: keys, reserving: JSONOutputBuffer.maximumIntegerLength)
        output.putDigitsUnchecked(value.magnitude, negative: value < 0)
        needsComma = true
    }

    /// Reserves room for the prepared key at `key` and `extra` more bytes, and stores the key
    /// (without its comma before a first member).
    @inline(__always)
    private mutating func putKey(_ key: Range<Int>, in keys: JSONPreparedKeys.Bytes, reserving extra: Int) {
        // SAFETY: `key` lies inside `keys` with `JSONPreparedKeys.padding` (8) readable bytes
        // after it (the caller's promise, ``JSONPreparedKeys/Bytes``), and holds at least
        // `,"":`, so the start after its comma is inside it too; the words copied read at most
        // 7 bytes past its end and store at most 7 past what is counted, inside the room
        // reserved for it. `JSONOutputBufferTests` writes prepared keys at every offset.
        let skip = needsComma ? 0 : 1
        let length = key.count &- skip
        output.reserve(length &+ 7 &+ extra)
        output.putWordsUnchecked(from: keys.base + (key.lowerBound &+ skip),
                                 count: length)
    }

    /// Writes a member key and the colon; the next write is the member's value.
    package mutating func writeKey(_ key: String) {
        guard isCompact else { return writeFormattedKey(key) }
        if needsComma { output.append(UInt8(ascii: ",")) }
        appendQuoted(key)
        output.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func endObject() {
        if !isCompact { endFormattedObject() }
        output.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`; follow with element writes and ``endArray()``.
    package mutating func beginArray() {
        separate(reserving: 1)
        output.putUnchecked(UInt8(ascii: "["))
        needsComma = false
        if isPretty { beginPrettyArray() }
    }

    package mutating func endArray() {
        if isPretty { endPrettyContainer() }
        output.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: - Formatting

    /// After `{`: opens a level, and a list of members to sort.
    private mutating func beginFormattedObject() {
        if isPretty {
            output.append(UInt8(ascii: "\n"))
            level &+= 1
        }
        if sortsKeys { openObjects.append(openMembers.count) }
    }

    /// A key, laid out: after a newline and the indentation when pretty printed, followed by
    /// `" : "` then; noted for sorting.
    private mutating func writeFormattedKey(_ key: String) {
        let separatorStart = output.count
        if needsComma { output.append(UInt8(ascii: ",")) }
        if isPretty {
            if needsComma { output.append(UInt8(ascii: "\n")) }
            writeIndentation()
        }
        if sortsKeys { openMembers.append(OpenMember(key: key, separatorStart: separatorStart, start: output.count)) }
        appendQuoted(key)
        if isPretty {
            output.append(word: 0x20_3A20, count: 3)
        } else {
            output.append(UInt8(ascii: ":"))
        }
        needsComma = false
    }

    /// Before `}`: puts the members in order, then closes the level.
    private mutating func endFormattedObject() {
        if sortsKeys, let first = openObjects.popLast() {
            sortMembers(from: first)
            openMembers.removeSubrange(first...)
        }
        if isPretty { endPrettyContainer() }
    }

    /// After `[`: opens a level; the first element needs no comma.
    private mutating func beginPrettyArray() {
        output.append(UInt8(ascii: "\n"))
        level &+= 1
        isFirstElement = true
        needsComma = true
    }

    /// Before `]` or `}`: a newline and the indentation of the level being closed.
    private mutating func endPrettyContainer() {
        isFirstElement = false
        level &-= 1
        output.append(UInt8(ascii: "\n"))
        writeIndentation()
    }

    /// Rewrites the members of the object being closed, ``openMembers`` from `first` on, in
    /// ascending order of their keys' UTF-8 bytes (stable), unless they are in order already.
    /// Each member's text runs from its key to the separator before the next member (or to
    /// the end); every separator of one object is the same bytes.
    private mutating func sortMembers(from first: Int) {
        let members = openMembers[first...]
        guard members.count > 1 else { return }
        let ordered = members.indices.sorted { left, right in
            let (a, b) = (members[left].key.utf8, members[right].key.utf8)
            if a.elementsEqual(b) { return left < right }
            return a.lexicographicallyPrecedes(b)
        }
        guard !ordered.elementsEqual(members.indices) else { return }
        let start = members[first].start, end = output.count
        let text = output.copy(start..<end)
        let separator = text[(members[first + 1].separatorStart - start)..<(members[first + 1].start - start)]
        var sorted: [UInt8] = []
        sorted.reserveCapacity(end - start)
        for (position, index) in ordered.enumerated() {
            if position > 0 { sorted.append(contentsOf: separator) }
            let memberEnd = index + 1 < members.endIndex ? members[index + 1].separatorStart : end
            sorted.append(contentsOf: text[(members[index].start - start)..<(memberEnd - start)])
        }
        output.truncate(to: start)
        sorted.withUnsafeBufferPointer { output.append($0) }
    }

    // MARK: - Low level

    /// Appends `string` quoted and escaped (``JSONEscapes``).
    private mutating func appendQuoted(_ string: String) {
        let escapesSlashes = escapesSlashes
        JSONDocument.withUTF8(string) { utf8 in
            output.appendQuoted(utf8, escapingSlashes: escapesSlashes)
        }
    }
}
