import Foundation
import MantleInternals
import MantleJSON

/// Why a JSON value could not become (or come from) a property's value.
///
/// Codecs throw it with a path relative to the value they were given;
/// containers prefix `[i]` or `.key` as the error travels out, and the
/// property mapping turns it into a ``JSONAdapterError`` with the property key
/// and the full JSON key path.
struct ValueFailure: Error {
    /// The adapter error code to report.
    var code: JSONAdapterError.Code = .invalidValue
    /// The path below the value the codec was given (`""`, `"[2].name"`, `"login"`).
    var path: String = ""
    /// What was expected (`String`), as ``JSONAdapterError/expected``.
    var expected: String?
    /// What was found (`number 42`; `string "x" at "user"` for a key path
    /// that runs through something that is not an object), as
    /// ``JSONAdapterError/found``.
    var found: String?
    /// What went wrong where `expected` and `found` do not say it, as
    /// ``JSONAdapterError/detail``.
    var detail: String?
    /// The error behind it (a transformer's, a model error, …).
    var underlying: (any Error)?
    /// An error to rethrow unchanged instead (a nested model's `validate()` error).
    var passthrough: (any Error)?
    /// Set only in a collecting pass (``ErrorCollector``), on the failure
    /// thrown out of a value inside which failures were recorded: the
    /// collector's ``ErrorCollector/mark`` before the first of them. The
    /// other fields are that first failure's, as a pass that stops at the
    /// first would have thrown it.
    var collectedSince: Int?
    /// `true` when ``underlying`` is the `DecodingError` or `EncodingError` of
    /// a `Codable` value inside the property value, whose coding path starts
    /// at that `Codable` value: the containers it passes out of put their
    /// keys and indexes before that path too, so that it starts at the
    /// property value, as `JSONDecoder`'s would for that value alone.
    var continuesCodingPath = false

    /// A value of the wrong kind.
    static func mismatch(expected: String, found: String) -> ValueFailure {
        ValueFailure(expected: expected, found: found)
    }

    /// The problem as errors word it (`expected String, found number 42`).
    var problem: String {
        ErrorMessage(expected: expected, found: found, detail: detail, underlyingError: underlying).problem
    }

    /// The same failure one level further out, below `component`.
    func prefixed(by component: JSONPathComponent) -> ValueFailure {
        var copy = self
        copy.path = joinJSONPath(component.text, path)
        if continuesCodingPath, let underlying {
            copy.underlying = CodingErrorPath.prefixing(underlying, with: component.codingKey)
        }
        return copy
    }
}

/// One step into a JSON value, as a failure inside it is passed out: an
/// array position or an object member (a dictionary's key).
enum JSONPathComponent {
    /// The element at this position.
    case index(Int)
    /// The member with this key, as written.
    case member(String)

    /// The step in a JSON key path: `[3]`, or the key.
    var text: String {
        switch self {
        case .index(let index): return "[\(index)]"
        case .member(let key): return key
        }
    }

    /// The step in a coding path, as `JSONDecoder` names it (`Index 3`, or the key).
    var codingKey: JSONCodingKey {
        switch self {
        case .index(let index): return JSONCodingKey(index: index)
        case .member(let key): return JSONCodingKey(member: key)
        }
    }
}

/// Coding paths of `DecodingError` and `EncodingError` values.
enum CodingErrorPath {
    /// `error` with `key` put before its coding path, when it is a
    /// `DecodingError` or `EncodingError`; any other error as it is.
    static func prefixing(_ error: any Error, with key: any CodingKey) -> any Error {
        /// `context` with `key` first.
        func prefixed(_ context: DecodingError.Context) -> DecodingError.Context {
            DecodingError.Context(codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
                                  underlyingError: context.underlyingError)
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            return DecodingError.typeMismatch(type, prefixed(context))
        case DecodingError.valueNotFound(let type, let context):
            return DecodingError.valueNotFound(type, prefixed(context))
        case DecodingError.keyNotFound(let missing, let context):
            return DecodingError.keyNotFound(missing, prefixed(context))
        case DecodingError.dataCorrupted(let context):
            return DecodingError.dataCorrupted(prefixed(context))
        case EncodingError.invalidValue(let value, let context):
            return EncodingError.invalidValue(value, .init(codingPath: [key] + context.codingPath,
                                                           debugDescription: context.debugDescription,
                                                           underlyingError: context.underlyingError))
        default:
            return error
        }
    }
}

