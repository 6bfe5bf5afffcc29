//
//  JSONWriterTests.swift
//  JSONWriter: string escaping, streaming output, doubles, non-finite numbers.
//

import Foundation
import Testing

@testable import MantleJSON
import MantleTestSupport

// MARK: - Writer

/// Tests: Writer.
@Suite("JSONParsing: writer")
struct JSONParsingWriterTests {
    /// Checks: String escaping.
    @Test("JSONParsing: string escaping")
    func escaping() {
        var writer = JSONWriter()
        writer.write("a\"b\\c/d\n\t\r\u{8}\u{C}\u{1}\u{1F}\u{7F}é😀\u{0}")
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #""a\"b\\c/d\n\t\r\b\f\u0001\u001f"# + "\u{7F}é😀" + #"\u0000""#)
    }

    /// Checks: Streaming API and commas.
    @Test("JSONParsing: streaming API and commas")
    func streaming() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("a")
        writer.beginArray()
        writer.write(Int64(-9_223_372_036_854_775_808))
        writer.write(UInt64.max)
        try writer.write(1.5)
        try writer.write(3.0)
        writer.write(true)
        writer.writeNull()
        writer.beginArray()
        writer.endArray()
        writer.beginObject()
        writer.endObject()
        writer.endArray()
        writer.writeKey("b")
        writer.write("x")
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #"{"a":[-9223372036854775808,18446744073709551615,1.5,3,true,null,[],{}],"b":"x"}"#)
    }

    /// Checks: Doubles round-trip (integral ones are written without `.0`, as `JSONEncoder` writes
    /// them, and read back as the same `Double`, `-0` with its sign).
    @Test("JSONParsing: doubles round-trip", arguments: [
        0.1, -0.0, 3.0, 1e20, 1e-7, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456.789, -2.5e-300, 0.30000000000000004,
    ])
    func doubles(_ value: Double) throws {
        var writer = JSONWriter()
        try writer.write(value)
        let document = try JSONDocument(bytes: writer.bytes)
        let read = try #require(document.floatingValue(at: 0, as: Double.self))
        #expect(read == value)
        #expect(read.sign == value.sign)
    }

    /// Checks: Non-finite numbers throw.
    @Test("JSONParsing: non-finite numbers throw", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ value: Double) {
        var writer = JSONWriter()
        #expect(throws: JSONWriterError.self) { try writer.write(value) }
        #expect(throws: JSONWriterError.self) { try writer.write(Float(value)) }
    }
}

