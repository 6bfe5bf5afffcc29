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

// MARK: - Targets

/// A fixture and the model type it decodes into, type-erased.
/// (`@unchecked`: its closures only call the adapter's thread-safe static API.)
struct RobustFuzzTarget: @unchecked Sendable, CustomTestStringConvertible {
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
    static func single<M: JSONSerializing>(_ name: String, _ type: M.Type, cases: Int) -> RobustFuzzTarget {
        RobustFuzzTarget(
            name: name, cases: cases,
            decodeData: { AnyHashable(try JSONAdapter.model(of: M.self, fromJSONData: $0)) },
            decodeObject: { object in
                guard let dictionary = object as? [String: Any] else { return nil }
                return AnyHashable(try JSONAdapter.model(of: M.self, from: dictionary))
            },
            encode: { try JSONAdapter.jsonData(from: $0.base as! M) })
    }

    /// A fixture holding an array of objects.
    static func array<M: JSONSerializing>(_ name: String, _ type: M.Type, cases: Int) -> RobustFuzzTarget {
        RobustFuzzTarget(
            name: name, cases: cases,
            decodeData: { AnyHashable(try JSONAdapter.models(of: M.self, fromJSONData: $0)) },
            decodeObject: { object in
                guard let array = object as? [Any] else { return nil }
                return AnyHashable(try JSONAdapter.models(of: M.self, from: array))
            },
            encode: { try JSONAdapter.jsonData(from: ($0.base as! [M]) as [any JSONSerializing]) })
    }

