//
//  ConcurrencyTests.swift
//  Decoding and encoding from many tasks at once, with the shared caches
//  (first use of fresh model types happening concurrently) and the shared
//  transformer registries (named and per-type registrations while other tasks
//  decode), must give the same results as serial runs.
//
//  Run these under ThreadSanitizer too:
//      swift test --sanitize=thread --scratch-path .build-tsan --filter Concurrency
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter
import MantleInternals

// MARK: - Models used only by these tests (so that their first use is concurrent)

// MARK: - Tests

// `.serialized` between these tests only (each is concurrent inside): the
// per-type registrations of `registryUnderLoad` would otherwise flush the stale
// mapping `registrationDuringCompilation` looks for.
@Suite("Concurrent decoding, encoding and registration", .serialized)
struct ConcurrencyTests {

    @Test("First use of fresh model types from 48 tasks at once gives the serial results")
    func concurrentFirstUse() async throws {
        JSONValueTransformer.register(Fixtures.shout(), forName: Fixtures.shoutName)
        let count = 48
        // Concurrently first: the mappings of Item and Owner
        // are compiled by whichever tasks get there first.
        let concurrent = await withTaskGroup(of: (Int, ItemOutcome).self) { group in
            for index in 0..<count {
                group.addTask { (index, ItemOutcome.make(index)) }
            }
            var results = [ItemOutcome?](repeating: nil, count: count)
            for await (index, outcome) in group { results[index] = outcome }
            return results
        }
        let serial = (0..<count).map(ItemOutcome.make)
        for index in 0..<count {
            #expect(concurrent[index] == serial[index], "item \(index)")
        }
        // The serial results themselves are right.
        #expect(serial.filter { $0.fromData != nil }.count == count - count / 7)
        #expect(serial[1].fromData?.shout == "HELLO 1")
        #expect(serial[1].fromData?.ownerLogin == "user1")
        #expect(serial[1].fromData == serial[1].fromDictionary)
        #expect(serial[6].error?.contains("id") == true)
        #expect(serial[3].arrayErrorPath == "[3].id")
        #expect(serial[0].arrayCount == 4)
    }

