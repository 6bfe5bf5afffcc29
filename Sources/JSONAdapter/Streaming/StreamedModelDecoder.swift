import Foundation
import MantleJSON

/// Turns a stream's bytes into models, one complete value at a time: the
/// engine shared by ``JSONModelReader`` and ``AsyncJSONModelSequence``.
struct StreamedModelDecoder<Model: JSONSerializing> {
    /// The model type's compiled mapping.
    private let mapping: ModelMapping
    /// The stream's layout.
    private let format: JSONStreamFormat
    /// Splits the stream into values.
    private var framer: JSONStreamFramer
    /// The depth limit for one value (the array itself counts as one level).
    private let valueDepth: Int
    /// The zero-based index of the next value.
    private var index = 0

    /// A decoder for `format`; throws ``JSONAdapterError/Code/invalidJSONMapping`` for a bad mapping.
    init(format: JSONStreamFormat, maximumDepth: Int) throws {
        mapping = try ModelMapping.of(Model.self)
        valueDepth = format == .array ? max(maximumDepth - 1, 0) : maximumDepth
        self.format = format
        let layout: JSONStreamFramer.Layout = switch format {
        case .jsonLines: .lines
        case .array: .array
        }
        framer = JSONStreamFramer(layout: layout, maximumDepth: valueDepth)
    }

    /// Consumes bytes until a model is complete or `bytes` runs out.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (consumed: Int, model: Model?) {
        let consumed: Int
        do {
            consumed = try framer.scan(bytes)
        } catch {
            throw streamError(error)
        }
        guard framer.hasValue else { return (consumed, nil) }
        return (consumed, try decodeValue())
    }

    /// Ends the stream: the last value, if one was pending, or `nil`.
    mutating func finish() throws -> Model? {
        do {
            try framer.finish()
        } catch {
            throw streamError(error)
        }
        return framer.hasValue ? try decodeValue() : nil
    }

    /// Parses and decodes the framer's complete value.
    private mutating func decodeValue() throws -> Model {
        let line = framer.valueLine
        let bytes = framer.takeValue()
        defer { index += 1 }
        do {
            let document: JSONDocument
            do {
                document = try JSONDocument(bytes: bytes, maximumDepth: valueDepth)
            } catch {
                throw JSONAdapterError(code: .invalidJSONData, underlyingError: error,
                                       reason: "invalid JSON: \(error.description)")
            }
            let root = document.rootIndex
            guard document.kind(at: root) == .object else {
                throw JSONAdapterError(code: .invalidJSONDictionary,
                                       reason: "expected a JSON object, found \(describe(document, root))")
            }
            return try mapping.decode(Model.self, from: .document(document, root))
        } catch var error as JSONAdapterError {
            error = error.atIndex(index)
            if format == .jsonLines { error.lineNumber = line }
            throw error
        }
    }

    /// The error for bytes that break the stream's framing.
    private func streamError(_ error: JSONDataError) -> JSONAdapterError {
        var adapterError = JSONAdapterError(code: .invalidJSONData, jsonKeyPath: "[\(index)]", underlyingError: error,
                                            reason: "invalid JSON stream: \(error.description)")
        if format == .jsonLines { adapterError.lineNumber = framer.valueLine }
        return adapterError
    }
}
