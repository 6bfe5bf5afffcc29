import Foundation
import GitHubModels
import JSONAdapter

/// PATCH documents (JSON Merge Patch, RFC 7396): a client sends only what it
/// changed in a GitHub issue, the server applies it to its copy (a nested
/// object merges, `null` clears), and a PATCH body declared with
/// `JSONOptional` keeps a field that was left out apart from one set to `null`.
public enum MergePatchExample {
    /// The fields of a profile that a PATCH request may send.
    struct ProfilePatch: JSONSerializing {
        var name = JSONOptional<String>()
        var bio = JSONOptional<String>()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "bio": "bio"] }
    }

    /// The lines the example prints.
    public static func run() throws -> [String] {
        var lines: [String] = []
        let stored = try JSONAdapter.models(of: GHIssue.self, fromJSONData: GitHubFixtures.data("issues"))[0]

        // The client edits its copy and sends the difference.
        var edited = stored
        edited.title = "Crash when the list is empty"
        edited.body = "Open the app with no issues."
        edited.locked = true
        let body = try JSONAdapter.mergePatchData(from: stored, to: edited)
        lines.append("PATCH " + String(decoding: body, as: UTF8.self))

        // The server applies it to the issue it stores.
        var server = stored
        try JSONAdapter.update(&server, fromJSONData: body, options: .mergePatch)
        lines.append("applied: \(server == edited)")

        // A nested object merges into the nested model; null clears an optional.
        try JSONAdapter.update(&server, fromJSONData: Data(#"{"user": {"login": "kim"}, "body": null}"#.utf8), options: .mergePatch)
        lines.append("user \(server.user?.login ?? "-") keeps id \(server.user?.id ?? 0), reporter \(server.reporterLogin ?? "-"), "
                         + "body \(server.body ?? "nil")")

        // null for a property that cannot be null is an error, and changes nothing.
        do {
            try JSONAdapter.update(&server, fromJSONData: Data(#"{"title": null}"#.utf8), options: .mergePatch)
        } catch let error as JSONAdapterError {
            lines.append("\(error.code): \(error)")
        }

        // A PATCH body whose fields tell "left out" from null.
        let patch = try JSONAdapter.model(of: ProfilePatch.self, fromJSONData: Data(#"{"bio": null}"#.utf8))
        lines.append("name: \(patch.name), bio: \(patch.bio), re-encoded: "
                         + String(decoding: try JSONAdapter.jsonData(from: patch), as: UTF8.self))
        var bio: String? = "Swift developer"
        bio = patch.bio.applied(to: bio)
        lines.append("bio after the patch: \(bio ?? "nil")")
        return lines
    }
}
