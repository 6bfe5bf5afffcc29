import Foundation
import MantleJSON

/// One mapped property of a compiled ``ModelMapping``: where its value lives
/// in JSON, the codec for its type, and its accessor in the model's storage.
///
/// Decoding follows one line: key path lookup → codec (type-driven or a
/// transformer) → typed store at the property's offset.
class PropertyMapping: @unchecked Sendable {
    let key: String
    /// The property's JSON location.
    let keyPath: ResolvedKeyPath
    /// `true` when a value that fails to decode leaves the property's default
    /// in place (``JSONLeniency/defaultOnFailure``).
    let defaultsOnFailure: Bool
    /// The rules its decoded value must meet
    /// (``JSONSerializing/jsonConstraints(forKey:)``); usually none.
    let constraints: [JSONConstraint]
    /// `true` for a ``JSONOptional`` property, which encoding leaves out when
    /// it is absent (``isAbsent(at:)``) and writes when it is null, even
    /// with ``JSONAdapter/EncodingOptions/omitsNilValues-swift.property``. `final`, so that the
    /// encoders' check of it is one load.
    final var canBeAbsent = false
    /// The property's type when it is one that ``OutputTree`` writes itself from the model's
    /// storage at ``storageOffset`` (see ``StoredScalar/of(_:)``), else `nil`.
    final var storedScalar: StoredScalar?
    /// Where the property's value is in the model's storage, when ``storedScalar`` is set.
    final var storageOffset = 0

    init(key: String, keyPath: ResolvedKeyPath, defaultsOnFailure: Bool, constraints: [JSONConstraint]) {
        self.key = key
        self.keyPath = keyPath
        self.defaultsOnFailure = defaultsOnFailure
        self.constraints = constraints
    }

    /// Why one of ``constraints`` cannot apply to the property's type, or `nil`.
    var constraintRefusal: String? {
        constraints.lazy.compactMap { $0.refusal(for: self.valueType) }.first
    }

    /// What `source` holds at the property's location, for a report
    /// (`string "x"`, `null`; `object` for a composite; what blocks the path
    /// when it runs through something that is not an object; for
    /// alternatives, at the one read).
    func foundDescription(in source: JSONObjectSource) -> String {
        let path: ParsedKeyPath
        switch keyPath {
        case .single(let single): path = single
        case .alternatives(let paths): path = paths[KeyPathLookup.alternativeIndex(among: paths, in: source)]
        case .composite: return "object"
        }
        /// What `reader` finds at `path` in `object`.
        func found<Reader: JSONValueReader>(in object: Reader.Object, with reader: Reader) throws(ValueFailure) -> String {
            var hint = 0
            guard let value = try KeyPathLookup.value(at: path, in: object, with: reader, hint: &hint) else { return "null" }
            return reader.found(value)
        }
        do throws(ValueFailure) {
            switch source {
            case .dictionary(let dictionary): return try found(in: dictionary, with: FoundationReader())
            case .document(let document, let object): return try found(in: object, with: document)
            }
        } catch {
            return error.found ?? error.problem
        }
    }

    /// Decodes the property from a Foundation dictionary into the model at `base`.
    func decode(from dictionary: [String: Any], into base: UnsafeMutableRawPointer) throws(ValueFailure) {}

    /// Decodes the property from an object node into the model at `base`.
    func decode(from document: JSONDocument, object: Int, hint: inout Int,
                into base: UnsafeMutableRawPointer) throws(ValueFailure) {}

