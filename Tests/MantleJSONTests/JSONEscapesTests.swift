//  The escapes of JSON strings, shared by the scanner, the document and the
//  writer: what each escape stands for, that unescaping never lengthens (the
//  fact the document's buffers are sized on), and that what the writer
//  escapes the reader unescapes back.

import Testing

@testable import MantleJSON

@Suite("JSONEscapes")
struct JSONEscapesTests {
    /// `body` with the UTF-8 bytes of `text`.
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// `raw` unescaped into a buffer of exactly `raw.count` bytes, and how many were written.
    static func unescaped(_ raw: String) -> (text: String, written: Int, capacity: Int) {
        withBytes(raw) { input in
            var output = [UInt8](repeating: 0, count: input.count)
            let written = output.withUnsafeMutableBufferPointer { out in
                out.baseAddress.map { JSONEscapes.unescape(input, to: $0) } ?? 0
            }
            return (String(decoding: output.prefix(written), as: UTF8.self), written, input.count)
        }
    }

    @Test("each escape stands for its character, in no more bytes than it takes", arguments: [
        (#"\"\\\/\b\f\n\r\t"#, "\"\\/\u{8}\u{C}\n\r\t"), (#"\u00e9\u4E2D\ud83d\ude00\u0000"#, "é中😀\u{0}"),
        (#"a\u0062c"#, "abc"), ("plain é", "plain é"), ("", ""),
        // Invalid escapes (the scanner refuses them first): the backslash stays, nothing overflows.
        (#"\"#, #"\"#), (#"a\x"#, #"a\x"#), (#"\uD800"#, #"\uD800"#), (#"\uDC00x"#, #"\uDC00x"#), (#"\u12"#, #"\u12"#),
    ])
    func unescape(raw: String, expected: String) {
        let result = Self.unescaped(raw)
        #expect(result.text == expected)
        #expect(result.written <= result.capacity)
    }

    @Test("escaped content compares with a key without unescaping it first", arguments: [
        (#"a\u0062c"#, "abc", true), (#"a\u0062c"#, "abd", false), (#"a\u0062c"#, "ab", false),
        (#"a\u0062c"#, "abcd", false), (#"\u00e9\u4E2D\ud83d\ude00\u0000"#, "é中😀\u{0}", true),
        (#"\u00e9\u4E2D\ud83d\ude00"#, "é中", false), (#"tab\t"#, "tab\t", true), (#"\n"#, "n", false),
    ])
    func escapedEquals(raw: String, key: String, equal: Bool) {
        let result = Self.withBytes(raw) { raw in Self.withBytes(key) { key in JSONEscapes.escapedEquals(raw, key) } }
        #expect(result == equal)
    }

    @Test("what the scanner is told about each escape", arguments: [
        (#"\n"#, "scalar 10, 2 bytes"), (#"\u00e9"#, "scalar 233, 6 bytes"), (#"\ud83d\ude00"#, "scalar 128512, 12 bytes"),
        (#"\x"#, "unknown letter"), (#"\"#, "unknown letter"), (#"\u00g0"#, "missing hex digits"),
        (#"\ud83d"#, "unpaired high surrogate"), (#"\ud83d\u0041"#, "unpaired high surrogate"),
        (#"\ude00"#, "unpaired low surrogate"),
    ])
    func escape(raw: String, expected: String) {
        let escape = Self.withBytes(raw) { JSONEscapes.escape(in: $0, at: 0) }
        let described = switch escape {
        case .scalar(let scalar, let length): "scalar \(scalar), \(length) bytes"
        case .unknownLetter: "unknown letter"
        case .missingHexDigits: "missing hex digits"
        case .unpairedHighSurrogate: "unpaired high surrogate"
        case .unpairedLowSurrogate: "unpaired low surrogate"
        }
        #expect(described == expected)
    }

    @Test("the writer's escape of every ASCII byte reads back as that byte")
    func writerAndReaderAgree() throws {
        for byte in UInt8(0)..<0x80 {
            let text = String(decoding: [UInt8(ascii: "a"), byte, UInt8(ascii: "z")], as: UTF8.self)
            var writer = JSONWriter()
            writer.write(text)
            let written = String(decoding: writer.bytes, as: UTF8.self)
            #expect((written.utf8.count > text.utf8.count + 2) == JSONEscapes.needsEscape(byte), "\(byte)")
            #expect(try JSONDocument(bytes: writer.bytes).string(at: 0) == text, "\(byte)")
            if JSONEscapes.needsEscape(byte), JSONEscapes.escapeLetter(for: byte) != UInt8(ascii: "u") {
                #expect(JSONEscapes.unescaped(letter: JSONEscapes.escapeLetter(for: byte)) == byte, "\(byte)")
            }
        }
    }
}
