//
//  JSONSchemaArticleTests.swift
//  GeneratingJSONSchemas.md: the bug report's schema as the article shows it, the
//  strict subset and the answer decoded, and a transformer that states the
//  schema of its JSON side.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("GeneratingJSONSchemas.md")
struct JSONSchemaArticleTests {
    struct Reporter: JSONSerializing {
        var login = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "login"] }
    }

    struct BugReport: JSONSerializing {
        enum Severity: String, CaseIterable { case low, medium, high }

        var title = ""
        var severity = Severity.low
        var steps: [String] = []
        var version: String?
        var reporter = Reporter()

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["title": "title", "severity": "severity", "steps": "steps",
             "version": "affected_version", "reporter": "reporter"]
        }

        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "title": [.length(1...80)]
            case "steps": [.count(1...)]
            default: []
            }
        }

        static func jsonDescription(forKey key: String) -> String? {
            key == "title" ? "One line saying what is wrong." : nil
        }
    }

    /// A colour written as `#rrggbb`.
    struct Color: Equatable {
        var hex = "#000000"
        init?(hex: String) {
            guard hex.count == 7, hex.hasPrefix("#") else { return nil }
            self.hex = hex
        }
    }

    static let hexColor = JSONValueTransformer(forward: { (text: String) in Color(hex: text) },
                                           reverse: { (color: Color) in color.hex })
        .withJSONSchema(["type": "string", "pattern": "^#[0-9a-f]{6}$"])

    @Test("the schema shows title and severity as the article does; the text is sorted and indented")
    func bugReport() throws {
        let schema = try JSONAdapter.jsonSchema(of: BugReport.self)
        #expect(JSONSchemaTests.text(JSONSchemaTests.value(schema.jsonObject, "properties", "title"))
                == #"{"description":"One line saying what is wrong.","maxLength":80,"minLength":1,"type":"string"}"#)
        #expect(JSONSchemaTests.text(JSONSchemaTests.value(schema.jsonObject, "properties", "severity"))
                == #"{"enum":["low","medium","high"],"type":"string"}"#)
        #expect(schema.description.hasPrefix("{\n  \"$defs\" : {\n    \"Reporter\" : {"))
        #expect(try !schema.jsonData().isEmpty)
    }

    @Test("the strict subset requires everything, and the answer decodes")
    func structuredOutput() throws {
        let schema = try JSONAdapter.jsonSchema(of: BugReport.self, options: .strictStructuredOutput)
        #expect(schema.jsonObject["required"] as? [String] == ["affected_version", "reporter", "severity", "steps", "title"])
        let answer = Data(#"{"title": "Crash", "severity": "high", "steps": ["Open"], "affected_version": null, "reporter": {"login": "a"}}"#.utf8)
        let report = try JSONAdapter.model(of: BugReport.self, fromJSONData: answer)
        #expect(report.severity == .high && report.version == nil)
    }

    @Test("a transformer states the schema of its JSON side")
    func hexColor() throws {
        #expect(JSONSchemaTests.text(Self.hexColor.jsonSchema) == #"{"pattern":"^#[0-9a-f]{6}$","type":"string"}"#)
        #expect(try Self.hexColor.transformedValue("#ff8000") as? Color == Color(hex: "#ff8000"))
    }
}
