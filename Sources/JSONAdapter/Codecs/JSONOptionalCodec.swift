import Foundation
import MantleInternals
import MantleJSON

/// JSON null ↔ ``JSONOptional/null``; anything else through the wrapped
/// type's codec, as ``JSONOptional/value(_:)``.
///
/// ``JSONOptional/absent`` is no JSON value: a model property that holds it
/// is left out before its codec is asked (``PropertyMapping/isAbsent(at:)``),
/// and a missing key never reaches the codec (the property keeps its default,
/// `.absent`). Inside an array or a dictionary an absent element has no form,
/// so encoding one fails, naming its place.
final class JSONOptionalCodec<Wrapped>: JSONValueCodec<JSONOptional<Wrapped>>, @unchecked Sendable {
    // @unchecked Sendable: one immutable `let`.

    let wrapped: JSONValueCodec<Wrapped>

    init(_ wrapped: JSONValueCodec<Wrapped>) { self.wrapped = wrapped }

    override var unsupportedReason: String? { wrapped.unsupportedReason }

    override var expectation: String { wrapped.expectation + " or null" }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> JSONOptional<Wrapped> {
        if reader.isNull(value) { return .null }
        return .value(try reader.decode(value, with: wrapped))
    }

    @inline(__always)
    func write(_ value: JSONOptional<Wrapped>, into sink: inout some JSONValueSink,
               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        switch value {
        case .absent: throw Self.absentFailure
        case .null: sink.writeNull()
        case .value(let value): try sink.write(value, with: wrapped, options)
        }
    }

    override func decode(_ value: Any) throws(ValueFailure) -> JSONOptional<Wrapped> {
        try read(value, with: FoundationReader())
    }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> JSONOptional<Wrapped> {
        try read(node, with: document)
    }
    override func encode(_ value: JSONOptional<Wrapped>, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink, options) }
    }
    override func write(_ value: JSONOptional<Wrapped>, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, into: &writer, options)
    }

    override func encodedValue(at path: ArraySlice<String>, in value: JSONOptional<Wrapped>,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        guard case .value(let value) = value else { return nil }
        return try wrapped.encodedValue(at: path, in: value, options)
    }

    override func applyingModelPatch(_ patch: [String: Any],
                                     to value: JSONOptional<Wrapped>?) throws(ValueFailure) -> JSONOptional<Wrapped>? {
        guard let patched = try wrapped.applyingModelPatch(patch, to: value?.unwrapped) else { return nil }
        return .value(patched)
    }

    /// The failure for an absent value where JSON has no place to leave out.
    private static var absentFailure: ValueFailure {
        ValueFailure(detail: "an absent JSONOptional has no JSON form inside an array or a dictionary "
                         + "(only a model's property can be left out); use .null")
    }
}

/// Whether a value of a statically unknown type is an absent ``JSONOptional``.
enum JSONOptionalAbsence {
    /// The test for values of `Value`, or `nil` when `Value` is not a
    /// `JSONOptional` (the common case, which then costs nothing).
    static func test<Value>(for type: Value.Type) -> ((Value) -> Bool)? {
        guard case .jsonOptional = ValueKind.of(type) else { return nil }
        return { ($0 as? any JSONOptionalRepresentable)?.isAbsent ?? false }
    }

    /// Why `JSONOptional<Wrapped>` cannot be mapped (a second kind of null
    /// inside it), or `nil`.
    static func refusal(ofJSONOptionalWrapping wrapped: Any.Type) -> String? {
        switch ValueKind.of(wrapped) {
        case .optional, .jsonOptional:
            let name = ValueDescription.typeName(wrapped)
            return "JSONOptional<\(name)> has two nulls (JSON null would be both .null and a null \(name)); "
                + "declare JSONOptional of a non-optional type"
        case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
             .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
            return nil
        }
    }

    /// Why `Optional<Wrapped>` cannot be mapped (`Wrapped` is a
    /// `JSONOptional`, whose own null would be a second `nil`), or `nil`.
    static func refusal(ofOptionalWrapping wrapped: Any.Type) -> String? {
        guard case .jsonOptional = ValueKind.of(wrapped) else { return nil }
        let name = ValueDescription.typeName(wrapped)
        return "\(name)? has two nulls (JSON null would be both nil and .null); declare \(name) alone"
    }
}
