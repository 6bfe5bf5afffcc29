// Streaming from asynchronous bytes against the synchronous reader: the parent
// writes one JSON Lines file of real GitHub issues (replicated, as the streaming
// child does), then a fresh child process per reader decodes it, one with
// JSONModelReader and one with JSONAdapter.models(of:streamingFrom:) over
// `FileBytes`, each reporting its time and peak RSS growth.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GitHubModels
import JSONAdapter

/// A file's bytes as an `AsyncSequence` of `UInt8`, read 64 KiB at a time:
/// what `FileHandle.bytes` is on Apple platforms (Linux's Foundation has no
/// `AsyncBytes`), built the same way as Foundation's `AsyncBytes`: `next()`
/// hands out the next byte of its buffer, and only an empty buffer costs a
/// read (a blocking `read(2)`, as a file read on the cooperative pool does).
struct FileBytes: AsyncSequence {
    typealias Element = UInt8
    /// The file's descriptor, owned by the caller.
    let descriptor: Int32

    struct AsyncIterator: AsyncIteratorProtocol {
        let descriptor: Int32
        var buffer: [UInt8] = []
        var position = 0

        @inline(__always)
        mutating func next() async throws -> UInt8? {
            if position < buffer.count {
                defer { position += 1 }
                return buffer[position]
            }
            return try await reloadAndNext()
        }

        @inline(never)
        private mutating func reloadAndNext() async throws -> UInt8? {
            let descriptor = self.descriptor
            buffer = try [UInt8](unsafeUninitializedCapacity: 1 << 16) { storage, count in
                let result = read(descriptor, storage.baseAddress, storage.count)
                guard result >= 0 else { throw MemoryProbe.ChildError(description: "read failed: errno \(errno)") }
                count = result
            }
            position = 0
            guard !buffer.isEmpty else { return nil }
            position = 1
            return buffer[0]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(descriptor: descriptor) }
}

/// What one reader's child measured.
struct AsyncStreamingReport: Codable {
    /// Models decoded.
    var models: Int
    /// Wall-clock and process CPU seconds of the reading.
    var seconds: Double
    var cpuSeconds: Double
    /// `VmRSS` before reading, `VmHWM` after.
    var rssBefore: Int
    var peakAfter: Int

    /// Peak RSS growth while reading.
    var peakGrowth: Int { peakAfter - rssBefore }
}

enum AsyncStreamingProbe {
    /// The two readers.
    enum Reader: String {
        /// `JSONModelReader(contentsOf:)`.
        case sync
        /// `JSONAdapter.models(of:streamingFrom:)` over ``FileBytes``.
        case async
    }

    /// Process CPU time so far, in seconds (all threads).
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Child mode: reads the JSON Lines file at `path` with `reader` and prints
    /// an ``AsyncStreamingReport`` as one line of JSON.
    static func runChild(reader: Reader, path: String) async throws {
        let rssBefore = try MemoryProbe.statusValue("VmRSS")
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUSeconds()
        var models = 0
        switch reader {
        case .sync:
            var reader = try JSONModelReader(GHIssue.self, contentsOf: URL(fileURLWithPath: path), format: .jsonLines)
            while let issue = try reader.next() {
                models += 1
                blackHole(issue)
            }
        case .async:
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw MemoryProbe.ChildError(description: "cannot open \(path)") }
            defer { close(descriptor) }
            for try await issue in JSONAdapter.models(of: GHIssue.self, streamingFrom: FileBytes(descriptor: descriptor)) {
                models += 1
                blackHole(issue)
            }
        }
        let report = AsyncStreamingReport(models: models, seconds: (clock.now - start).seconds,
                                          cpuSeconds: processCPUSeconds() - cpuStart, rssBefore: rssBefore,
                                          peakAfter: try MemoryProbe.statusValue("VmHWM"))
        print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }

