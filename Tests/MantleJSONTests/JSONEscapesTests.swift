//  The escapes of JSON strings, shared by the scanner, the document and the
//  writer: what each escape stands for, that unescaping never lengthens (the
//  fact the document's buffers are sized on), and that what the writer
//  escapes the reader unescapes back; and that the writer's eight-bytes-at-a-time
//  search for the bytes it escapes finds what a byte-by-byte search finds, reading
//  only inside the buffer.

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

    /// The first index at or after `start` a byte-by-byte search finds.
    static func firstEscapedByteByByte(_ bytes: [UInt8], from start: Int, escapingSlashes: Bool) -> Int? {
        bytes[start...].firstIndex { JSONEscapes.needsEscape($0) || (escapingSlashes && $0 == UInt8(ascii: "/")) }
    }

    @Test("the word-at-a-time search finds the byte-by-byte search's byte: every byte value at every position, every length up to 24",
          arguments: [false, true])
    func firstEscaped(escapingSlashes: Bool) {
        var mismatches = 0
        for length in 0...24 {
            for position in 0..<max(length, 1) {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = value }
                    // Each buffer is exactly `length` bytes (a fresh allocation, which ASan bounds):
                    // a word read past its end would be reported there.
                    let found = bytes.withUnsafeBufferPointer { buffer in
                        (0...length).map { JSONEscapes.firstEscaped(in: buffer, from: $0, escapingSlashes: escapingSlashes) }
                    }
                    let expected = (0...length).map { Self.firstEscapedByteByByte(bytes, from: $0, escapingSlashes: escapingSlashes) }
                    if found != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the search sees bytes next to the escaped ones and high bytes as they are", arguments: [false, true])
    func firstEscapedNeighbours(escapingSlashes: Bool) {
        // Bytes one above and below each escaped one, and the high bytes of UTF-8, in every
        // position of a two-word buffer: the borrow of one byte's test must not flag another.
        let neighbours: [UInt8] = [0x1F, 0x20, 0x21, 0x23, 0x2E, 0x2F, 0x30, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
        for first in neighbours {
            for second in neighbours {
                for gap in 0..<15 {
                    var bytes = [UInt8](repeating: 0xA9, count: 16)
                    bytes[gap] = first
                    bytes[gap + 1] = second
                    let found = bytes.withUnsafeBufferPointer {
                        JSONEscapes.firstEscaped(in: $0, from: 0, escapingSlashes: escapingSlashes)
                    }
                    #expect(found == Self.firstEscapedByteByByte(bytes, from: 0, escapingSlashes: escapingSlashes))
                }
            }
        }
    }
}
