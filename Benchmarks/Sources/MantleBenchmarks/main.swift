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

    machine.loadAtEnd = MachineInfo.loadAverage()
    let input = """
        Input: the \(templates.baseCount) real GitHub issues of Examples/Fixtures/issues.json, replicated (compact JSON, \
        sorted keys); replica i is issue i mod \(templates.baseCount) with number = i + 1.
        They all have empty labels and a null assignee, so every other replica also gets the \(templates.labelCount) \
        real labels of labels.json and its own user as assignee (still real data).
        """
    let report = Report(machine: machine, build: build, input: input, sizes: sizes,
                        goals: Report.goals(sizes: sizes, memory: memory), memory: memory)
    print(options.json ? try report.json() : report.table())
    if !options.json {
        let corpusGoals = try CorporaSuite.run(rounds: options.requestedRounds ?? 5, progress: progress)
        if !corpusGoals.isEmpty { print(Report.goalLines(corpusGoals).joined(separator: "\n")) }
    }
}

do {
    let options = try BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if let count = options.memoryChildCount {
        try MemoryProbe.runChild(count: count)
    } else if let count = options.profileDecodeCount {
        try ProfileRun.run(count: count)
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
