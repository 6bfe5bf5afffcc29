// The standard JSON corpora (twitter.json, citm_catalog.json, canada.json),
// read from ../shared/fixtures/corpora beside the repository when it exists
// (a development checkout; the library and its tests never read it), with full
// models (every field, as serde's json-benchmark models them): MB/s of parse-only,
// decode and encode, and the times of `==` and `hash`, this library against
// JSONSerialization, JSONDecoder, JSONEncoder and the synthesized conformances,
// and, from Benchmarks/peers/run, serde_json and simdjson on the same files;
// with `--corpora-dir`, ZippyJSON's corpora too (``StandardCorpus``).
import Foundation
import JSONAdapter

/// A model that maps nothing: decoding it is parsing (and validating) alone.
struct ParseOnly: JSONSerializing {
    var unused = 0
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
}

/// One timed operation on a corpus: `run(n)` does it `n` times.
struct CorpusOperation {
    /// `parse`, `decode`, `encode`, `==` or `hash`.
    var operation: String
    /// Who does it, for the table (`ours`, `JSONDecoder`, ...).
    var contender: String
    /// Runs the operation `n` times; the results are freed after the clocks stop.
    var run: (Int) throws -> Sample

    /// Every operation of both sides on `data`, after the consistency checks:
    /// ours from bytes equals ours from `JSONSerialization` objects; our
    /// encoding has every key and value of the input (``JSONEquivalence``) and
    /// decodes back to the same model; JSONEncoder's encoding of the twin decodes
    /// (ours) to the same model too.
    static func all<M: JSONSerializing, Twin: Codable & Hashable>(
        _ name: String, _ data: Data, _: M.Type, _: Twin.Type, decoder: JSONDecoder, encoder: JSONEncoder
    ) throws -> [CorpusOperation] {
        let ours = try JSONAdapter.model(of: M.self, fromJSONData: data)
        let twin = try decoder.decode(Twin.self, from: data)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CorporaError("\(name): not a JSON object")
        }
        guard try JSONAdapter.model(of: M.self, from: object) == ours else {
            throw CorporaError("\(name): ours from dictionaries != ours from bytes")
        }
        let encoded = try JSONAdapter.jsonData(from: ours)
        if let difference = JSONEquivalence.difference(input: object, output: try JSONSerialization.jsonObject(with: encoded)) {
            throw CorporaError("\(name): our encoding differs from the input at \(difference)")
        }
        guard try JSONAdapter.model(of: M.self, fromJSONData: encoded) == ours else {
            throw CorporaError("\(name): our encoding does not decode back to the same model")
        }
        guard try JSONAdapter.model(of: M.self, fromJSONData: encoder.encode(twin)) == ours else {
            throw CorporaError("\(name): JSONEncoder's encoding of the twin decodes to another model")
        }
        let ours2 = try JSONAdapter.model(of: M.self, fromJSONData: data)
        let twin2 = try decoder.decode(Twin.self, from: data)
        return [
            CorpusOperation(operation: "parse", contender: "JSONSerialization") { n in
                try timeBatch(n) { try JSONSerialization.jsonObject(with: data) }
            },
            CorpusOperation(operation: "parse", contender: "ours (a model mapping nothing)") { n in
                try timeBatch(n) { try JSONAdapter.model(of: ParseOnly.self, fromJSONData: data) }
            },
            CorpusOperation(operation: "decode", contender: "JSONDecoder") { n in
                try timeBatch(n) { try decoder.decode(Twin.self, from: data) }
            },
            CorpusOperation(operation: "decode", contender: "ours") { n in
                try timeBatch(n) { try JSONAdapter.model(of: M.self, fromJSONData: data) }
            },
            CorpusOperation(operation: "decode", contender: "ours from JSONSerialization objects") { n in
                try timeBatch(n) { try JSONAdapter.model(of: M.self, from: object) }
            },
            CorpusOperation(operation: "encode", contender: "JSONEncoder") { n in
                try timeBatch(n) { try encoder.encode(twin) }
            },
            CorpusOperation(operation: "encode", contender: "ours") { n in
                try timeBatch(n) { try JSONAdapter.jsonData(from: ours) }
            },
            CorpusOperation(operation: "==", contender: "synthesized") { n in
                timeBatch(n) { twin == twin2 }
            },
            CorpusOperation(operation: "==", contender: "ours") { n in
                timeBatch(n) { ours == ours2 }
            },
            CorpusOperation(operation: "hash", contender: "synthesized") { n in
                timeBatch(n) { () -> Int in
                    var hasher = Hasher()
                    hasher.combine(twin)
                    return hasher.finalize()
                }
            },
            CorpusOperation(operation: "hash", contender: "ours") { n in
                timeBatch(n) { () -> Int in
                    var hasher = Hasher()
                    hasher.combine(ours)
                    return hasher.finalize()
                }
            },
        ]
    }
}

