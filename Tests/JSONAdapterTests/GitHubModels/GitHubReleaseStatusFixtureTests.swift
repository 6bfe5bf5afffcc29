//
//  GitHubReleaseStatusFixtureTests.swift
//  release.json (GET /repos/{owner}/{repo}/releases/tags/{tag}), the same
//  release with two assets added, combined-status.json
//  (GET /repos/{owner}/{repo}/commits/{ref}/status) and validation-error.json (a 422 body).
//

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

@Suite("GitHub fixtures: release, combined status, validation error")
struct GitHubReleaseStatusFixtureTests {

    // MARK: release.json

    @Test("release.json decodes tag, names, author, URLs and dates")
    func release() throws {
        let release = try GitHubFixture.decodeBoth(GHRelease.self, "release")
        #expect(release.id == 1000)
        #expect(release.tagName == "v1.0.0")
        #expect(release.name == "Version 1.0.0")
        #expect(release.body == "Initial release")
        #expect(release.isDraft == false)
        #expect(release.isPrerelease == false)
        #expect(release.author?.login == "octokit-fixture-user-a")
        #expect(release.author?.id == 1000)
        #expect(release.author?.type == .user)
        #expect(release.assets.isEmpty)
        #expect(release.htmlURL == URL(string: "https://github.com/octokit-fixture-org/release-assets/releases/tag/v1.0.0"))
        #expect(release.tarballURL == URL(string: "https://api.github.com/repos/octokit-fixture-org/release-assets/tarball/v1.0.0"))
        #expect(release.createdAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
        #expect(release.publishedAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
        try GitHubFixture.expectRoundTrips(release)
    }

