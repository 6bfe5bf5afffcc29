//
//  JSONParsingTests.swift
//  The parser against JSONTestSuite (test_parsing, test_transform) and the
//  read API of JSONDocument. Errors and limits are in JSONParsingErrorTests.swift,
//  the writer in JSONWriterTests.swift.
//

import Foundation
import Testing

@testable import MantleJSON
import MantleTestSupport

// MARK: - Conformance (JSONTestSuite)

/// Tests: JSONTestSuite conformance.
@Suite("JSONParsing: JSONTestSuite conformance")
struct JSONParsingConformanceTests {
    /// Checks: Fixture counts.
    @Test("JSONParsing: fixture counts")
    func fixtureCounts() {
        #expect(JSONParsingFixtures.files("test_parsing", prefix: "y_").count == 95)
        #expect(JSONParsingFixtures.files("test_parsing", prefix: "n_").count == 188)
        #expect(JSONParsingFixtures.files("test_parsing", prefix: "i_").count == JSONParsingFixtures.implementationDefined.count)
        #expect(JSONParsingFixtures.files("test_transform").count == JSONParsingTransformTests.expectations.count)
    }

    /// Checks: every `y_` file parses and all accessors work on every node.
    @Test("JSONParsing: y_ files parse", arguments: JSONParsingFixtures.files("test_parsing", prefix: "y_"))
    func accepts(_ name: String) throws {
        let bytes = try JSONParsingFixtures.bytes("test_parsing", name)
        let document = try JSONDocument(bytes: bytes)
        // Every accessor must work on every node.
        _ = try document.anyValue(at: document.rootIndex)
        for node in 0..<document.nodeCount {
            _ = document.number(at: node)
            _ = document.string(at: node)
            #expect(document.nextSibling(of: node) > node)
        }
        #expect(document.nextSibling(of: document.rootIndex) == document.nodeCount)
    }

    /// Checks: every `n_` file throws a `JSONDataError` with a sane offset.
    @Test("JSONParsing: n_ files are rejected", arguments: JSONParsingFixtures.files("test_parsing", prefix: "n_"))
    func rejects(_ name: String) throws {
        let bytes = try JSONParsingFixtures.bytes("test_parsing", name)
        let error = #expect(throws: JSONDataError.self) { try JSONDocument(bytes: bytes) }
        if let error {
            #expect(error.offset >= 0 && error.offset <= bytes.count)
            #expect(error.description.hasSuffix(" at byte \(error.offset)"))
        }
    }

    /// Checks: every `i_` file has its documented outcome (see `JSONParsingFixtures.implementationDefined`).
    @Test("JSONParsing: i_ files have the documented outcome", arguments: JSONParsingFixtures.files("test_parsing", prefix: "i_"))
    func implementationDefined(_ name: String) throws {
        let bytes = try JSONParsingFixtures.bytes("test_parsing", name)
        guard let expected = JSONParsingFixtures.implementationDefined[name] else {
            Issue.record("\(name) has no documented outcome")
            return
        }
        do {
            let document = try JSONDocument(bytes: bytes)
            // The parser's verdict; a number beyond `Double` is refused when materialised.
            _ = try? document.anyValue(at: document.rootIndex)
            #expect(expected, "\(name) parsed but should be rejected")
        } catch {
            #expect(!expected, "\(name) rejected: \(error)")
        }
    }
}

// MARK: - Transform cases (JSONTestSuite/test_transform)

