import Foundation

/// What the command line asked for.
struct BenchmarkOptions {
    /// The issue counts to benchmark, in the order given.
    var sizes = [2_000, 20_000, 200_000]
    /// Timed rounds per size; `nil` means the default (see ``rounds(for:)``).
    var requestedRounds: Int?
    /// Print JSON instead of the table.
    var json = false
    /// Whether to measure peak memory in a child process.
    var measureMemory = true
    /// Set in the child process: decode this many issues from Data, print memory, exit.
    var memoryChildCount: Int?
    /// Child mode of the corpora: time ours and Foundation's on this corpus, read from this file.
    var corpusTimingsChild: (corpus: StandardCorpus, file: URL)?
    /// For profilers: run this workload once, warm, with this size, and exit.
    var profile: (kind: ProfileRun.Kind, count: Int)?
    /// For profilers: run this corpus workload N times, warm, and exit.
    var corpusProfile: (profile: CorpusProfile, count: Int)?
    /// Run Benchmarks/peers/run (serde_json, simdjson) beside the corpora.
    var peers = true
    /// Run only the standard corpora and their peers.
    var corporaOnly = false
    /// Run what the issue's goals need and print them as one table (``IssueGoals``).
    var issueGoals = false
    /// A folder with ZippyJSON's corpora (apache_builds.json, mesh.json, ...), from
    /// `--corpora-dir` or the environment variable `MANTLE_CORPORA_DIR`.
    var corporaDirectory: URL? = ProcessInfo.processInfo.environment["MANTLE_CORPORA_DIR"]
        .map { URL(fileURLWithPath: $0) }
    /// Child mode: stream this many megabytes of JSON Lines and print a report.
    var streamingChildMegabytes: Int?
    /// The size of the streaming child's JSON Lines file, in megabytes.
    var streamingMegabytes = 1_000
    /// Only the async-bytes streaming comparison, on a JSON Lines file of this many megabytes.
    var asyncStreamingMegabytes: Int?
    /// Child mode of that comparison: read the file with this reader.
    var asyncStreamingChild: (reader: AsyncStreamingProbe.Reader, path: String)?
    /// For the regression guard: run the workloads of this corpus and exit.
    var guardCorpus: String?
    /// For the regression guard: list the workloads and exit.
    var guardList = false
    /// Run only the Codable-bridge comparison (``CodableBridgeProbe``) and print it.
    var codableBridgeOnly = false

    /// The usage text.
    static let usage = """
        usage: MantleBenchmarks [--sizes N,N,...] [--rounds N] [--quick] [--json] [--no-memory] [--peers] [--no-peers]
                        [--issue-goals] [--corpora-dir DIR]
          --sizes 2000,20000,200000   issue counts to benchmark (default: all three)
          --rounds N                  timed rounds per size, after a warm-up round (above
                                      50,000 issues the correctness pass is the warm-up)
                                      (default: 5, and 3 for sizes above 50,000)
          --quick                     smoke run: 2,000 issues, 3 rounds
          --json                      print the results as JSON instead of a table
          --no-memory                 skip the peak-memory and streaming child processes
          --streaming-megabytes N     size of the JSON Lines file the streaming child reads (default 1000)
          --peers                     only the standard corpora (full models), with serde_json and
                                      simdjson on the same files (Benchmarks/peers/run), and their goals
          --no-peers                  the corpora without serde_json and simdjson
          --issue-goals               every goal of the speed and memory issue from one run, as one table
                                      with PASS/MISS: the corpora against serde_json and simdjson (encode,
                                      decode, parse only, ==/hash; with --corpora-dir also apache_builds and
                                      mesh), ==/hash on 20,000 issues, the peak memory of 200,000 issues
                                      against the input's size, streaming from asynchronous bytes (494 MB)
                                      against JSONModelReader; --rounds and --no-peers apply
          --corpora-dir DIR           also ZippyJSON's corpora found in DIR (apache_builds, github_events,
                                      marine_ik, mesh, numbers, random, twitterescaped; each skipped when
                                      absent); default: the environment variable MANTLE_CORPORA_DIR
          --async-streaming MB        only streaming from asynchronous bytes against JSONModelReader: a JSON
                                      Lines file of MB megabytes read by each in a child process (494 matches
                                      the streaming goal's figures)
          --codable-bridge            only the Codable-bridged properties against JSONDecoder/JSONEncoder
                                      (2,000 issues; --rounds applies)
          --measure-memory N          (internal) child mode: decode N issues from Data, print VmHWM
          --corpus-timings CORPUS FILE
                                      (internal) child mode: time ours and Foundation's on CORPUS read
                                      from FILE (--rounds applies), one line per measurement
          --profile KIND N            for profilers: one warm run of one workload inside
                                      ProfileRun.profiledWork (callgrind --toggle-collect=
                                      '*profiledWork*'); KIND: decode, json-lines, json-lines-file (N issues),
                                      equality, synthesized-equality, hash, synthesized-hash
                                      (N issues), dictionaries, hand-written (N issues),
                                      structs, classes (N rounds),
                                      codable-decode, codable-jsondecoder (N issues);
                                      and CORPUS-OPERATION (N rounds, needs ../shared or --corpora-dir),
                                      CORPUS one of twitter, citm, canada, apache_builds, mesh, random,
                                      twitterescaped (parse only: github_events, marine_ik), OPERATION parse, decode,
                                      decode-dictionaries, encode, equality, hash, jsondecoder,
                                      jsonencoder, synthesized-equality, synthesized-hash
          --profile-decode N          the same as --profile decode N
          --guard CORPUS              for the regression guard (Benchmarks/guard/run): each
                                      operation on CORPUS (issues, twitter, citm, canada), warm,
                                      inside GuardRun.guardedWork (callgrind --toggle-collect=
                                      '*guardedWork*' --dump-after='*endOfWorkload*')
          --guard-list                the guard's workloads, each with whether its input exists
        """

