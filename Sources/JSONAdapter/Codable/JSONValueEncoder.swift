import Foundation

/// The `Encoder` that turns a `Codable` property value into the adapter's
/// own JSON values (an ``EncodedValue`` tree, then Foundation values or JSON
/// text), without going through `JSONEncoder`.
///
/// It follows `JSONEncoder`'s rules: `Date` and `Data` as the configuration
/// writes them, `URL` as its absolute string, `Decimal` exactly, NaN and
/// infinity refused, coding keys converted by the configuration's key
/// conversion (but not the keys of `[String: _]` dictionaries, which are
/// written in ascending order so that the text is the same on every run),
/// `userInfo` empty, nothing encoded into a value giving an empty object.
/// Misuse that `JSONEncoder` traps on (asking one value for two kinds of
/// container, encoding twice into a single value container) and nesting
/// deeper than ``CodableOptions/maximumDepth`` are thrown as an
/// `EncodingError` when the value is done.
final class JSONValueEncoder: Encoder, SingleValueEncodingContainer {
    /// What went wrong where the `Encoder` API cannot throw, shared by every
    /// encoder of one property value.
    final class Session {
        /// The first such failure.
        var failure: EncodingError?

        /// Records a failure at `path` (the first one is kept).
        func fail(_ message: String, at path: CodingPath) {
            guard failure == nil else { return }
            failure = .invalidValue(message, .init(codingPath: path.keys(), debugDescription: message))
        }
    }

    /// The configuration's choices inside `Codable` values.
    let options: CodableOptions
    /// Where failures that cannot be thrown are kept.
    let session: Session
    /// The path of the container this encoder's value goes into.
    private let basePath: CodingPath
    /// The key of the value in that container.
    private let key: (any CodingKey)?
    /// What was encoded, `nil` until something is.
    private(set) var value: EncodedValue?

    init(options: CodableOptions, session: Session, path: CodingPath, key: (any CodingKey)?) {
        self.options = options
        self.session = session
        basePath = path
        self.key = key
    }

    /// Encodes `value`, the whole of a property value.
    static func encode<T: Encodable>(_ value: T, options: CodableOptions) throws -> EncodedValue {
        let encoder = JSONValueEncoder(options: options, session: Session(), path: .root, key: nil)
        let result = try encoder.wrap(value, at: .root, key: nil)
        if let failure = encoder.session.failure { throw failure }
        return result
    }

    /// The path of this encoder's value.
    private var path: CodingPath { key.map { basePath.appending($0) } ?? basePath }

    var codingPath: [any CodingKey] { basePath.keys(appending: key) }

