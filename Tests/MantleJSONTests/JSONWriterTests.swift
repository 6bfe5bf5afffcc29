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

    /// A prepared key, first and after a sibling, in an object and nested ones, writes exactly
    /// what `writeKey(String)` writes (escapes, an empty key, non-ASCII, a slash).
    @Test("JSONWriter: prepared keys write what string keys write", arguments: [
        "", "a", "id", "a\"b", "back\\slash", "new\nline", "\u{1}\u{1F}", "é😀", "a/b", "a long key of forty-odd bytes, unescaped",
    ])
    func preparedKeys(_ key: String) {
        let prepared = JSONWriter.preparedKey(key)
        #expect(prepared.count >= 4)
        var viaString = JSONWriter(), viaPrepared = JSONWriter()
        for pass in 0..<2 {
            let usePrepared = pass == 1
            var writer = usePrepared ? viaPrepared : viaString
            writer.beginObject()
            for nested in 0..<2 {
                if usePrepared {
                    prepared.withUnsafeBufferPointer { writer.writeKey(prepared: $0) }
                } else {
                    writer.writeKey(key)
                }
                if nested == 0 {
                    writer.write(Int64(1))
                } else {
                    writer.beginObject()
                    if usePrepared {
                        prepared.withUnsafeBufferPointer { writer.writeKey(prepared: $0) }
                    } else {
                        writer.writeKey(key)
                    }
                    writer.writeNull()
                    writer.endObject()
                }
            }
            writer.endObject()
            if usePrepared { viaPrepared = writer } else { viaString = writer }
        }
        #expect(viaPrepared.bytes == viaString.bytes)
        #expect((try? JSONDocument(bytes: viaPrepared.bytes)) != nil)
    }
}
