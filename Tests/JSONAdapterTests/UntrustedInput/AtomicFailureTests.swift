//
//  AtomicFailureTests.swift
//  Arrays fail as a whole: one bad element makes every API that decodes (or
//  encodes) an array throw, with the element's index in the JSON key path;
//  no API returns the elements before it.
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter

@Suite("Untrusted input: arrays fail atomically")
struct AtomicFailureTests {

    /// issues.json with element `index` given an assignee (a copy of its user)
    /// whose `login` is the number 42.
    static func issuesWithBadAssignee(at index: Int) throws -> [Any] {
        var issues = try #require(try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [[String: Any]])
        var user = try #require(issues[index]["user"] as? [String: Any])
        user["login"] = 42
        issues[index]["assignee"] = user
        return issues
    }

    /// The same with a valid assignee (the user itself).
    static func issuesWithGoodAssignee(at index: Int) throws -> [Any] {
        var issues = try #require(try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [[String: Any]])
        issues[index]["assignee"] = issues[index]["user"]
        return issues
    }

    /// Checks the error of element 3's assignee login.
    static func expectAssigneeError(_ error: JSONAdapterError?, prefix: String = "",
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(error, "must throw", sourceLocation: sourceLocation)
        #expect(error.code == .invalidValue, sourceLocation: sourceLocation)
        #expect(error.jsonKeyPath == prefix + "[3].assignee.login", "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains("42"), "the reason shows the value: \(error)", sourceLocation: sourceLocation)
    }

    @Test("A valid assignee copied from the user decodes, so only the number makes it fail")
    func controlCase() throws {
        let issues = try Self.issuesWithGoodAssignee(at: 3)
        let decoded = try JSONAdapter.models(of: GHIssue.self, from: issues)
        #expect(decoded.count == issues.count)
        #expect(decoded[3].assignee?.login == decoded[3].user?.login)
        #expect(decoded[3].assignee != nil)
        let data = try JSONSerialization.data(withJSONObject: issues)
        #expect(try JSONAdapter.models(of: GHIssue.self, fromJSONData: data) == decoded)
    }

    @Test("models(of:from:) and models(of:fromJSONData:) throw with [3].assignee.login and return nothing")
    func modelsFailAsAWhole() throws {
        let issues = try Self.issuesWithBadAssignee(at: 3)
        var fromArray: [GHIssue]?
        try Self.expectAssigneeError(adapterError { fromArray = try JSONAdapter.models(of: GHIssue.self, from: issues) })
        #expect(fromArray == nil)

        let data = try JSONSerialization.data(withJSONObject: issues)
        var fromData: [GHIssue]?
        try Self.expectAssigneeError(adapterError { fromData = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data) })
        #expect(fromData == nil)

        // The error names the outermost model's property.
        let error = adapterError { _ = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data) }
        #expect(error?.propertyKey == "assignee")
        #expect(error?.modelTypeName == "GHIssue")
    }

    @Test("The first and the last element fail the whole array too", arguments: [0, 12])
    func firstAndLast(index: Int) throws {
        let issues = try Self.issuesWithBadAssignee(at: index)
        let data = try JSONSerialization.data(withJSONObject: issues)
        for error in [
            adapterError { _ = try JSONAdapter.models(of: GHIssue.self, from: issues) },
            adapterError { _ = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data) },
        ] {
            #expect(error?.code == .invalidValue)
            #expect(error?.jsonKeyPath == "[\(index)].assignee.login")
        }
    }

    @Test("An array property fails its model: items[3].assignee.login, on both paths")
    func arrayPropertyFailsModel() throws {
        let issues = try Self.issuesWithBadAssignee(at: 3)
        let search: [String: Any] = ["total_count": issues.count, "incomplete_results": false, "items": issues]
        var fromDictionary: GHSearchResult?
        let dictionaryError = adapterError { fromDictionary = try JSONAdapter.model(of: GHSearchResult.self, from: search) }
        #expect(fromDictionary == nil)
        try Self.expectAssigneeError(dictionaryError, prefix: "items")
        #expect(dictionaryError?.propertyKey == "items")

        let data = try JSONSerialization.data(withJSONObject: search)
        var fromData: GHSearchResult?
        let dataError = adapterError { fromData = try JSONAdapter.model(of: GHSearchResult.self, fromJSONData: data) }
        #expect(fromData == nil)
        try Self.expectAssigneeError(dataError, prefix: "items")
        #expect(dataError?.propertyKey == "items")
    }

    @Test("arrayTransformer(modelType:) throws for the whole array instead of dropping the element")
    func arrayTransformerFailsAsAWhole() throws {
        let issues = try Self.issuesWithBadAssignee(at: 3)
        let transformer = JSONAdapter.arrayTransformer(modelType: GHIssue.self)
        var output: Any??
        #expect(throws: (any Error).self) { output = try transformer.transformedValue(issues) }
        #expect(output == nil)

        let good = try Self.issuesWithGoodAssignee(at: 3)
        let models = try #require(try transformer.transformedValue(good) as? [Any])
        #expect(models.count == good.count)
    }

    @Test("A non-object element fails the whole array with its index", arguments: [#"[{"id":1},{"id":2},7]"#, #"[{"id":1},null]"#])
    func nonObjectElement(json: String) throws {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let last = array.count - 1
        for error in [
            adapterError { _ = try JSONAdapter.models(of: GHLabel.self, from: array) },
            adapterError { _ = try JSONAdapter.models(of: GHLabel.self, fromJSONData: Data(json.utf8)) },
        ] {
            #expect(error?.code == .invalidJSONDictionary)
            #expect(error?.jsonKeyPath == "[\(last)]")
        }
    }

    @Test("Encoding fails as a whole too: jsonArray and jsonData name the bad element")
    func encodingFailsAsAWhole() throws {
        var models: [Measurement] = (0..<5).map {
            var model = Measurement()
            model.name = "m\($0)"
            model.value = Double($0)
            return model
        }
        models[2].value = .nan
        var array: [[String: Any]]?
        let arrayError = adapterError { array = try JSONAdapter.jsonArray(from: models) }
        #expect(array == nil)
        #expect(arrayError?.code == .invalidValue)
        #expect(arrayError?.jsonKeyPath == "[2].value")

        var data: Data?
        let dataError = adapterError { data = try JSONAdapter.jsonData(from: models as [any JSONSerializing]) }
        #expect(data == nil)
        #expect(dataError?.jsonKeyPath == "[2].value")

        var series = Series()
        series.points = models
        let seriesError = adapterError { _ = try JSONAdapter.jsonData(from: series) }
        #expect(seriesError?.jsonKeyPath == "points[2].value")
        #expect(seriesError?.propertyKey == "points")
    }
}

// MARK: - Models

extension AtomicFailureTests {
    /// A model whose `Double` can be set to something JSON cannot hold.
    struct Measurement: JSONSerializing {
        var name = ""
        var value = 0.0

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "value": "value"]
    }

    /// A model holding an array of measurements.
    struct Series: JSONSerializing {
        var title = ""
        var points: [Measurement] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title", "points": "points"]
    }
}
