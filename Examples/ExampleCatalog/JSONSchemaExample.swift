import Foundation
import JSONAdapter

/// JSON Schema: the schema of a model type, complete (to validate requests or
/// document an API) and in the strict subset that language models'
/// structured-output modes take; then the model's answer decoded.
public enum JSONSchemaExample {
    /// How bad a bug is.
    enum Severity: String, CaseIterable, Sendable {
        case low, medium, high
    }

    /// Who reported a bug.
    struct Reporter: JSONSerializing {
        var login = ""
        var email: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "login", "email": "email"] }
    }

    /// A bug report, as a language model is asked to extract it from a message.
    struct BugReport: JSONSerializing {
        var title = ""
        var severity = Severity.low
        var steps: [String] = []
        var version: String?
        var reporter = Reporter()

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["title": "title", "severity": "severity", "steps": "steps", "version": "affected_version",
             "reporter": "reporter"]
        }

        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "title": [.length(1...80)]
            case "steps": [.count(1...)]
            case "version": [.pattern("^[0-9]+\\.[0-9]+$")]
            default: []
            }
        }

        static func jsonDescription(forKey key: String) -> String? {
            switch key {
            case "title": "One line saying what is wrong."
            case "steps": "How to make it happen, one step per element."
            default: nil
            }
        }
    }

    /// The lines the example prints.
    public static func run() throws -> [String] {
        let complete = try JSONAdapter.jsonSchema(of: BugReport.self)
        let strict = try JSONAdapter.jsonSchema(of: BugReport.self, options: .strictStructuredOutput)
        let properties = complete.jsonObject["properties"] as? [String: Any] ?? [:]
        func text(_ value: Any?) -> String {
            guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else {
                return "-"
            }
            return String(decoding: data, as: UTF8.self)
        }
        // What a model answered, following the strict schema: every member present, null for none.
        let answer = Data(#"""
            {"title": "Crash on launch", "severity": "high", "steps": ["Open the app"],
             "affected_version": null, "reporter": {"login": "octocat", "email": null}}
            """#.utf8)
        let report = try JSONAdapter.model(of: BugReport.self, fromJSONData: answer)
        return [
            "title: \(text(properties["title"]))",
            "severity: \(text(properties["severity"]))",
            "reporter: \(text(properties["reporter"]))",
            "strict required: \((strict.jsonObject["required"] as? [String] ?? []).joined(separator: ", "))",
            "strict version: \(text((strict.jsonObject["properties"] as? [String: Any])?["affected_version"]))",
            "decoded: \(report.title) [\(report.severity.rawValue)] by \(report.reporter.login)",
        ] + strict.description.split(separator: "\n").map(String.init)
    }
}
