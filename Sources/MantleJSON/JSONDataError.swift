/// Why a sequence of bytes is not valid RFC 8259 JSON text (or, from the stream framer, not a
/// valid JSON Lines or array stream).
///
/// Thrown by ``JSONDocument/init(bytes:maximumDepth:)`` (from the scanner) and by
/// ``JSONStreamFramer``. The ``offset`` is the zero-based byte offset in the input (for the
/// framer, in the stream) where the problem was detected.
package struct JSONDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. `unexpected character ','` or `nesting deeper than 512`.
    package var message: String
    /// Zero-based byte offset in the input where the problem was detected.
    package var offset: Int

    /// Creates an error with a message and the byte offset where the problem was detected.
    package init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message followed by the position, e.g. `unexpected character ',' at byte 12`.
    package var description: String {
        "\(message) at byte \(offset)"
    }

    /// A short human-readable rendering of one input byte for error messages:
    /// printable ASCII is quoted (`'x'`), anything else is shown in hex (`byte 0x0A`).
    package static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
