// MantleBenchmarks: this library against hand-written code, JSONDecoder and
// JSONEncoder on real GitHub issues. `--help` lists the options.
import Foundation

/// Writes a progress line to standard error (standard output carries the results).
func progress(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs the whole benchmark as `options` says and prints the report.
func runBenchmarks(_ options: BenchmarkOptions) throws {
    #if DEBUG
    let build = "debug"
    progress("warning: this is a debug build; use -c release for meaningful numbers")
    #else
    let build = "release"
    #endif
    var machine = MachineInfo.current()
    let templates = try IssueTemplates.load()

    var memory: MemoryReport?
    if options.measureMemory, let count = options.sizes.max() {
        progress("peak memory: decoding \(count) issues from Data in a child process")
        memory = try MemoryProbe.measureInChild(count: count)
    }
    var sizes: [SizeResult] = []
    for count in options.sizes {
        sizes.append(try Suite.run(count: count, templates: templates, rounds: options.rounds(for: count),
                                   progress: progress))
    }

    var streaming: StreamingReport?
    if options.measureMemory {
        progress("streaming: \(options.streamingMegabytes) MB of JSON Lines in a child process")
        streaming = try StreamingProbe.measureInChild(megabytes: options.streamingMegabytes)
    }
    progress("class models from dictionaries with unmapped keys")
    let bridging = try ClassBridgingProbe.run(rounds: options.rounds(for: 2_000))
    progress("Codable-bridged properties against JSONDecoder")
    let codable = CodableBridgeProbe.report(try CodableBridgeProbe.run(templates: templates, count: 2_000,
                                                                       rounds: options.rounds(for: 2_000)),
                                            count: 2_000)

    machine.loadAtEnd = MachineInfo.loadAverage()
    let input = """
        Input: the \(templates.baseCount) real GitHub issues of Examples/Fixtures/issues.json, replicated (compact JSON, \
        sorted keys); replica i is issue i mod \(templates.baseCount) with number = i + 1.
        They all have empty labels and a null assignee, so every other replica also gets the \(templates.labelCount) \
        real labels of labels.json and its own user as assignee (still real data).
        """
    var goals = Report.goals(sizes: sizes, memory: memory)
    goals.append(GoalResult(name: "class models, dictionaries", formula: "classes / structs (unmapped keys)",
                            basis: "500 items × 200 unmapped keys, medians",
                            value: bridging.classes / bridging.structs, atMost: 1.2))
    goals.append(codable.goal)
    if let streaming {
        goals.append(GoalResult(name: "streaming, peak memory", formula: "RSS growth, MiB (JSON Lines)",
                                basis: "\(bytes(streaming.bytes)), \(grouped(streaming.models)) issues, child process",
                                value: Double(streaming.peakGrowth) / 1_048_576, atMost: 64))
        goals.append(GoalResult(name: "streaming, throughput", formula: "whole array / JSON Lines, same issues",
                                basis: String(format: "%.0f MB/s streamed, %.0f MB/s as one array",
                                              streaming.throughput / 1e6, streaming.arrayThroughput / 1e6),
                                value: streaming.arrayThroughput / streaming.throughput, atMost: 1.2))
    }
    let report = Report(machine: machine, build: build, input: input, sizes: sizes,
                        goals: goals, memory: memory)
    print(options.json ? try report.json() : report.table())
    if !options.json {
        print(codable.lines.joined(separator: "\n"))
        let corpora = try CorporaSuite.run(rounds: options.requestedRounds ?? 5, peers: options.peers,
                                           extraDirectory: options.corporaDirectory, progress: progress)
        let corpusGoals = CorporaReport.goals(corpora) + CorporaReport.foundationGoals(corpora)
        if !corpusGoals.isEmpty { print(Report.goalLines(corpusGoals).joined(separator: "\n")) }
    }
}

do {
    let options = try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if let count = options.memoryChildCount {
        try MemoryProbe.runChild(count: count)
    } else if let child = options.corpusTimingsChild {
        try CorporaSuite.runChild(child.corpus, file: child.file, rounds: options.requestedRounds ?? 5)
    } else if let megabytes = options.streamingChildMegabytes {
        try StreamingProbe.runChild(megabytes: megabytes)
    } else if let child = options.asyncStreamingChild {
        try AsyncStreamingProbe.runChildWaiting(reader: child.reader, path: child.path)
    } else if let megabytes = options.asyncStreamingMegabytes {
        try AsyncStreamingProbe.run(megabytes: megabytes)
    } else if options.guardList {
        GuardRun.list()
    } else if let corpus = options.guardCorpus {
        try GuardRun.run(corpus)
    } else if let corpusProfile = options.corpusProfile {
        try corpusProfile.profile.run(count: corpusProfile.count, extraDirectory: options.corporaDirectory)
    } else if options.issueGoals {
        try IssueGoals.run(options)
    } else if options.corporaOnly {
        let results = try CorporaSuite.run(rounds: options.requestedRounds ?? 5, peers: options.peers,
                                           extraDirectory: options.corporaDirectory, progress: progress)
        print(Report.goalLines(CorporaReport.goals(results) + CorporaReport.foundationGoals(results))
            .joined(separator: "\n"))
        print("  (PASS/MISS uses wall-clock medians; CPU is the same ratio from thread CPU time, "
              + "steadier when other work shares the cores)")
    } else if let profile = options.profile {
        try ProfileRun.run(kind: profile.kind, count: profile.count)
    } else if options.codableBridgeOnly {
        let result = try CodableBridgeProbe.run(templates: IssueTemplates.load(), count: 2_000,
                                                rounds: options.rounds(for: 2_000))
        let report = CodableBridgeProbe.report(result, count: 2_000)
        print((report.lines + Report.goalLines([report.goal])).joined(separator: "\n"))
    } else {
        try runBenchmarks(options)
    }
} catch let error as UsageError {
    if let message = error.message { progress("error: \(message)") }
    progress(BenchmarkOptions.usage)
    exit(error.message == nil ? 0 : 2)
} catch {
    progress("error: \(error)")
    exit(1)
}
