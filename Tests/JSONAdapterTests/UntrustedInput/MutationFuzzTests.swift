//
//  MutationFuzzTests.swift
//  Deterministic mutation fuzzing of the real GitHub fixtures: thousands of
//  mutated inputs per run, each decoded into its GitHub model through both the
//  JSON-data path and the JSONSerialization-dictionary path. Every call must
//  return or throw a JSONAdapterError that says why; a returned model must be
//  complete (equal on both paths, and equal after an encode/decode round trip).
//

import Foundation
import Testing
import MantleTestSupport
import GitHubModels
@testable import JSONAdapter

// MARK: - Tests

@Suite("Untrusted input: mutation fuzzing of the GitHub fixtures")
struct MutationFuzzTests {

    /// What happened to the mutated inputs of one fixture.
    struct Outcomes: CustomStringConvertible {
        var cases = 0
        var dataSuccesses = 0
        var dataFailures: [String: Int] = [:]
        var foundationAccepted = 0
        var dictionarySuccesses = 0
        var bothSucceededEqual = 0
        var withDuplicateKeys = 0
        var strictParserRejections = 0
        var differentErrors = 0
        var normalisedRoundTrips = 0
        var problems: [String] = []

        var description: String {
            let failures = dataFailures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(cases) cases: \(dataSuccesses) decoded, failures [\(failures)]; JSONSerialization accepted "
                + "\(foundationAccepted), dictionary path decoded \(dictionarySuccesses), equal on both \(bothSucceededEqual), "
                + "with duplicate keys \(withDuplicateKeys), refused only by the strict parser \(strictParserRejections), "
                + "both failed differently \(differentErrors), round trips normalising overlapping paths "
                + "\(normalisedRoundTrips), problems \(problems.count)"
        }

        mutating func problem(_ text: String, _ input: Data) {
            let shown = input.count <= 600 ? String(decoding: input, as: UTF8.self) : "\(input.count) bytes, seed-reproducible"
            guard problems.count < 20 else { return }
            problems.append("\(text)\n    input: \(shown)")
        }
    }

    /// Runs `target.cases` mutated inputs of the fixture through both paths.
    static func run(_ target: Target) throws -> Outcomes {
        let original = try GitHubFixtures.data(target.name)
        let tree = try FixtureMutator.tree(original)
        // The unmutated fixture decodes on both paths (sanity of the harness).
        let baseline = try target.decodeData(original)
        #expect(try target.decodeObject(JSONSerialization.jsonObject(with: original)) == baseline)

        var seeds = SplitMix64(seed: target.name)
        var mutator = FixtureMutator(seed: seeds.next())
        var outcomes = Outcomes()
        for index in 0..<target.cases {
            let input = try mutator.mutate(tree)
            outcomes.cases += 1

            // 1. The data path returns or throws an error that says why.
            var fromData: AnyHashable?
            var dataError: JSONAdapterError?
            do {
                fromData = try target.decodeData(input)
                outcomes.dataSuccesses += 1
            } catch {
                if let problem = UntrustedInput.problem(with: error) {
                    outcomes.problem("case \(index), data path: \(problem)", input)
                }
                dataError = error as? JSONAdapterError
                outcomes.dataFailures["\(dataError?.code ?? .invalidJSONMapping)", default: 0] += 1
            }

            // 2. The dictionary path, when JSONSerialization accepts the bytes.
            var fromDictionary: AnyHashable?
            var dictionaryError: JSONAdapterError?
            if let object = FoundationJSON.parsed(input) {
                outcomes.foundationAccepted += 1
                do {
                    fromDictionary = try target.decodeObject(object)
                    if fromDictionary != nil { outcomes.dictionarySuccesses += 1 }
                } catch {
                    if let problem = UntrustedInput.problem(with: error) {
                        outcomes.problem("case \(index), dictionary path: \(problem)", input)
                    }
                    dictionaryError = error as? JSONAdapterError
                }
                // 3. Both paths agree (duplicate keys included: the last one wins on
                // both), except that the strict parser may refuse bytes that
                // JSONSerialization tolerates (a byte order mark, say).
                if mutator.lastOperators.contains(.duplicateKey) { outcomes.withDuplicateKeys += 1 }
                switch (fromData, fromDictionary) {
                case let (data?, dictionary?):
                    if data == dictionary {
                        outcomes.bothSucceededEqual += 1
                    } else {
                        outcomes.problem("case \(index): the two paths decoded different models", input)
                    }
                case (_?, nil) where dictionaryError != nil:
                    outcomes.problem("case \(index): data path decoded, dictionary path threw \(dictionaryError!)", input)
                case (nil, _?):
                    if dataError?.code == .invalidJSONData {
                        outcomes.strictParserRejections += 1
                    } else {
                        outcomes.problem("case \(index): dictionary path decoded, data path threw \(dataError.map { "\($0)" } ?? "?")", input)
                    }
                case (nil, nil):
                    // Both failed: the same kind of failure, unless the strict parser refused the bytes.
                    if let dataError, let dictionaryError, dataError.code != .invalidJSONData,
                       dataError.code != dictionaryError.code || dataError.jsonKeyPath != dictionaryError.jsonKeyPath {
                        outcomes.differentErrors += 1
                    }
                default:
                    break
                }
            }

            // 4. A returned model is complete: it survives an encode/decode round trip.
            if let fromData {
                do {
                    let encoded = try target.encode(fromData)
                    let again = try target.decodeData(encoded)
                    if again != fromData {
                        // Two properties reading one JSON value (GHIssue.user.login and
                        // .reporterLogin) can hold a pair no JSON gives back, e.g. a user
                        // without "login" (login "", reporterLogin nil): only such
                        // differences are accepted (RoundTripDifferences), and the round
                        // trip must then be a fixed point.
                        var categories: Set<String> = []
                        let encodedAgain = try target.encode(again)
                        if let unexplained = RoundTripDifferences.unexplained(fromData.base, again.base, path: target.name,
                                                                           into: &categories) {
                            outcomes.problem("case \(index): the model changed in an encode/decode round trip at \(unexplained)", input)
                        } else if encodedAgain == encoded, try target.decodeData(encodedAgain) == again {
                            outcomes.normalisedRoundTrips += 1
                        } else {
                            outcomes.problem("case \(index): encode/decode round trips do not reach a fixed point", input)
                        }
                    }
                } catch {
                    outcomes.problem("case \(index): a decoded model did not round-trip: \(error)", input)
                }
            }
        }
        let operators = mutator.applied.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \($0.value)" }
        print("[mutation fuzz] \(target.name): \(outcomes); operators: \(operators.joined(separator: ", "))")
        return outcomes
    }