/// Tests: the `test_transform` edge cases and their documented results.
@Suite("JSONParsing: test_transform")
struct JSONParsingTransformTests {
    /// The documented result of every `test_transform` file: the canonical root value, or nil
    /// when the file is rejected.
    static let expectations: [String: CanonicalJSON?] = [
        "number_-9223372036854775808.json": .array([.int(Int64.min)]),
        "number_-9223372036854775809.json": .array([.double(-9223372036854775809.0)]),
        "number_1.0.json": .array([.double(1.0)]),
        "number_1.000000000000000005.json": .array([.double(1.0)]),
        "number_1000000000000000.json": .array([.int(1_000_000_000_000_000)]),
        "number_10000000000000000999.json": .array([.uint(10_000_000_000_000_000_999)]),
        "number_1e-999.json": .array([.double(0.0)]),
        "number_1e6.json": .array([.double(1_000_000.0)]),
        "number_9223372036854775807.json": .array([.int(Int64.max)]),
        "number_9223372036854775808.json": .array([.uint(9_223_372_036_854_775_808)]),
        // String keys compare by canonical equivalence, so the dictionary keeps the first.
        "object_key_nfc_nfd.json": .object(["\u{E9}": .string("NFD")]),
        "object_key_nfd_nfc.json": .object(["e\u{301}": .string("NFC")]),
        // Duplicate keys: the first occurrence wins.
        "object_same_key_different_values.json": .object(["a": .int(2)]),
        "object_same_key_same_value.json": .object(["a": .int(1)]),
        "object_same_key_unclear_values.json": .object(["a": .int(0)]),
        // Lone surrogates (escaped or UTF-8 encoded) are rejected.
        "string_1_escaped_invalid_codepoint.json": nil,
        "string_1_invalid_codepoint.json": nil,
        "string_2_escaped_invalid_codepoints.json": nil,
        "string_2_invalid_codepoints.json": nil,
        "string_3_escaped_invalid_codepoints.json": nil,
        "string_3_invalid_codepoints.json": nil,
        "string_with_escaped_NULL.json": .array([.string("A\u{0}B")]),
    ]

    /// Checks: Transform file has the documented result.
    @Test("JSONParsing: transform file has the documented result", arguments: JSONParsingFixtures.files("test_transform"))
    func transform(_ name: String) throws {
        let bytes = try JSONParsingFixtures.bytes("test_transform", name)
        let expected = try #require(Self.expectations[name])
        if let expected {
            let document = try JSONDocument(bytes: bytes)
            #expect(CanonicalJSON(try document.anyValue(at: document.rootIndex)) == expected)
        } else {
            #expect(throws: JSONDataError.self) { try JSONDocument(bytes: bytes) }
        }
    }

    /// Checks: NFC and NFD spellings of one key are one key for member look-up (the last
    /// wins), as in the dictionary `anyValue(at:)` and `JSONSerialization` make.
    @Test("JSONParsing: NFC and NFD keys are one key for member look-up, the last winning")
    func normalisationForms() throws {
        let bytes = try JSONParsingFixtures.bytes("test_transform", "object_key_nfc_nfd.json")
        let document = try JSONDocument(bytes: bytes)
        #expect(document.count(at: 0) == 2)
        let nfc = try #require(document.member("\u{E9}", in: 0))
        let nfd = try #require(document.member("e\u{301}", in: 0))
        #expect(nfc == nfd)
        #expect(document.string(at: nfc) == "NFD")
        #expect((try document.anyValue(at: 0) as? [String: Any])?["\u{E9}"] as? String == "NFD")
    }

