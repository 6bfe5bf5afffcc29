//  The scanner's per-object state across nesting (JSONScanner, JSONScanner+DuplicateKeys): each
//  object's key hashes start where its own level recorded them and its flags are set on its own
//  node, so objects inside objects, inside arrays, before and after a sibling's keys, and objects
//  of more than `linearDuplicateCheckLimit` keys holding others, are each flagged exactly as
//  their own keys say: generated documents against the keys they were made from.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: object flags across nesting")
struct JSONScannerNestingTests {
    /// A generated value.
    indirect enum Value {
        case number(Int)
        case array([Value])
        case object([(key: String, value: Value)])
    }

    /// SplitMix64: the same documents on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Keys: plain, escaped spellings of plain ones (`\u0061` is `a`), and one not all ASCII.
    static let keys = ["a", "b", "id", "name", "url", "created_at", "profile_background_image_url_https",
                       #"\u0061"#, #"n\u0061me"#, "caf\u{E9}"]

    /// `key` once unescaped, as the scanner compares keys.
    static func unescaped(_ key: String) -> String {
        key.replacingOccurrences(of: #"\u0061"#, with: "a")
    }

    static func value(_ generator: inout Generator, depth: Int) -> Value {
        let roll = depth > 4 ? 0 : generator.next(10)
        switch roll {
        case 0...3:
            return .number(generator.next(100))
        case 4...5:
            return .array((0..<generator.next(4)).map { _ in value(&generator, depth: depth + 1) })
        default:
            // Now and then an object of more keys than the linear check takes: distinct
            // numbered keys, and a repeat of one of them or not.
            if depth <= 1 && generator.next(4) == 0 {
                let count = JSONScanner.linearDuplicateCheckLimit + 1 + generator.next(6)
                var members = (0..<count).map { (key: "k\($0)", value: value(&generator, depth: depth + 1)) }
                if generator.next(2) == 0 { members.append((key: "k\(generator.next(count))", value: .number(0))) }
                return .object(members)
            }
            let count = generator.next(7)
            var members: [(key: String, value: Value)] = []
            var used: [String] = []
            for _ in 0..<count {
                // Mostly keys not used yet in this object; sometimes any (a possible repeat).
                let fresh = keys.filter { key in !used.contains(unescaped(key)) }
                let pool = fresh.isEmpty || generator.next(6) == 0 ? keys : fresh
                let key = pool[generator.next(pool.count)]
                used.append(unescaped(key))
                members.append((key: key, value: value(&generator, depth: depth + 1)))
            }
            return .object(members)
        }
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .number(let n): return "\(n)"
        case .array(let elements): return "[" + elements.map(text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { "\"\($0.key)\":" + text($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// The objects of `value` in document order: whether a key repeats, whether one is not ASCII.
    static func expectedObjects(_ value: Value, into result: inout [(repeats: Bool, nonASCII: Bool)]) {
        switch value {
        case .number: break
        case .array(let elements): elements.forEach { expectedObjects($0, into: &result) }
        case .object(let members):
            let keys = members.map { unescaped($0.key) }
            result.append((Set(keys).count != keys.count, keys.contains { $0.utf8.contains { $0 >= 0x80 } }))
            members.forEach { expectedObjects($0.value, into: &result) }
        }
    }

    @Test("every object of a generated document is flagged as its own keys say", arguments: Array(0..<8))
    func generated(seed: Int) throws {
        var generator = Generator(state: UInt64(seed))
        for _ in 0..<10 {
            let root = Value.object([(key: "root", value: Self.value(&generator, depth: 0)),
                                     (key: "after", value: Self.value(&generator, depth: 1)),
                                     (key: "last", value: .number(1))])
            var expected: [(repeats: Bool, nonASCII: Bool)] = []
            Self.expectedObjects(root, into: &expected)
            let json = Self.text(root)
            let document = try JSONDocument(text: json)
            let found = document.nodes.filter { $0.kind == .object }.map {
                (repeats: $0.flags & JSONNode.objectMayHaveDuplicateKeys != 0,
                 nonASCII: $0.flags & JSONNode.objectHasNonASCIIKeys != 0)
            }
            #expect(found.map(\.repeats) == expected.map(\.repeats), "\(json)")
            #expect(found.map(\.nonASCII) == expected.map(\.nonASCII), "\(json)")
        }
    }
}
