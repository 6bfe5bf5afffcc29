//
//  JSONWriterFormattingTests.swift
//  JSONWriter's layouts (pretty printing, sorted keys, escaped slashes) against
//  Foundation's JSONEncoder, byte for byte, on fixed and seeded random trees.
//

import Foundation
import Testing

@testable import MantleJSON
import MantleTestSupport

@Suite("JSONWriter: formatting as JSONEncoder's outputFormatting")
struct JSONWriterFormattingTests {
    typealias Value = EncoderOracle.Value

    /// The writer's layouts and `JSONEncoder`'s options that give the same text.
    static let layouts: [(JSONWriter.Formatting, JSONEncoder.OutputFormatting)] = [
        ([], [.withoutEscapingSlashes]),
        ([.escapedSlashes], []),
        ([.prettyPrinted], [.prettyPrinted, .withoutEscapingSlashes]),
        ([.sortedKeys], [.sortedKeys, .withoutEscapingSlashes]),
        ([.prettyPrinted, .sortedKeys], [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
        ([.prettyPrinted, .escapedSlashes], [.prettyPrinted]),
        ([.sortedKeys, .escapedSlashes], [.sortedKeys]),
        ([.prettyPrinted, .sortedKeys, .escapedSlashes], [.prettyPrinted, .sortedKeys]),
    ]

    /// `value` written through the writer's calls, members in their order.
    static func written(_ value: Value, _ formatting: JSONWriter.Formatting) -> String {
        var writer = JSONWriter(formatting: formatting)
        write(value, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func write(_ value: Value, to writer: inout JSONWriter) {
        switch value {
        case .null: writer.writeNull()
        case .bool(let bool): writer.write(bool)
        case .int(let int): writer.write(int)
        case .uint(let uint): writer.write(uint)
        case .decimal(let decimal): try? writer.write(decimal)
        case .string(let string): writer.write(string)
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.writeKey(member.key)
                write(member.value, to: &writer)
            }
            writer.endObject()
        }
    }

    /// `true` when every object has at most one member, so that `JSONEncoder`'s unsorted
    /// (hash) order cannot differ from the writer's.
    static func hasOnlySingleMemberObjects(_ value: Value) -> Bool {
        switch value {
        case .array(let elements): return elements.allSatisfy(hasOnlySingleMemberObjects)
        case .object(let members): return members.count <= 1 && members.allSatisfy { hasOnlySingleMemberObjects($0.value) }
        default: return true
        }
    }

    /// Keys whose orders differ by bytes, case, digits and locale: what `.sortedKeys` must order as
    /// `JSONEncoder` does. (Not both `"é"` and `"e\u{301}"`: Swift's `String` equality makes them
    /// one key of `JSONEncoder`'s dictionary, as it makes them one key of any `[String: _]`.)
    static let keys = ["B", "a", "b", "A", "10", "9", "1", "01", "é", "e", "z", "Z", "ä", "日本", "😀", "_", "a/b", "",
                       "\"q\"", "a\u{1}", "a b", "ab", "a\u{0}", "Ω", "ﬀ", "o\u{308}", "è"]
    /// Strings with slashes, escapes and non-ASCII text.
    static let strings = ["", "plain", "https://example.com/a/b", "/", "\\/", "quote \" and \\ back", "tab\tnew\nline",
                          "\u{0}\u{1F}\u{7F}", "é 日本 😀", "</script>", "a//b"]

    static let fixed: [Value] = [
        .object([]),
        .array([]),
        .object([.init("a", .object([])), .init("b", .array([])), .init("c", .array([.object([]), .array([])]))]),
        .array([.array([.array([])]), .object([.init("x", .object([.init("y", .array([.int(1), .null]))]))])]),
        .object(keys.enumerated().map { .init($0.element, .int(Int64($0.offset))) }),
        .array(strings.map(Value.string)),
        .object([.init("url", .string("https://example.com/x")), .init("id", .uint(UInt64.max)), .init("ok", .bool(false)),
                 .init("n", .int(Int64.min)), .init("price", .decimal(Decimal(string: "12.30", locale: nil) ?? 0))]),
        .string("top/level"),
        .int(-3),
        .null,
    ]

    @Test("fixed trees: the writer writes what JSONEncoder writes, for every layout", arguments: 0..<fixed.count)
    func fixedTrees(_ index: Int) throws {
        let value = Self.fixed[index]
        for (formatting, outputFormatting) in Self.layouts {
            guard outputFormatting.contains(.sortedKeys) || Self.hasOnlySingleMemberObjects(value) else { continue }
            #expect(Self.written(value, formatting) == (try EncoderOracle.text(value, outputFormatting)),
                    "\(formatting.rawValue)")
        }
    }

    /// A random tree of depth at most `depth`.
    static func randomTree(_ random: inout SplitMix64, depth: Int, singleMembers: Bool) -> Value {
        switch depth == 0 ? random.below(5) : random.below(8) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .int(Int64(bitPattern: random.next()) >> random.below(64))
        case 3, 4: return .string(strings[random.below(strings.count)] + keys[random.below(keys.count)])
        case 5: return .array((0..<random.below(4)).map { _ in randomTree(&random, depth: depth - 1, singleMembers: singleMembers) })
        default:
            var chosen = keys.shuffled(using: &random).prefix(singleMembers ? random.below(2) : random.below(6))
            if random.chance(10) { chosen = [] }
            return .object(chosen.map { .init($0, randomTree(&random, depth: depth - 1, singleMembers: singleMembers)) })
        }
    }

    @Test("seeded random trees: byte for byte as JSONEncoder, every layout")
    func randomTrees() throws {
        var random = SplitMix64(seed: "JSONWriterFormattingTests")
        var compared = 0
        for round in 0..<300 {
            let singleMembers = round % 3 == 0
            let value = Self.randomTree(&random, depth: 5, singleMembers: singleMembers)
            for (formatting, outputFormatting) in Self.layouts {
                guard outputFormatting.contains(.sortedKeys) || Self.hasOnlySingleMemberObjects(value) else { continue }
                let expected = try EncoderOracle.text(value, outputFormatting)
                let text = Self.written(value, formatting)
                #expect(text == expected, "round \(round), layout \(formatting.rawValue)")
                compared += 1
                if text != expected { return }
            }
        }
        #expect(compared > 1_500)
    }

    @Test("sorting keeps members with the same key in the order written, and an object sorted already as it is")
    func stableSorting() {
        var writer = JSONWriter(formatting: .sortedKeys)
        writer.beginObject()
        for (key, value) in [("b", 1), ("a", 2), ("b", 3), ("a", 4)] {
            writer.writeKey(key)
            writer.write(Int64(value))
        }
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":2,"a":4,"b":1,"b":3}"#)
    }

    @Test("a sequence of top-level values (JSON Lines' lines) needs no state between them")
    func topLevelValues() {
        var writer = JSONWriter(formatting: [.prettyPrinted, .sortedKeys])
        writer.beginArray()
        writer.beginObject()
        writer.writeKey("b")
        writer.beginArray()
        writer.endArray()
        writer.writeKey("a")
        writer.write("x/y")
        writer.endObject()
        writer.write(true)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[\n  {\n    \"a\" : \"x/y\",\n    \"b\" : [\n\n    ]\n  },\n  true\n]")
    }
}
