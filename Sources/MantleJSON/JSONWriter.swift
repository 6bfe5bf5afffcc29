import Foundation

/// Why a value cannot be written as JSON.
package struct JSONWriterError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, including the key path where applicable,
    /// e.g. `unsupported type Date at $.items[3].created`.
    package var message: String

    /// Creates an error with a message.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}

/// Streaming writer of compact RFC 8259 JSON text into ``bytes``.
///
/// Commas between elements and members are inserted automatically. The caller is responsible for
/// a well-formed call sequence (`writeKey` before each member value, balanced begin/end calls);
/// the writer does not check it.
///
/// Strings are written as UTF-8 with only `"`, `\` and control characters escaped (`\n \t \r \b
/// \f`, other controls as `\u00XX`); `/` and non-ASCII are written as is. Floating-point numbers
/// are written as `JSONEncoder` writes them: Swift's shortest round-trip digits without a `.0`
/// fraction (`3`, `-0`, `0.1`, `1e+20`, `1e-07`).
package struct JSONWriter: Sendable {
    /// The JSON text written so far.
    package var bytes: [UInt8] = []
    /// Whether the next element/member needs a leading comma.
    private var needsComma = false
    /// Maximum nesting of containers that writers of value trees (such as
    /// JSONAdapter's `writeAny`) accept, which also catches cycles.
    package var maximumDepth = JSONLimits.defaultMaximumDepth

    /// Creates an empty writer.
    package init() {}

    // MARK: - Scalars

    /// Emits a comma if a previous sibling was written.
    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// Writes `null`.
    package mutating func writeNull() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes `true` or `false`.
    package mutating func write(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes a quoted, escaped string.
    package mutating func write(_ value: String) {
        separate()
        appendQuoted(value)
    }

    /// Writes a signed integer.
    package mutating func write(_ value: Int64) {
        separate()
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDigits(value.magnitude)
        } else {
            appendDigits(UInt64(value))
        }
    }

    /// Writes an unsigned integer.
    package mutating func write(_ value: UInt64) {
        separate()
        appendDigits(value)
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
        var sink = ASCIISink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
        let count = bytes.count
        if count >= 2, bytes[count &- 1] == UInt8(ascii: "0"), bytes[count &- 2] == UInt8(ascii: ".") {
            bytes.removeLast(2)
        }
    }

    /// Writes a `Decimal` exactly (plain digits, no exponent).
    /// - Throws: ``JSONWriterError`` for NaN.
    package mutating func write(_ value: Decimal) throws(JSONWriterError) {
        guard !value.isNaN else {
            throw JSONWriterError("cannot write non-finite number NaN")
        }
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Writes the decimal digits of an integer of any width (such as
    /// `String(someInt128)`: an optional `-` and digits, not validated).
    package mutating func writeIntegerText(_ text: String) {
        writeNumberText(text)
    }

    /// Appends already valid JSON number text (no validation).
    private mutating func writeNumberText(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    // MARK: - Containers

    /// Writes `{`; follow with `writeKey` + value pairs and ``endObject()``.
    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes a member key and the colon; the next write is the member's value.
    package mutating func writeKey(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `}`.
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`; follow with element writes and ``endArray()``.
    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`.
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: - Low level

    /// Appends the decimal digits of `value`.
    private mutating func appendDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes >= 20 digits
        withUnsafeMutableBytes(of: &buffer) { raw in
            var v = value
            var i = raw.count
            repeat {
                i &-= 1
                raw[i] = UInt8(truncatingIfNeeded: v % 10) &+ UInt8(ascii: "0")
                v /= 10
            } while v != 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[i...]))
        }
    }

    /// Appends `string` quoted and escaped (``JSONEscapes``).
    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        JSONDocument.withUTF8(string) { utf8 in
            var runStart = 0
            var i = 0
            while i < utf8.count {
                let c = utf8[i]
                if !JSONEscapes.needsEscape(c) {
                    i &+= 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                let letter = JSONEscapes.escapeLetter(for: c)
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(letter)
                if letter == UInt8(ascii: "u") {
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(JSONEscapes.hexDigit(c &>> 4))
                    bytes.append(JSONEscapes.hexDigit(c & 0xF))
                }
                i &+= 1
                runStart = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A text stream that appends to a byte array; the standard library's number
/// formatting hands it ASCII bytes directly (`_writeASCII`), with no `String`.
private struct ASCIISink: TextOutputStream {
    /// The bytes written so far.
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