    @Test("a release encodes with the REST API's key names")
    func releaseEncoding() throws {
        let release = try GitHubFixture.decodeBoth(GHRelease.self, "release")
        let fixture = try GitHubFixture.object("release")
        let fromDictionary = try JSONAdapter.jsonDictionary(from: release)
        let fromData = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: release)) as? [String: Any])
        for json in [fromDictionary, fromData] {
            #expect(Set(json.keys) == ["id", "tag_name", "name", "body", "draft", "prerelease", "author", "assets",
                                       "html_url", "tarball_url", "created_at", "published_at"])
            GitHubFixture.expectSameJSON(json, fixture, keys: ["id", "tag_name", "name", "body", "draft", "prerelease",
                                                               "assets", "html_url", "tarball_url", "created_at",
                                                               "published_at"])
            #expect((json["author"] as? [String: Any])?["login"] as? String == "octokit-fixture-user-a")
        }
    }

    /// release.json with two assets, the second without uploader.
    static func releaseWithAssets() throws -> [String: Any] {
        var release = try GitHubFixture.object("release")
        let author = try #require(release["author"] as? [String: Any])
        release["assets"] = [
            [
                "url": "https://api.github.com/repos/octokit-fixture-org/release-assets/releases/assets/1",
                "id": 1, "node_id": "MDA6RW50aXR5MQ==", "name": "app-1.0.0.zip", "label": NSNull(),
                "uploader": author, "content_type": "application/zip", "state": "uploaded", "size": 1_048_576,
                "download_count": 42, "created_at": "2017-10-10T16:00:00Z", "updated_at": "2017-10-10T16:00:00Z",
                "browser_download_url": "https://github.com/octokit-fixture-org/release-assets/releases/download/v1.0.0/app-1.0.0.zip",
            ] as [String: Any],
            [
                "id": 2, "name": "NOTES.txt", "uploader": NSNull(), "content_type": "text/plain", "size": 7,
                "download_count": 0,
                "browser_download_url": "https://github.com/octokit-fixture-org/release-assets/releases/download/v1.0.0/NOTES.txt",
            ] as [String: Any],
        ]
        return release
    }

    @Test("a release with two assets decodes both, on both paths")
    func releaseWithTwoAssets() throws {
        let dictionary = try Self.releaseWithAssets()
        let fromDictionary = try JSONAdapter.model(of: GHRelease.self, from: dictionary)
        let fromData = try JSONAdapter.model(of: GHRelease.self, fromJSONData: JSONSerialization.data(withJSONObject: dictionary))
        #expect(fromDictionary == fromData)

        let assets = fromData.assets
        #expect(assets.count == 2)
        #expect(assets.map(\.id) == [1, 2])
        #expect(assets.map(\.name) == ["app-1.0.0.zip", "NOTES.txt"])
        #expect(assets.map(\.contentType) == ["application/zip", "text/plain"])
        #expect(assets.map(\.size) == [1_048_576, 7])
        #expect(assets.map(\.downloadCount) == [42, 0])
        #expect(assets[0].browserDownloadURL == URL(string: "https://github.com/octokit-fixture-org/release-assets/releases/download/v1.0.0/app-1.0.0.zip"))
        #expect(assets[0].uploader?.login == "octokit-fixture-user-a")
        #expect(assets[0].uploader == fromData.author)
        #expect(assets[1].uploader == nil)
        #expect(fromData.tagName == "v1.0.0")
        try GitHubFixture.expectRoundTrips(fromData)

        let json = try JSONAdapter.jsonDictionary(from: fromData)
        let encodedAssets = try #require(json["assets"] as? [[String: Any]])
        #expect(encodedAssets.count == 2)
        #expect(encodedAssets[0]["browser_download_url"] as? String
                == "https://github.com/octokit-fixture-org/release-assets/releases/download/v1.0.0/app-1.0.0.zip")
        #expect(encodedAssets[0]["content_type"] as? String == "application/zip")
        #expect((encodedAssets[0]["uploader"] as? [String: Any])?["login"] as? String == "octokit-fixture-user-a")
        #expect(encodedAssets[1]["uploader"] is NSNull)
        #expect(encodedAssets[0]["state"] == nil)
    }

    @Test("a broken asset names its index in the error")
    func releaseWithBrokenAsset() throws {
        var dictionary = try Self.releaseWithAssets()
        var assets = try #require(dictionary["assets"] as? [[String: Any]])
        assets[1]["size"] = "7 bytes"
        dictionary["assets"] = assets
        for decode in [{ _ = try JSONAdapter.model(of: GHRelease.self, from: dictionary) },
                       { _ = try JSONAdapter.model(of: GHRelease.self, fromJSONData: JSONSerialization.data(withJSONObject: dictionary)) }]
            as [() throws -> Void] {
            let error = try #require(adapterError(decode))
            #expect(error.code == .invalidValue)
            #expect(error.propertyKey == "assets")
            #expect(error.jsonKeyPath == "assets[1].size")
        }
    }

    // MARK: combined-status.json

    @Test("combined-status.json decodes the state, the repository name and the statuses array")
    func combinedStatus() throws {
        let status = try GitHubFixture.decodeBoth(GHCombinedStatus.self, "combined-status")
        #expect(status.state == .failure)
        #expect(status.sha == "0000000000000000000000000000000000000001")
        #expect(status.totalCount == 2)
        #expect(status.repositoryName == "octokit-fixture-org/create-status")
        #expect(status.statuses.count == 2)
        #expect(status.statuses.map(\.id) == [1000, 1001])
        #expect(status.statuses.map(\.state) == [.failure, .success])
        #expect(status.statuses.map(\.summary) == ["create-status failure test", "create-status success test"])
        #expect(status.statuses.map(\.context) == ["example/1", "example/2"])
        #expect(status.statuses.allSatisfy { $0.targetURL == URL(string: "https://example.com") })
        #expect(status.statuses.allSatisfy { $0.createdAt?.timeIntervalSince1970 == GitHubFixture.timestamp })
        try GitHubFixture.expectRoundTrips(status)
    }

    @Test("a combined status encodes statuses and repository.full_name")
    func combinedStatusEncoding() throws {
        let status = try GitHubFixture.decodeBoth(GHCombinedStatus.self, "combined-status")
        let fixture = try GitHubFixture.object("combined-status")
        let fromDictionary = try JSONAdapter.jsonDictionary(from: status)
        let fromData = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: status)) as? [String: Any])
        for json in [fromDictionary, fromData] {
            #expect(Set(json.keys) == ["state", "sha", "total_count", "statuses", "repository"])
            GitHubFixture.expectSameJSON(json, fixture, keys: ["state", "sha", "total_count"])
            #expect((json["repository"] as? [String: Any])?["full_name"] as? String == "octokit-fixture-org/create-status")
            let statuses = try #require(json["statuses"] as? [[String: Any]])
            let fixtureStatuses = try #require(fixture["statuses"] as? [[String: Any]])
            #expect(statuses.count == 2)
            for (encoded, original) in zip(statuses, fixtureStatuses) {
                #expect(Set(encoded.keys) == ["id", "state", "description", "target_url", "context", "created_at"])
                GitHubFixture.expectSameJSON(encoded, original, keys: ["id", "state", "description", "target_url",
                                                                       "context", "created_at"])
            }
        }
    }

    @Test("an unknown status state is .invalidValue naming the element")
    func unknownStatusState() throws {
        var fixture = try GitHubFixture.object("combined-status")
        var statuses = try #require(fixture["statuses"] as? [[String: Any]])
        statuses[1]["state"] = "cancelled"
        fixture["statuses"] = statuses
        let error = try #require(adapterError { _ = try JSONAdapter.model(of: GHCombinedStatus.self, from: fixture) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "statuses")
        #expect(error.jsonKeyPath == "statuses[1].state")
    }

    // MARK: validation-error.json

    @Test("validation-error.json decodes the message, the errors array and the documentation URL")
    func validationError() throws {
        let error = try GitHubFixture.decodeBoth(GHValidationError.self, "validation-error")
        #expect(error.message == "Validation Failed")
        #expect(error.errors.count == 1)
        #expect(error.errors.first?.resource == "Label")
        #expect(error.errors.first?.field == "color")
        #expect(error.errors.first?.code == "invalid")
        #expect(error.documentationURL == URL(string: "https://docs.github.com/rest/reference/issues#create-a-label"))
        try GitHubFixture.expectRoundTrips(error)
    }

    @Test("a validation error encodes back to the fixture exactly")
    func validationErrorEncoding() throws {
        let error = try GitHubFixture.decodeBoth(GHValidationError.self, "validation-error")
        let fixture = try GitHubFixture.object("validation-error")
        let fromDictionary = try JSONAdapter.jsonDictionary(from: error)
        let fromData = try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: error))
        // Every field of this fixture is mapped, so the whole document comes back.
        #expect(FoundationJSON.canonical(fromDictionary) == FoundationJSON.canonical(fixture))
        #expect(FoundationJSON.canonical(fromData) == FoundationJSON.canonical(fixture))
    }
}
