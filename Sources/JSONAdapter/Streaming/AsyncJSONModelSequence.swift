/// Models decoded one at a time from an asynchronous sequence of bytes
/// (`URLSession`'s or `FileHandle`'s `bytes`, or any `AsyncSequence` of
/// `UInt8`) laid out as JSON Lines or as one large JSON array.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: url)
/// for try await issue in JSONAdapter.models(of: GHIssue.self, streamingFrom: bytes) {
///     print(issue.title)
/// }
/// ```
///
/// A model is handed out as soon as its last byte has arrived; only the value
/// being read is held. Errors are as for ``JSONModelReader``. When the task
/// is cancelled, the next call to `next()` throws `CancellationError` and
/// reads nothing more; a call that is already reading a long value notices
/// the cancellation within the next 16 KiB.
public struct AsyncJSONModelSequence<Model: JSONSerializing, Bytes: AsyncSequence>: AsyncSequence
where Bytes.Element == UInt8 {
    /// The models.
    public typealias Element = Model

    private let bytes: Bytes
    private let format: JSONStreamFormat
    private let options: JSONAdapter.DecodingOptions

    /// Models from `bytes`, laid out as `format`, each decoded with `options`
    /// (as by ``JSONModelReader``).
    public init(_ type: Model.Type = Model.self, bytes: Bytes, format: JSONStreamFormat = .jsonLines,
                options: JSONAdapter.DecodingOptions = .standard) {
        self.bytes = bytes
        self.format = format
        self.options = options
    }

    /// An iterator over the models.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: bytes.makeAsyncIterator(), format: format, options: options)
    }

    /// Reads bytes until a model is complete.
    public struct AsyncIterator: AsyncIteratorProtocol {
        // The loop over the bytes is inlinable so that it is specialised for
        // the caller's byte sequence: `base.next()` is then a direct call
        // (inlined where the sequence's own `next()` is inlinable, as
        // Foundation's `AsyncBytes` is) instead of a generic witness call per
        // byte, and collecting a byte is a few instructions. Everything else
        // runs once per value, or per 16 KiB, in the functions it calls.

            @usableFromInline var base: Bytes.AsyncIterator
        /// The bytes read and not yet framed.
        @usableFromInline var buffer: StreamBuffer
        /// `true` once `base` has returned `nil`.
        @usableFromInline var baseEnded = false
        /// `true` once the stream ended or failed.
        @usableFromInline var isDone = false
        /// The decoder; `nil` when the mapping is bad.
        private var decoder: StreamedModelDecoder<Model>?
        /// The mapping error to throw on the first call.
        private var mappingError: (any Error)?

        fileprivate init(base: Bytes.AsyncIterator, format: JSONStreamFormat, options: JSONAdapter.DecodingOptions) {
            self.base = base
            buffer = StreamBuffer(format: format)
            do {
                decoder = try StreamedModelDecoder<Model>(format: format, options: options)
            } catch {
                mappingError = error
            }
        }

        /// The next model, or `nil` at the end of the bytes.
        @inlinable
        public mutating func next() async throws -> Model? {
            guard !isDone else { return nil }
            do {
                if let model = try resume() { return model }
                if isDone { return nil }
                while true {
                    guard let byte = try await base.next() else {
                        baseEnded = true
                        return try resume()
                    }
                    if buffer.append(byte), let model = try frameBuffer() {
                        return model
                    }
                }
            } catch {
                isDone = true
                throw error
            }
        }

        /// What `next()` does before reading: throws the mapping error or
        /// `CancellationError`, hands out a model the bytes already read
        /// complete, and ends the stream once `base` has ended.
        @usableFromInline
        mutating func resume() throws -> Model? {
            guard !isDone else { return nil }
            if let mappingError { throw mappingError }
            try Task.checkCancellation()
            buffer.makeUnique()
            if let model = try frameBuffer() { return model }
            guard baseEnded else { return nil }
            isDone = true
            return try decoder?.finish()
        }

        /// Feeds the buffered bytes to the decoder until they run out or a
        /// model is complete (the bytes after it stay buffered); checks for
        /// cancellation first.
        @usableFromInline
        mutating func frameBuffer() throws -> Model? {
            try Task.checkCancellation()
            while buffer.hasUnframedBytes {
                let fed = try buffer.withUnframedBytes { try decoder?.feed($0) }
                buffer.consume(fed?.consumed ?? buffer.count)
                if let model = fed?.model { return model }
            }
            return nil
        }
    }
}

