//
//  GitHubAllFixturesTests.swift
//  Every fixture: both decoders agree, and both encoders round-trip.
//

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

@Suite("GitHub fixtures: every fixture")
struct GitHubAllFixturesTests {

    /// Decodes the fixture on both paths (expecting equality), round-trips it,
    /// and returns the models' JSON text.
    static func check(_ name: String) throws -> [Data] {
        func one<M: JSONSerializing>(_ type: M.Type) throws -> [Data] {
            let model = try GitHubFixture.decodeBoth(type, name)
            try GitHubFixture.expectRoundTrips(model)
            return [try JSONAdapter.jsonData(from: model)]
        }
        func many<M: JSONSerializing>(_ type: M.Type) throws -> [Data] {
            let models = try GitHubFixture.decodeBothArray(type, name)
            try GitHubFixture.expectRoundTrips(models)
            return try models.map { try JSONAdapter.jsonData(from: $0) }
        }
        switch name {
        case "issues": return try many(GHIssue.self)
        case "search-issues": return try one(GHSearchResult.self)
        case "repository": return try one(GHRepository.self)
        case "organization": return try one(GHOrganization.self)
        case "labels": return try many(GHLabel.self)
        case "release": return try one(GHRelease.self)
        case "combined-status": return try one(GHCombinedStatus.self)
        case "validation-error": return try one(GHValidationError.self)
        default: throw FixtureError(description: "unknown fixture \(name)")
        }
    }

    @Test("both decoders agree and every encoding round-trips", arguments: GitHubFixture.names)
    func fixture(name: String) throws {
        let encoded = try Self.check(name)
        #expect(!encoded.isEmpty)
        // Encoding is deterministic.
        #expect(try Self.check(name) == encoded)
    }
}