extension ValueFailure {
    /// A nested model's `error` (its code and facts; the outer error names
    /// its own model and property), at `path` below the value.
    init(_ error: JSONAdapterError, path: String = "") {
        self.init(code: error.code, path: path, expected: error.expected, found: error.found, detail: error.detail,
                  underlying: error.underlyingError)
    }

    /// The failure for what decoding a nested model threw: its
    /// ``JSONAdapterError``, whose path continues into the nested object, or
    /// another error (its `validate()`'s), to rethrow unchanged.
    init(nested error: any Error) {
        if let error = error as? JSONAdapterError {
            self.init(error, path: error.jsonKeyPath ?? "")
        } else {
            self.init(detail: "\(error)", passthrough: error)
        }
    }

    /// The failure as an error entry at `jsonKeyPath` (this failure's own
    /// path follows it): a ``passthrough`` error becomes the entry's
    /// underlying error.
    func entry(propertyKey: String? = nil, jsonKeyPath: String, modelTypeName: String? = nil) -> JSONAdapterError {
        let location = joinJSONPath(jsonKeyPath, path)
        guard let passthrough else {
            return JSONAdapterError(self, propertyKey: propertyKey, jsonKeyPath: location, modelTypeName: modelTypeName)
        }
        return JSONAdapterError(code: code, propertyKey: propertyKey, jsonKeyPath: location, underlyingError: passthrough,
                                modelTypeName: modelTypeName)
    }

    /// The failure for `error`, thrown by a transformer (or by `Codable`
    /// code), kept as the underlying error; a transformer's invalid input
    /// gives its expected and found values too.
    init(wrapping error: any Error) {
        guard let transformerError = error as? TransformerError, transformerError.code == .invalidInput,
              transformerError.expected != nil else {
            self.init(underlying: error)
            return
        }
        self.init(expected: transformerError.expected, found: transformerError.found,
                  detail: transformerError.detail, underlying: error)
    }
}

/// Converts between JSON and values of one Swift type, `Value`.
///
/// One codec is built per property type when a model type's mapping is
/// compiled (see ``CodecFactory``), so the type-driven decisions are made
/// once. JSON comes either as Foundation values (`[String: Any]`, `NSNumber`,
/// `NSNull`, … or their Swift equivalents) or as a node of a parsed
/// ``JSONDocument``; the document path avoids materialising what it does not read.
class JSONValueCodec<Value>: @unchecked Sendable {
    /// What the codec expects, for error messages (`String`, `[GHLabel]`).
    var expectation: String { ValueDescription.typeName(Value.self) }

    /// Why no JSON value can be decoded as `Value` (a dictionary whose keys
    /// have no text form, also inside optionals and collections), or `nil`.
    /// A mapping with such a property fails to compile.
    var unsupportedReason: String? { nil }

    /// Decodes a Foundation JSON value (`NSNull()` for null, never `nil`).
    func decode(_ value: Any) throws(ValueFailure) -> Value {
        throw .mismatch(expected: expectation, found: ValueDescription.describe(value))
    }

