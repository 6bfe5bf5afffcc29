import Foundation
import MantleJSON

/// JSON ↔ a `Decodable`/`Encodable` type that has no other rule
/// (``ValueKind/codable(decodable:encodable:)``), through the type's own
/// `init(from:)` and `encode(to:)` with ``JSONValueDecoder`` and
/// ``JSONValueEncoder``, which read and write the adapter's JSON values
/// directly.
///
/// Decoding is all or nothing: the value is stored only once its
/// `init(from:)` has returned. A failure names the whole JSON path into the
/// value (`Place.geo → "geo.lat": expected Double, found string "x"`) and
/// keeps the `DecodingError` or `EncodingError` as its underlying error.
/// ``JSONLeniency`` does not reach inside the value (it is decoded as
/// strictly as `JSONDecoder` decodes it); `.defaultOnFailure` and
/// `.lossyCollections` still apply to the property and to collections of
/// such values.
final class CodableCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    // @unchecked Sendable: immutable `let`s; the closures capture only metatypes.

    /// The configuration's choices inside the value.
    private let codable: CodableOptions
    /// Decodes a `Value`, when it is `Decodable`.
    private let decodeBody: ((DecodingValue, CodableOptions) throws -> Value?)?
    /// Encodes a `Value`, when it is `Encodable`.
    private let encodeBody: ((Value, CodableOptions) throws -> EncodedValue?)?

    /// A codec for `Value`, whose conformances are `decodable` and `encodable`
    /// (the same type, opened), under `context`'s choices.
    init(decodable: (any Decodable.Type)?, encodable: (any Encodable.Type)?, in context: MappingContext) {
        codable = CodableOptions(context)
        decodeBody = decodable?.bridgeDecoder(as: Value.self)
        encodeBody = encodable?.bridgeEncoder(as: Value.self)
    }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Value {
        // A value already of the type (put in a dictionary by a caller).
        if Reader.holdsSwiftValues, let same = instance(value, with: reader) { return same }
        return try decode(reader.decodingValue(value))
    }

    /// The value when it already is a `Value` (out of line, as `ModelCodec.decodeModelInstance`).
    @inline(never)
    private func instance<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) -> Value? {
        reader.instance(value, of: Value.self)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Value { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try read(node, with: document)
    }

    /// Decodes `value` with the type's `init(from:)`.
    private func decode(_ value: DecodingValue) throws(ValueFailure) -> Value {
        guard let decodeBody else {
            throw ValueFailure(code: .invalidJSONMapping,
                               detail: "\(expectation) is Encodable but not Decodable: make it Decodable, "
                                   + "or give the property a transformer")
        }
        let result: Value?
        do {
            result = try decodeBody(value, codable)
        } catch {
            throw failure(error)
        }
        guard let result else { throw .mismatch(expected: expectation, found: value.description) }
        return result
    }

    /// Encodes `value` with the type's `encode(to:)`.
    private func encoded(_ value: Value) throws(ValueFailure) -> EncodedValue {
        guard let encodeBody else {
            throw ValueFailure(code: .invalidJSONMapping,
                               detail: "\(expectation) is Decodable but not Encodable: make it Encodable, "
                                   + "or give the property a transformer")
        }
        let result: EncodedValue?
        do {
            result = try encodeBody(value, codable)
        } catch {
            throw failure(error)
        }
        guard let result else { throw ValueFailure(detail: "\(expectation) could not be encoded") }
        return result
    }

    override func encode(_ value: Value, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try encoded(value).foundationValue()
    }

    override func write(_ value: Value, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try encoded(value).write(to: &writer)
    }

    /// The failure for an error thrown while decoding or encoding: the
    /// reason and the JSON path into the value from a `DecodingError` or
    /// `EncodingError` (kept as the underlying error), or the description of
    /// any other error the type threw.
    private func failure(_ error: any Error) -> ValueFailure {
        let path: [any CodingKey]
        let reason: String
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            path = context.codingPath
            reason = context.debugDescription
        case DecodingError.keyNotFound(let key, let context):
            path = context.codingPath + [key]
            reason = context.debugDescription.isEmpty ? "missing key" : context.debugDescription
        case EncodingError.invalidValue(_, let context):
            path = context.codingPath
            reason = context.debugDescription
        default:
            return ValueFailure(underlying: error)
        }
        return ValueFailure(path: codable.jsonPath(path), detail: reason.isEmpty ? nil : reason, underlying: error,
                            continuesCodingPath: true)
    }
}

extension Decodable {
    /// Decodes a `Self` and gives it as a `Value` (the same type: `Value`
    /// is the codec's parameter, `Self` the opened conformance).
    fileprivate static func bridgeDecoder<Value>(as _: Value.Type) -> (DecodingValue, CodableOptions) throws -> Value? {
        { value, options in try JSONValueDecoder.decode(Self.self, from: value, options: options) as? Value }
    }
}

extension Encodable {
    /// Encodes a `Value` that is a `Self` (see ``bridgeDecoder(as:)``).
    fileprivate static func bridgeEncoder<Value>(as _: Value.Type) -> (Value, CodableOptions) throws -> EncodedValue? {
        { value, options in
            guard let value = value as? Self else { return nil }
            return try JSONValueEncoder.encode(value, options: options)
        }
    }
}