/// Tests: integers written two digits at a time, and keys prepared once.
@Suite("JSONWriter: integer digits and prepared keys")
struct JSONWriterDigitsAndKeysTests {
    /// Every power of ten, one less and one more (each digit count from 1 to 20, the edges of
    /// the two-digit steps), the extremes, of both signs: the text `String` gives.
    @Test("JSONWriter: integers of every digit count")
    func integerDigits() {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, UInt64.max, UInt64.max - 1, UInt64(Int64.max)]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1, power / 2, power + power / 3]
        }
        for value in values {
            var writer = JSONWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
            if let signed = Int64(exactly: value) {
                var negative = JSONWriter()
                negative.write(-signed)
                #expect(String(decoding: negative.bytes, as: UTF8.self) == String(-signed))
            }
        }
        var writer = JSONWriter()
        writer.write(Int64.min)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(Int64.min))
    }

    /// Every two-digit pair in every position the pair table is read at (the last pair, the
    /// leading one, in between), and each digit count's bounds (`digitCount`'s comparisons).
    @Test("JSONWriter: every digit pair, at every position, and each digit count's bounds")
    func digitPairs() {
        var values: [UInt64] = []
        for pair in UInt64(0)..<100 {
            values += [pair, pair * 100 + 7, 7_00 + pair, pair * 1_000_000 + 123_456, 9_000_000_000_000_000_000 + pair * 10_000]
        }
        var power: UInt64 = 10
        for digits in 2...20 {
            #expect(JSONOutputBuffer.digitCount(power) == digits)
            #expect(JSONOutputBuffer.digitCount(power - 1) == digits - 1 || digits == 2)
            if digits < 20 {
                #expect(JSONOutputBuffer.digitCount(power * 10 - 1) == digits)
                power *= 10
            }
        }
        #expect(JSONOutputBuffer.digitCount(UInt64.max) == 20)
        for value in values {
            var writer = JSONWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }

    /// The eight digits made in one word (`eightDigits`): every digit at every position (the
    /// lanes' multiply-and-shift divisions at each of their edges), every four-digit half, and
    /// values spread over each length the words serve (up to 16 digits, before and after the
    /// split at 10^8), each written as `String` writes it.
    @Test("JSONWriter: eight digits at a time, every digit at every position")
    func eightDigitWords() {
        func text(_ word: UInt64) -> String {
            withUnsafeBytes(of: word.littleEndian) { String(decoding: $0, as: UTF8.self) }
        }
        var power: UInt64 = 1
        for _ in 0..<8 {
            for digit in UInt64(0)..<10 {
                for rest in [UInt64(0), 99_999_999 % power, 12_345_678 % power] {
                    let value = digit * power + rest
                    let expected = String(repeating: "0", count: 8 - String(value).count) + String(value)
                    #expect(text(JSONOutputBuffer.eightDigits(value)) == expected)
                }
            }
            power *= 10
        }
        for half in UInt64(0)..<10_000 {
            for value in [half, half * 10_000, half * 10_000 + 9_999 - half] {
                #expect(text(JSONOutputBuffer.eightDigits(value)) == String(format: "%08llu", value))
            }
        }
        // A fixed sequence (a linear congruential generator), spread over each digit count.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var low: UInt64 = 0
        for digits in 1...20 {
            let span = digits == 20 ? UInt64.max - low : (low == 0 ? 10 : low * 9)
            for _ in 0..<200 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let value = low + state % span
                let signed = Int64(truncatingIfNeeded: value & UInt64(Int64.max))
                var writer = JSONWriter()
                writer.write(value)
                writer.write(-signed)
                #expect(String(decoding: writer.bytes, as: UTF8.self) == "\(value),\(-signed)")
            }
            low = low == 0 ? 10 : low &* 10
        }
    }

    /// A prepared key, first and after a sibling, in an object and nested ones, writes exactly
    /// what `writeKey(String)` writes (escapes, an empty key, non-ASCII, a slash), whether it
    /// is the last key prepared (followed by the padding) or not (followed by another key), and
    /// with an integer member (`writeMember`) as `writeKey` and `write` write them.
    @Test("JSONWriter: prepared keys write what string keys write", arguments: [
        "", "a", "id", "a\"b", "back\\slash", "new\nline", "\u{1}\u{1F}", "é😀", "a/b", "a long key of forty-odd bytes, unescaped",
    ])
    func preparedKeys(_ key: String) {
        let keys = JSONPreparedKeys([key, key])
        let (first, last) = (keys.ranges[0], keys.ranges[1])
        #expect(Array(keys[first]) == JSONWriter.preparedKey(key))
        #expect(first.count >= 4 && last.upperBound + JSONPreparedKeys.padding == keys.byteCount)
        for range in [first, last] {
            var viaString = JSONWriter(), viaPrepared = JSONWriter()
            withExtendedLifetime(keys) {
                let bytes = keys.bytes
                for nested in 0..<3 {
                    if nested == 0 {
                        viaPrepared.writeMember(range, in: bytes, -1_234_567_890_123)
                    } else {
                        viaPrepared.writeKey(range, in: bytes)
                    }
                    viaString.writeKey(key)
                    if nested == 0 {
                        viaString.write(Int64(-1_234_567_890_123))
                    } else if nested == 1 {
                        viaPrepared.writeNull()
                        viaString.writeNull()
                    } else {
                        viaPrepared.beginObject()
                        viaPrepared.writeMember(range, in: bytes, 7)
                        viaPrepared.endObject()
                        viaString.beginObject()
                        viaString.writeKey(key)
                        viaString.write(Int64(7))
                        viaString.endObject()
                    }
                }
            }
            #expect(viaPrepared.bytes == viaString.bytes)
            var wrapped = [UInt8(ascii: "{")] + viaPrepared.bytes
            wrapped.append(UInt8(ascii: "}"))
            #expect((try? JSONDocument(bytes: wrapped)) != nil)
        }
    }
}
