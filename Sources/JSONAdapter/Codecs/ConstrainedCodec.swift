import Foundation
import MantleJSON

/// A property's codec checked by the property's declared ``JSONConstraint``s:
/// what decoding uses for a property that declares some (encoding checks
/// nothing). A property without any decodes through its codec alone, so
/// models without constraints pay nothing for them.
///
/// A value that breaks a rule fails, expected the rule in words, found the
/// value. When it breaks several, each is a failure of its own: outside a
/// collecting pass (``ErrorCollector``) the first is thrown, as it would be
/// alone; in one, each is recorded and the first is thrown marked, so that
/// the property names them all.
final class ConstrainedCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    // @unchecked Sendable: immutable `let`s; `JSONConstraint` is `Sendable`.

    /// The property's codec.
    let wrapped: JSONValueCodec<Value>
    /// The rules, in declaration order.
    let constraints: [JSONConstraint]

    init(_ wrapped: JSONValueCodec<Value>, constraints: [JSONConstraint]) {
        self.wrapped = wrapped
        self.constraints = constraints
    }

    override var expectation: String { wrapped.expectation }
    override var unsupportedReason: String? { wrapped.unsupportedReason }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Value {
        try checked(reader.decode(value, with: wrapped))
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Value { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try read(node, with: document)
    }

    override func applyingModelPatch(_ patch: [String: Any], to value: Value?) throws(ValueFailure) -> Value? {
        try wrapped.applyingModelPatch(patch, to: value).map { (patched) throws(ValueFailure) in try checked(patched) }
    }

    /// `value`, unless it breaks a rule.
    private func checked(_ value: Value) throws(ValueFailure) -> Value {
        guard constraints.contains(where: { $0.isBroken(by: value) }) else { return value }
        throw failure(value)
    }

    /// The failure for `value`, which breaks at least one rule.
    private func failure(_ value: Value) -> ValueFailure {
        let found = Self.foundDescription(of: JSONConstraint.unwrapped(value))
        let failures = constraints.filter { $0.isBroken(by: value) }.map {
            ValueFailure(expected: $0.description, found: found)
        }
        guard failures.count > 1, let errors = DecodingRecorder.current?.errors else { return failures[0] }
        let since = errors.mark
        for failure in failures { errors.record(failure.entry(jsonKeyPath: "")) }
        var first = failures[0]
        first.collectedSince = since
        return first
    }

    /// A decoded value as errors word what was found, as its JSON reads
    /// (`array of 3` for a set, `object` for a keyed dictionary).
    private static func foundDescription(of value: Any?) -> String {
        if let value, let collection = value as? any Collection {
            switch ValueKind.of(type(of: value)) {
            case .set: return "array of \(collection.count)"
            case .keyedDictionary: return "object"
            case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date,
                 .data, .optional, .jsonOptional, .array, .stringKeyedDictionary, .model, .rawRepresentable, .null,
                 .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
                break
            }
        }
        return ValueDescription.describe(value)
    }

    override func encode(_ value: Value, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try wrapped.encode(value, options)
    }

    override func write(_ value: Value, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try wrapped.write(value, to: &writer, options)
    }

    override func isNil(_ value: Value) -> Bool { wrapped.isNil(value) }

    override func encodedValue(at path: ArraySlice<String>, in value: Value,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        try wrapped.encodedValue(at: path, in: value, options)
    }
}
