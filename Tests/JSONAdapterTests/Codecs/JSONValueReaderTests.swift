//
//  JSONValueReaderTests.swift
//  The two readers every codec reads through (a parsed document's nodes and the Foundation
//  values JSONSerialization makes of the same text) answer every question alike, so that a codec
//  written once against the reader decodes alike on both routes; and the two sinks every codec
//  writes through (JSONWriter and FoundationValueBuilder) make the same JSON.
//

import Foundation
import Testing
@testable import JSONAdapter
import MantleJSON

@Suite("JSONValueReader and JSONValueSink: the two sources and the two sinks agree")
struct JSONValueReaderTests {
    /// JSON texts, one value each (top-level scalars too: JSONSerialization reads fragments).
    static let texts = [
        #""text""#, #""""#, #""café ☕""#, "true", "false", "null", "0", "-0", "42", "-17", "5.0", "1e2", "100e-2",
        "3.5", "1e400", "1e-400", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
        "0.1", "1.0000000596046448", "123456789012345678901234567890", "[]", "[1, 2, 3]", #"[1, "2", 3]"#,
        "[1.5, 2]", #"["a", "b"]"#, "[[1], []]", "{}", #"{"a": 1, "b": [true, null]}"#, "[255, 0, 7]", "[256]",
    ]

    /// Both readers' answers for `text`, side by side.
    private static func answers(_ text: String) throws -> (document: [String], foundation: [String]) {
        let document = try JSONDocument(text: text)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        return (answers(document.rootIndex, with: document), answers(foundation, with: FoundationReader()))
    }

