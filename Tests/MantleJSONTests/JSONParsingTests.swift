import Foundation
import Testing

@testable import MantleJSON
import MantleTestSupport

// MARK: - Fixtures

/// Locations of the JSONTestSuite fixtures copied into this package
/// (`Tests/MantleJSONTests/Fixtures/JSONTestSuite`, see the README there).
enum JSONParsingFixtures {
    /// `<package root>/Tests/MantleJSONTests/Fixtures/JSONTestSuite`, derived from this file's path
    /// (`<root>/Tests/MantleJSONTests/JSONParsingTests.swift`).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MantleJSONTests
        .appendingPathComponent("Fixtures/JSONTestSuite")
        .standardizedFileURL

    /// `<package root>/Examples/Fixtures`: the GitHub responses.
    static let github: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MantleJSONTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Examples/Fixtures")
        .standardizedFileURL

    /// Sorted names of the `.json` files in `folder` whose names start with `prefix`.
    static func files(_ folder: String, prefix: String = "") -> [String] {
        let path = root.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of `folder/name`.
    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name)))
    }

    /// The documented outcome of every implementation-defined (`i_`) file: true = accepted.
    static let implementationDefined: [String: Bool] = [
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_500_nested_arrays.json": true,
        "i_structure_UTF-8_BOM_empty_object.json": false,
    ]
}

/// Parses a Swift string.
private func parse(_ text: String, maximumDepth: Int = 512) throws(JSONDataError) -> JSONDocument {
    try JSONDocument(text: text, maximumDepth: maximumDepth)
}

/// The parse error for `text`, or nil if it parses.
private func parseError(_ text: String) -> JSONDataError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

/// The materialised canonical form of the root of `text`.
private func canonical(_ text: String) throws -> CanonicalJSON {
    let document = try parse(text)
    return CanonicalJSON(document.anyValue(at: document.rootIndex))
}

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
        _ = document.anyValue(at: document.rootIndex)
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
            _ = document.anyValue(at: document.rootIndex)
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
            #expect(CanonicalJSON(document.anyValue(at: document.rootIndex)) == expected)
        } else {
            #expect(throws: JSONDataError.self) { try JSONDocument(bytes: bytes) }
        }
    }

    /// Checks: NFC and NFD keys are distinct for member look-up.
    @Test("JSONParsing: NFC and NFD keys are distinct for member look-up")
    func normalisationForms() throws {
        let bytes = try JSONParsingFixtures.bytes("test_transform", "object_key_nfc_nfd.json")
        let document = try JSONDocument(bytes: bytes)
        #expect(document.count(at: 0) == 2)
        let nfc = try #require(document.member("\u{E9}", in: 0))
        let nfd = try #require(document.member("e\u{301}", in: 0))
        #expect(document.string(at: nfc) == "NFC")
        #expect(document.string(at: nfd) == "NFD")
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
        #expect(CanonicalJSON(document.anyValue(at: 0)) == .object(["a": .int(4), "b": .int(2)]))
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
        let document = try parse(#"[1, -2, 18446744073709551615, 1.5, 1e400, "s", true, null, {"k": [false]}]"#)
        let array = try #require(document.anyValue(at: 0) as? [Any])
        #expect(array.count == 9)
        #expect(array[0] as? Int == 1)
        #expect(array[1] as? Int == -2)
        #expect(array[2] as? UInt64 == UInt64.max)
        #expect(array[3] as? Double == 1.5)
        #expect(array[4] as? Double == .infinity)
        #expect(array[5] as? String == "s")
        #expect(array[6] as? Bool == true)
        #expect(array[7] is NSNull)
        let object = try #require(array[8] as? [String: Any])
        #expect((object["k"] as? [Any])?.first as? Bool == false)
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
            let ours = CanonicalJSON(document.anyValue(at: 0))
            let foundation = CanonicalJSON(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
            #expect(ours.numbersRelaxed == foundation.numbersRelaxed, "\(name)")
        }
    }
}

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
    ])
    func messages(_ text: String, _ fragment: String, _ offset: Int) {
        let error = parseError(text)
        #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
        #expect(error?.offset == offset, "\(String(describing: error))")
        #expect(error?.description == error.map { "\($0.message) at byte \($0.offset)" })
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
        #expect(CanonicalJSON(ok.anyValue(at: 0)) != .null)
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
                _ = document.anyValue(at: 0)
            }
        }
        #expect(accepted > 0)
    }
}

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
            == #"{"a":[-9223372036854775808,18446744073709551615,1.5,3.0,true,null,[],{}],"b":"x"}"#)
    }

    /// Checks: Doubles round-trip.
    @Test("JSONParsing: doubles round-trip", arguments: [
        0.1, -0.0, 3.0, 1e20, 1e-7, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456.789, -2.5e-300, 0.30000000000000004,
    ])
    func doubles(_ value: Double) throws {
        var writer = JSONWriter()
        try writer.write(value)
        let document = try JSONDocument(bytes: writer.bytes)
        #expect(document.number(at: 0) == .double(value))
        if case .double(let d) = document.number(at: 0) { #expect(d.sign == value.sign) }
    }

    /// Checks: Non-finite numbers throw.
    @Test("JSONParsing: non-finite numbers throw", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ value: Double) {
        var writer = JSONWriter()
        #expect(throws: JSONWriterError.self) { try writer.write(value) }
        #expect(throws: JSONWriterError.self) { try writer.write(Float(value)) }
    }
}
