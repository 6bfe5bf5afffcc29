import Foundation

/// serde_json and simdjson on a corpus, by `Benchmarks/peers/run` (which
/// installs Debian's packages when missing and builds the two programs).
enum PeerRun {
    /// Why the peers could not be measured.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `Benchmarks/peers/run`, found from this source file.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("peers/run")

    /// Runs the script on `file` with `rounds` timed rounds and reads its
    /// lines, `operation<TAB>contender<TAB>wall seconds<TAB>CPU seconds<TAB>file`
    /// (medians per run; `#` lines are comments).
    static func run(file: URL, rounds: Int) -> Result<[CorpusTiming], Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script.path, "--rounds", String(rounds), file.path]
        // Its progress and install messages go straight to standard error.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            return .failure(Failure(description: "could not start \(script.path): \(error)"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(Failure(description: "Benchmarks/peers/run failed (status \(process.terminationStatus)); "
                                    + "its messages are on standard error"))
        }
        var timings: [CorpusTiming] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 4, let wall = Double(fields[2]), let cpu = Double(fields[3]) else {
                return .failure(Failure(description: "Benchmarks/peers/run printed an unreadable line: \(line)"))
            }
            timings.append(CorpusTiming(operation: String(fields[0]), contender: String(fields[1]), wall: wall, cpu: cpu))
        }
        return .success(timings)
    }
}
