#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Reads models one at a time from JSON Lines or from one large JSON array,
/// in `Data`, a file, a pipe or standard input, holding only the value being
/// decoded.
///
/// ```swift
/// var reader = try JSONModelReader(GHIssue.self, contentsOf: url, format: .jsonLines)
/// while let issue = try reader.next() {
///     print(issue.title)
/// }
/// ```
///
/// ``next()`` returns a model as soon as the bytes read hold the whole value:
/// from a pipe or standard input, a line that has arrived (or, for an array,
/// an element) is decoded without waiting for more input, so a program can
/// answer each line before the next is sent.
///
/// Errors are ``JSONAdapterError``s whose ``JSONAdapterError/jsonKeyPath``
/// starts with the value's zero-based index (`[41].user.login`) and, for JSON
/// Lines, whose ``JSONAdapterError/lineNumber`` is the value's line. After an
/// error the reader is done: ``next()`` returns `nil`.
public struct JSONModelReader<Model: JSONSerializing> {
    /// Where the bytes come from.
    private enum Source {
        /// Bytes in memory, read from `position`.
        case data(Data, position: Int)
        /// A file, read in chunks.
        case file(FileHandle, closesWhenDone: Bool)
            case exhausted
    }

    /// The most bytes read at once from a file (and copied at once from `Data`).
    private let chunkSize: Int
    private var source: Source
    /// The chunk being consumed, and how far.
    private var chunk: [UInt8] = []
    private var position = 0
    private var decoder: StreamedModelDecoder<Model>
    /// `true` once the stream ended or failed.
    private var isDone = false

    /// A reader of the JSON values in `data`, each decoded with `options`
    /// (see ``JSONAdapter/JSONAdapter/DecodingOptions``; the key path is
    /// looked up in each value, and the depth limit applies to each value).
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONMapping`` for a bad mapping.
    public init(_ type: Model.Type = Model.self, data: Data, format: JSONStreamFormat = .jsonLines,
                options: JSONAdapter.DecodingOptions = .standard) throws {
        try self.init(source: .data(data, position: data.startIndex), format: format,
                      options: options, chunkSize: 1 << 16)
    }

    /// A reader of the JSON values in the file at `url`, read at most
    /// `chunkSize` bytes at a time; the file is closed when the reader is done.
    ///
    /// - Throws: the file system's error if the file cannot be opened;
    ///   ``JSONAdapterError/Code/invalidJSONMapping`` for a bad mapping.
    public init(_ type: Model.Type = Model.self, contentsOf url: URL, format: JSONStreamFormat = .jsonLines,
                options: JSONAdapter.DecodingOptions = .standard, chunkSize: Int = 1 << 16) throws {
        let handle = try FileHandle(forReadingFrom: url)
        try self.init(source: .file(handle, closesWhenDone: true), format: format,
                      options: options, chunkSize: chunkSize)
    }

    /// A reader of the JSON values read from `fileHandle` (a file, a pipe, or
    /// standard input), at most `chunkSize` bytes at a time; the handle stays
    /// open. Each read returns what the handle has (a pipe's bytes as they
    /// arrive), so ``next()`` waits only until its value is complete.
    public init(_ type: Model.Type = Model.self, fileHandle: FileHandle, format: JSONStreamFormat = .jsonLines,
                options: JSONAdapter.DecodingOptions = .standard, chunkSize: Int = 1 << 16) throws {
        try self.init(source: .file(fileHandle, closesWhenDone: false), format: format,
                      options: options, chunkSize: chunkSize)
    }

    private init(source: Source, format: JSONStreamFormat, options: JSONAdapter.DecodingOptions,
                 chunkSize: Int) throws {
        self.source = source
        self.chunkSize = max(chunkSize, 1)
        decoder = try StreamedModelDecoder(format: format, options: options)
    }

    /// The next model, or `nil` at the end of the stream.
    ///
    /// - Throws: ``JSONAdapterError`` for a value that is not valid JSON or
    ///   does not decode, or the file system's error for a failed read.
    public mutating func next() throws -> Model? {
        guard !isDone else { return nil }
        do {
            while true {
                if position == chunk.count {
                    guard let next = try readChunk() else {
                        isDone = true
                        return try decoder.finish()
                    }
                    chunk = next
                    position = 0
                }
                let (consumed, model) = try chunk.withUnsafeBufferPointer { buffer in
                    // SAFETY: `position <= buffer.count` (reset to 0 with each chunk,
                    // advanced by at most what `feed` consumed of the rest).
                    try decoder.feed(UnsafeBufferPointer(rebasing: buffer[position...]))
                }
                position += consumed
                if let model { return model }
            }
        } catch {
            isDone = true
            close()
            throw error
        }
    }

    /// The next chunk of bytes, or `nil` at the end.
    private mutating func readChunk() throws -> [UInt8]? {
        switch source {
        case .data(let data, let start):
            guard start < data.endIndex else {
                source = .exhausted
                return nil
            }
            let end = data.index(start, offsetBy: min(chunkSize, data.endIndex - start))
            source = .data(data, position: end)
            return Array(data[start..<end])
        case .file(let handle, _):
            let bytes = try Self.read(upTo: chunkSize, from: handle)
            guard !bytes.isEmpty else {
                close()
                return nil
            }
            return bytes
        case .exhausted:
            return nil
        }
    }

    /// What one read of `handle` returns, at most `count` bytes; empty at the
    /// end. `FileHandle.read(upToCount:)` would wait until `count` bytes or
    /// the end arrived, which on a pipe holds back a complete line; `read(2)`
    /// returns what the pipe has.
    private static func read(upTo count: Int, from handle: FileHandle) throws -> [UInt8] {
        let descriptor = handle.fileDescriptor
        return try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while true {
                // SAFETY: `read(2)` writes at most `buffer.count` bytes at `buffer.baseAddress`, the
                // array's uninitialised capacity, and returns how many it wrote (-1: none), which is
                // what `initialized` is set to.
                let result = systemRead(descriptor, buffer.baseAddress, buffer.count)
                if result >= 0 {
                    initialized = result
                    return
                }
                let code = errno
                guard code == EINTR else {
                    throw CocoaError(.fileReadUnknown,
                                     userInfo: [NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
                }
            }
        }
    }

    private mutating func close() {
        if case .file(let handle, let closesWhenDone) = source, closesWhenDone {
            try? handle.close()
        }
        source = .exhausted
    }
}

/// `read(2)`, named apart from the reader's own `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Musl.read(descriptor, buffer, count)
    #endif
}
