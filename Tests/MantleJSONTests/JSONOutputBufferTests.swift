//
//  JSONOutputBufferTests.swift
//  The writer's own buffer: every write that crosses a growth boundary, at every offset; huge
//  strings; escapes that grow a string sixfold; copies that write apart; the memory handed to
//  a `Data` or copied into one.
//

import Foundation
import Testing

@testable import MantleJSON

/// Tests: the memory `JSONWriter` grows itself (the facts its unchecked stores rest on).
@Suite("JSONOutputBuffer: growth and copies")
struct JSONOutputBufferTests {
    /// The values each crossing test writes after its prefix, with the text each must give.
    private static let values: [(String, @Sendable (inout JSONWriter) throws -> Void)] = [
        ("\"plain\"", { $0.write("plain") }),
        ("\"q\\\"b\\\\n\\n\\u0001\\u001f\"", { $0.write("q\"b\\n\n\u{01}\u{1F}") }),
        ("\"\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\"",
         { $0.write(String(repeating: "\u{00}", count: 9)) }),
        ("18446744073709551615", { $0.write(UInt64.max) }),
        ("-9223372036854775808", { $0.write(Int64.min) }),
        ("7", { $0.write(Int64(7)) }),
        ("true", { $0.write(true) }),
        ("false", { $0.write(false) }),
        ("null", { $0.writeNull() }),
        ("-2.2250738585072014e-308", { try $0.write(-Double.leastNormalMagnitude) }),
        ("-0", { try $0.write(-0.0) }),
        ("3", { try $0.write(3.0) }),
        ("{\"k\u{E9}y\":[]}", { $0.beginObject(); $0.writeKey("k\u{E9}y"); $0.beginArray(); $0.endArray(); $0.endObject() }),
    ]

    /// After a prefix of every length from 0 to 300 bytes (the buffer starts at 64 bytes and
    /// doubles, so each value lands across a growth boundary at every offset), each kind of
    /// value writes exactly its text: the room a write reserves covers what it stores.
    @Test("JSONOutputBuffer: every value across every growth offset", arguments: 0..<values.count)
    func crossing(value: Int) throws {
        let (expected, write) = Self.values[value]
        for prefix in 0...300 {
            var writer = JSONWriter()
            writer.beginArray()
            let filler = String(repeating: "x", count: prefix)
            writer.write(filler)
            try write(&writer)
            writer.write(filler)
            writer.endArray()
            let text = String(decoding: writer.bytes, as: UTF8.self)
            #expect(text == "[\"\(filler)\",\(expected),\"\(filler)\"]", "prefix \(prefix)")
            #expect(writer.data == Data(writer.bytes))
            #expect(writer.count == writer.bytes.count)
        }
    }

    /// Prepared keys (copied a word at a time) across every offset, with and without the
    /// comma, the last key prepared (read into its padding) and one before it.
    @Test("JSONOutputBuffer: prepared keys across every growth offset")
    func preparedKeys() {
        let keys = JSONPreparedKeys(Array(repeating: "a fairly long key with \"quotes\" and \u{01}", count: 2))
        for prefix in 0...300 {
            for range in keys.ranges {
                var writer = JSONWriter()
                writer.beginObject()
                withExtendedLifetime(keys) { writer.writeKey(range, in: keys.bytes) }
                writer.write(String(repeating: "y", count: prefix))
                withExtendedLifetime(keys) { writer.writeKey(range, in: keys.bytes) }
                writer.writeNull()
                withExtendedLifetime(keys) { writer.writeMember(range, in: keys.bytes, Int64.min) }
                writer.endObject()
                let quoted = "\"a fairly long key with \\\"quotes\\\" and \\u0001\""
                let expected = "{\(quoted):\"\(String(repeating: "y", count: prefix))\",\(quoted):null,\(quoted):-9223372036854775808}"
                #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "prefix \(prefix)")
            }
        }
    }

    /// Strings of many megabytes, plain and with an escape every few bytes: one reservation
    /// for the plain run, one more at each escape, and the text is exact.
    @Test("JSONOutputBuffer: huge strings", arguments: [1, 7, 4096])
    func hugeStrings(escapeEvery: Int) {
        let length = 3 << 20
        var source = [UInt8](repeating: UInt8(ascii: "a"), count: length)
        var expected: [UInt8] = [UInt8(ascii: "\"")]
        expected.reserveCapacity(length * 7)
        for i in 0..<length {
            if i % escapeEvery == 0 {
                source[i] = 0x1F
                expected.append(contentsOf: Array("\\u001f".utf8))
            } else {
                expected.append(UInt8(ascii: "a"))
            }
        }
        expected.append(UInt8(ascii: "\""))
        var writer = JSONWriter()
        writer.write(String(decoding: source, as: UTF8.self))
        #expect(writer.count == expected.count)
        #expect(writer.bytes == expected)
    }

