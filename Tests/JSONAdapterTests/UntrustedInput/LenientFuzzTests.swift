//  Lenient decoding of mutated real GitHub responses: it never crashes,
//  decodes whatever strict decoding decodes (to the same models, with an
//  empty report), fails only for what leniency does not cover, and gives
//  the same models and reports on both decoding paths.

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

@Suite("Lenient decoding of mutated fixtures")
struct LenientFuzzTests {
    /// What happened to the mutated inputs.
    struct Tally: CustomStringConvertible {
        var cases = 0
        var strictDecoded = 0
        var lenientDecoded = 0
        var reported = 0
        var bothPathsCompared = 0
        var problems: [String] = []
        var description: String {
            "\(cases) cases: strict decoded \(strictDecoded), lenient decoded \(lenientDecoded) "
                + "(\(reported) with a report), both paths compared \(bothPathsCompared)"
        }
    }

    @Test("issues.json, mutated: lenient decoding is a superset of strict decoding and agrees across paths")
    func mutatedIssues() throws {
        let original = try GitHubFixtures.data("issues")
        let tree = try FixtureMutator.tree(original)
        var seeds = SplitMix64(seed: "lenient-issues")
        var mutator = FixtureMutator(seed: seeds.next())
        let lenient = JSONAdapter.Configuration(leniency: .all)
        var tally = Tally()
        for index in 0..<400 {
            let input = try mutator.mutate(tree)
            tally.cases += 1
            let strict = try? JSONAdapter.models(of: GHIssue.self, fromJSONData: input)
            if strict != nil { tally.strictDecoded += 1 }
            do {
                let (models, report) = try recordingLeniency { try JSONAdapter.models(of: GHIssue.self, fromJSONData: input,
                                                                        options: .init(configuration: lenient, leniencyRecorder: $0)) }
                tally.lenientDecoded += 1
                if !report.isEmpty { tally.reported += 1 }
                if let strict, strict != models || !report.isEmpty {
                    tally.problems.append("case \(index): strict decoding succeeded, lenient decoding differs: \(report)")
                }
                if let array = FoundationJSON.parsed(input) as? [Any] {
                    let (fromArray, arrayReport) = try recordingLeniency { try JSONAdapter.models(of: GHIssue.self, from: array,
                                                                                    options: .init(configuration: lenient, leniencyRecorder: $0)) }
                    tally.bothPathsCompared += 1
                    if fromArray != models { tally.problems.append("case \(index): the paths decoded different models") }
                    let paths = { (report: JSONLeniencyReport) in Set(report.entries.map { "\($0.jsonKeyPath) \($0.action)" }) }
                    if paths(arrayReport) != paths(report) {
                        tally.problems.append("case \(index): the paths reported differently:\n\(report)\n---\n\(arrayReport)")
                    }
                }
            } catch {
                if strict != nil { tally.problems.append("case \(index): strict decoded, lenient threw \(error)") }
                // Only the JSON text itself or a top level that is no array can defeat .all.
                if let error = error as? JSONAdapterError, error.code != .invalidJSONData, error.code != .invalidJSONDictionary {
                    tally.problems.append("case \(index): lenient decoding threw \(error)")
                }
            }
            if tally.problems.count > 10 { break }
        }
        print("[lenient fuzz] issues: \(tally)")
        #expect(tally.problems.isEmpty, "\(tally.problems.joined(separator: "\n"))")
        #expect(tally.lenientDecoded > tally.strictDecoded, "leniency never helped: \(tally)")
        #expect(tally.reported > 0 && tally.bothPathsCompared > 0, "\(tally)")
    }
}
