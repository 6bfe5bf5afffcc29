//
//  JSONParsingErrorTests.swift
//  The parser's errors (messages and offsets), invalid UTF-8, and its limits:
//  nesting depth, large strings and arrays, mutated input.
//

import Foundation
import Testing

@testable import MantleJSON
import MantleTestSupport

// MARK: - Errors and limits

/// Tests: Errors and limits.
@Suite("JSONParsing: errors and limits")
struct JSONParsingErrorTests {
    /// Checks: Error messages and offsets.
    @Test("JSONParsing: error messages and offsets", arguments: [
        ("[1,]", "trailing comma in array", 3),
        (#"{"a":1,}"#, "trailing comma in object", 7),
        ("[01]", "leading zeros", 1),
        ("[1 2]", "unexpected '2', expected ',' or ']'", 3),
        ("", "unexpected end of input", 0),
        ("  ", "unexpected end of input", 2),
        ("[", "unexpected end of input", 1),
        ("{\"a\" 1}", "unexpected '1', expected ':'", 5),
        ("{1:2}", "expected a string key", 1),
        ("[NaN]", "unexpected 'N', expected a value", 1),
        ("[-Infinity]", "invalid number", 2),
        ("['a']", "unexpected '''", 1),
        ("[1] x", "after the top-level value", 4),
        ("[1]//", "after the top-level value", 3),
        ("\u{FEFF}{}", "byte order mark", 0),
        ("[tru]", "expected 'true'", 1),
        ("[1.]", "digit after '.'", 3),
        ("[1e]", "digit in the exponent", 3),
        ("[\"a\u{1}\"]", "control character byte 0x01", 3),
        ("[\"\\x\"]", "invalid escape", 2),
        ("[\"\\u12\"]", "invalid \\u escape", 2),
        ("[\"\\uD800\"]", "unpaired UTF-16 high surrogate", 2),
        ("[\"\\uDC00\"]", "unpaired UTF-16 low surrogate", 2),
        ("[\"abc", "unterminated string", 1),
        ("[\"a\"\u{0B}]", "unexpected byte 0x0B", 4),
        // After a key's colon: none, one space, or other white space (each spelling its own path).
        (#"{"a":"#, "unexpected end of input", 5),
        (#"{"a": "#, "unexpected end of input", 6),
        (#"{"a":}"#, "unexpected '}', expected a value", 5),
        (#"{"a": }"#, "unexpected '}', expected a value", 6),
        (#"{"a"::1}"#, "unexpected ':', expected a value", 5),
        ("{\"a\":\u{0B}1}", "unexpected byte 0x0B", 5),
        ("{\"a\": \u{0B}1}", "unexpected byte 0x0B", 6),
        ("{\"a\":\n \u{0B}1}", "unexpected byte 0x0B", 7),
    ])
    func messages(_ text: String, _ fragment: String, _ offset: Int) {
        let error = parseError(text)
        #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
        #expect(error?.offset == offset, "\(String(describing: error))")
        #expect(error?.description == error.map { "\($0.message) at byte \($0.offset)" })
    }

    /// Checks: White space is skipped sixteen, then eight bytes at a time: runs of every length,
    /// ending at every offset from a block's start and from the input's end.
    @Test("JSONParsing: runs of white space of every length, ending in every way", arguments: Array(0...40))
    func whiteSpaceRuns(length: Int) throws {
        let spaces = String(repeating: " ", count: length)
        for lead in ["", "\n", "\r\n", "\t"] {
            let gap = lead + spaces
            let array = try JSONDocument(text: "[1,\(gap)2\(gap),\(gap)3\(gap)]\(gap)")
            #expect(array.nodes[0].entryCount == 3)
            #expect(array.nodes[3].textStart == 5 + 3 * gap.utf8.count)
            let object = try JSONDocument(text: "{\(gap)\"a\"\(gap):\(gap)1\(gap)}")
            #expect(object.nodes[0].entryCount == 1)
            // Tabs and line feeds inside a run of spaces.
            let mixed = String(spaces.prefix(length / 2)) + "\t\n" + String(spaces.dropFirst(length / 2))
            #expect(try JSONDocument(text: "[\(mixed)true\(mixed)]").nodes[0].entryCount == 1)
            // What ends the run is reported at its own offset.
            let n = gap.utf8.count
            #expect(parseError("1\(gap)x") == JSONDataError("unexpected 'x' after the top-level value", at: 1 + n))
            #expect(parseError("[1\(gap)\u{0B}]") == JSONDataError("unexpected byte 0x0B, expected ',' or ']'", at: 2 + n))
            #expect(parseError("[\(gap)") == JSONDataError("unexpected end of input", at: 1 + n))
            #expect(parseError("{\"a\":\(gap)") == JSONDataError("unexpected end of input", at: 5 + n))
            #expect(parseError("[1,\(gap)") == JSONDataError("unexpected end of input", at: 3 + n))
        }
    }

    /// Checks: Invalid UTF-8 is rejected.
    @Test("JSONParsing: invalid UTF-8 is rejected", arguments: [
        [0x22, 0xC0, 0x80, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xF0, 0x80, 0x80, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0x80, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xE4, 0xB8, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xC3],
    ] as [[UInt8]])
    func invalidUTF8(_ bytes: [UInt8]) {
        #expect(throws: JSONDataError.self) { try JSONDocument(bytes: bytes) }
    }

    /// Checks: Valid UTF-8 boundaries are accepted.
    @Test("JSONParsing: valid UTF-8 boundaries are accepted", arguments: [
        [0x22, 0xC2, 0x80, 0x22], [0x22, 0xDF, 0xBF, 0x22], [0x22, 0xE0, 0xA0, 0x80, 0x22],
        [0x22, 0xED, 0x9F, 0xBF, 0x22], [0x22, 0xEE, 0x80, 0x80, 0x22], [0x22, 0xEF, 0xBF, 0xBF, 0x22],
        [0x22, 0xF0, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22],
    ] as [[UInt8]])
    func validUTF8(_ bytes: [UInt8]) throws {
        let document = try JSONDocument(bytes: bytes)
        #expect(Array(document.string(at: 0).utf8) == Array(bytes.dropFirst().dropLast()))
    }

    /// Checks: Depth limit.
    @Test("JSONParsing: depth limit")
    func depth() throws {
        /// `depth` nested empty arrays.
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        let ok = try parse(nested(512))
        #expect(ok.nodeCount == 512)
        #expect(ok.depth(of: 511) == 511)
        #expect(CanonicalJSON(try ok.anyValue(at: 0)) != .null)
        let error = parseError(nested(513))
        #expect(error?.message == "nesting deeper than 512")
        #expect(error?.offset == 512)
        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(parseError(objects)?.message == "nesting deeper than 512")
        #expect(try parse(objects, maximumDepth: 513).nodeCount == 513 * 2 + 1)
        // Far too deep for a recursive parser: must throw, not crash.
        let deep = String(repeating: "[", count: 100_000)
        #expect(parseError(deep)?.message == "nesting deeper than 512")
        let deepDocument = try parse(nested(60_000), maximumDepth: 100_000)  // clamped to 65,535
        #expect(deepDocument.nodeCount == 60_000)
        #expect(deepDocument.depth(of: 59_999) == 59_999)
        // anyValue is iterative; (Swift's release of nested arrays is recursive, so stay moderate.)
        #expect(try parse(nested(2_000), maximumDepth: 2_000).anyValue(at: 0) is [Any])
        #expect(throws: JSONDataError.self) { try parse("[1]", maximumDepth: 0) }
        #expect(try parse("1", maximumDepth: 0).number(at: 0) == .int(1))
    }

    /// Checks: 10 MB string.
    @Test("JSONParsing: 10 MB string")
    func largeString() throws {
        let count = 10_000_000
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count + 2)
        bytes[0] = UInt8(ascii: "\"")
        bytes[count + 1] = UInt8(ascii: "\"")
        for i in stride(from: 1000, to: count, by: 100_000) {
            bytes[i] = 0xC3  // "é" here and there
            bytes[i + 1] = 0xA9
        }
        let start = ContinuousClock.now
        let document = try JSONDocument(bytes: bytes)
        let string = document.string(at: 0)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(string.utf8.count == count)
        #expect(document.kind(at: 0) == .string)

        var escaped = [UInt8](repeating: UInt8(ascii: "a"), count: count + 2)
        escaped[0] = UInt8(ascii: "\"")
        escaped[count + 1] = UInt8(ascii: "\"")
        for i in stride(from: 1, to: count - 1, by: 1000) {
            escaped[i] = UInt8(ascii: "\\")
            escaped[i + 1] = UInt8(ascii: "n")
        }
        let escapedDocument = try JSONDocument(bytes: escaped)
        #expect(escapedDocument.string(at: 0).utf8.count == count - count / 1000)
    }

    /// Checks: 1,000,000-element array.
    @Test("JSONParsing: 1,000,000-element array")
    func largeArray() throws {
        let count = 1_000_000
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(count * 8)
        for i in 0..<count {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: String(i).utf8)
        }
        bytes.append(UInt8(ascii: "]"))
        let start = ContinuousClock.now
        let document = try JSONDocument(bytes: bytes)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(document.count(at: 0) == count)
        #expect(document.nodeCount == count + 1)
        var sum: Int64 = 0
        for element in document.elements(of: 0) {
            if case .int(let v) = document.number(at: element) { sum += v }
        }
        #expect(sum == Int64(count) * Int64(count - 1) / 2)

        // A large object: hinted look-ups in order stay cheap.
        var object = "{"
        for i in 0..<10_000 { object += (i > 0 ? "," : "") + "\"k\(i)\":\(i)" }
        object += "}"
        let objectDocument = try parse(object)
        var hint = 0
        for i in 0..<10_000 {
            let value = try #require(objectDocument.member("k\(i)", in: 0, hint: &hint))
            #expect(objectDocument.number(at: value) == .int(Int64(i)))
        }
    }

    /// Checks: Mutated inputs never crash.
    @Test("JSONParsing: mutated inputs never crash")
    func mutations() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let seeds = try JSONParsingFixtures.files("test_parsing", prefix: "y_").map { try JSONParsingFixtures.bytes("test_parsing", $0) }
        let interesting: [UInt8] = Array("{}[]\",:\\u0123456789abcdefABCDEF-+.eEtrufalsn \t\r\n".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xED, 0xF0, 0xF4, 0xFF]
        var accepted = 0
        for round in 0..<5_000 {
            guard !seeds.isEmpty else { break }
            var bytes = seeds[round % seeds.count]
            for _ in 0...(generator.next() % 3) {
                let choice = generator.next() % 3
                let index = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count))
                let byte = interesting[Int(generator.next() % UInt64(interesting.count))]
                switch choice {
                case 0 where !bytes.isEmpty: bytes[index] = byte
                case 1: bytes.insert(byte, at: index)
                default: if !bytes.isEmpty { bytes.remove(at: index) }
                }
            }
            if let document = try? JSONDocument(bytes: bytes) {
                accepted += 1
                _ = try? document.anyValue(at: 0)
            }
        }
        #expect(accepted > 0)
    }
}
