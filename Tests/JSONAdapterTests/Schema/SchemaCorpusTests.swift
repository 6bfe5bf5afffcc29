//
//  SchemaCorpusTests.swift
//  The schema corpus (SchemaCorpus, SchemaCorpusRunner): the schema of every
//  model in the tests and examples, and documents with the decoder's verdict.
//  Here: every schema can be made, both decoding paths agree on every
//  document, and the corpus is as large as it should be. With
//  MANTLE_SCHEMA_CASES=<folder> it also writes the schemas and cases there,
//  for .ci/check-json-schemas to run the reference validator over them.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("JSON Schema corpus")
struct SchemaCorpusTests {
    /// The corpus, run once for the tests below.
    static let corpus: SchemaCorpusRunner = {
        var runner = SchemaCorpusRunner()
        runner.run(SchemaCorpus.entries)
        return runner
    }()

    @Test("every model's schema is made, complete and strict")
    func everySchemaIsMade() {
        #expect(Self.corpus.failures == [])
        #expect(Self.corpus.schemas.count >= 2 * SchemaCorpus.entries.count)
    }

    @Test("both decoding paths give the same verdict on every document")
    func pathsAgree() {
        #expect(Self.corpus.pathDisagreements == [])
    }

    @Test("the corpus holds accepted documents and compared refusals of every model")
    func corpusSize() {
        let cases = Self.corpus.cases
        #expect(cases.filter(\.accepted).count > 500)
        #expect(cases.filter { !$0.accepted && $0.expectation == .invalid }.count > 1_000)
        // Every fixture of the GitHub API is accepted.
        let fixtures = cases.filter { $0.label.hasSuffix(".json") || $0.label.contains(".json[") }
            .filter { !$0.label.contains(":") && !$0.label.contains("encoded") }
        #expect(!fixtures.isEmpty)
        let refused = fixtures.filter { !$0.accepted }.map(\.label)
        #expect(refused == [])
    }

    @Test("with MANTLE_SCHEMA_CASES set, the schemas and cases are written for the validator")
    func writesCases() throws {
        guard let folder = ProcessInfo.processInfo.environment["MANTLE_SCHEMA_CASES"], !folder.isEmpty else { return }
        let root = URL(fileURLWithPath: folder)
        let schemas = root.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        for (id, text) in Self.corpus.schemas {
            try text.write(to: schemas.appendingPathComponent(id + ".json"))
        }
        var lines = ""
        for item in Self.corpus.cases {
            let meta: [String: Any] = ["schema": item.schema, "label": item.label, "accepted": item.accepted,
                                       "expectation": item.expectation.rawValue, "reason": String(item.reason.prefix(300)),
                                       "strictRefuses": item.strictRefuses]
            var text = String(decoding: try JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys]),
                              as: UTF8.self)
            // The document's own text, exactly (numbers as written), as the last member.
            text.removeLast()
            lines += text + #","document":"# + item.document + "}\n"
        }
        try Data(lines.utf8).write(to: root.appendingPathComponent("cases.jsonl"))
        let summary: [String: Any] = ["decoderChecksConstraints": Self.corpus.decoderChecksConstraints,
                                      "entries": SchemaCorpus.entries.count]
        try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
            .write(to: root.appendingPathComponent("summary.json"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("cases.jsonl").path))
    }
}