    /// Checks: Duplicate keys keep the last value everywhere (as JSONSerialization does).
    @Test("JSONParsing: duplicate keys keep the last value everywhere")
    func duplicates() throws {
        let document = try parse(#"{"a":1,"b":2,"a":3,"\u0061":4}"#)
        #expect(document.count(at: 0) == 4)
        #expect(document.nodes[0].flags & JSONNode.objectMayHaveDuplicateKeys != 0)
        let a = try #require(document.member("a", in: 0))
        #expect(document.number(at: a) == .int(4))
        var hint = 0
        let b = try #require(document.member("b", in: 0, hint: &hint))
        #expect(document.number(at: b) == .int(2))
        // The hint now points at the second "a", but the last occurrence still wins.
        let a2 = try #require(document.member("a", in: 0, hint: &hint))
        #expect(document.number(at: a2) == .int(4))
        #expect(Array(document.members(of: 0)).count == 4)
        #expect(CanonicalJSON(try document.anyValue(at: 0)) == .object(["a": .int(4), "b": .int(2)]))
    }
}

// MARK: - Read API

/// Tests: Read API.
@Suite("JSONParsing: read API")
struct JSONParsingReadTests {
    /// Checks: the worked example at the top of `JSONScanner.swift` is the tape the scanner makes.
    @Test("JSONParsing: the scanner's worked tape example")
    func workedExample() throws {
        let document = try parse(#"{"id":7,"tags":["a","b"]}"#)
        let key = JSONNode.stringIsKey
        let integer = JSONNode.numberIsInteger
        let expected: [(JSONKind, UInt32, UInt32, UInt32, UInt16, UInt8)] = [
            (.object, 2, 7, 0, 0, 0), (.string, 2, 2, 1, 1, key), (.number, 6, 1, 6, 1, integer),
            (.string, 9, 4, 8, 1, key), (.array, 2, 7, 15, 1, 0), (.string, 17, 1, 16, 2, 0),
            (.string, 21, 1, 20, 2, 0),
        ]
        #expect(document.nodes.count == expected.count)
        for (node, row) in zip(document.nodes, expected) {
            #expect(node.kind == row.0 && node.startOrCount == row.1 && node.lengthOrEnd == row.2)
            #expect(node.offset == row.3 && node.depth == row.4 && node.flags == row.5)
        }
    }

    /// Checks: Tape structure.
    @Test("JSONParsing: tape structure")
    func structure() throws {
        let document = try parse(#" {"a": [1, {"b": null}, "x"], "c": true} "#)
        #expect(document.rootIndex == 0)
        #expect(document.kind(at: 0) == .object)
        #expect(document.count(at: 0) == 2)
        #expect(document.firstChild(of: 0) == 1)
        #expect(document.kind(at: 1) == .string)
        #expect(document.string(at: 1) == "a")
        #expect(document.kind(at: 2) == .array)
        #expect(document.count(at: 2) == 3)
        let elements = Array(document.elements(of: 2))
        #expect(elements.map { document.kind(at: $0) } == [.number, .object, .string])
        #expect(document.nextSibling(of: 2) == 8)
        #expect(document.string(at: 8) == "c")
        #expect(document.bool(at: 9))
        #expect(document.nextSibling(of: 0) == document.nodeCount)
        let members = Array(document.members(of: 0))
        #expect(members.map(\.key) == [1, 8])
        #expect(members.map(\.value) == [2, 9])
        #expect(document.byteOffset(of: 0) == 1)
        #expect(document.byteOffset(of: 2) == 7)
        #expect(document.depth(of: 0) == 0)
        #expect(document.depth(of: 4) == 2)
        #expect(document.depth(of: 5) == 3)
        // Wrong kinds give neutral values.
        #expect(document.count(at: 1) == 0)
        #expect(Array(document.elements(of: 0)).isEmpty)
        #expect(Array(document.members(of: 2)).isEmpty)
        #expect(document.member("a", in: 2) == nil)
        #expect(document.string(at: 0) == "")
        #expect(document.number(at: 1) == .int(0))
        #expect(!document.bool(at: 1))
    }

    /// Checks: Scalar top-level values.
    @Test("JSONParsing: scalar top-level values", arguments: [
        ("null", CanonicalJSON.null), ("true", .bool(true)), (" false ", .bool(false)), ("0", .int(0)),
        ("-12", .int(-12)), ("\"hi\"", .string("hi")), ("\t\r\n1.5\n", .double(1.5)), ("[]", .array([])),
        ("{}", .object([:])), ("[[]]", .array([.array([])])),
    ])
    func scalars(_ text: String, _ expected: CanonicalJSON) throws {
        #expect(try canonical(text) == expected)
    }

    /// Checks: Member look-up with hint.
    @Test("JSONParsing: member look-up with hint")
    func memberHints() throws {
        let text = #"{"id":1,"name":"n","nested":{"id":9,"x":[1,2]},"flag":false,"last":null}"#
        let document = try parse(text)
        let keys = ["id", "name", "nested", "flag", "last"]
        // In document order each look-up hits the hint position directly.
        var hint = 0
        var found: [Int] = []
        for key in keys {
            let value = try #require(document.member(key, in: 0, hint: &hint))
            found.append(value)
            #expect(document.member(key, in: 0) == value)
        }
        #expect(document.kind(at: found[2]) == .object)
        #expect(document.number(at: found[0]) == .int(1))
        // Any order, missing keys, and foreign hints give the same answers.
        for order in [keys.reversed(), ["flag", "id", "missing", "last", "name", "nested"]] {
            hint = 0
            for key in order {
                #expect(document.member(key, in: 0, hint: &hint) == document.member(key, in: 0))
            }
        }
        let nested = found[2]
        var nestedHint = 0
        let nestedID = try #require(document.member("id", in: nested, hint: &nestedHint))
        #expect(document.number(at: nestedID) == .int(9))
        // A hint produced for the nested object is not a key of the outer object.
        var foreign = nestedHint
        #expect(document.member("x", in: 0, hint: &foreign) == nil)
        foreign = nested + 1  // the nested "id" key
        #expect(document.member("id", in: 0, hint: &foreign) == found[0])
        for bogus in [-5, 3, 1000, Int.max] {
            var h = bogus
            #expect(document.member("last", in: 0, hint: &h) == found[4])
        }
        #expect(document.member("id", in: found[0]) == nil)
        #expect(document.member("", in: 0) == nil)
    }

    /// Checks: Escapes and unicode.
    @Test("JSONParsing: escapes and unicode")
    func escapes() throws {
        let document = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4E2D\ud83d\ude00\u0000", "é中😀", "a\u0062c", "plain"]"#)
        let strings = document.elements(of: 0).map { document.string(at: $0) }
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "é中😀\u{0}", "é中😀", "abc", "plain"])

        let keyed = try parse(#"{"k\u00e9y":1,"\ud83d\ude00":2,"tab\t":3}"#)
        #expect(keyed.member("kéy", in: 0).map { keyed.number(at: $0) } == .int(1))
        #expect(keyed.member("😀", in: 0).map { keyed.number(at: $0) } == .int(2))
        #expect(keyed.member("tab\t", in: 0).map { keyed.number(at: $0) } == .int(3))
        #expect(keyed.member("key", in: 0) == nil)
    }

    /// Checks: Numbers.
    @Test("JSONParsing: numbers", arguments: [
        ("9223372036854775807", JSONNumber.int(Int64.max)),
        ("-9223372036854775808", .int(Int64.min)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_809.0)),
        ("9223372036854775808", .uint(9_223_372_036_854_775_808)),
        ("18446744073709551615", .uint(UInt64.max)),
        ("18446744073709551616", .double(18_446_744_073_709_551_616.0)),
        ("-18446744073709551616", .double(-18_446_744_073_709_551_616.0)),
        ("123456789012345678901234567890", .double(1.2345678901234568e29)),
        ("0", .int(0)), ("-0", .int(0)), ("7", .int(7)), ("-7", .int(-7)),
        ("1e400", .double(.infinity)), ("-1e400", .double(-.infinity)), ("1E-999", .double(0)),
        ("1.5", .double(1.5)), ("-1.5e3", .double(-1500)), ("1E+2", .double(100)),
        ("0.1", .double(0.1)), ("0.30000000000000004", .double(0.30000000000000004)),
        ("2.2250738585072014e-308", .double(2.2250738585072014e-308)), ("5e-324", .double(.leastNonzeroMagnitude)),
        ("1.7976931348623157e308", .double(1.7976931348623157e308)), ("1.8e308", .double(.infinity)),
        ("9007199254740993", .int(9_007_199_254_740_993)), ("9007199254740993.0", .double(9_007_199_254_740_992)),
        ("123456789.123456789e-5", .double(1234.56789123456789)), ("0.000001", .double(1e-6)),
        ("1e22", .double(1e22)), ("1e23", .double(1e23)), ("12345678901234567890e-10", .double(1234567890.1234567890)),
        ("0e12345678901234567890", .double(0)), ("-0.0", .double(-0.0)),
    ])
    func numbers(_ text: String, _ expected: JSONNumber) throws {
        let document = try parse(text)
        #expect(document.number(at: 0) == expected)
        if case .double(let d) = expected, let exact = Double(text) {
            #expect(d.bitPattern == exact.bitPattern || d == exact, "must match the correctly rounded value")
        }
    }