    /// Decodes the node `node` of `document`; by default through
    /// ``decode(_:)`` on the node's materialised value.
    ///
    /// Every codec of a type JSON has a form for reads the node itself; the
    /// default serves only ``CastingCodec`` (types such as `NSNumber`,
    /// `NSDictionary` or `any Sendable`, whose one way in is an `as?` cast of
    /// the Swift value), where the value must be materialised to be cast.
    func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try decode(document.nativeValue(at: node))
    }

    /// Encodes to a Foundation JSON value (`NSNull()` for nil).
    func encode(_ value: Value, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        value
    }

    /// Writes JSON text; by default through ``encode(_:)``.
    func write(_ value: Value, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        let encoded = try encode(value, options)
        do {
            try writer.writeAny(encoded)
        } catch {
            throw ValueFailure(detail: "cannot write \(ValueDescription.describe(encoded)) as JSON: \(error)")
        }
    }

    /// `true` when ``write(at:to:_:)`` writes a value from where it is stored, without the
    /// copy that ``write(_:to:_:)`` is given (``ModelCodec`` of a struct model); by default
    /// `false`, and callers then pass a copy to ``write(_:to:_:)`` instead.
    var writesFromStorage: Bool { false }

    /// Writes the `Value` stored at `address` as ``write(_:to:_:)`` writes it; by default
    /// through ``write(_:to:_:)`` on a copy.
    ///
    /// `address` is an initialised `Value` that stays valid and unchanged during the call
    /// (a property's storage in a model, an element of an array being written).
    func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // SAFETY: the caller's promise above: an initialised `Value` at `address`.
        try write(address.assumingMemoryBound(to: Value.self).pointee, to: &writer, options)
    }

    /// ``isNil(_:)`` of the `Value` stored at `address` (as for ``write(at:to:_:)``).
    final func isNil(at address: UnsafeRawPointer) -> Bool {
        // SAFETY: the caller's promise: an initialised `Value` at `address`.
        isNil(address.assumingMemoryBound(to: Value.self).pointee)
    }

    /// Writes `values` as a JSON array (``ArrayCodec``'s elements), a failure prefixed with
    /// its element's index; by default ``write(_:to:_:)`` on each element in turn.
    func writeArray(_ values: [Value], to writer: inout JSONWriter,
                    _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.beginArray()
        // `0..<count`, not `enumerated()` or `indices`: see `ArrayCodec.write(_:into:_:)`.
        for index in 0..<values.count {
            do throws(ValueFailure) {
                try write(values[index], to: &writer, options)
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        writer.endArray()
    }

    /// The JSON value that encoding `value` puts at `path` inside it, or
    /// `nil` when there is none; by default by encoding the whole value.
    func encodedValue(at path: ArraySlice<String>, in value: Value,
                      _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        var current: Any = try encode(value, options)
        for key in path {
            if let object = current as? [String: Any] {
                guard let next = object[key] else { return nil }
                current = next
            } else if let position = ParsedKeyPath.arrayIndex(of: key),
                      let array = FoundationContainers.arrayElements(of: current), position < array.count {
                current = array[position]
            } else {
                return nil
            }
        }
        return current
    }

    /// `true` when `value` is `nil` (only optional codecs say so).
    func isNil(_ value: Value) -> Bool { false }

    /// `value` (`nil` for none) with the JSON Merge Patch object `patch`
    /// applied as to a model, property by property (see
    /// `ModelMapping.applyingMergePatch`); `nil` when values of this type
    /// take a patch as JSON instead — all but nested models and optionals of them.
    func applyingModelPatch(_ patch: [String: Any], to value: Value?) throws(ValueFailure) -> Value? { nil }
}

/// How a document node is described in errors (`number 42`, `null`, `object`).
func describe(_ document: JSONDocument, _ node: Int) -> String {
    switch document.kind(at: node) {
    case .null: return "null"
    case .bool: return "Bool \(document.bool(at: node))"
    case .number: return "number \(document.numberText(at: node))"
    case .string: return ValueDescription.describe(document.string(at: node))
    case .array: return "array of \(document.count(at: node))"
    case .object: return "object"
    }
}

/// The codec of a type that no JSON value can become (see
/// ``JSONValueCodec/unsupportedReason``); the mapping using it does not compile.
final class UnsupportedCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    // @unchecked Sendable: one immutable `let`.

    private let reason: String

    /// A codec that refuses, saying why.
    init(reason: String) { self.reason = reason }

    override var unsupportedReason: String? { reason }
}