    /// Checks: a recorder is read only while some task has one installed (an atomic count), so
    /// tasks that record, tasks that do not and tasks in a collecting pass, all at once, each
    /// see exactly their own calls' entries and failures.
    @Test("Leniency recorders and collecting passes on some of 48 tasks see only their own calls")
    func concurrentRecorders() async throws {
        let count = 48
        let outcomes = await withTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<count {
                group.addTask { (index, Tally.outcome(index)) }
            }
            var results = [[String]](repeating: [], count: count)
            for await (index, outcome) in group { results[index] = outcome }
            return results
        }
        for index in 0..<count {
            #expect(outcomes[index] == Tally.expected(index), "task \(index)")
        }
        #expect(Tally.expected(0).count == 2 * Tally.calls)
        #expect(Tally.expected(2).count == Tally.calls)
    }

    @Test("GitHub fixtures decoded and encoded by 64 tasks at once match the serial results")
    func concurrentGitHub() async throws {
        let issues = try GitHubFixtures.data("issues")
        let repository = try GitHubFixtures.data("repository")
        let issuesArray = try #require(try JSONSerialization.jsonObject(with: issues) as? [Any])
        let serialIssues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: issues)
        let serialRepository = try JSONAdapter.model(of: GHRepository.self, fromJSONData: repository)
        let serialIssuesData = try JSONAdapter.jsonData(from: serialIssues)
        let serialRepositoryData = try JSONAdapter.jsonData(from: serialRepository)
        let shared = Unchecked(value: (issuesArray, serialIssues, serialRepository))

        let mismatches = await withTaskGroup(of: [String].self) { group in
            for task in 0..<64 {
                group.addTask {
                    var problems: [String] = []
                    let (issuesArray, serialIssues, serialRepository) = shared.value
                    for _ in 0..<3 {
                        do {
                            let fromData = try JSONAdapter.models(of: GHIssue.self, fromJSONData: issues)
                            let fromArray = try JSONAdapter.models(of: GHIssue.self, from: issuesArray)
                            if fromData != serialIssues || fromArray != serialIssues { problems.append("task \(task): issues differ") }
                            if try JSONAdapter.jsonData(from: fromData) != serialIssuesData {
                                problems.append("task \(task): encoded issues differ")
                            }
                            let repo = try JSONAdapter.model(of: GHRepository.self, fromJSONData: repository)
                            if repo != serialRepository { problems.append("task \(task): repository differs") }
                            if try JSONAdapter.jsonData(from: repo) != serialRepositoryData {
                                problems.append("task \(task): encoded repository differs")
                            }
                        } catch {
                            problems.append("task \(task): \(error)")
                        }
                    }
                    return problems
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("Registering named and per-type transformers while 32 tasks decode gives the serial results")
    func registryUnderLoad() async throws {
        JSONValueTransformer.register(Fixtures.shout(), forName: Fixtures.shoutName)
        JSONAdapter.register(Fixtures.celsius(), forType: Celsius.self)
        let inputs = 16

        let concurrent = await withTaskGroup(of: [Int: Unchecked<[String]>].self) { group in
            // Decoders: both paths and a round trip, over and over.
            for task in 0..<32 {
                group.addTask {
                    var seen: [Int: Unchecked<[String]>] = [:]
                    for round in 0..<12 {
                        let index = (task + round) % inputs
                        seen[index] = Unchecked(value: Self.readingOutcome(index))
                        let item = ItemOutcome.make(index)
                        if item.fromData?.shout != (index % 7 == 6 ? nil : "HELLO \(index)") {
                            seen[-1 - index] = Unchecked(value: ["shout wrong: \(String(describing: item.fromData?.shout))"])
                        }
                    }
                    return seen
                }
            }
            // Registrars: new names, re-registered (equivalent) named and
            // per-type transformers; each per-type registration drops every
            // compiled mapping while the decoders use them.
            for task in 0..<4 {
                group.addTask {
                    var problems: [String] = []
                    for round in 0..<25 {
                        let name = JSONValueTransformer.Name("Concurrency.\(task).\(round)")
                        JSONValueTransformer.register(JSONValueTransformer(reversible: { _ in round }), forName: name)
                        if (try? JSONValueTransformer.named(name)?.transformedValue(nil)) as? Int != round {
                            problems.append("\(name) not found right after registering")
                        }
                        if round % 5 == task {
                            JSONAdapter.register(Fixtures.celsius(), forType: Celsius.self)
                            JSONValueTransformer.register(Fixtures.shout(), forName: Fixtures.shoutName)
                        }
                        await Task.yield()
                    }
                    return problems.isEmpty ? [:] : [-1000 - task: Unchecked(value: problems)]
                }
            }
            var merged: [Int: [[String]]] = [:]
            for await part in group {
                for (key, value) in part { merged[key, default: []].append(value.value) }
            }
            return merged
        }

        // Serially, after everything settled.
        let serial = (0..<inputs).map(Self.readingOutcome)
        for (key, outcomes) in concurrent {
            guard key >= 0 else {
                Issue.record("\(outcomes)")
                continue
            }
            for outcome in outcomes {
                #expect(outcome == serial[key], "reading \(key)")
            }
        }
        #expect(serial[3] == ["S3", "3.5", "6.0", "1.0,3.0,-3.0", "S3", "equal", "round trip"])
        for index in 0..<inputs {
            #expect(JSONValueTransformer.named(JSONValueTransformer.Name("Concurrency.0.\(index)")) != nil)
        }
    }

    /// Reading `index` decoded both ways and round-tripped, as comparable strings.
    static func readingOutcome(_ index: Int) -> [String] {
        let data = Fixtures.readingJSON(index)
        do {
            let model = try JSONAdapter.model(of: Reading.self, fromJSONData: data)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let viaDictionary = try JSONAdapter.model(of: Reading.self, from: object)
            let again = try JSONAdapter.model(of: Reading.self, fromJSONData: JSONAdapter.jsonData(from: model))
            return [
                model.station, "\(model.temperature.degrees)", model.peak.map { "\($0.degrees)" } ?? "nil",
                model.history.map { "\($0.degrees)" }.joined(separator: ","), viaDictionary.station,
                viaDictionary == model ? "equal" : "differ", again == model ? "round trip" : "changed",
            ]
        } catch {
            return ["error: \(error)"]
        }
    }

    @Test("Encoding from 64 tasks at once gives byte-identical JSON")
    func concurrentEncoding() async throws {
        JSONValueTransformer.register(Fixtures.shout(), forName: Fixtures.shoutName)
        let models = try (0..<24).filter { $0 % 7 != 6 }.map {
            try JSONAdapter.model(of: Item.self, fromJSONData: Fixtures.itemJSON($0))
        }
        let serial = try JSONAdapter.jsonData(from: models)
        let serialDictionaries = Unchecked(value: try JSONAdapter.jsonArray(from: models) as NSArray)
        let shared = Unchecked(value: models)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    guard let data = try? JSONAdapter.jsonData(from: shared.value),
                          let dictionaries = try? JSONAdapter.jsonArray(from: shared.value) else { return false }
                    return data == serial && (dictionaries as NSArray).isEqual(serialDictionaries.value)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }

    @Test("register(_:forType:) applies to decodes that start after it returns, even when a compilation was under way")
    func registrationDuringCompilation() async throws {
        let data = Data(#"{"reading": 10, "label": "x"}"#.utf8)
        JSONAdapter.register(Fixtures.kelvin(factor: 1), forType: Kelvin.self)
        #expect(try JSONAdapter.model(of: Gauge.self, fromJSONData: data).reading.value == 10)

        // Another registration (for some other type) drops every compiled
        // mapping, so the next decode compiles Gauge again. Hold that
        // compilation after it has looked up the transformer of `reading`...
        JSONAdapter.register(nil, forType: Owner.self)
        CompileGate.shared.arm()
        let compiling = Task.detached { try? JSONAdapter.model(of: Gauge.self, fromJSONData: data).reading.value }
        let reached = await Task.detached { CompileGate.shared.reached.wait(timeout: .now() + 20) }.value
        #expect(reached == .success, "the compilation reached the gate")
        // ...register a new transformer for Kelvin meanwhile...
        JSONAdapter.register(Fixtures.kelvin(factor: 100), forType: Kelvin.self)
        // ...and let the compilation finish.
        CompileGate.shared.release.signal()
        _ = await compiling.value

        // register(_:forType:) has returned, so every decode from now on must use the new transformer.
        // (Before 7757bcc the mapping compiled with the old transformer was
        // cached after the registration had dropped the cache, and stayed: 10.)
        let after = try JSONAdapter.model(of: Gauge.self, fromJSONData: data).reading.value
        #expect(after == 1000, "a stale mapping compiled before the registration was cached after it")
        #expect(try JSONAdapter.model(of: Gauge.self, fromJSONData: data).reading.value == 1000)
    }
}

// MARK: - Models

extension ConcurrencyTests {
    enum Shade: String, Sendable {
        case red, green, blue
    }

    struct Owner: JSONSerializing {
        var login = ""
        var id = 0
        var site: URL?

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id", "site": "site"]
    }

    struct Item: JSONSerializing {
        var id = 0
        var title = ""
        var shade = Shade.red
        var owner: Owner?
        var ownerLogin: String?
        var tags: [String] = []
        var scores: [String: Int] = [:]
        var created: Date?
        var ratio = 0.0
        /// Through the transformer registered under ``Concurrency/shoutName``.
        var shout = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "title": "title", "shade": "shade", "owner": "owner", "ownerLogin": "owner.login",
            "tags": "tags", "scores": "scores", "created": "created", "ratio": "ratio", "shout": "shout",
        ]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            key == "shout" ? JSONValueTransformer.named(Fixtures.shoutName) : nil
        }
    }

    /// A value type JSON has no representation of: only a per-type transformer makes one.
    struct Celsius: Hashable, Sendable {
        var degrees: Double
    }

    struct Reading: JSONSerializing {
        var station = ""
        var temperature = Celsius(degrees: -273.15)
        var peak: Celsius?
        var history: [Celsius] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "station": "station", "temperature": "temperature", "peak": "peak", "history": "history",
        ]
    }

    /// For the stale-mapping test: a type with a per-type transformer, and a model
    /// whose mapping compilation the test can hold up.
    struct Kelvin: Hashable, Sendable {
        var value: Double
    }

    struct Gauge: JSONSerializing {
        var reading = Kelvin(value: 0)
        /// Declared after `reading`, so its `jsonTransformer(forKey:)` call comes
        /// after the per-type transformer of `reading` has been looked up.
        var label = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["reading": "reading", "label": "label"]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            if key == "label" { CompileGate.shared.passIfArmed() }
            return nil
        }
    }

    /// Holds one mapping compilation in the middle until released.
    final class CompileGate: @unchecked Sendable {
        static let shared = CompileGate()

        private let lock = NSLock()
        private var armed = false
        /// Signalled when a compilation reached the gate.
        let reached = DispatchSemaphore(value: 0)
        /// Signalled to let it go on.
        let release = DispatchSemaphore(value: 0)

        func arm() {
            lock.lock()
            armed = true
            lock.unlock()
        }

        func passIfArmed() {
            lock.lock()
            let stop = armed
            armed = false
            lock.unlock()
            guard stop else { return }
            reached.signal()
            release.wait()
        }
    }

    /// A value handed between tasks that the test knows is not shared mutably.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
    }

    enum Fixtures {
        /// The named transformer of ``Item/shout``.
        static let shoutName: JSONValueTransformer.Name = "ConcurrencyShout"

        /// Upper-cases strings, lower-cases them in reverse.
        static func shout() -> JSONValueTransformer {
            JSONValueTransformer(
                forward: { value in
                    guard let string = value as? String else { throw TransformerError(code: .invalidInput, inputValue: value) }
                    return string.uppercased()
                },
                reverse: { value in (value as? String)?.lowercased() })
        }

        /// Numbers ↔ ``Celsius``.
        static func celsius() -> JSONValueTransformer {
            JSONValueTransformer(
                forward: { value in
                    if value == nil { return nil }
                    guard let number = value.flatMap({ NumberValue($0) }), let degrees = number.rounded(Double.self) else {
                        throw TransformerError(code: .invalidInput, inputValue: value)
                    }
                    return Celsius(degrees: degrees)
                },
                reverse: { value in (value as? Celsius)?.degrees })
        }

        /// Numbers ↔ ``Kelvin``, multiplied by `factor` on the way in.
        static func kelvin(factor: Double) -> JSONValueTransformer {
            JSONValueTransformer(
                forward: { value in
                    guard let number = value.flatMap({ NumberValue($0) }), let x = number.rounded(Double.self) else {
                        throw TransformerError(code: .invalidInput, inputValue: value)
                    }
                    return Kelvin(value: x * factor)
                },
                reverse: { value in (value as? Kelvin).map { $0.value / factor } })
        }

        /// The JSON of item `index`; every 7th is invalid (a string where the id goes).
        static func itemJSON(_ index: Int) -> Data {
            let id = index % 7 == 6 ? #""not a number""# : "\(index)"
            let shade = ["red", "green", "blue"][index % 3]
            let owner = index % 4 == 0 ? "null" : #"{"login":"user\#(index)","id":\#(1000 + index),"site":"https://example.com/u/\#(index)"}"#
            return Data("""
                {"id":\(id),"title":"Item \(index)","shade":"\(shade)","owner":\(owner),"tags":["a\(index)","b","c"],
                 "scores":{"x":\(index),"y":\(-index)},"created":"2017-10-\(10 + index % 18)T16:00:\(10 + index % 50)Z",
                 "ratio":\(Double(index) / 8),"shout":"hello \(index)","ignored":[1,2,{"deep":[null]}]}
                """.utf8)
        }

        /// The JSON of reading `index`.
        static func readingJSON(_ index: Int) -> Data {
            Data(#"{"station":"S\#(index)","temperature":\#(index).5,"peak":\#(index % 2 == 0 ? "null" : "\(index * 2)"),"history":[1,\#(index),-\#(index)]}"#.utf8)
        }
    }

    /// Everything one task produced from one input, compared with a serial run.
    struct ItemOutcome: Equatable, Sendable {
        var fromData: Item?
        var fromDictionary: Item?
        var error: String?
        var encoded: Data?
        var reencodedDictionaryEqual: Bool?
        var arrayCount: Int?
        var arrayErrorPath: String?

        /// Decodes and encodes item `index` every way there is.
        static func make(_ index: Int) -> ItemOutcome {
            var outcome = ItemOutcome()
            let data = Fixtures.itemJSON(index)
            do {
                let model = try JSONAdapter.model(of: Item.self, fromJSONData: data)
                outcome.fromData = model
                outcome.encoded = try JSONAdapter.jsonData(from: model)
                let dictionary = try JSONAdapter.jsonDictionary(from: model)
                outcome.reencodedDictionaryEqual = try JSONAdapter.model(of: Item.self, from: dictionary) == model
            } catch {
                outcome.error = "\(error)"
            }
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                outcome.fromDictionary = try? JSONAdapter.model(of: Item.self, from: object)
            }
            // An array of this item and its neighbours, which fails as a whole when one is invalid.
            let elements = (index..<index + 4).map { String(decoding: Fixtures.itemJSON($0), as: UTF8.self) }
            let array = Data("[\(elements.joined(separator: ","))]".utf8)
            do {
                outcome.arrayCount = try JSONAdapter.models(of: Item.self, fromJSONData: array).count
            } catch let error as JSONAdapterError {
                outcome.arrayErrorPath = error.jsonKeyPath
            } catch {
                outcome.arrayErrorPath = "unexpected \(error)"
            }
            return outcome
        }
    }

    /// A model two of whose values leniency can bend, for ``concurrentRecorders()``.
    struct Tally: JSONSerializing, Equatable {
        var count = 0
        var items: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }

        /// How many calls each task makes.
        static let calls = 25

        /// What task `index` sees over its calls: with a recorder (index % 3 == 0), the report's
        /// entries; without one (1), the models; in a collecting pass (2), each call's failures.
        static func outcome(_ index: Int) -> [String] {
            let lenient = JSONAdapter.Configuration(leniency: .numberStringCoercion)
            var seen: [String] = []
            for call in 0..<calls {
                let json = Data(#"{"count": "\#(call)", "items": [1, "\#(index)", 3]}"#.utf8)
                switch index % 3 {
                case 0:
                    let recorder = JSONLeniencyReport.Recorder()
                    _ = try? JSONAdapter.model(of: Tally.self, fromJSONData: json,
                                               options: .init(configuration: lenient, leniencyRecorder: recorder))
                    seen += recorder.report.entries.map { "\($0.jsonKeyPath) \($0.found)" }
                case 1:
                    let model = try? JSONAdapter.model(of: Tally.self, fromJSONData: json,
                                                       options: .init(configuration: lenient))
                    seen.append("\(model.map { "\($0.count) \($0.items)" } ?? "failed")")
                default:
                    do {
                        _ = try JSONAdapter.model(of: Tally.self, fromJSONData: json)
                        seen.append("decoded")
                    } catch let error as JSONAdapterError {
                        seen.append(([error] + error.additionalErrors).map { $0.jsonKeyPath ?? "" }.joined(separator: " "))
                    } catch {
                        seen.append("unexpected \(error)")
                    }
                }
            }
            return seen
        }

        /// ``outcome(_:)`` as a task alone sees it.
        static func expected(_ index: Int) -> [String] {
            (0..<calls).flatMap { call -> [String] in
                switch index % 3 {
                case 0: return [#"count string "\#(call)""#, #"items[1] string "\#(index)""#]
                case 1: return ["\(call) [1, \(index), 3]"]
                default: return ["count items[1]"]
                }
            }
        }
    }
}
