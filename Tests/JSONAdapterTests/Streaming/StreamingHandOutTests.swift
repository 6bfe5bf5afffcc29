//  Streaming: each value handed out as soon as its last byte has been read
//  (from a pipe whose writer waits for the answer, and from asynchronous
//  bytes), a cut-off array after its complete elements, and the depth limit
//  applied to each value as to the same value decoded alone, in both formats.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Streaming hand-out")
struct StreamingHandOutTests {
    // MARK: Pipes

    /// A conversation over a pipe: the writer sends one piece, then waits
    /// until the reader has handed out the model it completes before sending
    /// the next, as a program answering line by line does. If a model is
    /// held back, the writer stops waiting after `patience` (so that the
    /// test fails instead of hanging), notes the piece, and writes the rest
    /// without waiting. The patience is no speed goal but a hang guard: an
    /// async test's task can wait minutes for a thread of the cooperative pool
    /// (two on a two-core machine) while long synchronous tests hold them, as
    /// under AddressSanitizer with two CI runs at once (more than 300 s, seen).
    final class Conversation: @unchecked Sendable {
        let pipe = Pipe()
        private let answered = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var unanswered: [Int] = []
        static let patience: DispatchTimeInterval = .seconds(1800)

        /// Starts writing `pieces` on a thread of its own; the write end is
        /// closed after the last one.
        init(_ pieces: [String]) {
            let handle = pipe.fileHandleForWriting
            Thread { [self] in
                var isWaiting = true
                for (index, piece) in pieces.enumerated() {
                    try? handle.write(contentsOf: Data(piece.utf8))
                    if isWaiting, index < pieces.count - 1, answered.wait(timeout: .now() + Self.patience) == .timedOut {
                        lock.withLock { unanswered.append(index) }
                        isWaiting = false
                    }
                }
                try? handle.close()
                finished.signal()
            }.start()
        }

        /// Called by the reader for each model it receives.
        func modelArrived() { answered.signal() }

        /// The pieces whose model was not handed out before the writer gave
        /// up waiting, once the writer is done.
        func piecesLeftUnanswered() -> [Int] {
            finished.wait()
            return lock.withLock { unanswered }
        }
    }