    /// ``runChild(reader:path:)`` in a task, waited for on this thread: the
    /// program's top level stays synchronous (an asynchronous `main` made
    /// valgrind fail at start-up here, which profiling this child needs).
    static func runChildWaiting(reader: Reader, path: String) throws {
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
            let done = DispatchSemaphore(value: 0)
        }
        let outcome = Outcome()
        Task {
            do {
                try await runChild(reader: reader, path: path)
            } catch {
                outcome.error = error
            }
            outcome.done.signal()
        }
        outcome.done.wait()
        if let error = outcome.error { throw error }
    }

    /// Parent side: runs a child reading `path` with `reader`.
    static func measureInChild(reader: Reader, path: String) throws -> AsyncStreamingReport {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--async-streaming-child", reader.rawValue, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let report = try? JSONDecoder().decode(AsyncStreamingReport.self, from: bytes) else {
            throw MemoryProbe.ChildError(description: "async streaming child failed: \(String(decoding: bytes, as: UTF8.self))")
        }
        return report
    }

    /// The file size of the goal's figures, in megabytes (`--issue-goals`).
    static let goalMegabytes = 494

    /// Writes `megabytes` of JSON Lines (2,000 replicated issues, repeated),
    /// reads them with each reader in a child process, and returns the lines
    /// to print (times, peak memory) and the goals: async ≤ 1.5× the
    /// synchronous reader's time, and its peak RSS growth ≤ 64 MiB (flat: the
    /// file is hundreds of megabytes; the JSON Lines streaming goal's bound).
    static func measure(megabytes: Int) throws -> (lines: [String], goals: [GoalResult]) {
        let loadBefore = MachineInfo.loadAverage()
        let (_, url, written) = try StreamingProbe.writeIssueLines(megabytes: megabytes, name: "mantle-async-stream")
        defer { try? FileManager.default.removeItem(at: url) }
        progress("async streaming: \(bytes(written)) of JSON Lines, JSONModelReader in a child process")
        let sync = try measureInChild(reader: .sync, path: url.path)
        progress("async streaming: models(of:streamingFrom:) over FileBytes in a child process")
        let async = try measureInChild(reader: .async, path: url.path)
        guard sync.models == async.models else {
            throw MemoryProbe.ChildError(description: "the readers disagree: \(sync.models) against \(async.models) models")
        }
        let load = loadRange((loadBefore, MachineInfo.loadAverage()))
        var lines = ["Streaming from asynchronous bytes: \(String(format: "%.0f", Double(written) / 1e6)) MB of JSON Lines, "
                     + "\(grouped(sync.models)) issues, one run each in a fresh child process (load average \(load))"]
        for (name, report) in [("JSONModelReader(contentsOf:)", sync),
                               ("models(of:streamingFrom:) over FileBytes", async)] {
            let line = name.padding(toLength: 44, withPad: " ", startingAt: 0)
            lines.append("  \(line) \(duration(report.seconds).leftPadded(9)) wall \(duration(report.cpuSeconds).leftPadded(9)) CPU"
                         + String(format: "  %4.0f MB/s", Double(written) / report.seconds / 1e6)
                         + "  peak RSS growth \(bytes(report.peakGrowth))")
        }
        let basis = "\(bytes(written)), \(grouped(sync.models)) issues, load \(load)"
        let goals = [
            GoalResult(name: "streaming, async bytes", formula: "async / JSONModelReader, same file",
                       basis: basis + ", peak growth \(bytes(async.peakGrowth))",
                       value: async.seconds / sync.seconds, cpuValue: async.cpuSeconds / sync.cpuSeconds, atMost: 1.5),
            GoalResult(name: "streaming, async memory", formula: "peak RSS growth, MiB (async bytes)",
                       basis: basis + ", JSONModelReader's \(bytes(sync.peakGrowth))",
                       value: Double(async.peakGrowth) / 1_048_576, atMost: 64),
        ]
        return (lines, goals)
    }

    /// ``measure(megabytes:)``, printed.
    static func run(megabytes: Int) throws {
        let (lines, goals) = try measure(megabytes: megabytes)
        print((lines + Report.goalLines(goals)).joined(separator: "\n"))
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
