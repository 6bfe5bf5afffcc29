import Foundation

/// The machine and toolchain the benchmark ran on.
struct MachineInfo: Codable {
    /// Active processor cores.
    var cores: Int
    /// The CPU model from `/proc/cpuinfo`, if known.
    var cpu: String?
    /// Physical memory in bytes.
    var memoryBytes: UInt64
    /// `uname -srm`.
    var system: String
    /// The first line of `swift --version`, or the compiler version this was built with.
    var swift: String
    /// The 1-minute load average when the benchmark started (other work on the machine skews times).
    var loadAtStart: Double?
    /// The 1-minute load average when it finished.
    var loadAtEnd: Double?

    /// The 1-minute load average from `/proc/loadavg`.
    static func loadAverage() -> Double? {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").first.flatMap { Double($0) }
    }

    /// Gathers the facts (runs `uname` and `swift --version`, which take a moment).
    static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let system = run("/usr/bin/env", ["uname", "-srm"])
            ?? "\(info.operatingSystemVersionString) (uname failed)"
        let swift = run("/usr/bin/env", ["swift", "--version"])?.split(separator: "\n").first.map(String.init)
            ?? "built with Swift compiler \(compilerVersion)"
        return MachineInfo(cores: info.activeProcessorCount, cpu: cpu, memoryBytes: info.physicalMemory,
                           system: system, swift: swift, loadAtStart: loadAverage())
    }

    /// The compiler version this was built with, from `#if compiler` checks.
    static var compilerVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// Runs a command and returns its trimmed standard output, or `nil` if it fails.
    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