    /// The property's JSON value (`NSNull()` for nil).
    func encode(from base: UnsafeRawPointer, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any { NSNull() }

    func write(from base: UnsafeRawPointer, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {}

    func isNil(at base: UnsafeRawPointer) -> Bool { false }

    /// `true` when the property is an absent ``JSONOptional`` (only asked
    /// when ``canBeAbsent``).
    func isAbsent(at base: UnsafeRawPointer) -> Bool { false }

    /// Applies the merge patch object `patch` to the property's value at
    /// `base` as to a model, when the property holds a nested model (or an
    /// optional of one) without a transformer; `false` when it takes the
    /// patch as JSON (see `ModelMapping.applyingMergePatch`).
    func applyModelPatch(_ patch: [String: Any], at base: UnsafeMutableRawPointer) throws(ValueFailure) -> Bool {
        false
    }

    /// Why the property's type cannot be decoded from JSON, or `nil`.
    var unsupportedReason: String? { nil }

    /// The property's declared type.
    var valueType: Any.Type { Any.self }

    /// The JSON value the property writes at `path` inside its own value.
    func encodedValue(at path: ArraySlice<String>, from base: UnsafeRawPointer,
                      _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? { nil }
}

/// A ``PropertyMapping`` for a property of type `Value`.
final class TypedPropertyMapping<Value>: PropertyMapping, @unchecked Sendable {
    /// Converts JSON to `Value` and back.
    let codec: JSONValueCodec<Value>
    /// Decodes: ``codec`` itself, or, when the property declares
    /// ``PropertyMapping/constraints``, ``codec`` checked by them
    /// (``ConstrainedCodec``). Encoding checks nothing.
    let decodingCodec: JSONValueCodec<Value>
    let accessor: TypedPropertyAccessor<Value>
    /// Tells an absent ``JSONOptional``; `nil` for every other type.
    private let absence: ((Value) -> Bool)?
    /// `true` when ``keyPath`` is one key (`"login"`; not `"user.login"`, alternatives or a
    /// composite), the common case, which ``read(from:with:hint:into:)`` looks up without
    /// unpacking the path (whose arrays each look-up retained and released) by ``singleKey``
    /// and, in a document, ``singleKeyUTF8``.
    private let isSingleKey: Bool
    /// The one key when ``isSingleKey``, else `""`.
    private let singleKey: String
    /// The one key's UTF-8 bytes when ``isSingleKey`` (else empty), made once here and freed
    /// in `deinit`.
    private let singleKeyUTF8: UnsafeMutableBufferPointer<UInt8>
    /// `true` when the one key is looked for in other spellings where it is missing (``KeyFallback``).
    private let singleKeyHasFallbacks: Bool
    /// `true` when writing hands ``codec`` the value's address (``JSONValueCodec/write(at:to:_:)``)
    /// rather than a copy: the codec ``JSONValueCodec/writesFromStorage`` and the accessor is
    /// a plain one, whose value is stored at its offset (not a weak reference, a property
    /// wrapper's storage or an object's key path).
    let writesFromStorage: Bool

    init(key: String, keyPath: ResolvedKeyPath, codec: JSONValueCodec<Value>, accessor: TypedPropertyAccessor<Value>,
         defaultsOnFailure: Bool, constraints: [JSONConstraint]) {
        self.codec = codec
        decodingCodec = constraints.isEmpty ? codec : ConstrainedCodec(codec, constraints: constraints)
        self.accessor = accessor
        writesFromStorage = codec.writesFromStorage && type(of: accessor) == TypedPropertyAccessor<Value>.self
        absence = JSONOptionalAbsence.test(for: Value.self)
        if case .single(let path) = keyPath, path.components.count == 1 {
            isSingleKey = true
            singleKey = path.components[0]
            singleKeyHasFallbacks = path.fallbacks != nil
            let bytes = Array(singleKey.utf8)
            // SAFETY: a buffer of exactly `bytes.count` bytes, all initialised from `bytes`; it is
            // only read (in `read`), while this mapping lives, and freed once, in `deinit`.
            singleKeyUTF8 = .allocate(capacity: bytes.count)
            _ = singleKeyUTF8.initialize(from: bytes)
        } else {
            isSingleKey = false
            singleKey = ""
            singleKeyHasFallbacks = false
            singleKeyUTF8 = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
        super.init(key: key, keyPath: keyPath, defaultsOnFailure: defaultsOnFailure, constraints: constraints)
        canBeAbsent = absence != nil
        if type(of: accessor) == TypedPropertyAccessor<Value>.self {
            storedScalar = StoredScalar.of(codec)
            storageOffset = accessor.offset
        }
    }

    deinit {
        // SAFETY: allocated in `init` (or empty, which frees nothing) and freed only here.
        singleKeyUTF8.deallocate()
    }

    /// Decodes the property from `object`, read by `reader`, into the model at `base`.
    @inline(__always)
    func read<Reader: JSONValueReader>(from object: Reader.Object, with reader: Reader, hint: inout Int,
                                       into base: UnsafeMutableRawPointer) throws(ValueFailure) {
        if isSingleKey {
            if let found = reader.member(singleKey, utf8: UnsafeBufferPointer(singleKeyUTF8), in: object, hint: &hint) {
                accessor.store(try reader.decode(found, with: decodingCodec), to: base)
            } else if singleKeyHasFallbacks, let found = try spelledValue(in: object, with: reader) {
                accessor.store(try reader.decode(found, with: decodingCodec), to: base)
            }
            return
        }
        switch keyPath {
        case .single(let path):
            guard let found = try KeyPathLookup.value(at: path, in: object, with: reader, hint: &hint) else { return }
            accessor.store(try reader.decode(found, with: decodingCodec), to: base)
        case .composite(let paths):
            // A composite's value is an object made of values from several places, keyed by
            // their key paths: it is on no tape, so it cannot be a node. It is built as a
            // Foundation dictionary (the codec is usually a transformer, which takes one
            // anyway), from only the values it names.
            var gathered: [String: Any] = [:]
            for path in paths {
                if let found = try KeyPathLookup.value(at: path, in: object, with: reader, hint: &hint) {
                    do throws(ValueFailure) {
                        gathered[path.text] = try reader.foundationValue(found)
                    } catch {
                        throw error.prefixed(by: .member(path.text))
                    }
                }
            }
            accessor.store(try decodingCodec.decode(gathered), to: base)
        case .alternatives(let paths):
            guard let found = try KeyPathLookup.firstValue(among: paths, in: object, with: reader, hint: &hint) else {
                return
            }
            accessor.store(try reader.decode(found.value, with: decodingCodec), to: base)
        }
    }

    /// The one key's value in one of its other spellings, where the key itself is missing.
    @inline(never)
    private func spelledValue<Reader: JSONValueReader>(in object: Reader.Object,
                                                       with reader: Reader) throws(ValueFailure) -> Reader.Value? {
        guard case .single(let path) = keyPath else { return nil }
        return try KeyPathLookup.spelledValue(at: path, in: object, with: reader)
    }

    override func decode(from dictionary: [String: Any], into base: UnsafeMutableRawPointer) throws(ValueFailure) {
        var hint = 0
        try read(from: dictionary, with: FoundationReader(), hint: &hint, into: base)
    }

    override func decode(from document: JSONDocument, object: Int, hint: inout Int,
                         into base: UnsafeMutableRawPointer) throws(ValueFailure) {
        try read(from: object, with: document, hint: &hint, into: base)
    }

    override func encode(from base: UnsafeRawPointer, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try codec.encode(accessor.load(from: base), options)
    }

    override func write(from base: UnsafeRawPointer, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        if writesFromStorage {
            // SAFETY: `writesFromStorage` says the accessor is a plain `TypedPropertyAccessor`,
            // whose value is stored at `base + offset` (its `loadValue`), and `base` is the
            // model's storage for the duration of this call. `NestedModelWritingTests` writes
            // nested struct models through plain, wrapped and optional properties.
            return try codec.write(at: base + accessor.offset, to: &writer, options)
        }
        try codec.write(accessor.load(from: base), to: &writer, options)
    }

    override func isNil(at base: UnsafeRawPointer) -> Bool {
        codec.isNil(accessor.load(from: base))
    }

    override func isAbsent(at base: UnsafeRawPointer) -> Bool {
        absence?(accessor.load(from: base)) ?? false
    }

    override func applyModelPatch(_ patch: [String: Any], at base: UnsafeMutableRawPointer) throws(ValueFailure) -> Bool {
        guard let patched = try decodingCodec.applyingModelPatch(patch, to: accessor.load(from: base)) else { return false }
        accessor.store(patched, to: base)
        return true
    }

    override var unsupportedReason: String? { codec.unsupportedReason }

    override var valueType: Any.Type { Value.self }

    override func encodedValue(at path: ArraySlice<String>, from base: UnsafeRawPointer,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        try codec.encodedValue(at: path, in: accessor.load(from: base), options)
    }
}

/// A property type whose plain codec writes nothing but the value, which ``OutputTree`` then
/// writes itself from the model's storage, without calling the property's mapping and codec.
enum StoredScalar {
    case int, string, bool, optionalInt, optionalString, intArray

    /// The kind `codec` writes when it is exactly one of the plain codecs (not a coercing,
    /// transforming or constrained one), whose `Value` is then the kind's type (`Int` for
    /// ``IntCodec``, a `JSONValueCodec<Int>`); else `nil`.
    static func of<Value>(_ codec: JSONValueCodec<Value>) -> StoredScalar? {
        switch codec {
        case is IntCodec: return .int
        case is StringCodec: return .string
        case is BoolCodec: return .bool
        case is IntArrayCodec: return .intArray
        case let optional as OptionalCodec<Int> where optional.wrapped is IntCodec: return .optionalInt
        case let optional as OptionalCodec<String> where optional.wrapped is StringCodec: return .optionalString
        default: return nil
        }
    }

    /// Writes the value of this kind stored at `address`: the one place each kind is written
    /// from storage, by ``OutputTree`` and by the plain codecs' `write(at:to:_:)`.
    ///
    /// - Precondition: `address` holds an initialised value of the kind's type, valid and
    ///   unchanged during the call.
    @inline(__always)
    func write(at address: UnsafeRawPointer, to writer: inout JSONWriter) {
        // SAFETY: the precondition; each case reads its own type.
        switch self {
        case .int:
            writer.write(Int64(address.load(as: Int.self)))
        case .string:
            writer.write(address.assumingMemoryBound(to: String.self).pointee)
        case .bool:
            writer.write(address.load(as: Bool.self))
        case .optionalInt:
            if let int = address.assumingMemoryBound(to: Int?.self).pointee {
                writer.write(Int64(int))
            } else {
                writer.writeNull()
            }
        case .optionalString:
            if let string = address.assumingMemoryBound(to: String?.self).pointee {
                writer.write(string)
            } else {
                writer.writeNull()
            }
        case .intArray:
            let array = address.assumingMemoryBound(to: [Int].self)
            writer.beginArray()
            if !array.pointee.isEmpty {
                array.pointee.withUnsafeBufferPointer { elements in
                    for element in elements { writer.write(Int64(element)) }
                }
            }
            writer.endArray()
        }
    }
}

/// Builds the typed mapping of one property from its accessor.
struct PropertyMappingBuilder: PropertyAccessorVisitor {
    let key: String
    /// Its JSON location.
    let keyPath: ResolvedKeyPath
    /// Its explicit transformer, if any.
    let transformer: JSONValueTransformer?
    /// How far decoding it bends (the model's choice for it, else the configuration's).
    let leniency: JSONLeniency
    /// The rules its value must meet.
    let constraints: [JSONConstraint]
    /// The choices the mapping is compiled under.
    let context: MappingContext

    func visit<Value>(_ accessor: TypedPropertyAccessor<Value>) -> PropertyMapping {
        let codec: JSONValueCodec<Value> = transformer.map { TransformerCodec<Value>($0) }
            ?? CodecFactory.codec(for: Value.self, in: context, leniency: leniency)
        return TypedPropertyMapping(key: key, keyPath: keyPath, codec: codec, accessor: accessor,
                                    defaultsOnFailure: leniency.contains(.defaultOnFailure), constraints: constraints)
    }
}
