import Foundation
import MantleJSON

/// Turns a stream's bytes into models, one complete value at a time: the
/// engine shared by ``JSONModelReader`` and ``AsyncJSONModelSequence``.
struct StreamedModelDecoder<Model: JSONSerializing> {
    private let mapping: ModelMapping
    private let format: JSONStreamFormat
    private var framer: JSONStreamFramer
    /// The options for each value: its depth limit (the same in both
    /// formats: an array element is limited as it would be decoded alone)
    /// and key path; holding them keeps the configuration the mapping was
    /// compiled in alive.
    private let valueOptions: JSONAdapter.DecodingOptions
    /// The zero-based index of the next value.
    private var index = 0

    /// A decoder for `format`, decoding each value with `options`; throws
    /// ``JSONAdapterError/Code/invalidJSONMapping`` for a bad mapping.
    init(format: JSONStreamFormat, options: JSONAdapter.DecodingOptions) throws {
        mapping = try ModelMapping.of(Model.self, in: options.configuration.context)
        valueOptions = options
        self.format = format
        let layout: JSONStreamFramer.Layout = switch format {
        case .jsonLines: .lines
        case .array: .array
        }
        framer = JSONStreamFramer(layout: layout, maximumDepth: options.maximumDepth)
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

    /// Parses and decodes the framer's complete value (its object at the
    /// options' key path); its errors and report entries start with its index.
    private mutating func decodeValue() throws -> Model {
        let line = framer.valueLine
        let bytes = framer.takeValue()
        defer { index += 1 }
        let (mapping, options) = (self.mapping, valueOptions)
        do {
            return try JSONTopLevel.recording(options) {
                try JSONTopLevel.within("[\(index)]") {
                    let document = try JSONTopLevel.parse(bytes, maximumDepth: options.maximumDepth)
                    return try JSONTopLevel.object(in: document, options) {
                        try JSONAdapter.decode(Model.self, mapping, from: $0, options)
                    }
                }
            }
        } catch let error as JSONAdapterError {
            throw format == .jsonLines ? error.onLine(line) : error
        }
    }

    /// The error for bytes that break an array stream's framing (JSON Lines
    /// has none: every line is a value). Within an element it names the
    /// element's index; in the array's own syntax (between elements, after
    /// the last, a missing `]`) it names no element and says how many were
    /// complete before it.
    private func streamError(_ error: JSONDataError) -> JSONAdapterError {
        guard framer.isInElement else {
            let count = index == 1 ? "1 complete value" : "\(index) complete values"
            return JSONAdapterError(code: .invalidJSONData, underlyingError: error,
                                    detail: "in the stream's framing after \(count), \(error.description)")
        }
        return JSONAdapterError(code: .invalidJSONData, jsonKeyPath: "[\(index)]", underlyingError: error,
                                detail: "in the stream's framing, \(error.description)")
    }
}
