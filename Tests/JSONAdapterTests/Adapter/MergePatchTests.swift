//  JSON Merge Patch on models: the patch JSONAdapter makes between two
//  models equals JSONMergePatch's patch between their JSON (real GitHub
//  issues from the fixtures, and edited ones), and applying it to the first
//  model gives the second, from bytes and from a JSONSerialization
//  dictionary alike; and what applying a patch does to each kind of
//  property (nested models merge, null clears, dotted paths, composites,
//  alternatives, dictionaries, JSONOptional), atomically, for classes in
//  place with their observers notified.

import Foundation
import GitHubModels
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("JSON Merge Patch on models")
struct MergePatchTests {
    // MARK: Agreement with the generic patch, on real issues

    /// Every issue of the fixtures (issues and search results).
    static func fixtureIssues() throws -> [GHIssue] {
        let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: GitHubFixtures.data("issues"))
        let search = try JSONAdapter.model(of: GHSearchResult.self, fromJSONData: GitHubFixtures.data("search-issues"))
        return issues + search.items
    }

    /// The first fixture issue with what the fixtures' issues lack: an
    /// assignee (the other fixture user), the labels of the labels fixture,
    /// a body, and a closing date.
    static func richIssue() throws -> GHIssue {
        let issues = try fixtureIssues()
        var issue = issues[0]
        issue.assignee = try #require(issues.last?.user)
        issue.labels = try JSONAdapter.models(of: GHLabel.self, fromJSONData: GitHubFixtures.data("labels"))
        issue.body = issues.last?.body
        issue.closedAt = issue.updatedAt
        return issue
    }

    /// Checks that the model patch from `old` to `new` is the generic patch
    /// between their JSON, and that applying it (on `path`) turns `old` into `new`.
    static func checkPatch(from old: GHIssue, to new: GHIssue, path: DecodingPath,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let patch = try JSONAdapter.mergePatch(from: old, to: new)
        let generic = try JSONMergePatch.patch(from: JSONAdapter.jsonDictionary(from: old),
                                               to: JSONAdapter.jsonDictionary(from: new))
        #expect(FoundationJSON.canonical(patch) == FoundationJSON.canonical(generic), sourceLocation: sourceLocation)
        let data = try JSONAdapter.mergePatchData(from: old, to: new)
        #expect(FoundationJSON.canonical(try FoundationJSON.object(data)) == FoundationJSON.canonical(patch),
                sourceLocation: sourceLocation)
        var patched = old
        try apply(data, to: &patched, path: path)
        #expect(patched == new, "patch \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    /// Applies a patch given as JSON text: the bytes, or their `JSONSerialization` dictionary.
    static func apply<M: JSONSerializing>(_ patch: Data, to model: inout M, path: DecodingPath,
                                          options: JSONAdapter.DecodingOptions = .standard) throws {
        var options = options
        options.updateRule = .mergePatch
        switch path {
        case .data: try JSONAdapter.update(&model, fromJSONData: patch, options: options)
        case .dictionary, .foundationObjects: try JSONAdapter.update(&model, from: path.jsonObject(patch), options: options)
        }
    }

    /// Applies a patch given as JSON text.
    static func apply<M: JSONSerializing>(_ patch: String, to model: inout M, path: DecodingPath) throws {
        try apply(Data(patch.utf8), to: &model, path: path)
    }

    @Test("between two real issues, both ways: the generic patch of their JSON, and applying it gives the other",
          arguments: DecodingPath.allCases)
    func fixturePairs(path: DecodingPath) throws {
        let issues = try Self.fixtureIssues()
        #expect(issues.count == 15)
        for index in issues.indices {
            let other = issues[(index + 5) % issues.count]
            try Self.checkPatch(from: issues[index], to: other, path: path)
            try Self.checkPatch(from: other, to: issues[index], path: path)
        }
    }

    /// `issue` with random edits, keeping `user.login` and `reporterLogin`
    /// (the same JSON member) in agreement.
    static func edited(_ issue: GHIssue, _ random: inout SplitMix64) -> GHIssue {
        var edited = issue
        if random.chance(40) { edited.title = ["Renamed", "", "Ünïcode ✓", issue.title + "!"][random.below(4)] }
        if random.chance(30) { edited.body = random.chance(50) ? nil : "Body \(random.below(100))" }
        if random.chance(25) { edited.state = edited.state == .open ? .closed : .open }
        if random.chance(20) { edited.locked.toggle() }
        if random.chance(30) { edited.comments = random.below(1_000) }
        if random.chance(30) {
            if random.chance(40) {
                edited.assignee = nil
            } else {
                var assignee = edited.assignee ?? GHUser()
                assignee.login = "assignee\(random.below(5))"
                if random.chance(50) { assignee.id = random.below(10_000) }
                edited.assignee = assignee
            }
        }
        if random.chance(30) {
            if random.chance(25) {
                edited.user = nil
                edited.reporterLogin = nil
            } else {
                var user = edited.user ?? GHUser()
                user.login = "reporter\(random.below(5))"
                if random.chance(50) { user.siteAdmin.toggle() }
                if random.chance(30) { user.avatarURL = random.chance(50) ? nil : URL(string: "https://example.com/a.png") }
                edited.user = user
                edited.reporterLogin = user.login
            }
        }
        if random.chance(30) {
            if !edited.labels.isEmpty, random.chance(50) {
                edited.labels[random.below(edited.labels.count)].name = "label\(random.below(9))"
            } else if random.chance(50) {
                edited.labels = []
            } else {
                var label = GHLabel()
                label.id = random.below(100)
                label.name = "new"
                label.summary = random.chance(50) ? nil : "A new label"
                edited.labels.append(label)
            }
        }
        if random.chance(25) {
            edited.closedAt = random.chance(50) ? nil : Date(timeIntervalSince1970: Double(1_500_000_000 + random.below(100_000)))
        }
        return edited
    }

    @Test("300 issues edited at random, both ways: the generic patch, and applying it gives the edit",
          arguments: DecodingPath.allCases)
    func randomEdits(path: DecodingPath) throws {
        let issues = try Self.fixtureIssues() + [Self.richIssue()]
        var random = SplitMix64(seed: "merge patch edits")
        for round in 0..<300 {
            let original = issues[round % issues.count]
            let edit = Self.edited(original, &random)
            try Self.checkPatch(from: original, to: edit, path: path)
            try Self.checkPatch(from: edit, to: original, path: path)
        }
    }

    @Test("a patch holds only what changed, at its JSON location; {} for nothing")
    func onlyChanges() throws {
        let issue = try Self.richIssue()
        var edited = issue
        edited.title = "Renamed"
        edited.assignee = nil
        edited.user?.siteAdmin = true
        #expect(issue.assignee != nil)
        #expect(String(decoding: try JSONAdapter.mergePatchData(from: issue, to: edited), as: UTF8.self)
                    == #"{"assignee":null,"title":"Renamed","user":{"site_admin":true}}"#)
        #expect(try JSONAdapter.mergePatch(from: issue, to: issue).isEmpty)
        #expect(String(decoding: try JSONAdapter.mergePatchData(from: issue, to: issue), as: UTF8.self) == "{}")
        edited = issue
        edited.labels.removeLast()
        let patch = try JSONAdapter.mergePatch(from: issue, to: edited)
        #expect(Array(patch.keys) == ["labels"])
        #expect((patch["labels"] as? [Any])?.count == issue.labels.count - 1) // an array is sent whole
    }

    // MARK: Applying, property by property

    @Test("a nested object merges into the nested model, where update replaces it", arguments: DecodingPath.allCases)
    func nestedMerges(path: DecodingPath) throws {
        let issue = try Self.richIssue()
        let user = try #require(issue.user)
        var patched = issue
        try Self.apply(#"{"user": {"login": "kim"}, "title": "T"}"#, to: &patched, path: path)
        #expect(patched.user?.login == "kim")
        #expect(patched.reporterLogin == "kim") // user.login: the patch reaches it too
        #expect(patched.user?.id == user.id && patched.user?.avatarURL == user.avatarURL)
        #expect(patched.title == "T")
        #expect(patched.body == issue.body && patched.labels == issue.labels && patched.createdAt == issue.createdAt)
        var updated = issue
        try path.update(&updated, #"{"user": {"login": "kim"}}"#)
        #expect(updated.user?.login == "kim" && updated.user?.id == 0)
    }

    @Test("null clears an optional, and a dotted path below it; for a non-optional, also nested, it fails",
          arguments: DecodingPath.allCases)
    func nullClears(path: DecodingPath) throws {
        let issue = try Self.richIssue()
        #expect(issue.user != nil && issue.reporterLogin != nil && issue.assignee != nil && issue.closedAt != nil)
        var patched = issue
        try Self.apply(#"{"user": null, "closed_at": null}"#, to: &patched, path: path)
        #expect(patched.user == nil && patched.reporterLogin == nil && patched.closedAt == nil)
        #expect(patched.assignee == issue.assignee && patched.title == issue.title)

        patched = issue
        for (patch, key, jsonPath) in [(#"{"title": null}"#, "title", "title"),
                                       (#"{"body": "x", "assignee": {"login": null}}"#, "assignee", "assignee.login"),
                                       (#"{"user": {"site_admin": null}}"#, "user", "user.site_admin")] {
            let error = try #require(adapterError { try Self.apply(patch, to: &patched, path: path) })
            #expect(error.propertyKey == key)
            #expect(error.jsonKeyPath == jsonPath)
            #expect(error.found == "null")
            #expect(patched == issue) // nothing half-written
        }
        // A nested optional is cleared like a top-level one.
        try Self.apply(#"{"user": {"avatar_url": null}}"#, to: &patched, path: path)
        #expect(patched.user?.avatarURL == nil && patched.user?.login == issue.user?.login)
    }
}
