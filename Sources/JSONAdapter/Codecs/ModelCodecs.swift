import Foundation
import MantleInternals
import MantleJSON

/// JSON objects ↔ a nested `JSONSerializing` model.
///
/// The nested type's mapping is compiled with the outer one and kept; for a
/// recursive model (a user with groups of users) the type being compiled is
/// looked up when first needed instead.
final class ModelCodec<Nested: JSONSerializing>: JSONValueCodec<Nested>, @unchecked Sendable {
    override var expectation: String { "an object for \(Nested.self)" }

    /// The nested mapping, when it could be compiled up front.
    private let compiled: ModelMapping?
    /// The choices the outer mapping was compiled under, which the nested one shares.
    private let context: MappingContextLink
    /// `true` when `Nested` is a class (whose instances may be of a subclass), asked once.
    private let isClass = Nested.self is AnyClass
    /// ``compiled`` when it ``ModelMapping/writesFromStorage`` (a struct model, so never a
    /// subclass's mapping instead): the mapping every `Nested` value is written with, found
    /// here rather than looked up per model.
    let storageMapping: ModelMapping?

    /// Compiles the nested mapping in `context` unless it is being compiled already (recursion).
    init(context: MappingContext) {
        self.context = MappingContextLink(context)
        compiled = ModelMapping.isCompiling(Nested.self) ? nil : try? ModelMapping.of(Nested.self, in: context)
        storageMapping = compiled.flatMap { $0.writesFromStorage ? $0 : nil }
    }

    /// The nested type's compiled mapping; every nested decode and encode
    /// gets it here, so this is also where recursion meets the stack guard.
    @inline(__always)
    private func mapping() throws(ValueFailure) -> ModelMapping {
        try checkStackRoom()
        if let compiled { return compiled }
        return try lateMapping()
    }

    /// The nested mapping looked up when it could not be compiled with the outer one (recursion).
    @inline(never)
    private func lateMapping() throws(ValueFailure) -> ModelMapping {
        do {
            return try ModelMapping.of(Nested.self, in: context.resolve())
        } catch {
            throw ValueFailure(error)
        }
    }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Nested {
        // The object first: on Linux, casting a Swift dictionary to a class type bridges all
        // of it to NSDictionary, unread keys included.
        guard let source = reader.objectSource(value) else { return try decodeModelInstance(value, with: reader) }
        return try decode(from: source)
    }

    /// The model decoded from `source` with the nested mapping.
    private func decode(from source: JSONObjectSource) throws(ValueFailure) -> Nested {
        let mapping = try mapping()
        return try rethrowingNested { () throws -> Nested in
            try mapping.decode(Nested.self, from: source)
        }
    }

