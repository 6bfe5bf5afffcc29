//
//  GitHubFixtureSupport.swift
//  Helpers for the tests that decode the real GitHub REST API responses in
//  Examples/Fixtures with the models of Examples/GitHubModels.
//

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

enum GitHubFixture {
    /// Every fixture, by file name.
    static let names = ["issues", "search-issues", "repository", "organization", "labels", "release",
                        "combined-status", "validation-error"]

    /// 2017-10-10T16:00:00Z, the time stamp of every fixture.
    static let timestamp: TimeInterval = 1_507_651_200

    /// 2017-10-10T16:00:00Z, as a date.
    static let date = Date(timeIntervalSince1970: timestamp)

    /// The fixture's bytes.
    static func data(_ name: String) throws -> Data {
        try GitHubFixtures.data(name)
    }

    /// The fixture parsed by `JSONSerialization`, as an object.
    static func object(_ name: String) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: data(name))
        return try #require(parsed as? [String: Any], "\(name) is not a JSON object")
    }

    /// The fixture parsed by `JSONSerialization`, as an array.
    static func array(_ name: String) throws -> [Any] {
        let parsed = try JSONSerialization.jsonObject(with: data(name))
        return try #require(parsed as? [Any], "\(name) is not a JSON array")
    }

    /// Decodes with `model(of:fromJSONData:)` and with `model(of:from:)` on the
    /// `JSONSerialization` dictionary, in this platform's shape and in Apple's
    /// (`DarwinShapedJSON`), expects the three to be equal and to hash alike, and returns one.
    static func decodeBoth<M: JSONSerializing>(_ type: M.Type, _ name: String,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws -> M {
        let fromData = try JSONAdapter.model(of: type, fromJSONData: data(name))
        let fromDictionary = try JSONAdapter.model(of: type, from: object(name))
        let fromObjects = try JSONAdapter.model(of: type, from: DarwinShapedJSON.object(data(name)))
        #expect(fromData == fromDictionary, "data and dictionary decoding differ for \(name)", sourceLocation: sourceLocation)
        #expect(fromData == fromObjects, "data and Foundation-object decoding differ for \(name)", sourceLocation: sourceLocation)
        #expect(fromData.hashValue == fromObjects.hashValue && fromData.hashValue == fromDictionary.hashValue,
                "equal models of \(name) hash differently", sourceLocation: sourceLocation)
        return fromData
    }

    /// `models(of:fromJSONData:)` and `models(of:from:)` (both shapes), expected equal and hashing alike.
    static func decodeBothArray<M: JSONSerializing>(_ type: M.Type, _ name: String,
                                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> [M] {
        let fromData = try JSONAdapter.models(of: type, fromJSONData: data(name))
        let fromArray = try JSONAdapter.models(of: type, from: array(name))
        let fromObjects = try JSONAdapter.models(of: type, from: array(name).map(DarwinShapedJSON.objects(from:)))
        #expect(fromData == fromArray, "data and array decoding differ for \(name)", sourceLocation: sourceLocation)
        #expect(fromData == fromObjects, "data and Foundation-object decoding differ for \(name)", sourceLocation: sourceLocation)
        #expect(fromData.map(\.hashValue) == fromObjects.map(\.hashValue), "equal models of \(name) hash differently",
                sourceLocation: sourceLocation)
        return fromData
    }

    /// model → JSON dictionary → model, model → JSON data → model, and
    /// model → JSON data → `JSONSerialization` → model give equal models.
    static func expectRoundTrips<M: JSONSerializing>(_ model: M, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        #expect(try JSONAdapter.model(of: M.self, from: dictionary) == model,
                "dictionary round trip", sourceLocation: sourceLocation)
        let data = try JSONAdapter.jsonData(from: model)
        #expect(try JSONAdapter.model(of: M.self, fromJSONData: data) == model,
                "data round trip", sourceLocation: sourceLocation)
        let foundation = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try JSONAdapter.model(of: M.self, from: foundation) == model,
                "data → JSONSerialization round trip", sourceLocation: sourceLocation)
        // The dictionary and the data describe the same JSON.
        #expect(FoundationJSON.canonical(foundation) == FoundationJSON.canonical(dictionary),
                "jsonData and jsonDictionary differ",
                sourceLocation: sourceLocation)
        // A dictionary with omitted nils decodes to the same model too (nil is every optional's default here).
        let omitted = try JSONAdapter.jsonDictionary(from: model, options: .omitsNilValues)
        #expect(try JSONAdapter.model(of: M.self, from: omitted) == model,
                "omitNilValues round trip", sourceLocation: sourceLocation)
    }

    /// The same for arrays, through `jsonArray` and `jsonData(from: [models])`.
    static func expectRoundTrips<M: JSONSerializing>(_ models: [M], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let array = try JSONAdapter.jsonArray(from: models)
        #expect(try JSONAdapter.models(of: M.self, from: array) == models,
                "array round trip", sourceLocation: sourceLocation)
        let data = try JSONAdapter.jsonData(from: models)
        #expect(try JSONAdapter.models(of: M.self, fromJSONData: data) == models,
                "data round trip", sourceLocation: sourceLocation)
        let foundation = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        #expect(try JSONAdapter.models(of: M.self, from: foundation) == models,
                "data → JSONSerialization round trip", sourceLocation: sourceLocation)
        #expect(FoundationJSON.canonical(foundation) == FoundationJSON.canonical(array), "jsonData and jsonArray differ",
                sourceLocation: sourceLocation)
    }

    /// Expects `encoded[key]` to be the same JSON as `fixture[key]` for each key.
    static func expectSameJSON(_ encoded: [String: Any], _ fixture: [String: Any], keys: [String],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        for key in keys {
            #expect(encoded[key] != nil, "\(key) missing", sourceLocation: sourceLocation)
            #expect(FoundationJSON.canonical(encoded[key]) == FoundationJSON.canonical(fixture[key]), "\(key)",
                    sourceLocation: sourceLocation)
        }
    }
}
