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
/// reads nothing more.
public struct AsyncJSONModelSequence<Model: JSONSerializing, Bytes: AsyncSequence>: AsyncSequence
where Bytes.Element == UInt8 {
    /// The models.
    public typealias Element = Model

    /// The bytes.
    private let bytes: Bytes
    /// Their layout.
    private let format: JSONStreamFormat
    /// How each value is decoded.
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
        AsyncIterator(base: bytes.makeAsyncIterator(),
                      decoder: Result { try StreamedModelDecoder<Model>(format: format, options: options) })
    }

    /// Reads bytes until a model is complete.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The bytes still to read.
        private var base: Bytes.AsyncIterator
        /// The decoder, or the mapping error to throw on the first call.
        private var decoder: Result<StreamedModelDecoder<Model>, any Error>
        /// `true` once the stream ended or failed.
        private var isDone = false

        fileprivate init(base: Bytes.AsyncIterator, decoder: Result<StreamedModelDecoder<Model>, any Error>) {
            self.base = base
            self.decoder = decoder
        }

        /// The next model, or `nil` at the end of the bytes.
        public mutating func next() async throws -> Model? {
            guard !isDone else { return nil }
            do {
                var decoder = try self.decoder.get()
                defer { self.decoder = .success(decoder) }
                while true {
                    try Task.checkCancellation()
                    guard var byte = try await base.next() else {
                        isDone = true
                        return try decoder.finish()
                    }
                    let model = try withUnsafePointer(to: &byte) { pointer in
                        try decoder.feed(UnsafeBufferPointer(start: pointer, count: 1)).model
                    }
                    if let model { return model }
                }
            } catch {
                isDone = true
                throw error
            }
        }
    }
}

extension AsyncJSONModelSequence: Sendable where Bytes: Sendable {}
