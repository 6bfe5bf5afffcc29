//
//  ErrorCollectionTests.swift
//  Every error at once (`DecodingOptions.maximumErrorCount`): one entry per
//  failure of properties, elements, members, nested models and their
//  `validate()`, top-level objects, streamed values; the first entry is the
//  error of a call that stops at the first; the bound; descriptions line by
//  line; nothing half-written; leniency's drops are no errors.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Every error at once")
struct ErrorCollectionTests {
    struct User: JSONSerializing, Equatable {
        var login = ""
        var id = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id"]
    }

    struct Label: JSONSerializing, Equatable {
        var name = ""
        var color = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "color": "color"]
    }

    struct Point: Codable, Equatable, Sendable {
        var x = 0
        var y = 0
    }

    struct Issue: JSONSerializing, Equatable {
        var number = 0
        var title = ""
        var user = User()
        var labels: [Label] = []
        var scores: [String: Int] = [:]
        var tags: Set<String> = []
        var point = Point()
        var reporter: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "number": "number", "title": "title", "user": "user", "labels": "labels", "scores": "scores",
            "tags": "tags", "point": "point", "reporter": "user.login",
        ]
    }

    /// Decodes `json` on `path` with `options`.
    static func decode<M: JSONSerializing>(_ type: M.Type, _ json: String, on path: DecodingPath,
                                           _ options: JSONAdapter.DecodingOptions = .standard) throws -> M {
        switch path {
        case .dictionary, .foundationObjects: return try JSONAdapter.model(of: type, from: path.jsonObject(json), options: options)
        case .data: return try JSONAdapter.model(of: type, fromJSONData: Data(json.utf8), options: options)
        }
    }

    /// Decodes the array `json` on `path` with `options`.
    static func decodeArray<M: JSONSerializing>(_ type: M.Type, _ json: String, on path: DecodingPath,
                                                _ options: JSONAdapter.DecodingOptions = .standard) throws -> [M] {
        switch path {
        case .dictionary, .foundationObjects: return try JSONAdapter.models(of: type, from: path.jsonArray(json), options: options)
        case .data: return try JSONAdapter.models(of: type, fromJSONData: Data(json.utf8), options: options)
        }
    }

    /// `propertyKey "jsonKeyPath": expected / found` of each entry, for compact expectations.
    static func summary(_ error: JSONAdapterError) -> [String] {
        error.allErrors.map { "\($0.propertyKey ?? "-") \($0.jsonKeyPath ?? "-"): \($0.expected ?? "-") / \($0.found ?? "-")" }
    }

    static let severalBad = """
        {"number": "x", "title": 5, "user": {"login": 42, "id": "y"},
         "labels": [{"name": 1}, {"name": "ok", "color": 2}], "point": {"x": 1, "y": 2}}
        """

    @Test("a payload with several bad fields reports each, line by line", arguments: DecodingPath.allCases)
    func severalFailures(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try Self.decode(Issue.self, Self.severalBad, on: path) })
        #expect(error.description.split(separator: "\n") == [
            #"Issue.number → "number": expected Int, found string "x""#,
            #"Issue.title → "title": expected String, found number 5"#,
            #"Issue.user → "user.login": expected String, found number 42"#,
            #"Issue.user → "user.id": expected Int, found string "y""#,
            #"Issue.labels → "labels[0].name": expected String, found number 1"#,
            #"Issue.labels → "labels[1].color": expected String, found number 2"#,
            #"Issue.reporter → "user.login": expected String, found number 42"#,
        ])
        #expect(error.additionalErrors.count == 6)
        #expect(error.allErrors.count == 7)
        #expect(error.omittedErrorCount == 0)
        #expect(error.allErrors.allSatisfy { $0.code == .invalidValue && $0.modelTypeName == "Issue" })
        #expect(error.allErrors.allSatisfy { $0.additionalErrors.isEmpty && $0.omittedErrorCount == 0 })
        // The error's own fields are the first failure's.
        #expect((error.propertyKey, error.jsonKeyPath, error.expected, error.found) == ("number", "number", "Int", #"string "x""#))
    }

    /// Payloads with one failure or several, in every kind of place.
    static let payloads: [String] = [
        severalBad,
        #"{"number": 1, "labels": [{"name": "a"}, {"name": 2}], "tags": ["a", 3, 4]}"#,
        #"{"scores": {"a": "x"}, "user": "nobody"}"#,
        #"{"point": {"x": "a", "y": "b"}, "number": 1.5}"#,
        #"{"user": {"login": "ok", "id": 1}, "title": null}"#,
    ]

    @Test("the first entry is the error a call that stops at the first throws",
          arguments: DecodingPath.allCases, payloads)
    func firstEntryIsTheFirstError(path: DecodingPath, json: String) throws {
        let single = try #require(adapterError { _ = try Self.decode(Issue.self, json, on: path, .init(maximumErrorCount: 1)) })
        #expect(single.additionalErrors.isEmpty && single.omittedErrorCount == 0)
        let all = try #require(adapterError { _ = try Self.decode(Issue.self, json, on: path) })
        for error in [all, all.allErrors[0]] {
            #expect(error.code == single.code)
            #expect(error.modelTypeName == single.modelTypeName)
            #expect(error.propertyKey == single.propertyKey)
            #expect(error.jsonKeyPath == single.jsonKeyPath)
            #expect(error.expected == single.expected)
            #expect(error.found == single.found)
            #expect(error.detail == single.detail)
            #expect(error.underlyingError.map { "\($0)" } == single.underlyingError.map { "\($0)" })
            #expect(error.allErrors[0].description == single.description)
        }
    }

    @Test("one failure is described exactly as before, on one line", arguments: DecodingPath.allCases)
    func oneFailure(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try Self.decode(Issue.self, #"{"title": 5}"#, on: path) })
        #expect(error.description == #"Issue.title → "title": expected String, found number 5"#)
        #expect(error.additionalErrors.isEmpty)
        #expect(error.allErrors.count == 1)
        #expect((error as NSError).userInfo["MTLJSONAdapterAdditionalErrorsKey"] == nil)
    }

    @Test("members of dictionaries and elements of sets are entries of their own", arguments: DecodingPath.allCases)
    func dictionaryAndSetMembers(path: DecodingPath) throws {
        let json = #"{"scores": {"a": 1, "b": "x", "c": true}, "tags": ["t", 2]}"#
        // A Foundation dictionary has no document order: the members' entries may come in any order,
        // and an NSDictionary bridged on Linux may hand them out in another order in the collecting
        // pass than in the first (tried often enough to see both orders).
        for _ in 0..<20 {
            let error = try #require(adapterError { _ = try Self.decode(Issue.self, json, on: path) })
            #expect(Self.summary(error).count == 3)
            #expect(Set(Self.summary(error)) == [
                #"scores scores.b: Int / string "x""#, "scores scores.c: Int / Bool true", "tags tags[1]: String / number 2",
            ])
            #expect(Self.summary(error).last == "tags tags[1]: String / number 2")
        }
    }

    @Test("a Codable value is one entry, however many of its fields fail", arguments: DecodingPath.allCases)
    func codableValueIsOneEntry(path: DecodingPath) throws {
        let json = #"{"point": {"x": "a", "y": "b"}, "title": 1}"#
        let error = try #require(adapterError { _ = try Self.decode(Issue.self, json, on: path) })
        #expect(error.allErrors.map(\.propertyKey) == ["title", "point"])
        #expect(error.allErrors[1].jsonKeyPath == "point.x")
        #expect(error.allErrors[1].underlyingError is DecodingError)
    }

    @Test("a top-level array reports each failing object at its index", arguments: DecodingPath.allCases)
    func topLevelArray(path: DecodingPath) throws {
        let json = #"[{"number": "x"}, {"number": 2}, 7, {"number": "y", "title": 3}]"#
        let error = try #require(adapterError { _ = try Self.decodeArray(Issue.self, json, on: path) })
        #expect(Self.summary(error) == [
            #"number [0].number: Int / string "x""#, "- [2]: a JSON object / number 7",
            #"number [3].number: Int / string "y""#, "title [3].title: String / number 3",
        ])
        #expect(error.allErrors.map(\.code) == [.invalidValue, .invalidJSONDictionary, .invalidValue, .invalidValue])
    }

    @Test("errors inside an array at a key path name the whole path")
    func keyPathPrefix() throws {
        let json = #"{"data": {"items": [{"number": "x"}, {"title": 2}]}}"#
        let options = JSONAdapter.DecodingOptions(keyPath: "data.items")
        let error = try #require(adapterError {
            _ = try JSONAdapter.models(of: Issue.self, fromJSONData: Data(json.utf8), options: options)
        })
        #expect(error.allErrors.map(\.jsonKeyPath) == ["data.items[0].number", "data.items[1].title"])
    }

    @Test("the bound: 100,000 bad elements keep the first maximumErrorCount and count the rest",
          arguments: DecodingPath.allCases, [1, 5, 20])
    func bound(path: DecodingPath, maximum: Int) throws {
        struct Numbers: JSONSerializing {
            var values: [Int] = []
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["values": "values"]
        }
        let count = 100_000
        let json = #"{"values": ["# + Array(repeating: #""x""#, count: count).joined(separator: ",") + "]}"
        let error = try #require(adapterError {
            _ = try Self.decode(Numbers.self, json, on: path, .init(maximumErrorCount: maximum))
        })
        let kept = maximum == 1 ? 1 : maximum
        #expect(error.allErrors.count == kept)
        #expect(error.omittedErrorCount == (maximum == 1 ? 0 : count - kept))
        #expect(error.allErrors.map(\.jsonKeyPath) == (0..<kept).map { "values[\($0)]" })
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == (maximum == 1 ? 1 : kept + 1))
        if maximum > 1 { #expect(lines.last == "… and \(count - kept) more errors") }
    }

    @Test("the bound holds for the objects of a top-level array too", arguments: DecodingPath.allCases)
    func boundOfTopLevelArray(path: DecodingPath) throws {
        let json = "[" + Array(repeating: #"{"number": "x", "title": 1}"#, count: 10_000).joined(separator: ",") + "]"
        let error = try #require(adapterError { _ = try Self.decodeArray(Issue.self, json, on: path) })
        #expect(error.allErrors.count == JSONAdapter.DecodingOptions.defaultMaximumErrorCount)
        #expect(error.omittedErrorCount == 20_000 - 20)
        #expect(error.allErrors.last?.jsonKeyPath == "[9].title")
    }

    @Test("one more error left out is worded in the singular")
    func oneMoreError() throws {
        let json = #"{"number": "x", "title": 1, "labels": 3}"#
        let error = try #require(adapterError { _ = try Self.decode(Issue.self, json, on: .data, .init(maximumErrorCount: 2)) })
        #expect(error.description.split(separator: "\n").last == "… and 1 more error")
        #expect(error.allErrors.count == 2 && error.omittedErrorCount == 1)
    }

    @Test("maximumErrorCount: 20 by default; values below 1 act as 1", arguments: [0, -3, 1])
    func atLeastOne(maximum: Int) throws {
        #expect(JSONAdapter.DecodingOptions().maximumErrorCount == 20)
        #expect(JSONAdapter.DecodingOptions.standard.maximumErrorCount == 20)
        let error = try #require(adapterError {
            _ = try Self.decode(Issue.self, Self.severalBad, on: .data, .init(maximumErrorCount: maximum))
        })
        #expect(error.additionalErrors.isEmpty)
        #expect(error.omittedErrorCount == 0)
        #expect(error.description == #"Issue.number → "number": expected Int, found string "x""#)
    }

    @Test("NSError bridging carries every line and the other errors", arguments: DecodingPath.allCases)
    func bridging(path: DecodingPath) throws {
        let error = try #require(adapterError {
            _ = try Self.decode(Issue.self, Self.severalBad, on: path, .init(maximumErrorCount: 3))
        })
        let nsError = error as NSError
        #expect(nsError.localizedDescription == error.description)
        #expect(nsError.code == 5)
        #expect(nsError.userInfo["MTLJSONAdapterKeyPathErrorKey"] as? String == "number")
        let others = try #require(nsError.userInfo["MTLJSONAdapterAdditionalErrorsKey"] as? [NSError])
        #expect(others.map(\.localizedDescription) == error.additionalErrors.map(\.description))
        #expect(nsError.userInfo["MTLJSONAdapterOmittedErrorCountKey"] as? Int == 4)
    }

    // MARK: validate()

    enum Invalid: Error, Equatable, CustomStringConvertible {
        case emptyName, outer
        var description: String { self == .emptyName ? "the name is empty" : "the outer model is invalid" }
    }

    struct Member: JSONSerializing, Equatable {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
        func validate() throws { if name.isEmpty { throw Invalid.emptyName } }
    }

    struct Team: JSONSerializing, Equatable {
        var lead = Member()
        var members: [Member] = []
        var size = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["lead": "lead", "members": "members", "size": "size"]
        func validate() throws { if size < 0 { throw Invalid.outer } }
    }

    @Test("nested models' validate() failures are entries; the outer validate() runs only when every property decoded",
          arguments: DecodingPath.allCases)
    func nestedValidate(path: DecodingPath) throws {
        let json = #"{"lead": {"name": ""}, "members": [{"name": "a"}, {"name": ""}, {"name": 1}], "size": -1}"#
        let error = try #require(adapterError { _ = try Self.decode(Team.self, json, on: path) })
        #expect(error.description.split(separator: "\n") == [
            #"Team.lead → "lead": the name is empty"#,
            #"Team.members → "members[1]": the name is empty"#,
            #"Team.members → "members[2].name": expected String, found number 1"#,
        ])
        #expect(error.underlyingError as? Invalid == .emptyName)
        #expect(error.additionalErrors[0].underlyingError as? Invalid == .emptyName)
        #expect(!error.allErrors.contains { $0.underlyingError as? Invalid == .outer })
    }

    @Test("a validate() failure alone passes through unchanged, nested or not", arguments: DecodingPath.allCases)
    func validateAlone(path: DecodingPath) throws {
        let nested = #"{"lead": {"name": ""}, "size": 1}"#
        #expect(throws: Invalid.emptyName) { _ = try Self.decode(Team.self, nested, on: path) }
        let outer = #"{"lead": {"name": "x"}, "size": -1}"#
        #expect(throws: Invalid.outer) { _ = try Self.decode(Team.self, outer, on: path) }
    }

    // MARK: Nothing half-written, leniency

    @Test("update changes nothing when it throws several errors", arguments: DecodingPath.allCases)
    func updateNotHalfWritten(path: DecodingPath) throws {
        let original = Issue(number: 7, title: "keep", user: User(login: "a", id: 1))
        var issue = original
        let patch = #"{"title": "new", "number": "x", "user": {"login": 2}, "labels": [{"name": 3}]}"#
        let error = try #require(adapterError {
            switch path {
            case .dictionary, .foundationObjects: try JSONAdapter.update(&issue, from: path.jsonObject(patch))
            case .data: try JSONAdapter.update(&issue, fromJSONData: Data(patch.utf8))
            }
        })
        #expect(issue == original)
        #expect(error.allErrors.map(\.jsonKeyPath) == ["number", "user.login", "labels[0].name", "user.login"])
    }

    @Test("leniency's drops are no errors, and a call that throws reports no leniency", arguments: DecodingPath.allCases)
    func leniency(path: DecodingPath) throws {
        let lenient = JSONAdapter.Configuration(leniency: [.lossyCollections, .numberStringCoercion])
        let recorder = JSONLeniencyReport.Recorder()
        let json = #"{"number": "12", "title": [1], "labels": [{"name": [1]}, {"name": "ok"}], "tags": ["a", {}], "user": 5}"#
        let error = try #require(adapterError {
            _ = try Self.decode(Issue.self, json, on: path, .init(configuration: lenient, leniencyRecorder: recorder))
        })
        #expect(Self.summary(error) == ["title title: String / array of 1", "user user: an object for User / number 5",
                                        #"reporter user.login: an object / number 5 at "user""#])
        #expect(recorder.report.isEmpty)
        // The same payload without the failures decodes, and then reports the leniency.
        let fixed = #"{"number": "12", "labels": [{"name": [1]}, {"name": "ok"}], "tags": ["a", {}]}"#
        let issue = try Self.decode(Issue.self, fixed, on: path, .init(configuration: lenient, leniencyRecorder: recorder))
        #expect(issue.number == 12 && issue.labels == [Label(name: "ok")] && issue.tags == ["a"])
        #expect(recorder.report.entries.count == 3)
    }

    @Test("a property that keeps its default on failure is no error", arguments: DecodingPath.allCases)
    func defaultOnFailure(path: DecodingPath) throws {
        let configuration = JSONAdapter.Configuration(leniency: .defaultOnFailure)
        let json = #"{"number": "x", "labels": [{"name": 1}], "title": "t"}"#
        let issue = try Self.decode(Issue.self, json, on: path, .init(configuration: configuration))
        // (The label's name, failing, keeps its default too: the leniency is the configuration's.)
        #expect(issue == Issue(title: "t", labels: [Label()]))
    }

    // MARK: Streams, nested calls

    @Test("a streamed value's errors all carry its line and index")
    func stream() throws {
        let lines = #"{"number": 1}"# + "\n" + #"{"number": "x", "title": 2}"# + "\n"
        let error = try #require(adapterError {
            _ = try JSONAdapter.models(of: Issue.self, fromJSONLines: Data(lines.utf8))
        })
        #expect(error.allErrors.map(\.jsonKeyPath) == ["[1].number", "[1].title"])
        #expect(error.allErrors.map(\.lineNumber) == [2, 2])
        #expect(error.description.split(separator: "\n").allSatisfy { $0.hasPrefix("line 2: Issue.") })
    }

    struct Wrapper: JSONSerializing {
        var user = User()
        var count = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["user": "user", "count": "count"]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "user" else { return nil }
            // A transformer that decodes with the adapter itself: a call inside the call.
            return JSONValueTransformer(forward: { (json: [String: Any]) -> User? in
                try JSONAdapter.model(of: User.self, from: json)
            })
        }
    }

    @Test("a call made by a transformer inside a failing call is one entry of it", arguments: DecodingPath.allCases)
    func callInsideCall(path: DecodingPath) throws {
        let json = #"{"user": {"login": 1, "id": "x"}, "count": "y"}"#
        let error = try #require(adapterError { _ = try Self.decode(Wrapper.self, json, on: path) })
        #expect(error.allErrors.map(\.propertyKey) == ["user", "count"])
        // The inner call's own error (both of its failures) is the entry's underlying error.
        let inner = try #require(error.allErrors[0].underlyingError as? JSONAdapterError)
        #expect(inner.allErrors.map(\.jsonKeyPath) == ["login", "id"])
    }
}
