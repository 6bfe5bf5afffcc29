import Foundation

/// `--issue-goals`: every goal of the speed and memory issue, measured in one
/// process run beside serde_json and simdjson and printed as one table, goal by
/// goal: encode, `==`/`hash` (corpora, then the GitHub issues), decode and
/// parse only against the peers; peak memory of 200,000 issues against the
/// input's size; streaming from asynchronous bytes against `JSONModelReader`.
enum IssueGoals {
    /// The issue count of the `==`/`hash` goals (the full report's ratio size).
    static let issueCount = 20_000
    /// The issue count of the peak-memory goal.
    static let memoryCount = 200_000

    /// Runs everything (each part's progress on standard error, the corpora's
    /// tables and the streaming lines on standard output) and prints the table.
    static func run(_ options: BenchmarkOptions) throws {
        var machine = MachineInfo.current()

        // The corpora first, as in `--peers`. Every contender runs in fresh child processes now;
        // when ours ran in this process, after the streaming probe had written its 494 MB file
        // and the issues suite had run, the same decode of twitter.json measured 272–412 MB/s
        // instead of 453.
        let corpora = try CorporaSuite.run(rounds: options.requestedRounds ?? 5, peers: options.peers,
                                           extraDirectory: options.corporaDirectory, progress: progress)

        var load = MachineInfo.loadAverage()
        let issues = try Suite.run(count: issueCount, templates: IssueTemplates.load(),
                                   rounds: options.rounds(for: issueCount), progress: progress)
        let issuesBasis = "\(grouped(issueCount)) GitHub issues, load "
            + loadRange((load, MachineInfo.loadAverage()))

        load = MachineInfo.loadAverage()
        progress("peak memory: decoding \(grouped(memoryCount)) issues from Data in a child process")
        let memory = try MemoryProbe.measureInChild(count: memoryCount)
        let memoryLoad = loadRange((load, MachineInfo.loadAverage()))

        let streaming = try AsyncStreamingProbe.measure(megabytes: AsyncStreamingProbe.goalMegabytes)
        print(streaming.lines.joined(separator: "\n"))

        machine.loadAtEnd = MachineInfo.loadAverage()

        let goals = CorporaReport.goals(corpora, [.encode, .equality])
            + Report.equalityGoals(issues, basis: issuesBasis).map { goal in
                var goal = goal
                goal.name = "issues " + goal.name
                return goal
            }
            + CorporaReport.goals(corpora, [.decode, .parse])
            + [Report.peakMemoryGoal(memory, load: memoryLoad)]
            + streaming.goals
        #if DEBUG
        let build = "debug build: the times mean nothing"
        #else
        let build = "release build"
        #endif
        print("")
        print("The issue's goals, one run (\(build); \(machine.cores) cores; load average (1 min) "
              + "\(loadRange((machine.loadAtStart, machine.loadAtEnd))), start → end)")
        print(Report.goalLines(goals).joined(separator: "\n"))
        print("  (PASS/MISS uses wall-clock ratios; CPU is the same ratio from thread CPU time (process CPU for "
              + "streaming), steadier when other work shares the cores; a load above \(machine.cores) means "
              + "other work competed)")
    }
}