    // Out of line: a cast to `Nested` asks the runtime for `Nested?`'s metadata, and the compiler
    // asks at the top of the function that holds it (a sixteenth of decoding twitter.json's
    // dictionaries, when it was in `decode(_:)`).
    @inline(never)
    private func decodeModelInstance<Reader: JSONValueReader>(_ value: Reader.Value,
                                                              with reader: Reader) throws(ValueFailure) -> Nested {
        if let model = reader.native(value, as: Nested.self) { return model }
        throw mismatch(value, reader)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Nested { try read(value, with: FoundationReader()) }
    /// An object node goes straight to ``ModelMapping/decode(_:in:object:)``, which has no
    /// ``JSONObjectSource`` to build and no closure to call per model.
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Nested {
        guard document.kind(at: node) == .object else { return try decodeModelInstance(node, with: document) }
        let mapping = try mapping()
        do {
            return try mapping.decode(Nested.self, in: document, object: node)
        } catch {
            throw nestedFailure(error)
        }
    }

    /// The mapping to encode `value` with: a class cluster member's own, else the compiled one.
    private func encodingMapping(_ value: Nested) throws(ValueFailure) -> ModelMapping {
        guard isClass, type(of: value) != Nested.self else { return try mapping() }
        try checkStackRoom()
        do {
            return try ModelMapping.forEncoding(value, in: context.resolve())
        } catch {
            throw ValueFailure(error)
        }
    }

    override func encode(_ value: Nested, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        let mapping = try encodingMapping(value)
        return try rethrowingNested { () throws -> Any in
            try mapping.jsonDictionary(from: value, options: options)
        }
    }

    /// The nested model (a new one when there is none) with `patch` applied
    /// property by property, in the outer mapping's configuration.
    override func applyingModelPatch(_ patch: [String: Any], to value: Nested?) throws(ValueFailure) -> Nested? {
        try checkStackRoom()
        let context: MappingContext
        do {
            context = try self.context.resolve()
        } catch {
            throw ValueFailure(error)
        }
        return try rethrowingNested { () throws -> Nested? in
            try ModelMapping.applyingMergePatch(patch, to: value ?? Nested(), in: context) as? Nested
        }
    }

    override func write(_ value: Nested, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        let mapping = try encodingMapping(value)
        try rethrowingNested { () throws in
            try mapping.write(value, to: &writer, options: options)
        }
    }

    override var writesFromStorage: Bool { storageMapping != nil }

    /// A struct model written from its storage (``ModelMapping/writeObject(at:to:options:)``),
    /// not from a copy; any other model as ``write(_:to:_:)`` writes it.
    override func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        guard let storageMapping else { return try super.write(at: address, to: &writer, options) }
        try checkStackRoom()
        do {
            try storageMapping.writeObject(at: address, to: &writer, options: options)
        } catch {
            throw nestedFailure(error)
        }
    }

    /// Struct models written from the array's storage, with the mapping found and the stack
    /// checked once for all of them: each element is written at the same depth, so the check
    /// that ``write(_:to:_:)`` makes per model gives the same answer for every one (it is made
    /// before the first element, and fails as that element's, as it did).
    override func writeArray(_ values: [Nested], to writer: inout JSONWriter,
                             _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        guard let storageMapping else { return try super.writeArray(values, to: &writer, options) }
        writer.beginArray()
        try values.withUnsafeBufferPointer { (elements) throws(ValueFailure) in
            guard let first = elements.baseAddress else { return }
            do throws(ValueFailure) {
                try checkStackRoom()
            } catch {
                throw error.prefixed(by: .index(0))
            }
            for index in 0..<elements.count {
                do {
                    // SAFETY: `index < elements.count`, so the element is inside the array's
                    // buffer, which `withUnsafeBufferPointer` keeps valid and unchanged until the
                    // closure returns; `NestedModelWritingTests` writes arrays of struct models.
                    try storageMapping.writeObject(at: UnsafeRawPointer(first + index), to: &writer, options: options)
                } catch {
                    throw nestedFailure(error).prefixed(by: .index(index))
                }
            }
        }
        writer.endArray()
    }

    override func encodedValue(at path: ArraySlice<String>, in value: Nested,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        let mapping = try encodingMapping(value)
        guard let property = mapping.properties.first(where: {
            $0.keyPath.outputPath?.components[...] == path
        }) else {
            return try super.encodedValue(at: path, in: value, options)
        }
        return try value.withStorageAddress { (base) throws(ValueFailure) -> Any in
            try property.encode(from: base, options)
        }
    }
}

/// Throws when the thread's stack is too low to go one model deeper
/// (``RecursionGuard``): nesting that the depth limit in force allows but the
/// stack cannot hold is refused instead of overflowing.
@inline(__always)
func checkStackRoom() throws(ValueFailure) {
    guard RecursionGuard.hasStackRoom else {
        throw ValueFailure(code: .invalidValue, detail: "models nested too deep for this thread's stack")
    }
}

/// Runs `body`, turning a nested model's ``JSONAdapterError`` into a
/// ``ValueFailure`` whose path continues into the nested object (and, in a
/// collecting pass, the ``CollectedFailures`` of a nested model into the
/// failure that carries their mark).
func rethrowingNested<Result>(_ body: () throws -> Result) throws(ValueFailure) -> Result {
    do {
        return try body()
    } catch {
        throw nestedFailure(error)
    }
}