    /// Checks: Negative zero keeps its sign only as a double.
    @Test("JSONParsing: negative zero keeps its sign only as a double")
    func negativeZero() throws {
        let document = try parse("[-0, -0.0, -0e5]")
        let values = document.elements(of: 0).map { document.number(at: $0) }
        #expect(values[0] == .int(0))
        guard case .double(let d1) = values[1], case .double(let d2) = values[2] else {
            Issue.record("expected doubles")
            return
        }
        #expect(d1 == 0 && d1.sign == .minus)
        #expect(d2 == 0 && d2.sign == .minus)
        #expect(document.numberText(at: 1) == "-0")
        #expect(document.isIntegerLiteral(at: 1))
        #expect(!document.isIntegerLiteral(at: 2))
    }

    /// Checks: AnyValue types.
    @Test("JSONParsing: anyValue types")
    func anyValueTypes() throws {
        let document = try parse(#"[1, -2, 18446744073709551615, 1.5, 1e308, "s", true, null, {"k": [false]}]"#)
        let array = try #require(try document.anyValue(at: 0) as? [Any])
        #expect(array.count == 9)
        #expect(array[0] as? Int == 1)
        #expect(array[1] as? Int == -2)
        #expect(array[2] as? UInt64 == UInt64.max)
        #expect(array[3] as? Double == 1.5)
        #expect(array[4] as? Double == 1e308)
        #expect(array[5] as? String == "s")
        #expect(array[6] as? Bool == true)
        #expect(array[7] is NSNull)
        let object = try #require(array[8] as? [String: Any])
        #expect((object["k"] as? [Any])?.first as? Bool == false)
    }

    /// Checks: a number beyond `Double` (which `JSONSerialization` refuses) is refused when
    /// materialised, with its path.
    @Test("JSONParsing: anyValue refuses numbers beyond Double", arguments: [
        ("1e400", ""), ("[1, -1e400]", "[1]"), (#"{"a": {"b": [0, 2e999]}}"#, "a.b[1]"),
    ] as [(String, String)])
    func anyValueNonFinite(_ row: (json: String, path: String)) throws {
        let document = try parse(row.json)
        let error = #expect(throws: JSONDocument.NonFiniteNumber.self) { try document.anyValue(at: 0) }
        #expect(error?.path == row.path)
        #expect(error.map { $0.text.hasSuffix("e400") || $0.text.hasSuffix("e999") } == true)
    }

    /// Checks: GitHub fixtures match JSONSerialization.
    @Test("JSONParsing: GitHub fixtures match JSONSerialization")
    func githubFixtures() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: JSONParsingFixtures.github.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count == 8)
        for name in names {
            let data = try Data(contentsOf: JSONParsingFixtures.github.appendingPathComponent(name))
            let document = try JSONDocument(bytes: data)
            let ours = CanonicalJSON(try document.anyValue(at: 0))
            let foundation = CanonicalJSON(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
            #expect(ours.numbersRelaxed == foundation.numbersRelaxed, "\(name)")
        }
    }
}
