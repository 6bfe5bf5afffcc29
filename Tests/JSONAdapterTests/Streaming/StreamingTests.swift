//  Streaming: JSON Lines and large arrays decoded one model at a time, from
//  Data, files and asynchronous byte sequences; JSON Lines encoding.

import Foundation
import GitHubModels
import Testing
@testable import JSONAdapter

/// The real GitHub issues fixture, decoded whole.
private func fixtureIssues() throws -> (data: Data, issues: [GHIssue]) {
    let data = try GitHubFixtures.data("issues")
    return (data, try JSONAdapter.models(of: GHIssue.self, fromJSONData: data))
}

/// Reads every model of a reader.
private func readAll<M>(_ reader: inout JSONModelReader<M>) throws -> [M] {
    var models: [M] = []
    while let model = try reader.next() { models.append(model) }
    return models
}

@Suite("Streaming")
struct StreamingTests {
    @Test("real issues round-trip through JSON Lines, decoded one at a time")
    func jsonLinesRoundTrip() throws {
        let (_, issues) = try fixtureIssues()
        let lines = try JSONAdapter.jsonLinesData(from: issues)
        #expect(lines.filter { $0 == 0x0A }.count == issues.count)
        var reader = try JSONModelReader(GHIssue.self, data: lines)
        #expect(try readAll(&reader) == issues)
        #expect(try reader.next() == nil)
        #expect(try JSONAdapter.models(of: GHIssue.self, fromJSONLines: lines) == issues)
    }