extension AsyncJSONModelSequence: Sendable where Bytes: Sendable {}

/// The bytes an ``AsyncJSONModelSequence`` has read and not yet handed to its
/// decoder. A byte goes in with ``append(_:)``, which says when the buffer
/// must be framed: at a byte that can end a value (for JSON Lines a line
/// feed; for an array a closing quote or bracket, a separator, white space,
/// or the last letter of `true`, `false` or `null`, which are all the places
/// ``JSONStreamFramer`` completes an element), and when it is full (16 KiB),
/// which bounds both the memory and the bytes read between two checks for
/// cancellation. Framing consumes every byte unless a value completes before
/// the last one; the iterator frames the rest before it reads again, so the
/// buffer is empty whenever bytes are appended after it was full.
@usableFromInline
struct StreamBuffer {
    /// The buffer's ``capacity`` bytes, then a table of 256 entries: 1
    /// where that byte can end a value, 0 elsewhere; freed with the buffer.
    @usableFromInline
    final class Storage {
        @usableFromInline let bytes: UnsafeMutablePointer<UInt8>

        init(ends: [UInt8]) {
            bytes = .allocate(capacity: StreamBuffer.capacity + 256)
            bytes.initialize(repeating: 0, count: StreamBuffer.capacity + 256)
            for end in ends { bytes[StreamBuffer.capacity + Int(end)] = 1 }  // 32-bit: a byte, below 256
        }

        init(copying other: Storage) {
            bytes = .allocate(capacity: StreamBuffer.capacity + 256)
            bytes.initialize(from: other.bytes, count: StreamBuffer.capacity + 256)
        }

        deinit {
            bytes.deallocate()
        }
    }

    /// The bytes, at `storage.bytes[0..<count]`; those before `start` have been framed.
    @usableFromInline var storage: Storage
    @usableFromInline var count = 0
    @usableFromInline var start = 0

    /// The most bytes held; a power of two.
    @inlinable static var capacity: Int { 1 << 14 }

    init(format: JSONStreamFormat) {
        let ends: [Unicode.Scalar] = switch format {
        case .jsonLines: ["\n"]
        case .array: ["\"", "]", "}", ",", " ", "\t", "\n", "\r", "e", "l"]
        }
        storage = Storage(ends: ends.map { UInt8($0.value) })
    }

    /// Adds `byte`; `true` when the buffer is to be framed now.
    ///
    /// SAFETY: the storage holds `capacity + 256` bytes. The write's index is masked to
    /// `capacity - 1` (a power of two), so it stays inside whatever `count` is; and `count <
    /// capacity` here (the buffer is framed and emptied when it becomes full, see the type's
    /// comment), so the mask changes nothing. The table's index is `capacity + byte`, at most
    /// `capacity + 255`. The streaming tests feed values longer than the capacity in both formats,
    /// and every byte that ends a value.
    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) -> Bool {
        let bytes = storage.bytes
        bytes[count & (Self.capacity - 1)] = byte
        count &+= 1
        return bytes[Self.capacity &+ Int(byte)] != 0 || count >= Self.capacity  // 32-bit: a byte, below 256
    }

    /// Calls `body` with the bytes not yet framed.
    ///
    /// SAFETY: the pointer covers `start..<min(count, capacity)` of the storage's `capacity`
    /// bytes, all written by ``append(_:)`` (`start <= count`: ``consume(_:)`` is given at most
    /// what was handed out).
    func withUnframedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let end = min(count, Self.capacity)
        return try body(UnsafeBufferPointer(start: storage.bytes + min(start, end), count: end - min(start, end)))
    }

    var hasUnframedBytes: Bool { start < count }

    /// Marks `framed` more bytes as framed; empties the buffer when all are.
    mutating func consume(_ framed: Int) {
        start += framed
        if start >= count {
            count = 0
            start = 0
        }
    }

    /// Gives the buffer storage of its own when a copy of its iterator shares it.
    mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        storage = Storage(copying: storage)
    }
}
