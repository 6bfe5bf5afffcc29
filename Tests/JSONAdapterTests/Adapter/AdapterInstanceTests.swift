//
//  AdapterInstanceTests.swift
//  The instance API (`JSONAdapter(modelType:)`, `model(from:)`,
//  `jsonDictionary(from:)`) and one adapter shared by many concurrent tasks.
//

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

@Suite("Adapter instances")
struct AdapterInstanceTests {

    @Test("the instance API decodes and encodes like the static one")
    func instanceMatchesStatic() throws {
        let adapter = try JSONAdapter(modelType: ValueModels.Defaults.self)
        let json: [String: Any] = ["name": "n", "count": 3, "address": ["city": "Rome"]]
        let model = try #require(try adapter.model(from: json) as? ValueModels.Defaults)
        #expect(model == (try JSONAdapter.model(of: ValueModels.Defaults.self, from: json)))
        #expect(model.name == "n" && model.count == 3 && model.city == "Rome")

        let encoded = try adapter.jsonDictionary(from: model)
        #expect(FoundationJSON.canonical(encoded) == FoundationJSON.canonical(try JSONAdapter.jsonDictionary(from: model)))
        #expect((encoded["address"] as? [String: Any])?["city"] as? String == "Rome")
        #expect(encoded["unmapped"] == nil)
    }

    @Test("the instance API reports errors like the static one")
    func instanceErrors() throws {
        let adapter = try JSONAdapter(modelType: ValueModels.Defaults.self)
        let error = try #require(adapterError { _ = try adapter.model(from: ["address": "x"]) })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == "city")
        let value = try #require(adapterError { _ = try adapter.model(from: ["count": "3"]) })
        #expect(value.code == .invalidValue)
        #expect(value.propertyKey == "count")
    }

    @Test("an adapter refuses to encode a model of another type, as Mantle asserts")
    func instanceRefusesOtherModels() throws {
        let adapter = try JSONAdapter(modelType: ValueModels.Defaults.self)
        let error = try #require(adapterError { _ = try adapter.jsonDictionary(from: ValueModels.Leaf(name: "x", size: 1)) })
        #expect(error.code == .noClassFound)
        // The static API encodes any model with its own mapping.
        let json = try JSONAdapter.jsonDictionary(from: ValueModels.Leaf(name: "x", size: 1))
        #expect(Set(json.keys) == ["name", "size"])
    }

    @Test("one adapter reused from many concurrent tasks gives identical results")
    func concurrentReuse() async throws {
        let adapter = try JSONAdapter(modelType: GHIssue.self)
        let data = try GitHubFixtures.data("issues")
        let expectedDecoded = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
        let expected = try JSONAdapter.jsonData(from: expectedDecoded)

        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for task in 0..<64 {
                group.addTask {
                    let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
                    var models: [any JSONSerializing] = []
                    // Tasks start at different elements so that they interleave.
                    for offset in 0..<array.count {
                        let index = (offset + task) % array.count
                        models.append(try adapter.model(from: array[index]))
                    }
                    let ordered = models.sorted { ($0 as! GHIssue).number > ($1 as! GHIssue).number }
                    let dictionaries = try ordered.map { try adapter.jsonDictionary(from: $0) }
                    let again = try dictionaries.map { try adapter.model(from: $0) }
                    return try JSONAdapter.jsonData(from: again)
                }
            }
            var results: [Data] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == expected })
        let decoded = try JSONAdapter.models(of: GHIssue.self, fromJSONData: try #require(results.first))
        #expect(decoded == expectedDecoded)
    }

    @Test("many adapters and static calls on many types concurrently agree with a serial run")
    func concurrentStaticCalls() async throws {
        let names = ["repository", "organization", "release", "combined-status", "validation-error", "search-issues"]
        func encodeAll() throws -> [Data] {
            try names.map { name -> Data in
                let data = try GitHubFixtures.data(name)
                let model: any JSONSerializing = switch name {
                case "repository": try JSONAdapter.model(of: GHRepository.self, fromJSONData: data)
                case "organization": try JSONAdapter.model(of: GHOrganization.self, fromJSONData: data)
                case "release": try JSONAdapter.model(of: GHRelease.self, fromJSONData: data)
                case "combined-status": try JSONAdapter.model(of: GHCombinedStatus.self, fromJSONData: data)
                case "validation-error": try JSONAdapter.model(of: GHValidationError.self, fromJSONData: data)
                default: try JSONAdapter.model(of: GHSearchResult.self, fromJSONData: data)
                }
                return try JSONAdapter.jsonData(from: model)
            }
        }
        let serial = try encodeAll()
        let results = try await withThrowingTaskGroup(of: [Data].self) { group in
            for _ in 0..<32 { group.addTask { try encodeAll() } }
            var results: [[Data]] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == serial })
    }
}