    /// A copy of a writer shares its memory until one of them writes, which copies it first:
    /// the two texts stay apart, whichever writes first and however much.
    @Test("JSONOutputBuffer: copies write apart", arguments: [0, 10, 63, 64, 65, 1000])
    func copies(prefix: Int) {
        var first = JSONWriter()
        first.beginArray()
        first.write(String(repeating: "p", count: prefix))
        var second = first
        first.write("first")
        second.write(Int64(2))
        second.write("second, longer than the first")
        let third = first
        first.endArray()
        let start = "[\"\(String(repeating: "p", count: prefix))\""
        #expect(String(decoding: first.bytes, as: UTF8.self) == start + ",\"first\"]")
        #expect(String(decoding: second.bytes, as: UTF8.self) == start + ",2,\"second, longer than the first\"")
        #expect(String(decoding: third.bytes, as: UTF8.self) == start + ",\"first\"")
    }

    /// Short literals are stored as one 8-byte word of which only their bytes count: the
    /// three bytes after `true` at the very end of the room are never part of the text.
    @Test("JSONOutputBuffer: short literals at the end of the room")
    func wordStores() {
        for prefix in 0...140 {
            var buffer = JSONOutputBuffer()
            for _ in 0..<prefix { buffer.append(UInt8(ascii: "z")) }
            buffer.append(word: 0x6575_7274, count: 4)
            buffer.append(UInt8(ascii: "!"))
            #expect(buffer.array == Array(repeating: UInt8(ascii: "z"), count: prefix) + Array("true!".utf8))
        }
    }

    /// `takeData()` hands the memory a buffer holds alone to the `Data` (which frees it), and
    /// copies memory another buffer shares: the `Data` holds exactly the bytes written, at
    /// every size around the growth and trimming thresholds, and the buffers go on apart.
    @Test("JSONOutputBuffer: data taken over or copied", arguments: [0, 1, 63, 64, 65, 4096, 4161, 100_000, 3_000_001])
    func takeData(count: Int) {
        let expected = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var buffer = JSONOutputBuffer()
        expected.withUnsafeBufferPointer { buffer.append($0) }
        let alone = buffer.takeData()
        #expect(alone.elementsEqual(expected))
        #expect(buffer.count == 0)
        buffer.append(UInt8(ascii: "x"))                        // the emptied buffer writes again
        #expect(buffer.array == [UInt8(ascii: "x")])

        var shared = JSONOutputBuffer()
        expected.withUnsafeBufferPointer { shared.append($0) }
        let keeper = shared                                    // shares the memory
        let copied = shared.takeData()
        #expect(copied.elementsEqual(expected))
        #expect(keeper.array == expected)                      // untouched by the taking
        var grown = keeper
        grown.append(UInt8(ascii: "y"))                        // copies, then grows its own
        #expect(grown.array == expected + [UInt8(ascii: "y")])
        #expect(alone.elementsEqual(expected) && copied.elementsEqual(expected))
    }

    /// A writer's text taken as `Data` is the text written, and the writer is empty afterwards.
    @Test("JSONWriter: takeData")
    func writerTakeData() {
        var writer = JSONWriter()
        writer.beginArray()
        for index in 0..<5000 { writer.write(Int64(index)) }
        writer.endArray()
        let text = writer.bytes
        let data = writer.takeData()
        #expect(Array(data) == text)
        #expect(writer.count == 0)
    }

    /// `truncate` forgets only written bytes, and the next write continues from there.
    @Test("JSONOutputBuffer: truncation")
    func truncation() {
        var buffer = JSONOutputBuffer()
        buffer.append("0123456789")
        buffer.truncate(to: 20)
        #expect(buffer.count == 10)
        buffer.truncate(to: 4)
        buffer.append("ab")
        #expect(buffer.array == Array("0123ab".utf8))
        buffer.truncate(to: -1)
        #expect(buffer.array.isEmpty)
    }
}
