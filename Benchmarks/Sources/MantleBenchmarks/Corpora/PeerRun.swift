import Foundation

/// Corpus timings taken in child processes, each measurement kept at its
/// fastest over ``processes`` of them: how the peers are measured, and ours
/// the same way (``CorporaSuite``).
///
/// One process is not enough, on either side. simdjson's parse of twitter.json
/// runs at one of two speeds per process here (about 152 µs or 217 µs a parse;
/// 6 and 2 of 8 processes run back to back), which alone moved our parse-only
/// ratio between 0.42 and 0.62. Ours moves as much: two runs of `--issue-goals`
/// back to back, each measuring ours in its own process, gave citm decode 0.62
/// and 0.40 of serde_json, citm encode 0.61 and 0.37, apache_builds decode 0.43
/// and 0.64 (2026-11-27, load average below 1).
enum ProcessTimings {
    /// Why a child process gave no timings.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How many processes measure each corpus.
    static let processes = 3

    /// Runs `executable` with `arguments` ``processes`` times and keeps each
    /// measurement's fastest median, so that every contender is compared at its
    /// best. `name` names the program in failures.
    static func fastest(_ name: String, executable: URL, arguments: [String]) -> Result<[CorpusTiming], Failure> {
        var fastest: [CorpusTiming] = []
        for _ in 0..<processes {
            switch runOnce(name, executable: executable, arguments: arguments) {
            case .failure(let failure):
                return .failure(failure)
            case .success(let timings):
                for timing in timings {
                    if let index = fastest.firstIndex(where: {
                        $0.operation == timing.operation && $0.contender == timing.contender
                    }) {
                        if timing.wall < fastest[index].wall { fastest[index] = timing }
                    } else {
                        fastest.append(timing)
                    }
                }
            }
        }
        return .success(fastest)
    }

    /// The line a child prints for `timing` of a corpus in `file`, as ``runOnce`` reads it.
    static func line(_ timing: CorpusTiming, file: String) -> String {
        [timing.operation, timing.contender, String(timing.wall), String(timing.cpu), file].joined(separator: "\t")
    }

    /// Runs the program once and reads its lines,
    /// `operation<TAB>contender<TAB>wall seconds<TAB>CPU seconds<TAB>file`
    /// (medians per run; `#` lines are comments).
    private static func runOnce(_ name: String, executable: URL, arguments: [String]) -> Result<[CorpusTiming], Failure> {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Its progress and messages go straight to standard error.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            return .failure(Failure(description: "could not start \(name): \(error)"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(Failure(description: "\(name) failed (status \(process.terminationStatus)); "
                                    + "its messages are on standard error"))
        }
        var timings: [CorpusTiming] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 4, let wall = Double(fields[2]), let cpu = Double(fields[3]) else {
                return .failure(Failure(description: "\(name) printed an unreadable line: \(line)"))
            }
            timings.append(CorpusTiming(operation: String(fields[0]), contender: String(fields[1]), wall: wall, cpu: cpu))
        }
        return .success(timings)
    }
}

/// serde_json and simdjson on a corpus, by `Benchmarks/peers/run` (which
/// installs Debian's packages when missing and builds the two programs).
enum PeerRun {
    /// `Benchmarks/peers/run`, found from this source file.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("peers/run")

    /// Runs the script on `file` in ``ProcessTimings/processes`` processes, each with
    /// `rounds` timed rounds, and keeps each measurement's fastest median.
    static func run(file: URL, rounds: Int) -> Result<[CorpusTiming], ProcessTimings.Failure> {
        ProcessTimings.fastest("Benchmarks/peers/run", executable: URL(fileURLWithPath: "/usr/bin/env"),
                               arguments: ["bash", script.path, "--rounds", String(rounds), file.path])
    }
}