    @Test("Mutated fixtures decode or fail with a reason, consistently on both paths", arguments: Target.all)
    func mutatedFixture(_ target: Target) throws {
        let outcomes = try Self.run(target)
        #expect(outcomes.cases == target.cases)
        #expect(outcomes.problems.isEmpty, "\(outcomes.problems.joined(separator: "\n"))")
        // Both paths give the same errors too.
        #expect(outcomes.differentErrors == 0, "both paths failed, differently: \(outcomes)")
        // The mutator must both keep some inputs decodable and break others.
        #expect(outcomes.dataSuccesses > 0, "no mutated input decoded: \(outcomes)")
        #expect(outcomes.dataFailures.values.reduce(0, +) > 0, "no mutated input failed: \(outcomes)")
        #expect(outcomes.bothSucceededEqual > 0, "the paths were never compared: \(outcomes)")
        #expect(outcomes.dataFailures["invalidValue", default: 0] > 0, "no value-level failure: \(outcomes)")
        #expect(outcomes.dataFailures["invalidJSONData", default: 0] > 0, "no syntax-level failure: \(outcomes)")
    }

    @Test("The round-trip classifier accepts only overlapping-path nils and sub-millisecond dates")
    func differenceClassifier() throws {
        var issue = GHIssue()
        issue.user = GHUser()
        issue.createdAt = Date(timeIntervalSince1970: 1_507_651_200.123_456)
        var other = issue
        other.reporterLogin = ""
        other.createdAt = Date(timeIntervalSince1970: 1_507_651_200.123)
        var categories: Set<String> = []
        #expect(RoundTripDifferences.unexplained([issue], [other], path: "issues", into: &categories) == nil)
        #expect(categories == ["overlap", "date<1ms"])
        #expect(RoundTripDifferences.overlappingKeys(GHIssue.self) == ["user", "reporterLogin"])
        #expect(RoundTripDifferences.overlappingKeys(GHLabel.self).isEmpty)

        var changed = other
        changed.user?.id = 7
        #expect(RoundTripDifferences.unexplained(issue, changed, path: "issue", into: &categories) == "issue.user.id: 0 vs 7")
        changed = other
        changed.reporterLogin = "someone"
        changed.user?.login = "someone"
        #expect(RoundTripDifferences.unexplained(issue, changed, path: "issue", into: &categories) != nil)
        changed = other
        changed.createdAt = Date(timeIntervalSince1970: 1_507_651_200.2)
        #expect(RoundTripDifferences.unexplained(issue, changed, path: "issue", into: &categories) != nil)
    }

