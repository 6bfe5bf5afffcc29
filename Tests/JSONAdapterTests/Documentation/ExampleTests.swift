//  Every example under Examples/ runs here, with its exact output, so that
//  none can rot; the quick start's output must be what the README shows.

import ExampleCatalog
import Foundation
import Testing
import MantleTestSupport

@Suite("Examples")
struct ExampleTests {
    /// The repository root.
    static let root = RepositoryFiles.root

    @Test("the quick start prints exactly what the README shows")
    func quickStartMatchesReadme() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "$ swift run GitHubIssues\n"
        let start = try #require(readme.range(of: marker))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        #expect(try GitHubIssuesExample.run() == shown)
    }

    @Test("class clusters")
    func classClusters() throws {
        #expect(try ClassClustersExample.run() == [
            "#1 text: Hello",
            "#2 picture: https://example.com/cat.png",
            "video: noClassFound",
            #"{"id":4,"type":"text","body":"Hi"}"#,
        ])
    }

    @Test("transformers: Twitter's date format, snake_case keys, a value mapping")
    func transformers() throws {
        #expect(try TransformersExample.run() == [
            "tweet 505874924095815681: Swift on Linux",
            "created 2014-08-31T00:29:15Z",
            "language french, 3 retweets",
            "created_at back: Sun Aug 31 00:29:15 +0000 2014, lang back: fr",
        ])
    }

    @Test("archiving with migration")
    func archiving() throws {
        let lines = try ArchivingExample.run()
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("version 0 archive: ") == true)
        #expect(lines.dropFirst() == [#"migrated: User(login: "octocat", id: 1)"#, "round trip equal: true"])
    }

    @Test("JSON Schema: complete and strict, and a structured-output answer decoded")
    func jsonSchema() throws {
        let lines = try JSONSchemaExample.run()
        #expect(Array(lines.prefix(6)) == [
            #"title: {"description":"One line saying what is wrong.","maxLength":80,"minLength":1,"type":"string"}"#,
            #"severity: {"enum":["low","medium","high"],"type":"string"}"#,
            ##"reporter: {"$ref":"#/$defs/Reporter"}"##,
            "strict required: affected_version, reporter, severity, steps, title",
            #"strict version: {"pattern":"^[0-9]+\\.[0-9]+$","type":["string","null"]}"#,
            "decoded: Crash on launch [high] by octocat",
        ])
        // Then the strict schema, indented: a closed object.
        let schema = try JSONSerialization.jsonObject(with: Data(lines.dropFirst(6).joined(separator: "\n").utf8))
        #expect((schema as? [String: Any])?["additionalProperties"] as? Bool == false)
    }

    @Test("PATCH documents: a merge patch made, applied, and a body that keeps absent apart from null")
    func mergePatch() throws {
        #expect(try MergePatchExample.run() == [
            #"PATCH {"body":"Open the app with no issues.","locked":true,"title":"Crash when the list is empty"}"#,
            "applied: true",
            "user kim keeps id 1000, reporter kim, body nil",
            #"invalidValue: GHIssue.title → "title": expected String, found null"#,
            #"name: absent, bio: null, re-encoded: {"bio":null}"#,
            "bio after the patch: nil",
        ])
    }

    @Test("errors")
    func errors() {
        #expect(ErrorsExample.run() == [
            #"invalidValue: Repository.stars → "stargazers_count": expected Int, found string "many""#,
            #"invalidValue: Repository.ownerLogin → "owner.login": expected String, found number 42"#,
            #"invalidValue: Repository.stars → "stargazers_count": expected Int, found number 1.5"#,
            #"invalidValue: Repository.name → "[1].name": expected String, found null"#,
            "invalidJSONData: invalid JSON: trailing comma in object at byte 18",
            """
            invalidValue: Repository.name → "name": expected from 1 to 100 characters, found string ""
            Repository.stars → "stargazers_count": expected at least 0, found number -1
            Repository.ownerLogin → "owner.login": expected String, found number 42
            """,
        ])
    }
}
