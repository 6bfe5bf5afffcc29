import Foundation
import Glibc
import GitHubModels

/// What the memory child measured around one Data → models decode.
struct MemoryReport: Codable {
    /// How many issues were decoded.
    var count: Int
    /// The size of the JSON input.
    var inputBytes: Int
    /// `VmRSS` just before the decode (the input is built and in memory, free heap returned).
    var rssBefore: Int
    /// `VmHWM` just before the decode.
    var peakBefore: Int
    /// `VmHWM` after the decode.
    var peakAfter: Int
    /// `VmRSS` after the decode, with the models alive, after `malloc_trim(0)`.
    var rssAfterTrim: Int
    /// How long the decode took, in seconds.
    var decodeSeconds: Double
    /// The model memory estimate (see ``ModelMemoryEstimate``).
    var estimate: ModelMemoryEstimate

    /// Peak RSS growth caused by the decode: `VmHWM` after minus `VmRSS` before.
    /// (If building the input had already peaked higher, this is an upper bound.)
    var peakGrowth: Int
    /// What the decode kept: RSS growth after freeing what the heap could return.
    var retainedGrowth: Int
    /// The budget: 3 × input + the model estimate.
    var budget: Int
    /// ``peakGrowth`` relative to ``budget``.
    var ratio: Double

    /// A report of the raw readings, with the derived numbers computed.
    init(count: Int, inputBytes: Int, rssBefore: Int, peakBefore: Int, peakAfter: Int, rssAfterTrim: Int,
         decodeSeconds: Double, estimate: ModelMemoryEstimate) {
        self.count = count
        self.inputBytes = inputBytes
        self.rssBefore = rssBefore
        self.peakBefore = peakBefore
        self.peakAfter = peakAfter
        self.rssAfterTrim = rssAfterTrim
        self.decodeSeconds = decodeSeconds
        self.estimate = estimate
        peakGrowth = peakAfter - rssBefore
        retainedGrowth = rssAfterTrim - rssBefore
        budget = 3 * inputBytes + estimate.total
        ratio = Double(peakGrowth) / Double(budget)
    }
}

/// A simple estimate of the memory decoded issues occupy.
///
/// The array holds `MemoryLayout<GHIssue>.stride` bytes per issue (users are
/// stored inline); a non-empty label array adds a 32-byte header plus
/// `MemoryLayout<GHLabel>.stride` per label; a string longer than 15 UTF-8
/// bytes (shorter ones are stored inline) adds a 32-byte header plus its bytes
/// and a terminator; a URL adds its string plus ``urlOverhead``, measured by
/// creating 20,000 URLs from existing strings and reading `VmRSS`. Dates,
/// numbers, enums and booleans live inline.
struct ModelMemoryEstimate: Codable {
    /// `MemoryLayout<GHIssue>.stride`.
    var issueStride = MemoryLayout<GHIssue>.stride
    /// `MemoryLayout<GHLabel>.stride`.
    var labelStride = MemoryLayout<GHLabel>.stride
    /// Heap bytes one URL adds beyond its string (measured).
    var urlOverhead: Int
    /// Bytes of inline storage (issues' stride × count, plus the array header).
    var inlineBytes = 0
    /// Bytes of label arrays.
    var labelArrayBytes = 0
    /// Bytes of heap strings (URL strings included).
    var stringBytes = 0
    /// How many URLs.
    var urlCount = 0

    /// The estimate in bytes.
    var total = 0

    /// Walks `issues` and adds up their estimated footprint.
    init(issues: [GHIssue], urlOverhead: Int) {
        self.urlOverhead = urlOverhead
        inlineBytes = 32 + issues.count * issueStride
        for issue in issues {
            add(issue.title)
            add(issue.body)
            add(issue.reporterLogin)
            add(issue.url)
            add(issue.htmlURL)
            for user in [issue.user, issue.assignee].compactMap({ $0 }) {
                add(user.login)
                add(user.avatarURL)
                add(user.htmlURL)
            }
            if !issue.labels.isEmpty {
                labelArrayBytes += 32 + issue.labels.count * labelStride
            }
            for label in issue.labels {
                add(label.name)
                add(label.color)
                add(label.summary)
                add(label.url)
            }
        }
        total = inlineBytes + labelArrayBytes + stringBytes + urlCount * urlOverhead
    }

    /// Counts a string's heap storage, if any.
    private mutating func add(_ string: String?) {
        guard let count = string?.utf8.count, count > 15 else { return }
        stringBytes += 32 + count + 1
    }

    /// Counts a URL: its string and its overhead.
    private mutating func add(_ url: URL?) {
        guard let url else { return }
        urlCount += 1
        add(url.absoluteString)
    }
}

/// Peak-memory measurement in a fresh child process (`VmHWM` cannot be reset).
enum MemoryProbe {
    /// A child that failed or printed something unexpected.
    struct ChildError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// Child mode: builds the input, decodes it with the library from Data,
    /// and prints a ``MemoryReport`` as one line of JSON.
    static func runChild(count: Int) throws {
        let urlOverhead = measureURLOverhead()
        let templates = try IssueTemplates.load()
        let data = templates.data(count: count)
        trimHeap()
        let rssBefore = try statusValue("VmRSS")
        let peakBefore = try statusValue("VmHWM")
        let clock = ContinuousClock()
        let start = clock.now
        let issues = try LibraryContender.issues(from: data)
        let decodeSeconds = (clock.now - start).seconds
        let peakAfter = try statusValue("VmHWM")
        trimHeap()
        let rssAfterTrim = try statusValue("VmRSS")
        let report = MemoryReport(count: issues.count, inputBytes: data.count, rssBefore: rssBefore,
                                  peakBefore: peakBefore, peakAfter: peakAfter, rssAfterTrim: rssAfterTrim,
                                  decodeSeconds: decodeSeconds,
                                  estimate: ModelMemoryEstimate(issues: issues, urlOverhead: urlOverhead))
        let json = try JSONEncoder().encode(report)
        print(String(decoding: json, as: UTF8.self))
        blackHole(issues)
        blackHole(data)
    }

    /// Parent side: re-runs this executable with `--measure-memory count` and reads its report.
    static func measureInChild(count: Int) throws -> MemoryReport {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--measure-memory", String(count)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ChildError(description: "memory child exited with status \(process.terminationStatus)")
        }
        do {
            return try JSONDecoder().decode(MemoryReport.self, from: bytes)
        } catch {
            throw ChildError(description: "memory child printed no report: \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// A `kB` field of `/proc/self/status` (e.g. `VmHWM`), in bytes.
    static func statusValue(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).filter(\.isNumber)
            if let kilobytes = Int(number) { return kilobytes * 1024 }
        }
        throw ChildError(description: "no \(field) in /proc/self/status")
    }

    /// Heap bytes one `URL` adds beyond its (already existing) string: makes
    /// 20,000 URLs of fixture-like length and divides the `VmRSS` growth,
    /// less the array that holds them.
    private static func measureURLOverhead() -> Int {
        let count = 20_000
        let strings = (0..<count).map { "https://api.github.com/repos/octokit-fixture-org/paginate-issues/issues/\($0)" }
        let before = (try? statusValue("VmRSS")) ?? 0
        let urls = strings.map { URL(string: $0) }
        let after = (try? statusValue("VmRSS")) ?? 0
        blackHole(urls)
        let arrayBytes = 32 + count * MemoryLayout<URL?>.stride
        return max(0, (after - before - arrayBytes) / count)
    }

    /// Returns free heap memory to the system (`malloc_trim(0)`, looked up at run time).
    private static func trimHeap() {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
}