    /// Each piece but the last completes exactly one model.
    static let conversations: [(format: JSONStreamFormat, pieces: [String])] = [
        (.jsonLines, ["{\"id\":1}\n", "{\"id\":2}\r\n", "\n{\"id\":3}\n", ""]),
        (.array, [#" [{"id":1}"#, #", {"id":2}"#, "\n,{\"id\":3}", " ]\n"]),
    ]

    /// Checks: `JSONModelReader(fileHandle:)` on a pipe returns each model
    /// while the writer waits for it, in both formats, and every chunk size.
    /// The reader blocks in `read(2)`, so it runs on a thread of its own
    /// rather than on one the other tests' tasks need.
    @Test("a pipe's complete value is handed out while the writer waits", arguments: conversations, [1, 5, 1 << 16])
    func pipeReader(conversation: (format: JSONStreamFormat, pieces: [String]), chunkSize: Int) async throws {
        let talk = Conversation(conversation.pieces)
        let handle = talk.pipe.fileHandleForReading
        let format = conversation.format
        let ids = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Int], any Error>) in
            Thread {
                continuation.resume(with: Result {
                    var reader = try JSONModelReader(ValueModels.Item.self, fileHandle: handle, format: format,
                                                     chunkSize: chunkSize)
                    var ids: [Int] = []
                    while let item = try reader.next() {
                        ids.append(item.id)
                        talk.modelArrived()
                    }
                    return ids
                })
            }.start()
        }
        #expect(ids == [1, 2, 3])
        #expect(talk.piecesLeftUnanswered() == [])
    }

    /// Checks: the same for `AsyncJSONModelSequence` over the pipe's bytes,
    /// handed on as they are read.
    @Test("async bytes: a complete value is handed out while the writer waits", arguments: conversations)
    func pipeSequence(conversation: (format: JSONStreamFormat, pieces: [String])) async throws {
        let talk = Conversation(conversation.pieces)
        let handle = talk.pipe.fileHandleForReading
        let bytes = AsyncStream<UInt8> { continuation in
            Thread {
                while case let data = handle.availableData, !data.isEmpty {
                    for byte in data { continuation.yield(byte) }
                }
                continuation.finish()
            }.start()
        }
        var ids: [Int] = []
        for try await item in JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: bytes, format: conversation.format) {
            ids.append(item.id)
            talk.modelArrived()
        }
        #expect(ids == [1, 2, 3])
        #expect(talk.piecesLeftUnanswered() == [])
    }

    /// Bytes that end in a read which fails: an iterator that asks for more
    /// than it was given throws ``MoreRequested``.
    struct BytesThenFailure: AsyncSequence {
        typealias Element = UInt8
        struct MoreRequested: Error {}
        let bytes: [UInt8]
        struct AsyncIterator: AsyncIteratorProtocol {
            let bytes: [UInt8]
            var position = 0
            mutating func next() async throws -> UInt8? {
                guard position < bytes.count else { throw MoreRequested() }
                defer { position += 1 }
                return bytes[position]
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
    }

    /// A stream's first value, ending at its last byte, in each way a value
    /// can end; `nil`: a value that decodes to no model (not an object).
    static let firstValues: [(format: JSONStreamFormat, text: String, id: Int?)] = [
        (.jsonLines, "{\"id\":1}\n", 1),
        (.jsonLines, "\r\n\n{\"id\":2}\r\n", 2),
        (.array, #"[{"id":3}"#, 3),
        (.array, #" [ {"id":4,"name":"e]}l\""}"#, 4),
        (.array, "[[1]", nil),
        (.array, #"["a\"e""#, nil),
        (.array, "[true", nil),
        (.array, "[false", nil),
        (.array, "[null", nil),
        (.array, "[12,", nil),
        (.array, "[12]", nil),
        (.array, "[-1.5e3 ", nil),
        (.array, "[12\t", nil),
        (.array, "[12\r", nil),
        (.array, "[12\n", nil),
    ]

    /// Checks: `AsyncJSONModelSequence` hands out a value (its model, or its
    /// error) at the value's last byte, without asking its bytes for one
    /// more, for every byte that can end a value in either format; it
    /// gathers bytes between such places, so this is the test that none is
    /// missing.
    @Test("async bytes: a value is handed out at its last byte, however it ends", arguments: firstValues)
    func handOutAtLastByte(format: JSONStreamFormat, text: String, id: Int?) async throws {
        var models = JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: BytesThenFailure(bytes: Array(text.utf8)),
                                        format: format).makeAsyncIterator()
        if let id {
            #expect(try await models.next()?.id == id)
        } else {
            let error = await #expect(throws: JSONAdapterError.self) { try await models.next() }
            #expect(error?.code == .invalidJSONDictionary)
            #expect(error?.jsonKeyPath == "[0]")
        }
    }

    /// Checks: a read that fails (a directory's descriptor: `EISDIR`) throws
    /// the file system's error, and the reader is done.
    @Test("a failed read throws the file system's error")
    func failedRead() throws {
        let handle = try #require(FileHandle(forReadingAtPath: FileManager.default.temporaryDirectory.path))
        defer { try? handle.close() }
        var reader = try JSONModelReader(ValueModels.Item.self, fileHandle: handle)
        let error = try #require(throws: CocoaError.self) { try reader.next() }
        #expect(error.code == .fileReadUnknown)
        #expect((error.userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code == .EISDIR)
        #expect(try reader.next() == nil)
    }

    // MARK: Cut-off arrays

    /// The models of `text` as a `.array` stream, and the error that ended it.
    static func readArray(_ text: String) -> (ids: [Int], error: JSONAdapterError?) {
        var ids: [Int] = []
        do {
            var reader = try JSONModelReader(ValueModels.Item.self, data: Data(text.utf8), format: .array)
            while let item = try reader.next() { ids.append(item.id) }
            return (ids, nil)
        } catch {
            return (ids, error as? JSONAdapterError)
        }
    }

    /// The same through `AsyncJSONModelSequence`.
    static func readArrayAsync(_ text: String) async -> (ids: [Int], error: JSONAdapterError?) {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in text.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var ids: [Int] = []
        do {
            for try await item in JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: bytes, format: .array) {
                ids.append(item.id)
            }
            return (ids, nil)
        } catch {
            return (ids, error as? JSONAdapterError)
        }
    }

    /// A cut-off or broken array, the models before the error, and the
    /// error's key path (`nil`: the array's own syntax) and reason.
    static let cutArrays: [(text: String, ids: [Int], path: String?, reason: String)] = [
        (#"[{"id":1}"#, [1], nil, "after 1 complete value, the stream ends before the array is closed at byte 9"),
        (#"[{"id":1},{"id":2}  "#, [1, 2], nil, "after 2 complete values, the stream ends before the array is closed"),
        (#"[{"id":1},"#, [1], nil, "the stream ends before the array is closed"),
        (#"[{"id":1},{"id":"#, [1], "[1]", "the stream ends before the array is closed"),
        (#"[{"id":1} {"id":2}]"#, [1], nil, "expected ',' or ']' after an element, found '{' at byte 10"),
        (#"[{"id":1},,{"id":2}]"#, [1], nil, "expected a value, found ','"),
        (#"[{"id":1}] x"#, [1], nil, "unexpected 'x' after the array"),
        ("[", [], nil, "after 0 complete values, the stream ends before the array is closed at byte 1"),
    ]

    /// Checks: the complete elements before a cut or a break in the array's
    /// syntax come out as models; the error then names the element it is in,
    /// or no element when it is in the array's own syntax, and the reason;
    /// both readers agree.
    @Test("a cut-off array hands out its complete elements, then names the cut", arguments: cutArrays)
    func cutArray(text: String, ids: [Int], path: String?, reason: String) async throws {
        for (read, error) in [Self.readArray(text), await Self.readArrayAsync(text)] {
            #expect(read == ids)
            let error = try #require(error)
            #expect(error.code == .invalidJSONData)
            #expect(error.jsonKeyPath == path)
            #expect(error.description.contains(reason))
        }
    }

    // MARK: Depth

    /// An object with `depth` levels of nesting in all (the object counts).
    static func item(depth: Int) -> String {
        #"{"id":\#(depth),"deep":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
    }

    /// `values` laid out as `format`.
    static func stream(_ values: [String], _ format: JSONStreamFormat) -> Data {
        Data((format == .array ? "[" + values.joined(separator: ",") + "]" : values.joined(separator: "\n") + "\n").utf8)
    }

    /// Every model of `data` through `AsyncJSONModelSequence`.
    static func asyncItems(_ data: Data, _ format: JSONStreamFormat,
                           _ options: JSONAdapter.DecodingOptions) async throws -> [Int] {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in data { continuation.yield(byte) }
            continuation.finish()
        }
        var ids: [Int] = []
        for try await item in JSONAdapter.models(of: ValueModels.Item.self, streamingFrom: bytes, format: format,
                                                 options: options) {
            ids.append(item.id)
        }
        return ids
    }

    /// Checks: a value nested exactly to the limit (the default, 512, and
    /// one of the call's own) decodes alone and streamed in both formats,
    /// through both readers; one level more is refused alone and streamed,
    /// for the same reason, naming the value's index.
    @Test("the depth limit applies to each streamed value as to the value alone",
          arguments: [JSONStreamFormat.jsonLines, .array], [JSONAdapter.DecodingOptions.defaultMaximumDepth, 64])
    func depthPerValue(format: JSONStreamFormat, limit: Int) async throws {
        let options = JSONAdapter.DecodingOptions(maximumDepth: limit)
        let atLimit = Self.item(depth: limit)
        #expect(try JSONAdapter.model(of: ValueModels.Item.self, fromJSONData: Data(atLimit.utf8), options: options).id == limit)
        let data = Self.stream([atLimit, #"{"id":1}"#, atLimit], format)
        var reader = try JSONModelReader(ValueModels.Item.self, data: data, format: format, options: options)
        var ids: [Int] = []
        while let item = try reader.next() { ids.append(item.id) }
        #expect(ids == [limit, 1, limit])
        #expect(try await Self.asyncItems(data, format, options) == [limit, 1, limit])

        let pastLimit = Self.item(depth: limit + 1)
        let alone = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ValueModels.Item.self, fromJSONData: Data(pastLimit.utf8), options: options)
        }
        #expect(alone.description.contains("nesting deeper than \(limit)"))
        let deep = Self.stream([#"{"id":1}"#, pastLimit], format)
        var deepReader = try JSONModelReader(ValueModels.Item.self, data: deep, format: format, options: options)
        #expect(try deepReader.next()?.id == 1)
        let streamed = try #require(throws: JSONAdapterError.self) { try deepReader.next() }
        #expect(streamed.code == .invalidJSONData && streamed.jsonKeyPath == "[1]")
        #expect(streamed.description.contains("nesting deeper than \(limit)"))
        let asyncError = await #expect(throws: JSONAdapterError.self) { try await Self.asyncItems(deep, format, options) }
        #expect(asyncError?.jsonKeyPath == "[1]")
        #expect(asyncError?.description.contains("nesting deeper than \(limit)") == true)
    }
}