/// The ``ValueFailure`` that a nested model's `error` becomes (see ``rethrowingNested(_:)``).
@inline(never)
func nestedFailure(_ error: any Error) -> ValueFailure {
    if let collected = error as? CollectedFailures {
        var failure = ValueFailure(nested: collected.first)
        failure.collectedSince = collected.since
        return failure
    }
    return ValueFailure(nested: error)
}

/// JSON raw values ↔ a `RawRepresentable` enum; an unknown raw value fails.
final class RawRepresentableCodec<Represented: RawRepresentable>: JSONValueCodec<Represented>, @unchecked Sendable {
    let raw: JSONValueCodec<Represented.RawValue>

    init(_ raw: JSONValueCodec<Represented.RawValue>) { self.raw = raw }

    override var unsupportedReason: String? { raw.unsupportedReason }

    override var expectation: String { "a raw value of \(Represented.self)" }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Represented {
        if Reader.holdsSwiftValues, let same = nativeInstance(value, with: reader) { return same }
        guard let result = Represented(rawValue: try reader.decode(value, with: raw)) else { throw mismatch(value, reader) }
        return result
    }

    /// The value when it already is a `Represented` (out of line: see `ModelCodec.decodeModelInstance`).
    @inline(never)
    private func nativeInstance<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) -> Represented? {
        reader.native(value, as: Represented.self)
    }

    @inline(__always)
    func write(_ value: Represented, into sink: inout some JSONValueSink,
               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try sink.write(value.rawValue, with: raw, options)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Represented { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Represented {
        try read(node, with: document)
    }
    override func encode(_ value: Represented, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink, options) }
    }
    override func write(_ value: Represented, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, into: &writer, options)
    }
}

/// A property with a ``JSONValueTransformer``: JSON values are materialised,
/// transformed (null given to the transformer as `nil`, a `nil` result taken
/// as null), then converted to the property's type with the package's exact
/// rules. Encoding reverse-transforms when the transformer allows it and
/// passes the value through otherwise.
final class TransformerCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    let transformer: JSONValueTransformer
    /// The conversion of the transformer's output into `Value`.
    let converter = ValueConversion.converter(to: Value.self)

    init(_ transformer: JSONValueTransformer) { self.transformer = transformer }

    /// Gives the transformer the value in its native Swift form (see ``NativeJSONValue``).
    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Value {
        try transform(reader.nativeValue(value))
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Value { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try read(node, with: document)
    }

    /// Transforms a native JSON value and converts the result to `Value`.
    private func transform(_ value: Any) throws(ValueFailure) -> Value {
        let input: Any? = ValueConversion.isNull(value) ? nil : value
        let output: Any?
        do {
            output = try transformer.transformedValue(input)
        } catch {
            throw ValueFailure(wrapping: error)
        }
        do {
            return try converter.convert(output)
        } catch {
            throw ValueFailure(expected: expectation, found: ValueDescription.describe(output),
                               detail: "the transformer's output",
                               underlying: ModelError(error, propertyKey: "", modelTypeName: nil))
        }
    }

    override func encode(_ value: Value, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        let plain = unwrapsJSONOptional ? Self.unwrapped(value) : flattenedOptional(value)
        guard transformer.allowsReverseTransformation else { return plain ?? NSNull() }
        do {
            return flattenedOptional(try transformer.reverseTransformedValue(plain)) ?? NSNull()
        } catch {
            throw ValueFailure(wrapping: error)
        }
    }

    override func isNil(_ value: Value) -> Bool { flattenedOptional(value) == nil }

    /// `true` when `Value` is a ``JSONOptional``, whose value the reverse
    /// transformation gets unwrapped (`nil` for null), as the forward one
    /// makes it from `nil` or a value.
    private let unwrapsJSONOptional: Bool = {
        if case .jsonOptional = ValueKind.of(Value.self) { return true }
        return false
    }()

    /// A `JSONOptional`'s value, `nil` for null (and absent, which a
    /// property never encodes).
    private static func unwrapped(_ value: Value) -> Any? {
        guard case .value(let wrapped)? = (value as? any JSONOptionalRepresentable)?.erased else { return nil }
        return flattenedOptional(wrapped)
    }
}