    @Test("The mutator is deterministic and actually mutates")
    func mutatorIsDeterministic() throws {
        let tree = try FixtureMutator.tree(try GitHubFixtures.data("organization"))
        let unmutated = try FixtureMutator.data(of: tree)
        var first = FixtureMutator(seed: 42)
        var second = FixtureMutator(seed: 42)
        var changed = 0
        var placeholdersLeft = 0
        for _ in 0..<200 {
            let a = try first.mutate(tree)
            #expect(try a == second.mutate(tree))
            if a != unmutated { changed += 1 }
            // Every exact text (extreme numbers, repeated keys, deep nesting) replaced its placeholder.
            if String(decoding: a, as: UTF8.self).contains("\u{E000}") { placeholdersLeft += 1 }
        }
        #expect(changed > 190)
        #expect(placeholdersLeft == 0)
        #expect(Set(first.applied.keys).count == FixtureMutator.Operator.allCases.count, "every operator ran: \(first.applied)")
    }

    @Test("The harness's JSON tree reproduces every fixture exactly (as JSONSerialization sees it)",
          arguments: Target.all.map(\.name))
    func treeRoundTrip(name: String) throws {
        let original = try GitHubFixtures.data(name)
        let tree = try FixtureMutator.tree(original)
        let rewritten = try FixtureMutator.data(of: tree)
        // Both texts, parsed and re-written by JSONSerialization with sorted keys, are identical.
        func canonical(_ data: Data) throws -> Data {
            try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
        }
        #expect(try canonical(original) == canonical(rewritten))
        #expect(try FixtureMutator.tree(rewritten).numbersRelaxed == tree.numbersRelaxed)
    }
}

// MARK: - Fixtures under test

extension MutationFuzzTests {
    /// A fixture and the model type it decodes into, type-erased.
    /// (`@unchecked`: its closures only call the adapter's thread-safe static API.)
    struct Target: @unchecked Sendable, CustomTestStringConvertible {
        /// The fixture's name (`issues`).
        let name: String
        /// How many mutated cases to run (the big fixtures get fewer: each costs more).
        let cases: Int
        /// Decodes JSON text (`model(of:fromJSONData:)` / `models(of:fromJSONData:)`).
        let decodeData: (Data) throws -> AnyHashable
        /// Decodes `JSONSerialization` output (`model(of:from:)` / `models(of:from:)`);
        /// `nil` when the top level does not even have the right Swift type.
        let decodeObject: (Any) throws -> AnyHashable?
        /// Encodes a decoded value back to JSON text.
        let encode: (AnyHashable) throws -> Data

        var testDescription: String { name }

        /// A fixture holding one object.
        static func single<M: JSONSerializing>(_ name: String, _ type: M.Type, cases: Int) -> Target {
            Target(
                name: name, cases: cases,
                decodeData: { AnyHashable(try JSONAdapter.model(of: M.self, fromJSONData: $0)) },
                decodeObject: { object in
                    guard let dictionary = object as? [String: Any] else { return nil }
                    return AnyHashable(try JSONAdapter.model(of: M.self, from: dictionary))
                },
                encode: { try JSONAdapter.jsonData(from: $0.base as! M) })
        }

        /// A fixture holding an array of objects.
        static func array<M: JSONSerializing>(_ name: String, _ type: M.Type, cases: Int) -> Target {
            Target(
                name: name, cases: cases,
                decodeData: { AnyHashable(try JSONAdapter.models(of: M.self, fromJSONData: $0)) },
                decodeObject: { object in
                    guard let array = object as? [Any] else { return nil }
                    return AnyHashable(try JSONAdapter.models(of: M.self, from: array))
                },
                encode: { try JSONAdapter.jsonData(from: ($0.base as! [M]) as [any JSONSerializing]) })
        }

        /// Every fixture with its model; 6,000 cases in all (a few seconds in a debug build).
        static let all: [Target] = [
            .array("issues", GHIssue.self, cases: 400),
            .single("search-issues", GHSearchResult.self, cases: 800),
            .single("repository", GHRepository.self, cases: 800),
            .single("organization", GHOrganization.self, cases: 800),
            .array("labels", GHLabel.self, cases: 800),
            .single("release", GHRelease.self, cases: 800),
            .single("combined-status", GHCombinedStatus.self, cases: 800),
            .single("validation-error", GHValidationError.self, cases: 800),
        ]
    }
}
