//  JSON Merge Patch on plain JSON values: the 17 examples of RFC 7396 (§1,
//  §3 and the 15 of Appendix A), on JSONSerialization's Foundation objects
//  and on native Swift values; making patches (what changed, `{}` for
//  nothing, the format's null limit) and applying them back, on generated
//  documents; and the depth limit.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("JSON Merge Patch on JSON values")
struct JSONMergePatchTests {
    /// Where test values come from: `JSONSerialization` (NSNumber, NSNull,
    /// ...) or the native Swift values the bytes path gives.
    enum ValueSource: String, CaseIterable, CustomTestStringConvertible {
        case foundation, native
        var testDescription: String { rawValue }

        func value(_ json: String) throws -> Any {
            let foundation = try FoundationJSON.value(json)
            switch self {
            case .foundation: return foundation
            case .native: return try NativeJSONValue.native(foundation)
            }
        }
    }

    /// One example: the original, the patch, the result.
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let original: String
        let patch: String
        let result: String
        var testDescription: String { name }
    }

    /// RFC 7396's examples, in its order.
    static let rfcExamples: [Example] = [
        Example(name: "§1 introduction",
                original: #"{"a": "b", "c": {"d": "e", "f": "g"}}"#,
                patch: #"{"a": "z", "c": {"f": null}}"#,
                result: #"{"a": "z", "c": {"d": "e"}}"#),
        Example(name: "§3 example",
                original: #"""
                {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"},
                 "tags": ["example", "sample"], "content": "This will be unchanged"}
                """#,
                patch: #"""
                {"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null},
                 "tags": ["example"]}
                """#,
                result: #"""
                {"title": "Hello!", "author": {"givenName": "John"}, "tags": ["example"],
                 "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890"}
                """#),
        Example(name: "A.1", original: #"{"a":"b"}"#, patch: #"{"a":"c"}"#, result: #"{"a":"c"}"#),
        Example(name: "A.2", original: #"{"a":"b"}"#, patch: #"{"b":"c"}"#, result: #"{"a":"b","b":"c"}"#),
        Example(name: "A.3", original: #"{"a":"b"}"#, patch: #"{"a":null}"#, result: #"{}"#),
        Example(name: "A.4", original: #"{"a":"b","b":"c"}"#, patch: #"{"a":null}"#, result: #"{"b":"c"}"#),
        Example(name: "A.5", original: #"{"a":["b"]}"#, patch: #"{"a":"c"}"#, result: #"{"a":"c"}"#),
        Example(name: "A.6", original: #"{"a":"c"}"#, patch: #"{"a":["b"]}"#, result: #"{"a":["b"]}"#),
        Example(name: "A.7", original: #"{"a":{"b":"c"}}"#, patch: #"{"a":{"b":"d","c":null}}"#,
                result: #"{"a":{"b":"d"}}"#),
        Example(name: "A.8", original: #"{"a":[{"b":"c"}]}"#, patch: #"{"a":[1]}"#, result: #"{"a":[1]}"#),
        Example(name: "A.9", original: #"["a","b"]"#, patch: #"["c","d"]"#, result: #"["c","d"]"#),
        Example(name: "A.10", original: #"{"a":"b"}"#, patch: #"["c"]"#, result: #"["c"]"#),
        Example(name: "A.11", original: #"{"a":"foo"}"#, patch: "null", result: "null"),
        Example(name: "A.12", original: #"{"a":"foo"}"#, patch: #""bar""#, result: #""bar""#),
        Example(name: "A.13", original: #"{"e":null}"#, patch: #"{"a":1}"#, result: #"{"e":null,"a":1}"#),
        Example(name: "A.14", original: #"[1,2]"#, patch: #"{"a":"b","c":null}"#, result: #"{"a":"b"}"#),
        Example(name: "A.15", original: #"{}"#, patch: #"{"a":{"bb":{"ccc":null}}}"#, result: #"{"a":{"bb":{}}}"#),
    ]

    @Test("RFC 7396's examples", arguments: ValueSource.allCases, rfcExamples)
    func rfcExample(source: ValueSource, example: Example) throws {
        let patched = try JSONMergePatch.applying(try source.value(example.patch), to: try source.value(example.original))
        #expect(FoundationJSON.canonical(patched) == FoundationJSON.canonical(json: example.result))
    }

    @Test("the RFC's examples list has all 17")
    func allExamples() {
        #expect(Self.rfcExamples.count == 17)
        #expect(Set(Self.rfcExamples.map(\.name)).count == 17)
    }

    @Test("no target is {} for an object patch, and the patch itself otherwise")
    func noTarget() throws {
        #expect(FoundationJSON.canonical(try JSONMergePatch.applying(["a": 1, "b": NSNull()], to: nil)) == #"{"a":1}"#)
        #expect(FoundationJSON.canonical(try JSONMergePatch.applying([1, NSNull()], to: nil)) == "[1,null]")
    }

    @Test("a patch from the example's original to its result, applied to the original, gives the result",
          arguments: ValueSource.allCases, rfcExamples)
    func patchFromExample(source: ValueSource, example: Example) throws {
        let original = try source.value(example.original), result = try source.value(example.result)
        let patch = try JSONMergePatch.patch(from: original, to: result)
        let patched = try JSONMergePatch.applying(patch, to: original)
        // A.13's result keeps a null member the patch does not touch; every other result has none.
        #expect(FoundationJSON.canonical(patched) == FoundationJSON.canonical(result))
    }

    @Test("patch(from:to:): only what changed; {} for nothing; null for removed and for what became null")
    func makesPatches() throws {
        let before = try FoundationJSON.value(#"""
        {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"}, "count": 1,
         "tags": ["example", "sample"], "gone": 3, "cleared": "x", "stillNull": null, "flag": true}
        """#)
        let after = try NativeJSONValue.native(FoundationJSON.value(#"""
        {"title": "Hello!", "author": {"givenName": "John"}, "count": 1.0, "tags": ["example"],
         "cleared": null, "stillNull": null, "added": {"x": [1]}, "newNull": null, "flag": 1}
        """#))
        let patch = try JSONMergePatch.patch(from: before, to: after)
        #expect(FoundationJSON.canonical(patch) == FoundationJSON.canonical(json: #"""
        {"title": "Hello!", "author": {"familyName": null}, "tags": ["example"], "gone": null,
         "cleared": null, "added": {"x": [1]}, "flag": 1}
        """#))
        #expect(FoundationJSON.canonical(try JSONMergePatch.patch(from: before, to: before)) == "{}")
        #expect(FoundationJSON.canonical(try JSONMergePatch.patch(from: ["a": 1], to: [1])) == "[1]")
        #expect(FoundationJSON.canonical(try JSONMergePatch.patch(from: "x", to: "x")) == #""x""#)
        // The format's limit: a member that became null is removed, not set to null.
        let patched = try JSONMergePatch.applying(patch, to: before)
        #expect(FoundationJSON.canonical(patched) == FoundationJSON.canonical(json: #"""
        {"title": "Hello!", "author": {"givenName": "John"}, "count": 1, "tags": ["example"],
         "stillNull": null, "added": {"x": [1]}, "flag": 1}
        """#))
    }

    /// A random JSON value: objects over a few keys (so that documents share
    /// members), arrays, and scalars; no nulls inside objects when `nullFree`.
    static func randomValue(_ random: inout SplitMix64, depth: Int, nullFree: Bool) -> Any {
        let choice = random.below(depth > 3 ? 5 : 8)
        switch choice {
        case 0: return nullFree ? random.below(4) : NSNull()
        case 1: return random.chance(50)
        case 2: return random.below(4)
        case 3: return ["a", "b", "é"][random.below(3)]
        case 4: return Double(random.below(4)) + 0.5
        case 5: return (0..<random.below(3)).map { _ in randomValue(&random, depth: depth + 1, nullFree: false) }
        default:
            var object: [String: Any] = [:]
            for key in ["k", "l", "m", "n"] where random.chance(60) {
                object[key] = randomValue(&random, depth: depth + 1, nullFree: nullFree)
            }
            return object
        }
    }

    @Test("on 2,000 generated pairs: applying patch(from: a, to: b) to a gives b; applying it twice changes nothing more")
    func generatedPairs() throws {
        var random = SplitMix64(seed: "merge patch pairs")
        for _ in 0..<2_000 {
            let source = Self.randomValue(&random, depth: 0, nullFree: false)
            let target = Self.randomValue(&random, depth: 0, nullFree: true)
            let patch = try JSONMergePatch.patch(from: source, to: target)
            let once = try JSONMergePatch.applying(patch, to: source)
            #expect(FoundationJSON.canonical(once) == FoundationJSON.canonical(target),
                    "from \(FoundationJSON.canonical(source)) to \(FoundationJSON.canonical(target))")
            let twice = try JSONMergePatch.applying(patch, to: once)
            #expect(FoundationJSON.canonical(twice) == FoundationJSON.canonical(once))
        }
    }

    @Test("objects nested deeper than maximumDepth throw instead of recursing on", arguments: [true, false])
    func depthLimit(applying: Bool) throws {
        var deep: Any = ["leaf": 1]
        for _ in 0..<JSONMergePatch.maximumDepth { deep = ["x": deep] }
        let error = try #require(adapterError {
            if applying {
                _ = try JSONMergePatch.applying(deep, to: nil)
            } else {
                _ = try JSONMergePatch.patch(from: deep, to: deep)
            }
        })
        #expect(error.code == .invalidJSONData)
        #expect(error.description.contains("deeper than \(JSONMergePatch.maximumDepth)"))
        var shallow: Any = ["leaf": 1]
        for _ in 0..<(JSONMergePatch.maximumDepth - 2) { shallow = ["x": shallow] }
        var level = try JSONMergePatch.applying(shallow, to: nil), depth = 0
        while let object = level as? [String: Any], let next = object["x"] {
            level = next
            depth += 1
        }
        #expect(depth == JSONMergePatch.maximumDepth - 2)
        #expect((level as? [String: Any])?["leaf"] as? Int == 1)
    }
}