extension CorpusOperation {
    /// The parse-only operations of a corpus without a model: JSONSerialization,
    /// and ours unless the top level is neither an object nor an array of objects.
    static func parseOnly(_ name: String, _ data: Data, _ topLevel: StandardCorpus.TopLevel) throws -> [CorpusOperation] {
        var operations = [
            CorpusOperation(operation: "parse", contender: "JSONSerialization") { n in
                try timeBatch(n) { try JSONSerialization.jsonObject(with: data) }
            },
        ]
        switch topLevel {
        case .object:
            _ = try JSONAdapter.model(of: ParseOnly.self, fromJSONData: data)
            operations.append(CorpusOperation(operation: "parse", contender: "ours (a model mapping nothing)") { n in
                try timeBatch(n) { try JSONAdapter.model(of: ParseOnly.self, fromJSONData: data) }
            })
        case .arrayOfObjects:
            _ = try JSONAdapter.models(of: ParseOnly.self, fromJSONData: data)
            operations.append(CorpusOperation(operation: "parse", contender: "ours (a model mapping nothing)") { n in
                try timeBatch(n) { try JSONAdapter.models(of: ParseOnly.self, fromJSONData: data) }
            })
        case .other:
            break
        }
        return operations
    }
}

/// Times `count` runs of `body` as one sample, per run; the results are kept
/// until the clocks stop, so freeing them is not timed (as ``measure(_:)``).
func timeBatch<R>(_ count: Int, _ body: () throws -> R) rethrows -> Sample {
    var results: [R] = []
    results.reserveCapacity(count)
    let clock = ContinuousClock()
    let cpuStart = threadCPUTime()
    let start = clock.now
    for _ in 0..<count { results.append(try body()) }
    let elapsed = clock.now - start
    let cpu = threadCPUTime() - cpuStart
    blackHole(results)
    return Sample(wall: elapsed.seconds / Double(count), cpu: cpu / Double(count))
}

/// The median time of one operation on one corpus, any contender (ours or a peer).
struct CorpusTiming {
    var operation: String
    var contender: String
    /// Median seconds per run, wall-clock and thread CPU.
    var wall: Double
    var cpu: Double
}

/// Everything measured on one corpus.
struct CorpusResult {
    var corpus: StandardCorpus
    var bytes: Int
    /// The 1-minute load average before and after the corpus was measured.
    var load: (Double?, Double?)
    var timings: [CorpusTiming]

    /// The timing of `contender` doing `operation`.
    func timing(_ operation: String, _ contender: String) -> CorpusTiming? {
        timings.first { $0.operation == operation && $0.contender == contender }
    }

    /// `numerator`'s time ÷ `denominator`'s for `operation`, wall-clock and CPU
    /// (`nil` when either did not run).
    func ratio(_ operation: String, _ numerator: String, _ denominator: String) -> (wall: Double?, cpu: Double?) {
        guard let top = timing(operation, numerator), let bottom = timing(operation, denominator) else { return (nil, nil) }
        return (top.wall / bottom.wall, top.cpu / bottom.cpu)
    }
}

