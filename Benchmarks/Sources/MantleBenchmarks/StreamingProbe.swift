// Streaming in bounded memory: a child process writes a JSON Lines file of
// real GitHub issues (replicated) and reads it back with JSONModelReader,
// reporting its peak RSS growth and throughput.
import Foundation
import GitHubModels
import JSONAdapter

/// What the streaming child measured.
struct StreamingReport: Codable {
    /// Bytes of JSON Lines read.
    var bytes: Int
    /// Models decoded.
    var models: Int
    /// Seconds the reading took.
    var seconds: Double
    /// `VmRSS` before reading, `VmHWM` after.
    var rssBefore: Int
    var peakAfter: Int
    /// Whole-array decoding of the same issues, as the same encoder wrote
    /// them (a JSON array of the lines' objects): its bytes per second, the
    /// basis of the throughput goal. The suite's own input carries every
    /// field of GitHub's JSON, most of them unmapped (3.7 KB an issue against
    /// 1.5 KB a line), so its bytes per second are not comparable.
    var arrayThroughput: Double

    /// Peak RSS growth while streaming.
    var peakGrowth: Int { peakAfter - rssBefore }
    /// Input bytes per second.
    var throughput: Double { Double(bytes) / seconds }
}

enum StreamingProbe {
    /// Child mode: writes `megabytes` of JSON Lines to a temporary file, streams it, prints a report.
    static func runChild(megabytes: Int) throws {
        let (issues, url, written) = try writeIssueLines(megabytes: megabytes, name: "mantle-stream")
        defer { try? FileManager.default.removeItem(at: url) }
        let rssBefore = try MemoryProbe.statusValue("VmRSS")
        let clock = ContinuousClock()
        let start = clock.now
        var reader = try JSONModelReader(GHIssue.self, contentsOf: url, format: .jsonLines)
        var models = 0
        while let issue = try reader.next() {
            models += 1
            blackHole(issue)
        }
        let seconds = (clock.now - start).seconds
        let peakAfter = try MemoryProbe.statusValue("VmHWM")
        let array = try JSONAdapter.jsonData(from: issues)
        var arraySeconds: [Double] = []
        for _ in 0..<6 {
            let arrayStart = clock.now
            blackHole(try JSONAdapter.models(of: GHIssue.self, fromJSONData: array))
            arraySeconds.append((clock.now - arrayStart).seconds)
        }
        let report = StreamingReport(bytes: written, models: models, seconds: seconds, rssBefore: rssBefore,
                                     peakAfter: peakAfter,
                                     arrayThroughput: Double(array.count) / Measurement.median(Array(arraySeconds.dropFirst())))
        print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }

    /// Writes at least `megabytes` of JSON Lines (2,000 replicated issues, repeated) to a new
    /// temporary file named after `name` and this process; the caller removes it.
    static func writeIssueLines(megabytes: Int, name: String) throws -> (issues: [GHIssue], url: URL, bytes: Int) {
        let templates = try IssueTemplates.load()
        let issues = try LibraryContender.issues(from: templates.data(count: 2_000))
        let block = try JSONAdapter.jsonLinesData(from: issues)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).jsonl")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw MemoryProbe.ChildError(description: "cannot create \(url.path)")
        }
        let writer = try FileHandle(forWritingTo: url)
        var written = 0
        while written < megabytes * 1_000_000 {
            try writer.write(contentsOf: block)
            written += block.count
        }
        try writer.close()
        return (issues, url, written)
    }

    /// Parent side: runs the child and reads its report.
    static func measureInChild(megabytes: Int) throws -> StreamingReport {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--measure-streaming", String(megabytes)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let report = try? JSONDecoder().decode(StreamingReport.self, from: bytes) else {
            throw MemoryProbe.ChildError(description: "streaming child failed: \(String(decoding: bytes, as: UTF8.self))")
        }
        return report
    }
}

/// Class models decoded from dictionaries that carry a large unmapped object:
/// the same cost as structs when nothing bridges the unread keys.
enum ClassBridgingProbe {
    struct Item: JSONSerializing {
        var name = ""
        var nested = Nested()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "nested": "nested"] }
    }
    struct Nested: JSONSerializing {
        var id = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    }
    final class ClassItem: JSONSerializing {
        var name = ""
        var nested = ClassNested()
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "nested": "nested"] }
    }
    final class ClassNested: JSONSerializing {
        var id = 0
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    }

    /// 500 items whose nested object has 200 unmapped keys.
    static func input() -> [Any] {
        var unmapped: [String: Any] = ["id": 7]
        for key in 0..<200 { unmapped["extra\(key)"] = ["value": key, "text": "unmapped \(key)"] }
        return (0..<500).map { ["name": "item \($0)", "nested": unmapped, "ignored": unmapped] as [String: Any] }
    }

    /// Median seconds of `rounds` decodes of structs and of classes.
    static func run(rounds: Int) throws -> (structs: Double, classes: Double) {
        let items = input()
        var structs: [Double] = [], classes: [Double] = []
        for _ in 0...rounds {
            structs.append(try measure { try JSONAdapter.models(of: Item.self, from: items) }.wall)
            classes.append(try measure { try JSONAdapter.models(of: ClassItem.self, from: items) }.wall)
        }
        return (Measurement.median(Array(structs.dropFirst())), Measurement.median(Array(classes.dropFirst())))
    }
}
