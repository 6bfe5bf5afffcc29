import Foundation
import Testing
import MantleJSON
import MantleTestSupport
@testable import JSONAdapter

// `JSONWriter.writeAny(_:sortedKeys:)`: untyped value trees written through
// the JSON engine's writer, each value by its `ValueKind`.

/// Writes `value` with `writeAny` and returns the text.
private func written(_ value: Any?, sortedKeys: Bool = false) throws(JSONWriterError) -> String {
    var writer = JSONWriter()
    try writer.writeAny(value, sortedKeys: sortedKeys)
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// `<package root>/Examples/Fixtures`: the GitHub responses.
private let githubFixtures: URL = RepositoryFiles.url("Examples/Fixtures")

/// Tests: writing untyped value trees.
@Suite("JSONWriter.writeAny")
struct JSONWriterAnyTests {
    /// Checks: non-finite numbers of every kind are refused.
    @Test("non-finite numbers throw", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ value: Double) {
        var writer = JSONWriter()
        #expect(throws: JSONWriterError.self) { try writer.writeAny(value) }
        #expect(throws: JSONWriterError.self) { try writer.writeAny(Float(value)) }
        #expect(throws: JSONWriterError.self) { try writer.writeAny(NSNumber(value: value)) }
    }

    /// One `writeAny` case (test-only wrapper; the values are immutable).
    struct AnyCase: @unchecked Sendable, CustomTestStringConvertible {
        /// The value to write.
        let value: Any?
        /// The expected text.
        let expected: String
        /// The name shown for the test case.
        var testDescription: String { expected }
    }

    /// Checks: WriteAny scalars.
    @Test("writeAny scalars", arguments: [
        (nil, "null"), (NSNull(), "null"), (true, "true"), (false, "false"), (42, "42"), (Int8(-8), "-8"),
        (UInt8(200), "200"), (UInt64.max, "18446744073709551615"), (Int64.min, "-9223372036854775808"),
        (1.5, "1.5"), (Float(0.1), "0.1"), ("s", "\"s\""), (Substring("sub"), "\"sub\""),
        (Decimal(string: "3.14"), "3.14"), (NSString(string: "ns"), "\"ns\""),
        (NSNumber(value: true), "true"), (NSNumber(value: false), "false"), (NSNumber(value: 42), "42"),
        (NSNumber(value: -7), "-7"), (NSNumber(value: 1.5), "1.5"), (NSNumber(value: UInt64.max), "18446744073709551615"),
        (NSNumber(value: Float(0.25)), "0.25"), (NSDecimalNumber(string: "12.50"), "12.5"),
        (Optional<Int>.none as Any, "null"), (Optional(Optional(5)) as Any, "5"),
    ].map { AnyCase(value: $0.0, expected: $0.1) } as [AnyCase])
    func writeAnyScalars(_ testCase: AnyCase) throws {
        #expect(try written(testCase.value) == testCase.expected)
    }

    /// Checks: WriteAny containers and sorted keys.
    @Test("writeAny containers and sorted keys")
    func writeAnyContainers() throws {
        let value: [String: Any] = ["b": [1, "two", nil, NSNull()] as [Any?], "a": ["z": true, "é": 1.25] as [String: Any],
                                    "c": NSArray(array: [1, 2]), "d": NSDictionary(dictionary: ["k": "v"])]
        #expect(try written(value, sortedKeys: true)
            == #"{"a":{"z":true,"é":1.25},"b":[1,"two",null,null],"c":[1,2],"d":{"k":"v"}}"#)
    }

    /// Checks: WriteAny errors name the type and key path.
    @Test("writeAny errors name the type and key path")
    func writeAnyErrors() throws {
        #expect(throws: JSONWriterError.self) { try written(["items": [["created": Date()]]]) }
        do {
            _ = try written(["items": [["ok": 1], ["created": Date()]] as [[String: Any]]])
        } catch {
            #expect(error.message.contains("Date"))
            #expect(error.message.hasSuffix("at $.items[1].created"))
        }
        do {
            _ = try written(["a": [1, Double.nan]])
        } catch {
            #expect(error.message == "cannot write non-finite number nan at $.a[1]")
        }
        do {
            _ = try written(NSDictionary(dictionary: [1: "x"]))
        } catch {
            #expect(error.message.contains("dictionary key of type"))
        }
        #expect(throws: JSONWriterError.self) { try written(Set([1])) }
        #expect(throws: JSONWriterError.self) { try written([Data()]) }
        // Absurd nesting is caught by the depth limit (default 512, like the parser's).
        var deep: Any = 1
        for _ in 0..<513 { deep = [deep] }
        do {
            _ = try written(deep)
            Issue.record("depth limit not enforced")
        } catch {
            #expect(error.message.hasPrefix("nesting deeper than 512 at $[0][0]"))
        }
        var shallower: Any = 1
        for _ in 0..<512 { shallower = [shallower] }
        #expect(try JSONDocument(text: try written(shallower)).nodeCount == 513)
    }

    /// Checks: Write then parse gives equal anyValue.
    @Test("write then parse gives equal anyValue")
    func roundTrip() throws {
        let value: [String: Any] = [
            "int": 1, "neg": -5, "big": UInt64.max, "double": 2.5, "integralDouble": 4.0, "string": "é\n\"😀",
            "bool": false, "null": NSNull(), "array": [1, [2, [3, []]], ["k": "v"]] as [Any],
            "object": ["nested": ["deeper": [true, false]]], "empty": [String: Any](),
        ]
        let text = try written(value)
        let document = try JSONDocument(text: text)
        // An integral Double is written as JSONEncoder writes it (`4`), so it reads back as the
        // integer, as JSONSerialization reads that text; every other value keeps its type.
        #expect(CanonicalJSON(try document.anyValue(at: 0)).numbersRelaxed == CanonicalJSON(value).numbersRelaxed)
        #expect(try (document.anyValue(at: 0) as? [String: Any])?["integralDouble"] as? Int == 4)
        #expect(try (document.anyValue(at: 0) as? [String: Any])?["double"] as? Double == 2.5)
        // And the document written back gives the same text (sorted for determinism).
        let again = try written(try document.anyValue(at: 0), sortedKeys: true)
        #expect(again == (try written(value, sortedKeys: true)))
    }

    /// Checks: JSONSerialization output round-trips through the writer.
    @Test("JSONSerialization output round-trips through the writer")
    func serializationRoundTrip() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: githubFixtures.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: githubFixtures.appendingPathComponent(name))
            let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            var writer = JSONWriter()
            try writer.writeAny(foundation)
            let rewritten = try JSONDocument(bytes: writer.bytes)
            let original = try JSONDocument(bytes: data)
            #expect(CanonicalJSON(try rewritten.anyValue(at: 0)) == CanonicalJSON(try original.anyValue(at: 0)), "\(name)")
            // Foundation can read what we write.
            let back = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: [.fragmentsAllowed])
            #expect(CanonicalJSON(back) == CanonicalJSON(foundation), "\(name)")
        }
    }
}