enum CorporaSuite {
    /// `../shared/fixtures/corpora`, or `nil` when it is not beside the repository.
    static var directory: URL? {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/corpora")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Runs the three standard corpora and, from `extraDirectory` when given,
    /// ZippyJSON's corpora found there (each one skipped with a message when
    /// absent); `rounds` timed rounds each (after a warm-up that also sets how
    /// many runs make one sample: at least 20 ms), with the peers of
    /// Benchmarks/peers/run on each corpus just before ours unless `peers` is
    /// false; prints the tables and returns the results (``CorporaReport`` makes
    /// the goals). Ours and Foundation's are measured as the peers are: in child
    /// processes of this executable (``runChild(_:file:rounds:)``), each
    /// measurement at its fastest of ``ProcessTimings/processes``.
    static func run(rounds: Int, peers: Bool, extraDirectory: URL?, progress: (String) -> Void) throws -> [CorpusResult] {
        var files: [(StandardCorpus, URL)] = []
        if let directory {
            files += StandardCorpus.standard.map { ($0, directory.appendingPathComponent($0.fileName)) }
        } else {
            progress("corpora: ../shared/fixtures/corpora not found beside the repository, skipped")
        }
        if let extraDirectory {
            for corpus in StandardCorpus.allCases where !StandardCorpus.standard.contains(corpus) {
                let url = extraDirectory.appendingPathComponent(corpus.fileName)
                if FileManager.default.fileExists(atPath: url.path) {
                    files.append((corpus, url))
                } else {
                    progress("corpora: \(corpus.fileName) not in \(extraDirectory.path), skipped")
                }
            }
        }
        guard !files.isEmpty else { return [] }
        var results: [CorpusResult] = []
        var peerNote: String?
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        for (corpus, url) in files {
            // The children read the file; here only its size is needed.
            let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            let loadBefore = MachineInfo.loadAverage()
            var timings: [CorpusTiming] = []
            if peers && peerNote == nil {
                progress("corpora: \(corpus.fileName): serde_json and simdjson (Benchmarks/peers/run)")
                switch PeerRun.run(file: url, rounds: rounds) {
                case .success(let peerTimings): timings += peerTimings
                case .failure(let error): peerNote = error.description
                }
            }
            progress("corpora: \(corpus.fileName): ours and Foundation's (\(ProcessTimings.processes) processes)")
            switch ProcessTimings.fastest("the corpus child", executable: executable,
                                          arguments: ["--corpus-timings", corpus.rawValue, url.path,
                                                      "--rounds", String(rounds)]) {
            case .success(let ours): timings += ours
            case .failure(let failure): throw CorporaError(failure.description)
            }
            results.append(CorpusResult(corpus: corpus, bytes: bytes, load: (loadBefore, MachineInfo.loadAverage()),
                                        timings: timings))
        }
        print(CorporaReport.table(results, peerNote: peers ? peerNote : "peers not run (--no-peers)"))
        return results
    }

    /// Child mode: measures ours and Foundation's on `corpus`, read from `file`, with `rounds`
    /// timed rounds, after the consistency checks of ``StandardCorpus/operations(_:)``; prints
    /// one line per measurement (``ProcessTimings/line(_:file:)``).
    static func runChild(_ corpus: StandardCorpus, file: URL, rounds: Int) throws {
        let timings = try measure(try corpus.operations(try Data(contentsOf: file)), rounds: rounds)
        print(timings.map { ProcessTimings.line($0, file: file.lastPathComponent) }.joined(separator: "\n"))
    }

    /// Interleaved rounds of `operations` (each round runs all of them, starting one later).
    private static func measure(_ operations: [CorpusOperation], rounds: Int) throws -> [CorpusTiming] {
        var batch: [Int] = []
        for operation in operations {
            let once = try operation.run(1)
            batch.append(max(1, min(10_000, Int((0.02 / max(once.wall, 1e-7)).rounded(.up)))))
        }
        var samples = Array(repeating: [Sample](), count: operations.count)
        for round in 0..<rounds {
            for offset in operations.indices {
                let index = (round + offset) % operations.count
                samples[index].append(try operations[index].run(batch[index]))
            }
        }
        return zip(operations, samples).map { operation, samples in
            CorpusTiming(operation: operation.operation, contender: operation.contender,
                         wall: Measurement.median(samples.map(\.wall)), cpu: Measurement.median(samples.map(\.cpu)))
        }
    }
}

/// A failed consistency check of the corpora run.
struct CorporaError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