    @Test("a large array is read element by element, with the same models as whole-array decoding",
          arguments: [1, 7, 4096, 1 << 16])
    func arrayElementByElement(chunkSize: Int) throws {
        let (data, issues) = try fixtureIssues()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID()).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSONModelReader(GHIssue.self, contentsOf: url, format: .array, chunkSize: chunkSize)
        #expect(try readAll(&reader) == issues)
        var fromData = try JSONModelReader(GHIssue.self, data: data, format: .array)
        #expect(try readAll(&fromData) == issues)
    }

    static let arrays: [(text: String, ids: [Int]?)] = [
        ("[]", []),
        ("  [ ]  ", []),
        (#"[{"id":1},{"id":2}]"#, [1, 2]),
        (" [ {\"id\" : 1 } ,\n {\"id\":2, \"name\": \"a,]}\\\"[{\"} ] \n", [1, 2]),
        (#"[{"id":1,"name":"\\"},{"id":2}]"#, [1, 2]),
        (#"[{"id":1},]"#, nil),
        (#"[{"id":1},,{"id":2}]"#, nil),
        (#"[,{"id":1}]"#, nil),
        (#"[{"id":1}] x"#, nil),
        (#"[{"id":1}"#, nil),
        (#"{"id":1}"#, nil),
        (#"[{"id":1} {"id":2}]"#, nil),
        ("[1]", nil),
        (#"[{"id":1}}]"#, nil),
        ("", nil),
    ]

    @Test("array framing: valid arrays decode, anything else is invalidJSONData or not an object", arguments: arrays)
    func arrayFraming(text: String, ids: [Int]?) throws {
        var reader = try JSONModelReader(ValueModels.Item.self, data: Data(text.utf8), format: .array)
        if let ids {
            #expect(try readAll(&reader).map(\.id) == ids)
        } else {
            #expect(throws: JSONAdapterError.self) { try readAll(&reader) }
            #expect(try reader.next() == nil) // done after an error
        }
    }

    @Test("JSON Lines: CRLF, blank lines and a last line without a newline")
    func jsonLinesLayout() throws {
        let text = "{\"id\":1}\r\n\n   \n{\"id\":2}\n{\"id\":3}"
        #expect(try JSONAdapter.models(of: ValueModels.Item.self, fromJSONLines: Data(text.utf8)).map(\.id) == [1, 2, 3])
        #expect(try JSONAdapter.models(of: ValueModels.Item.self, fromJSONLines: Data()).isEmpty)
    }

    @Test("errors name the line and the value's index", arguments: [
        ("{\"id\":1}\n\n{\"id\":\"two\"}\n", 3, "[1].id", JSONAdapterError.Code.invalidValue),
        ("{\"id\":1}\n{\"id\":2,}\n", 2, "[1]", .invalidJSONData),
        ("{\"id\":1}\n[1]\n", 2, "[1]", .invalidJSONDictionary),
    ])
    func errorPositions(text: String, line: Int, path: String, code: JSONAdapterError.Code) throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.models(of: ValueModels.Item.self, fromJSONLines: Data(text.utf8))
        }
        #expect(error.lineNumber == line)
        #expect(error.jsonKeyPath == path)
        #expect(error.code == code)
        #expect(error.description.hasPrefix("line \(line): "))
    }

    @Test("an array nested past the limit is refused before it is buffered")
    func depthLimit() throws {
        let deep = Data(("[" + String(repeating: "[", count: 100_000)).utf8)
        var reader = try JSONModelReader(ValueModels.Item.self, data: deep, format: .array, options: .init(maximumDepth: 64))
        let error = try #require(throws: JSONAdapterError.self) { try reader.next() }
        #expect(error.code == .invalidJSONData)
        #expect(error.description.contains("nesting deeper than 64"))
    }

    @Test("async bytes: models arrive as their bytes do, both formats", arguments: [JSONStreamFormat.jsonLines, .array])
    func asyncBytes(format: JSONStreamFormat) async throws {
        let (data, issues) = try fixtureIssues()
        let bytes = format == .array ? data : try JSONAdapter.jsonLinesData(from: issues)
        let stream = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        var decoded: [GHIssue] = []
        for try await issue in JSONAdapter.models(of: GHIssue.self, streamingFrom: stream, format: format) {
            decoded.append(issue)
        }
        #expect(decoded == issues)
    }

    @Test("cancelling the task stops reading the bytes")
    func cancellation() async throws {
        let counter = ByteCounter()
        let task = Task {
            var seen = 0
            for try await _ in JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: EndlessLines(counter: counter)) {
                seen += 1
                if seen == 100 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return seen
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let afterCancel = counter.count
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(counter.count == afterCancel)
        #expect(afterCancel < 100 * 30)
    }

    /// The models of `text` and the error that ended it, read by
    /// `JSONModelReader` (`isAsync == false`) or `AsyncJSONModelSequence`.
    private static func read(_ text: String, _ format: JSONStreamFormat,
                             isAsync: Bool) async -> (ids: [Int], error: String?) {
        var ids: [Int] = []
        do {
            if isAsync {
                let bytes = AsyncStream<UInt8> { continuation in
                    for byte in text.utf8 { continuation.yield(byte) }
                    continuation.finish()
                }
                for try await item in JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: bytes, format: format) {
                    ids.append(item.id)
                }
            } else {
                var reader = try JSONModelReader(ValueModels.Item.self, data: Data(text.utf8), format: format)
                while let item = try reader.next() { ids.append(item.id) }
            }
            return (ids, nil)
        } catch let error as JSONAdapterError {
            return (ids, "\(error.code) \(error.jsonKeyPath ?? "-") \(error.lineNumber ?? 0) \(error)")
        } catch {
            return (ids, "\(error)")
        }
    }

    /// Every stream of the framing and error tables, in its format.
    static let agreementCases: [(text: String, format: JSONStreamFormat)] =
        arrays.map { ($0.text, .array) } + [
            ("{\"id\":1}\r\n\n   \n{\"id\":2}\n{\"id\":3}", .jsonLines),
            ("{\"id\":1}\n\n{\"id\":\"two\"}\n{\"id\":3}\n", .jsonLines),
            ("{\"id\":1}\n{\"id\":2,}\n", .jsonLines),
            ("{\"id\":1}\n[1]\n", .jsonLines),
            ("[{\"id\":1},{\"id\":2}" + String(repeating: " ", count: 40_000) + "x", .array),
        ]

    /// Checks: asynchronous bytes give the same models and then the same
    /// error (code, key path, line, message with its byte offset) as
    /// `JSONModelReader` on the same bytes, in both formats; the sequence
    /// frames the bytes it gathers in batches, the reader in chunks.
    @Test("async bytes: the same models and the same error as JSONModelReader", arguments: agreementCases)
    func asyncAgreesWithReader(text: String, format: JSONStreamFormat) async {
        let sync = await Self.read(text, format, isAsync: false)
        let async = await Self.read(text, format, isAsync: true)
        #expect(async.ids == sync.ids)
        #expect(async.error == sync.error)
    }

    /// Checks: after an error, and after the end, the sequence's iterator is
    /// done: `next()` returns `nil` and reads no more bytes (a valid value
    /// follows the bad one, and is not handed out).
    @Test("async bytes: done after an error and after the end, reading nothing more")
    func doneAfterError() async throws {
        let counter = ByteCounter()
        let text = "{\"id\":\"x\"}\n{\"id\":2}\n"
        var models = JSONAdapter.models(of: ValueModels.Item.self,
                                        streamingFrom: CountedBytes(bytes: Array(text.utf8), counter: counter))
            .makeAsyncIterator()
        await #expect(throws: JSONAdapterError.self) { try await models.next() }
        let read = counter.count
        #expect(try await models.next() == nil)
        #expect(counter.count == read)

        var ended = JSONAdapter.models(of: ValueModels.Item.self,
                                       streamingFrom: CountedBytes(bytes: Array("{\"id\":1}".utf8), counter: counter))
            .makeAsyncIterator()
        #expect(try await ended.next()?.id == 1)
        #expect(try await ended.next() == nil)
        let atEnd = counter.count
        #expect(try await ended.next() == nil)
        #expect(counter.count == atEnd)
    }

    /// Checks: values longer than the sequence's 16 KiB batch (a 40,000-byte
    /// name) decode whole in both formats, between short ones.
    @Test("async bytes: a value longer than a batch decodes whole", arguments: [JSONStreamFormat.jsonLines, .array])
    func longValue(format: JSONStreamFormat) async throws {
        let name = String(repeating: "abcdefghij", count: 4_000)
        let values = [#"{"id":1}"#, #"{"id":2,"name":"\#(name)"}"#, #"{"id":3}"#]
        let text = format == .array ? "[" + values.joined(separator: ",") + "]" : values.joined(separator: "\n")
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in text.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var items: [ValueModels.Item] = []
        for try await item in JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: bytes, format: format) {
            items.append(item)
        }
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(items[1].name == name)
    }

    /// Checks: a task cancelled in the middle of an endless value (a line
    /// that never ends) stops reading within the 16 KiB between two checks
    /// for cancellation, and throws `CancellationError`.
    @Test("cancelling the task stops reading within a value")
    func cancellationWithinValue() async throws {
        let counter = ByteCounter()
        let task = Task {
            for try await _ in JSONAdapter.models(of: ValueModels.Item.self,
                                                  streamingFrom: EndlessValue(counter: counter, cancelAfter: 1_000)) {}
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let afterCancel = counter.count
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(counter.count == afterCancel)
        #expect(afterCancel <= 1_000 + 16_384)
    }

    @Test("a bad mapping fails on the first read")
    func badMapping() async throws {
        struct Bad: JSONSerializing {
            var id = 0
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["nope": "nope"] }
        }
        #expect(throws: JSONAdapterError.self) { try JSONModelReader(Bad.self, data: Data()) }
        let stream = AsyncStream<UInt8> { $0.finish() }
        await #expect(throws: JSONAdapterError.self) {
            for try await _ in JSONAdapter.models(of: Bad.self, streamingFrom: stream) {}
        }
    }

    @Test("JSON Lines written to a file handle, read back from a file")
    func fileHandles() throws {
        let (_, issues) = try fixtureIssues()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID()).jsonl")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try JSONAdapter.writeJSONLines(issues, to: handle)
        try handle.close()
        var reader = try JSONModelReader(GHIssue.self, contentsOf: url, chunkSize: 100)
        #expect(try readAll(&reader) == issues)
    }
}

// MARK: - Models

extension StreamingTests {
    /// Bytes handed out one at a time, counting how many were asked for.
    private final class ByteCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// `bytes`, counting every call to `next()`, the ones after the end too.
    private struct CountedBytes: AsyncSequence {
        typealias Element = UInt8
        let bytes: [UInt8]
        let counter: ByteCounter
        struct AsyncIterator: AsyncIteratorProtocol {
            let bytes: [UInt8]
            let counter: ByteCounter
            var position = 0
            mutating func next() async -> UInt8? {
                counter.increment()
                guard position < bytes.count else { return nil }
                defer { position += 1 }
                return bytes[position]
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, counter: counter) }
    }

    /// `{"id":1,"name":"xxx…` forever, cancelling the current task once it
    /// has handed out `cancelAfter` bytes.
    private struct EndlessValue: AsyncSequence {
        typealias Element = UInt8
        let counter: ByteCounter
        let cancelAfter: Int
        struct AsyncIterator: AsyncIteratorProtocol {
            let counter: ByteCounter
            let cancelAfter: Int
            var sent = 0
            mutating func next() async -> UInt8? {
                let start = Array(#"{"id":1,"name":""#.utf8)
                defer { sent += 1 }
                counter.increment()
                if sent == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
                return sent < start.count ? start[sent] : UInt8(ascii: "x")
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(counter: counter, cancelAfter: cancelAfter) }
    }

    /// An endless stream of JSON Lines, `{"id":n,"name":"x"}\n` forever.
    private struct EndlessLines: AsyncSequence {
        typealias Element = UInt8
        let counter: ByteCounter
        struct AsyncIterator: AsyncIteratorProtocol {
            let counter: ByteCounter
            var line: [UInt8] = []
            var position = 0
            var next = 0
            mutating func next() async -> UInt8? {
                if position == line.count {
                    line = Array(#"{"id":\#(next),"name":"x"}"#.utf8) + [0x0A]
                    position = 0
                    next += 1
                    await Task.yield()
                }
                counter.increment()
                defer { position += 1 }
                return line[position]
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(counter: counter) }
    }
}