    /// Timed rounds for `size`: the requested count, else 5 (3 above 50,000 issues).
    func rounds(for size: Int) -> Int {
        if let requestedRounds { return requestedRounds }
        return size > 50_000 ? 3 : 5
    }

    /// Parses `arguments` (without the program name); throws a message on bad input.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var remaining = arguments[...]
        /// The value after a flag.
        func value(for flag: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        /// A positive integer, allowing `_` separators.
        func positive(_ text: String, for flag: String) throws(UsageError) -> Int {
            guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 else {
                throw UsageError("\(flag): \(text) is not a positive integer")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes":
                let text = try value(for: argument)
                var sizes: [Int] = []
                for part in text.split(separator: ",") {
                    sizes.append(try positive(String(part), for: argument))
                }
                guard !sizes.isEmpty else { throw UsageError("--sizes: no sizes given") }
                options.sizes = sizes
            case "--rounds":
                options.requestedRounds = try positive(try value(for: argument), for: argument)
            case "--quick":
                options.sizes = [2_000]
                options.requestedRounds = options.requestedRounds ?? 3
            case "--json":
                options.json = true
            case "--no-memory":
                options.measureMemory = false
            case "--codable-bridge":
                options.codableBridgeOnly = true
            case "--measure-memory":
                options.memoryChildCount = try positive(try value(for: argument), for: argument)
            case "--corpus-timings":
                let name = try value(for: argument)
                guard let corpus = StandardCorpus(rawValue: name) else {
                    throw UsageError("--corpus-timings: unknown corpus \(name)")
                }
                options.corpusTimingsChild = (corpus, URL(fileURLWithPath: try value(for: argument)))
            case "--measure-streaming":
                options.streamingChildMegabytes = try positive(try value(for: argument), for: argument)
            case "--async-streaming":
                options.asyncStreamingMegabytes = try positive(try value(for: argument), for: argument)
            case "--async-streaming-child":
                let name = try value(for: argument)
                guard let reader = AsyncStreamingProbe.Reader(rawValue: name) else {
                    throw UsageError("--async-streaming-child: unknown reader \(name)")
                }
                options.asyncStreamingChild = (reader, try value(for: argument))
            case "--streaming-megabytes":
                options.streamingMegabytes = try positive(try value(for: argument), for: argument)
            case "--profile-decode":
                options.profile = (.decode, try positive(try value(for: argument), for: argument))
            case "--guard":
                options.guardCorpus = try value(for: argument)
            case "--peers":
                options.corporaOnly = true
            case "--issue-goals":
                options.issueGoals = true
            case "--corpora-dir":
                options.corporaDirectory = URL(fileURLWithPath: try value(for: argument))
            case "--no-peers":
                options.peers = false
            case "--guard-list":
                options.guardList = true
            case "--profile":
                let name = try value(for: argument)
                let count = try positive(try value(for: argument), for: argument)
                if let kind = ProfileRun.Kind(rawValue: name) {
                    options.profile = (kind, count)
                } else if let corpusProfile = CorpusProfile(name) {
                    options.corpusProfile = (corpusProfile, count)
                } else {
                    throw UsageError("unknown profile kind \(name)")
                }
            case "-h", "--help":
                throw UsageError(nil)
            default:
                throw UsageError("unknown argument \(argument)")
            }
        }
        return options
    }
}

/// A command-line mistake (or a request for help, with no message).
struct UsageError: Error {
    /// What was wrong, or `nil` for `--help`.
    var message: String?

    /// An error with `message`.
    init(_ message: String?) { self.message = message }
}