    /// Empty: the adapter has no user info to give.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        switch value {
        case .object(let existing)?:
            object = existing
        case nil:
            object = newObject(at: path)
            value = .object(object)
        case .some:
            session.fail("a keyed container was asked of a value that already holds something else", at: path)
            object = EncodedObject()
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self, object: object, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        switch value {
        case .array(let existing)?:
            array = existing
        case nil:
            array = newArray(at: path)
            value = .array(array)
        case .some:
            session.fail("an unkeyed container was asked of a value that already holds something else", at: path)
            array = EncodedArray()
        }
        return JSONUnkeyedEncodingContainer(encoder: self, array: array, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// A new object for a container at `path`, recording a failure when it
    /// would nest deeper than ``CodableOptions/maximumDepth``.
    func newObject(at path: CodingPath) -> EncodedObject {
        checkDepth(path)
        return EncodedObject()
    }

    /// A new array for a container at `path` (see ``newObject(at:)``).
    func newArray(at path: CodingPath) -> EncodedArray {
        checkDepth(path)
        return EncodedArray()
    }

    /// Records a failure when a container at `path` nests too deep.
    private func checkDepth(_ path: CodingPath) {
        if path.depth >= CodableOptions.maximumDepth {
            session.fail("values nested deeper than \(CodableOptions.maximumDepth) levels", at: path)
        }
    }

    func superEncoder(at path: CodingPath, key: any CodingKey) -> JSONValueEncoder {
        JSONValueEncoder(options: options, session: session, path: path, key: key)
    }

    // MARK: Values

    /// `value` as JSON, or the `EncodingError` for NaN and infinity.
    func floating<F: BinaryFloatingPoint>(_ value: F, at path: CodingPath, key: (any CodingKey)?) throws -> EncodedValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path.keys(appending: key),
                                                          debugDescription: "\(value) cannot be written as JSON"))
        }
        if let float = value as? Float { return .float(float) }
        return .double(Double(value))
    }

    /// `value` through one of the adapter's codecs, its failure as an `EncodingError`.
    private func encode<V>(_ value: V, with codec: JSONValueCodec<V>, at path: CodingPath,
                           key: (any CodingKey)?) throws -> EncodedValue {
        do {
            return .foundation(try codec.encode(value, []))
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: path.keys(appending: key), debugDescription: error.problem,
                                                          underlyingError: error.underlying))
        }
    }

    /// `value` as JSON: strings, booleans and the common numbers directly,
    /// `Date`, `Data`, `URL` and `Decimal` as the configuration says, and
    /// anything else through its own `encode(to:)`. The types with a rule of
    /// their own are those of ``ValueKind/exactKind(of:)``: comparisons of
    /// metatypes, inlined, with no cache lookup for each value.
    func wrap<T: Encodable>(_ value: T, at path: CodingPath, key: (any CodingKey)?) throws -> EncodedValue {
        switch ValueKind.exactKind(of: T.self) {
        case .string?: if let string = value as? String { return .string(string) }
        case .bool?: if let bool = value as? Bool { return .bool(bool) }
        case .integer?:
            // `Int`, the one integer type with an exact kind.
            if let integer = value as? Int { return .signed(Int64(integer)) }
        case .floating?:
            // `Double`; `Float16` (the other one, 2 bytes) goes through its own
            // `encode(to:)`, as `JSONEncoder` writes it (as a `Float`).
            if MemoryLayout<T>.size == 8, let double = value as? Double { return try floating(double, at: path, key: key) }
        case .date?: if let date = value as? Date { return try encode(date, with: options.dateCodec, at: path, key: key) }
        case .data?: if let data = value as? Data { return try encode(data, with: options.dataCodec, at: path, key: key) }
        case .url?: if let url = value as? URL { return .string(url.absoluteString) }
        case .decimal?:
            if let decimal = value as? Decimal {
                guard !decimal.isNaN else {
                    throw EncodingError.invalidValue(decimal, .init(codingPath: path.keys(appending: key),
                                                                    debugDescription: "Decimal NaN cannot be written as JSON"))
                }
                return .decimal(decimal)
            }
        case .uuid?, .substring?, .character?:
            // Their own `encode(to:)`, as `JSONEncoder` writes them.
            break
        case .any?, .optional?, .jsonOptional?, .array?, .set?, .stringKeyedDictionary?, .keyedDictionary?, .model?,
             .rawRepresentable?, .null?, .foundationNumber?, .foundationString?, .foundationArray?,
             .foundationDictionary?, .codable?, .other?, nil:
            break
        }
        let valuePath = key.map { path.appending($0) } ?? path
        guard RecursionGuard.hasStackRoom else {
            throw EncodingError.invalidValue(value, .init(codingPath: valuePath.keys(),
                                                          debugDescription: "values nested too deep for this thread's stack"))
        }
        if let dictionary = value as? any StringKeyedEncodable {
            checkDepth(valuePath)
            return try dictionary.encodeMembers(with: self, at: valuePath)
        }
        let encoder = JSONValueEncoder(options: options, session: session, path: path, key: key)
        try value.encode(to: encoder)
        return encoder.value ?? .object(EncodedObject())
    }

    // MARK: SingleValueEncodingContainer

    /// Sets this encoder's value; a second value is a failure.
    private func set(_ encoded: EncodedValue) {
        guard value == nil else {
            session.fail("a single value container was given a second value", at: path)
            return
        }
        value = encoded
    }

    func encodeNil() throws { set(.null) }
    func encode(_ value: Bool) throws { set(.bool(value)) }
    func encode(_ value: String) throws { set(.string(value)) }
    func encode(_ value: Double) throws { set(try floating(value, at: basePath, key: key)) }
    func encode(_ value: Float) throws { set(try floating(value, at: basePath, key: key)) }
    func encode(_ value: Int) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: Int8) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: Int16) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: Int32) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: Int64) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: UInt) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: UInt8) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: UInt16) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: UInt32) throws { set(EncodedValue(integer: value)) }
    func encode(_ value: UInt64) throws { set(EncodedValue(integer: value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { set(EncodedValue(integer: value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { set(EncodedValue(integer: value)) }
    func encode<T: Encodable>(_ value: T) throws { set(try wrap(value, at: basePath, key: key)) }
}

/// `[String: Value]`, which encodes its members with their keys as written
/// (not converted), as `JSONEncoder` does under a key strategy, in ascending
/// order of their keys.
protocol StringKeyedEncodable {
    /// The dictionary as an object, each member encoded by `encoder` at `path`.
    func encodeMembers(with encoder: JSONValueEncoder, at path: CodingPath) throws -> EncodedValue
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeMembers(with encoder: JSONValueEncoder, at path: CodingPath) throws -> EncodedValue {
        let object = EncodedObject()
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            object.set(try encoder.wrap(value, at: path, key: JSONCodingKey(member: key)), for: key)
        }
        return .object(object)
    }
}
