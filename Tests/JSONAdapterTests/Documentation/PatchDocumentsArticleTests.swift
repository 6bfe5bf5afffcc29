//
//  PatchDocumentsArticleTests.swift
//  PatchDocuments.md: the merge patch of an edit, applying one (nested merge,
//  null), the two update rules, a PATCH body of JSONOptionals, the
//  plain-JSON functions, and the format's limits, as the article shows them.
//

import Foundation
import GitHubModels
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("PatchDocuments.md")
struct PatchDocumentsArticleTests {
    /// The article's PATCH body.
    struct ProfilePatch: JSONSerializing {
        var name = JSONOptional<String>()
        var bio = JSONOptional<String>()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "bio": "bio"] }
    }

    @Test("Send only what changed: the body the article shows")
    func sendOnlyWhatChanged() throws {
        let issue = try MergePatchTests.richIssue()
        var edited = issue
        edited.title = "Renamed"
        edited.assignee = nil
        edited.user?.siteAdmin = true
        let body = try JSONAdapter.mergePatchData(from: issue, to: edited)
        #expect(String(decoding: body, as: UTF8.self) == #"{"assignee":null,"title":"Renamed","user":{"site_admin":true}}"#)
        var storedIssue = issue
        try JSONAdapter.update(&storedIssue, fromJSONData: body, options: .mergePatch)
        #expect(storedIssue == edited)
    }

    @Test("Apply a patch: a nested object merges (update replaces), null clears", arguments: DecodingPath.allCases)
    func applyAndUpdate(path: DecodingPath) throws {
        let issue = try MergePatchTests.richIssue()
        var patched = issue
        try MergePatchTests.apply(#"{"user": {"login": "kim"}, "assignee": null}"#, to: &patched, path: path)
        #expect(patched.user?.login == "kim" && patched.user?.id == issue.user?.id && patched.assignee == nil)
        var updated = issue
        try path.update(&updated, #"{"user": {"login": "kim"}, "assignee": null}"#)
        #expect(updated.user?.login == "kim" && updated.user?.id == 0 && updated.assignee == nil)
    }

    @Test("Tell left out from null: the ProfilePatch example")
    func profilePatch() throws {
        let patch = try JSONAdapter.model(of: ProfilePatch.self, fromJSONData: Data(#"{"bio": null}"#.utf8))
        #expect(patch.name == .absent && patch.bio == .null)
        var profileBio: String? = "Swift developer", profileName: String? = "Kim"
        profileBio = patch.bio.applied(to: profileBio)
        profileName = patch.name.applied(to: profileName)
        #expect(profileBio == nil && profileName == "Kim")
        #expect(String(decoding: try JSONAdapter.jsonData(from: patch), as: UTF8.self) == #"{"bio":null}"#)
    }

    @Test("Plain JSON values: applying(_:to:) and patch(from:to:)")
    func plainValues() throws {
        let document: [String: Any] = ["title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"]]
        let patched = try JSONMergePatch.applying(["title": "Hello!", "author": ["familyName": NSNull()]], to: document)
        #expect(FoundationJSON.canonical(patched) == #"{"author":{"givenName":"John"},"title":"Hello!"}"#)
        let patch = try JSONMergePatch.patch(from: document, to: patched)
        #expect(FoundationJSON.canonical(patch) == #"{"author":{"familyName":null},"title":"Hello!"}"#)
    }
}
