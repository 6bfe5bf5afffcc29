//
//  GitHubRepositoryFixtureTests.swift
//  repository.json (GET /repos/{owner}/{repo}) and organization.json (GET /orgs/{org}).
//

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

@Suite("GitHub fixtures: repository, organization")
struct GitHubRepositoryFixtureTests {

    @Test("repository.json decodes owner, counts, topics and permissions")
    func repository() throws {
        let repository = try GitHubFixture.decodeBoth(GHRepository.self, "repository")
        #expect(repository.id == 1000)
        #expect(repository.name == "hello-world")
        #expect(repository.fullName == "octokit-fixture-org/hello-world")
        #expect(repository.owner.login == "octokit-fixture-org")
        #expect(repository.owner.id == 1000)
        #expect(repository.owner.type == .organization)
        #expect(repository.owner.htmlURL == URL(string: "https://github.com/octokit-fixture-org"))
        #expect(repository.ownerLogin == "octokit-fixture-org")
        #expect(repository.isPrivate == false)
        #expect(repository.isFork == false)
        #expect(repository.htmlURL == URL(string: "https://github.com/octokit-fixture-org/hello-world"))
        #expect(repository.summary == nil)
        #expect(repository.language == nil)
        #expect(repository.defaultBranch == "master")
        #expect(repository.stargazersCount == 42)
        #expect(repository.forksCount == 42)
        #expect(repository.openIssuesCount == 42)
        #expect(repository.topics == ["fixtures", "hello", "hello-world"])
        #expect(repository.permissions == ["admin": true, "maintain": true, "push": true, "triage": true, "pull": true])
        #expect(repository.createdAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
        #expect(repository.pushedAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
        try GitHubFixture.expectRoundTrips(repository)
    }

    @Test("a repository encodes with the REST API's key names")
    func repositoryEncoding() throws {
        let repository = try GitHubFixture.decodeBoth(GHRepository.self, "repository")
        let fixture = try GitHubFixture.object("repository")
        let fromDictionary = try JSONAdapter.jsonDictionary(from: repository)
        let fromData = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: repository)) as? [String: Any])
        for json in [fromDictionary, fromData] {
            GitHubFixture.expectSameJSON(json, fixture, keys: [
                "id", "name", "full_name", "private", "fork", "html_url", "description", "language", "default_branch",
                "stargazers_count", "forks_count", "open_issues_count", "topics", "permissions", "created_at", "pushed_at",
            ])
            #expect(json["description"] is NSNull)
            #expect(json["language"] is NSNull)
            #expect(json["private"] as? Bool == false)
            let owner = try #require(json["owner"] as? [String: Any])
            #expect(owner["login"] as? String == "octokit-fixture-org")
            #expect(owner["type"] as? String == "Organization")
            #expect(FoundationJSON.number(owner["id"]) == 1000)
            let permissions = try #require(json["permissions"] as? [String: Any])
            #expect(permissions.count == 5)
            #expect(permissions["admin"] as? Bool == true)
        }
        let omitted = try JSONAdapter.jsonDictionary(from: repository, options: .omitsNilValues)
        #expect(omitted["description"] == nil)
        #expect(omitted["language"] == nil)
        #expect(omitted["name"] as? String == "hello-world")
    }

    @Test("ownerLogin overrides owner.login when the two differ, identically on both encodings")
    func ownerLoginOverride() throws {
        var repository = try GitHubFixture.decodeBoth(GHRepository.self, "repository")
        repository.ownerLogin = "renamed-org"
        let dictionary = try JSONAdapter.jsonDictionary(from: repository)
        let data = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: repository)) as? [String: Any])
        #expect(FoundationJSON.canonical(dictionary) == FoundationJSON.canonical(data))
        let decoded = try JSONAdapter.model(of: GHRepository.self, from: dictionary)
        #expect(decoded.ownerLogin == decoded.owner.login)
    }

    @Test("organization.json decodes plan.name and plan.seats through dotted paths")
    func organization() throws {
        let organization = try GitHubFixture.decodeBoth(GHOrganization.self, "organization")
        #expect(organization.login == "octokit-fixture-org")
        #expect(organization.id == 1000)
        #expect(organization.type == .organization)
        #expect(organization.summary == nil)
        #expect(organization.publicRepos == 42)
        #expect(organization.isVerified == false)
        #expect(organization.planName == "team")
        #expect(organization.planSeats == 5)
        #expect(organization.createdAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
        try GitHubFixture.expectRoundTrips(organization)
    }

    @Test("an organization encodes plan as a nested object")
    func organizationEncoding() throws {
        let organization = try GitHubFixture.decodeBoth(GHOrganization.self, "organization")
        let fixture = try GitHubFixture.object("organization")
        let fromDictionary = try JSONAdapter.jsonDictionary(from: organization)
        let fromData = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: organization)) as? [String: Any])
        for json in [fromDictionary, fromData] {
            #expect(Set(json.keys) == ["login", "id", "type", "description", "public_repos", "is_verified", "plan", "created_at"])
            GitHubFixture.expectSameJSON(json, fixture, keys: ["login", "id", "type", "description", "public_repos",
                                                               "is_verified", "created_at"])
            let plan = try #require(json["plan"] as? [String: Any])
            #expect(Set(plan.keys) == ["name", "seats"])
            #expect(plan["name"] as? String == "team")
            #expect(FoundationJSON.number(plan["seats"]) == 5)
        }

        var planless = organization
        planless.planName = nil
        planless.planSeats = nil
        let withNulls = try JSONAdapter.jsonDictionary(from: planless)
        let plan = try #require(withNulls["plan"] as? [String: Any])
        #expect(plan["name"] is NSNull && plan["seats"] is NSNull)
        for omitted in [try JSONAdapter.jsonDictionary(from: planless, options: .omitsNilValues),
                        try #require(try JSONSerialization.jsonObject(
                            with: JSONAdapter.jsonData(from: planless, options: .omitsNilValues)) as? [String: Any])] {
            #expect(omitted["plan"] == nil)
            #expect(omitted["description"] == nil)
            #expect(omitted["login"] as? String == "octokit-fixture-org")
        }
    }

    @Test("an organization without a plan keeps nil; a null plan gives nil")
    func organizationWithoutPlan() throws {
        var fixture = try GitHubFixture.object("organization")
        fixture["plan"] = nil
        let missing = try JSONAdapter.model(of: GHOrganization.self, from: fixture)
        #expect(missing.planName == nil && missing.planSeats == nil)
        fixture["plan"] = NSNull()
        let null = try JSONAdapter.model(of: GHOrganization.self, fromJSONData: JSONSerialization.data(withJSONObject: fixture))
        #expect(null.planName == nil && null.planSeats == nil)
        #expect(null == missing)
    }
}