    /// Every fixture with its model; 6,000 cases in all (a few seconds in a debug build).
    static let all: [RobustFuzzTarget] = [
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

// MARK: - Mutator

/// Mutates JSON fixtures deterministically: structural operators on a parsed
/// tree (type swaps at a key, deleted keys, huge and negative numbers, deep
/// nesting at a value), then byte operators on the text (bit flips,
/// truncation, insertion, deletion, duplication).
struct RobustMutator {
    /// The operators, for statistics.
    enum Operator: String, CaseIterable {
        case swapType, deleteKey, extremeNumber, deepNesting, duplicateKey
        case flipBit, setByte, truncate, insertBytes, deleteBytes, duplicateBytes
    }

    var random: SplitMix64
    /// Operators applied so far, for statistics.
    var applied: [Operator: Int] = [:]

    /// Numbers at and past the limits of every integer type and of `Double`.
    /// (Not `1e-400`: `JSONSerialization` reads it as `0.0`, which an integer
    /// property takes while the bytes path refuses the literal — the one
    /// documented difference, tested in `ValueFidelityTests.underflowIntoInt`.)
    static let extremeNumbers = [
        "-1", "-0", "0", "1", "-1.5", "0.5", "1e2", "1E+2", "-9223372036854775808", "-9223372036854775809",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
        "1e400", "-1e400", "1.7976931348623157e308", "4294967296", "-2147483649",
        "123456789012345678901234567890", "9007199254740993", "0.1e1", "-0.0",
    ]

    /// Strings that some property type may or may not accept.
    static let strings = [
        "", "x", "open", "closed", "User", "pending", "2017-10-10T16:00:00Z", "2017-10-10T16:00:00.123+02:00",
        "2017-13-45T99:99:99Z", "not a date", "https://example.com/a", "https://example.com/a b", "://", "é",
        "\u{0}", "12", "true", "null", "\u{1F389}",
    ]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A replacement value of a different kind than `old`.
    mutating func differentKind(than old: RobustJSON, in root: RobustJSON) -> RobustJSON {
        while true {
            let candidate: RobustJSON
            switch random.below(6) {
            case 0: candidate = .string(random.pick(Self.strings))
            case 1: candidate = .number(random.pick(Self.extremeNumbers))
            case 2: candidate = .bool(random.chance(50))
            case 3: candidate = .null
            case 4:
                switch random.below(3) {
                case 0: candidate = .object([])
                case 1: candidate = .object([RobustMember(key: "login", value: .number("1")),
                                             RobustMember(key: "name", value: .null)])
                default:
                    // Some other object of the same document.
                    let paths = root.memberPaths()
                    let objects = paths.compactMap { path -> RobustJSON? in
                        if case .object = root.value(at: path[...]) { return root.value(at: path[...]) }
                        return nil
                    }
                    candidate = objects.isEmpty ? .object([]) : random.pick(objects)
                }
            default:
                switch random.below(3) {
                case 0: candidate = .array([])
                case 1: candidate = .array([.number("1"), .string("a"), .null])
                default: candidate = .array([.object([]), .array([])])
                }
            }
            if candidate.kindName != old.kindName { return candidate }
        }
    }

    /// A value nested `depth` deep, arrays, objects or both.
    mutating func deepValue() -> RobustJSON {
        let depth = random.pick([2, 16, 100, 255, 300, 509, 510, 511, 512, 513, 600, 1_000, 3_000])
        let style = random.below(3)
        var value: RobustJSON = random.chance(50) ? .number("1") : .string("deep")
        for level in 0..<depth {
            let useObject = style == 1 || (style == 2 && level % 2 == 0)
            value = useObject ? .object([RobustMember(key: "login", value: value)]) : .array([value])
        }
        return value
    }

    /// One member path, mostly one whose key some model reads.
    mutating func memberPath(in tree: RobustJSON) -> [RobustJSON.Step]? {
        let paths = tree.memberPaths()
        guard !paths.isEmpty else { return nil }
        if random.chance(75) {
            let mapped = paths.filter {
                if case .key(let key)? = $0.last { return Robust.mappedGitHubKeys.contains(key) }
                return false
            }
            if !mapped.isEmpty { return random.pick(mapped) }
        }
        return random.pick(paths)
    }

    /// Applies one structural operator; returns it, or `nil` when nothing applied.
    mutating func mutateTree(_ tree: inout RobustJSON) -> Operator? {
        guard let path = memberPath(in: tree) else { return nil }
        let op: Operator = random.pick([.swapType, .swapType, .deleteKey, .extremeNumber, .extremeNumber,
                                        .deepNesting, .duplicateKey])
        let root = tree
        switch op {
        case .swapType:
            guard let old = tree.value(at: path[...]) else { return nil }
            let new = differentKind(than: old, in: root)
            tree.update(at: path[...]) { _ in new }
        case .deleteKey:
            tree.update(at: path[...]) { _ in nil }
        case .extremeNumber:
            let old = tree.value(at: path[...])
            let new: String
            if case .number(let text)? = old, random.chance(40) {
                new = text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text
            } else {
                new = random.pick(Self.extremeNumbers)
            }
            tree.update(at: path[...]) { _ in .number(new) }
        case .deepNesting:
            let new = deepValue()
            tree.update(at: path[...]) { _ in new }
        case .duplicateKey:
            // The same key again with another value in the same object
            // (the last one wins, on both paths).
            guard case .key(let key)? = path.last, let old = tree.value(at: path[...]) else { return nil }
            let new = differentKind(than: old, in: root)
            tree.update(at: path.dropLast()) { parent in
                guard case .object(var members) = parent else { return parent }
                members.append(RobustMember(key: key, value: new))
                return .object(members)
            }
        default:
            return nil
        }
        return op
    }

    /// Bytes worth inserting: structure, escapes, invalid UTF-8, controls.
    static let interestingBytes: [UInt8] = Array("{}[]\",:\\0123456789-+.eE tfn".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    /// Applies one byte operator.
    mutating func mutateBytes(_ bytes: inout [UInt8]) -> Operator {
        if bytes.isEmpty {
            bytes.append(random.pick(Self.interestingBytes))
            return .insertBytes
        }
        let op: Operator = random.pick([.flipBit, .flipBit, .setByte, .truncate, .insertBytes, .deleteBytes,
                                        .duplicateBytes])
        let position = random.below(bytes.count)
        switch op {
        case .flipBit:
            bytes[position] ^= 1 << UInt8(random.below(8))
        case .setByte:
            bytes[position] = random.pick(Self.interestingBytes)
        case .truncate:
            bytes.removeSubrange(position...)
        case .insertBytes:
            let count = 1 + random.below(8)
            let inserted = (0..<count).map { _ in
                random.chance(70) ? random.pick(Self.interestingBytes) : UInt8(truncatingIfNeeded: random.next())
            }
            bytes.insert(contentsOf: inserted, at: position)
        case .deleteBytes:
            let count = min(1 + random.below(16), bytes.count - position)
            bytes.removeSubrange(position..<position + count)
        case .duplicateBytes:
            let count = min(1 + random.below(32), bytes.count - position)
            bytes.insert(contentsOf: bytes[position..<position + count], at: position)
        default:
            break
        }
        return op
    }

    /// One mutated input: 1–3 structural and/or byte operators.
    mutating func mutate(_ tree: RobustJSON) -> Data {
        var tree = tree
        let shape = random.below(10)
        let treeOps = shape < 5 ? 1 + random.below(2) : (shape < 8 ? 0 : 1)
        let byteOps = shape < 5 ? 0 : 1 + random.below(2)
        for _ in 0..<treeOps {
            if let op = mutateTree(&tree) { applied[op, default: 0] += 1 }
        }
        var bytes = Array(tree.text.utf8)
        for _ in 0..<byteOps {
            applied[mutateBytes(&bytes), default: 0] += 1
        }
        return Data(bytes)
    }
}

// MARK: - Tests

@Suite("Robustness: mutation fuzzing of the GitHub fixtures")
struct RobustMutationFuzzTests {

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
    static func run(_ target: RobustFuzzTarget) throws -> Outcomes {
        let original = try GitHubFixtures.data(target.name)
        let tree = try #require(RobustJSON.parse(original), "the fixture \(target.name) parses")
        // The unmutated fixture decodes on both paths (sanity of the harness).
        let baseline = try target.decodeData(original)
        #expect(try target.decodeObject(JSONSerialization.jsonObject(with: original)) == baseline)

        var seeds = SplitMix64(seed: target.name)
        var mutator = RobustMutator(seed: seeds.next())
        var outcomes = Outcomes()
        for index in 0..<target.cases {
            let input = mutator.mutate(tree)
            outcomes.cases += 1

            // 1. The data path returns or throws an error that says why.
            var fromData: AnyHashable?
            var dataError: JSONAdapterError?
            do {
                fromData = try target.decodeData(input)
                outcomes.dataSuccesses += 1
            } catch {
                if let problem = Robust.problem(with: error) {
                    outcomes.problem("case \(index), data path: \(problem)", input)
                }
                dataError = error as? JSONAdapterError
                outcomes.dataFailures["\(dataError?.code ?? .invalidJSONMapping)", default: 0] += 1
            }

            // 2. The dictionary path, when JSONSerialization accepts the bytes.
            var fromDictionary: AnyHashable?
            var dictionaryError: JSONAdapterError?
            if let object = Robust.foundationObject(input) {
                outcomes.foundationAccepted += 1
                do {
                    fromDictionary = try target.decodeObject(object)
                    if fromDictionary != nil { outcomes.dictionarySuccesses += 1 }
                } catch {
                    if let problem = Robust.problem(with: error) {
                        outcomes.problem("case \(index), dictionary path: \(problem)", input)
                    }
                    dictionaryError = error as? JSONAdapterError
                }
                // 3. Both paths agree (duplicate keys included: the last one wins on
                // both), except that the strict parser may refuse bytes that
                // JSONSerialization tolerates (a byte order mark, say).
                if RobustJSON.parse(input)?.hasDuplicateKeys == true { outcomes.withDuplicateKeys += 1 }
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
                        // differences are accepted (RobustDifferences), and the round
                        // trip must then be a fixed point.
                        var categories: Set<String> = []
                        let encodedAgain = try target.encode(again)
                        if let unexplained = RobustDifferences.unexplained(fromData.base, again.base, path: target.name,
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

    @Test("Mutated fixtures decode or fail with a reason, consistently on both paths", arguments: RobustFuzzTarget.all)
    func mutatedFixture(_ target: RobustFuzzTarget) throws {
        let outcomes = try Self.run(target)
        #expect(outcomes.cases == target.cases)
        #expect(outcomes.problems.isEmpty, "\(outcomes.problems.joined(separator: "\n"))")
        // API.md: both paths give the same errors too.
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
        #expect(RobustDifferences.unexplained([issue], [other], path: "issues", into: &categories) == nil)
        #expect(categories == ["overlap", "date<1ms"])
        #expect(RobustDifferences.overlappingKeys(GHIssue.self) == ["user", "reporterLogin"])
        #expect(RobustDifferences.overlappingKeys(GHLabel.self).isEmpty)

        var changed = other
        changed.user?.id = 7
        #expect(RobustDifferences.unexplained(issue, changed, path: "issue", into: &categories) == "issue.user.id: 0 vs 7")
        changed = other
        changed.reporterLogin = "someone"
        changed.user?.login = "someone"
        #expect(RobustDifferences.unexplained(issue, changed, path: "issue", into: &categories) != nil)
        changed = other
        changed.createdAt = Date(timeIntervalSince1970: 1_507_651_200.2)
        #expect(RobustDifferences.unexplained(issue, changed, path: "issue", into: &categories) != nil)
    }

    @Test("The mutator is deterministic and actually mutates")
    func mutatorIsDeterministic() throws {
        let tree = try #require(RobustJSON.parse(try GitHubFixtures.data("organization")))
        var first = RobustMutator(seed: 42)
        var second = RobustMutator(seed: 42)
        var changed = 0
        for _ in 0..<200 {
            let a = first.mutate(tree)
            #expect(a == second.mutate(tree))
            if a != tree.data { changed += 1 }
        }
        #expect(changed > 190)
        #expect(Set(first.applied.keys).count == RobustMutator.Operator.allCases.count, "every operator ran: \(first.applied)")
    }

    @Test("The harness's JSON tree reproduces every fixture exactly (as JSONSerialization sees it)",
          arguments: RobustFuzzTarget.all.map(\.name))
    func treeRoundTrip(name: String) throws {
        let original = try GitHubFixtures.data(name)
        let tree = try #require(RobustJSON.parse(original))
        let rewritten = tree.data
        // Both texts, parsed and re-written by JSONSerialization with sorted keys, are identical.
        func canonical(_ data: Data) throws -> Data {
            try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
        }
        #expect(try canonical(original) == canonical(rewritten))
        #expect(RobustJSON.parse(rewritten) == tree)
    }
}