    /// What `reader` says of `value`, one line per question.
    private static func answers<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) -> [String] {
        func show<T>(_ answer: T?) -> String { answer.map { "\($0)" } ?? "nil" }
        return [
            "isNull \(reader.isNull(value))",
            "string \(show(reader.string(value)))",
            "bool \(show(reader.bool(value)))",
            "Int \(show(reader.integer(value, as: Int.self)))",
            "UInt8 \(show(reader.integer(value, as: UInt8.self)))",
            "Int8 \(show(reader.integer(value, as: Int8.self)))",
            "integer text \(show(reader.integerText(value)))",
            "array count \(show(reader.array(value)?.count))",
            "object count \(show(reader.object(value)?.count))",
            "object \(reader.asObject(value) != nil)",
            "ints \(show(reader.intArray(value)))",
            "strings \(show(reader.stringArray(value)))",
            "element 1 \(show(reader.element(at: 1, of: value).map { $0.map { reader.found($0) } ?? "past the end" }))",
            "found \(reader.found(value))",
            "scalar \(show(reader.scalar(value)))",
        ]
    }

    @Test("the document and JSONSerialization's values give the same answers", arguments: texts)
    func sameAnswers(text: String) throws {
        // What JSONSerialization itself changes, which no reader can undo: it refuses 1e400 (the
        // document reads it; a Double property then refuses it), and reads 1e-400 as 0.0 and -0
        // as 0 (the document keeps the literal: 1e-400 is no integer, -0 keeps its sign).
        guard !["1e400", "1e-400", "-0"].contains(text) else { return }
        let (document, foundation) = try Self.answers(text)
        // A document describes a number by its literal as written (`number 1e2`); Foundation has
        // only the value (`number 100.0`).
        let isNumber = (try JSONDocument(text: text)).kind(at: 0) == .number
        #expect(document.filter { !isNumber || !$0.hasPrefix("found") }
                == foundation.filter { !isNumber || !$0.hasPrefix("found") })
    }

    @Test("floating-point answers agree where JSONSerialization keeps the literal's value",
          arguments: ["0", "5.0", "0.1", "3.5", "1e2", "100e-2", "[1.5, 2]", "[0.25, -1]"])
    func floatingAnswers(text: String) throws {
        let document = try JSONDocument(text: text)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        let reader = FoundationReader()
        #expect(document.floating(document.rootIndex, as: Double.self)?.bitPattern
                == reader.floating(foundation, as: Double.self)?.bitPattern)
        #expect(document.doubleArray(document.rootIndex) == reader.doubleArray(foundation))
        #expect(document.floatArray(document.rootIndex) == reader.floatArray(foundation))
    }

    @Test("an object's members read alike from both sources, key by key")
    func members() throws {
        let text = #"{"b": [1, 2], "a": "x", "c": {"d": null}}"#
        let document = try JSONDocument(text: text)
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let reader = FoundationReader()
        let fromDocument = try #require(document.object(document.rootIndex)).members
            .map { "\($0.key)=\(document.found($0.value))" }.sorted()
        let fromFoundation = try #require(reader.object(foundation)).members
            .map { "\($0.key)=\(reader.found($0.value))" }.sorted()
        #expect(fromDocument == fromFoundation)
        #expect(fromDocument == ["a=string \"x\"", "b=array of 2", "c=object"])
        for key in ["a", "b", "c", "missing"] {
            var hint = 0, unused = 0
            let node = document.member(key, in: document.rootIndex, hint: &hint)
            let value = reader.member(key, in: foundation, hint: &unused)
            #expect(node.map(document.found) == value.map(reader.found), "key \(key)")
        }
    }

    /// A value written through `sink`: an array of every scalar kind, a nested array and an object.
    private static func writeSample(into sink: inout some JSONValueSink) throws {
        sink.beginArray()
        sink.writeNull()
        sink.write(true)
        sink.write("a \"quoted\" string")
        sink.writeInteger(Int8(-5))
        sink.writeInteger(UInt64.max)
        try sink.writeFloating(0.1)
        try sink.writeFloating(Float(0.1))
        try sink.write(Decimal(string: "12.50") ?? 0)
        sink.beginArray()
        sink.writeInteger(1)
        sink.endArray()
        sink.beginObject()
        sink.writeKey("z")
        sink.writeInteger(26)
        sink.writeKey("a")
        sink.beginArray()
        sink.endArray()
        sink.endObject()
        sink.endArray()
    }

    @Test("JSONWriter and FoundationValueBuilder make the same JSON from the same calls")
    func sinksAgree() throws {
        var writer = JSONWriter()
        try Self.writeSample(into: &writer)
        var builder = FoundationValueBuilder()
        try Self.writeSample(into: &builder)
        #expect(String(decoding: writer.bytes, as: UTF8.self)
                == #"[null,true,"a \"quoted\" string",-5,18446744073709551615,0.1,0.1,12.5,[1],{"z":26,"a":[]}]"#)
        // The builder makes the values `jsonDictionary(from:)` returns for the same JSON.
        let built = try #require(builder.value as? [Any])
        #expect(built.count == 10)
        #expect(built[0] is NSNull)
        #expect(built[1] as? Bool == true)
        #expect(built[2] as? String == "a \"quoted\" string")
        #expect(built[3] as? Int == -5)
        #expect(built[4] as? UInt64 == .max)
        #expect(built[5] as? Double == 0.1)
        #expect(built[6] as? Float == 0.1)
        #expect((built[7] as? NSDecimalNumber)?.decimalValue == Decimal(string: "12.5"))
        #expect(built[8] as? [Int] == [1])
        let object = try #require(built[9] as? [String: Any])
        #expect(object["z"] as? Int == 26 && (object["a"] as? [Any])?.isEmpty == true && object.count == 2)
    }

    @Test("both sinks refuse what JSON cannot hold", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        var writer = JSONWriter()
        var builder = FoundationValueBuilder()
        #expect(throws: JSONWriterError.self) { try writer.writeFloating(value) }
        #expect(throws: JSONWriterError.self) { try builder.writeFloating(value) }
        #expect(throws: JSONWriterError.self) { try builder.write(Decimal.nan) }
    }
}
