import Foundation
import MantleJSON

extension JSONAdapter {
    /// Models decoded one at a time from an asynchronous sequence of bytes,
    /// as JSON Lines (the default) or as one large JSON array, each with
    /// `options` (see ``AsyncJSONModelSequence``).
    public static func models<M: JSONSerializing, Bytes: AsyncSequence>(
        of type: M.Type, streamingFrom bytes: Bytes, format: JSONStreamFormat = .jsonLines,
        options: DecodingOptions = .standard
    ) -> AsyncJSONModelSequence<M, Bytes> where Bytes.Element == UInt8 {
        AsyncJSONModelSequence(type, bytes: bytes, format: format, options: options)
    }

    /// Decodes every line of JSON Lines text (one JSON object per line, or
    /// one at `options.keyPath` of each line; blank lines skipped); fails as
    /// a whole, naming the line and the index of the failing value. Use
    /// ``JSONModelReader`` to handle one model at a time.
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONLines data: Data,
                                                  options: DecodingOptions = .standard) throws -> [M] {
        var reader = try JSONModelReader(type, data: data, format: .jsonLines, options: options)
        var models: [M] = []
        while let model = try reader.next() { models.append(model) }
        return models
    }

    /// Encodes models as JSON Lines: each model's JSON object on its own
    /// line, each line ended by `\n`, with `options` as
    /// ``jsonData(from:options:)-s4mr`` takes them, except
    /// that a line is never pretty printed.
    public static func jsonLinesData(from models: some Sequence<any JSONSerializing>,
                                     options: EncodingOptions = .standard) throws -> Data {
        var bytes: [UInt8] = []
        try writeJSONLines(models, options: options) { line in bytes.append(contentsOf: line) }
        return Data(bytes)
    }

    /// Writes models as JSON Lines to `fileHandle`, one line at a time, so
    /// that only one model's JSON is in memory (see ``jsonLinesData(from:options:)``).
    public static func writeJSONLines(_ models: some Sequence<any JSONSerializing>, to fileHandle: FileHandle,
                                      options: EncodingOptions = .standard) throws {
        try writeJSONLines(models, options: options) { line in try fileHandle.write(contentsOf: line) }
    }

    /// Encodes each model and hands over its line, `\n` included.
    private static func writeJSONLines(_ models: some Sequence<any JSONSerializing>, options: EncodingOptions,
                                       _ emit: ([UInt8]) throws -> Void) throws {
        let context = options.configuration.context, flags = options.flags
        for (index, model) in models.enumerated() {
            var writer = options.makeLineWriter()
            do {
                try ModelMapping.forEncoding(model, in: context).write(model, to: &writer, options: flags)
            } catch let error as JSONAdapterError {
                var located = error.atIndex(index)
                located.lineNumber = index + 1
                throw located
            }
            writer.appendRawByte(UInt8(ascii: "\n"))
            try emit(writer.bytes)
        }
    }
}
