import Foundation

/// The `Decoder` that reads a `Codable` property value straight from the
/// adapter's own JSON values: the parsed document's nodes on the bytes path,
/// Foundation values on the dictionary path. Nothing is written out and read
/// back through `JSONDecoder`.
///
/// It follows `JSONDecoder`'s rules (see ``DecodingValue`` for scalars):
/// `Date` and `Data` as the configuration writes them (its ISO 8601 reader
/// also takes fractional seconds, which `JSONDecoder`'s `.iso8601` refuses),
/// `URL` from a string with `URL(string:)`, `Decimal` exactly from the
/// number's digits, coding keys converted by the configuration's key
/// conversion (but not the keys of `[String: _]` dictionaries), `userInfo`
/// empty. Coding paths start at the property value, as `JSONDecoder`'s do for
/// that subtree alone. Unlike `JSONDecoder`, the last of duplicate keys wins,
/// as everywhere in this package.
///
/// As `JSONDecoder` does, one decoder serves a whole value: decoding a nested
/// value swaps the nested value in, calls its `init(from:)` and swaps back,
/// so that only containers and coding-path nodes are allocated. Each level
/// checks the thread's stack (``RecursionGuard``), so that a type which
/// decodes itself without end fails instead of overflowing.
final class JSONValueDecoder: Decoder, SingleValueDecodingContainer {
    /// What the decoder is decoding: swapped as a whole for a nested value
    /// (one access to the class's storage rather than one per field).
    private struct Focus {
        var value: DecodingValue
        /// The path of the container that holds ``value``.
        var basePath: CodingPath
        /// The key of ``value`` in that container (appended only when needed).
        var key: (any CodingKey)?
        /// The type being decoded, for errors.
        var valueType: Any.Type

        /// The path of ``value``.
        var path: CodingPath { key.map { basePath.appending($0) } ?? basePath }
    }

    /// The configuration's choices inside `Codable` values.
    let options: CodableOptions
    /// What is being decoded.
    private var focus: Focus

    /// A decoder for `value` at `path` (plus `key`), which should become a `valueType`.
    init(options: CodableOptions, value: DecodingValue, path: CodingPath, key: (any CodingKey)? = nil,
         valueType: Any.Type) {
        self.options = options
        focus = Focus(value: value, basePath: path, key: key, valueType: valueType)
    }

    /// Decodes a `T` from `value`, the top of a property value.
    static func decode<T: Decodable>(_ type: T.Type, from value: DecodingValue, options: CodableOptions) throws -> T {
        let decoder = JSONValueDecoder(options: options, value: value, path: .root, valueType: T.self)
        return try decoder.unwrap(T.self, from: value, at: .root, key: nil)
    }

    var codingPath: [any CodingKey] {
        let focus = focus
        return focus.basePath.keys(appending: focus.key)
    }

    /// Empty: the adapter has no user info to give.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let focus = focus
        return try keyedContainer(type, for: focus.value, at: focus.path, expected: "an object" + Self.suffix(focus))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let focus = focus
        return try unkeyedContainer(for: focus.value, at: focus.path, expected: "an array" + Self.suffix(focus))
    }

    /// ` for Geo`: the type being decoded, for errors (empty for a super decoder's value).
    private static func suffix(_ focus: Focus) -> String {
        focus.valueType == Any.self ? "" : " for \(ValueDescription.typeName(focus.valueType))"
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A keyed container over `value`, or the mismatch naming `expected`.
    func keyedContainer<Key: CodingKey>(_: Key.Type, for value: DecodingValue, at path: CodingPath,
                                        expected: @autoclosure () -> String) throws -> KeyedDecodingContainer<Key> {
        guard let object = value.object else { throw mismatch([String: Any].self, expected(), value, at: path, key: nil) }
        return KeyedDecodingContainer(JSONKeyedDecodingContainer<Key>(decoder: self, object: object, path: path))
    }

    /// An unkeyed container over `value`, or the mismatch naming `expected`.
    func unkeyedContainer(for value: DecodingValue, at path: CodingPath,
                          expected: @autoclosure () -> String) throws -> any UnkeyedDecodingContainer {
        guard let array = value.array else { throw mismatch([Any].self, expected(), value, at: path, key: nil) }
        return JSONUnkeyedDecodingContainer(decoder: self, array: array, path: path)
    }

    /// A new decoder for `value` (null when there is none) at `path` + `key`,
    /// for `superDecoder()`: independent of this one, since it may be used later.
    func superDecoder(for value: DecodingValue?, at path: CodingPath, key: any CodingKey) -> any Decoder {
        JSONValueDecoder(options: options, value: value ?? .foundation(NSNull()), path: path, key: key,
                         valueType: Any.self)
    }

    // MARK: Values

    /// The failure for `value` where `expected` (a `type`) should be:
    /// `valueNotFound` for null, `typeMismatch` otherwise.
    func mismatch(_ type: Any.Type, _ expected: String, _ value: DecodingValue, at path: CodingPath,
                  key: (any CodingKey)?) -> DecodingError {
        let context = DecodingError.Context(codingPath: path.keys(appending: key),
                                            debugDescription: "expected \(expected), found \(value.description)")
        return value.isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    func bool(_ value: DecodingValue, at path: CodingPath, key: (any CodingKey)?) throws -> Bool {
        guard let bool = value.bool else { throw mismatch(Bool.self, "Bool", value, at: path, key: key) }
        return bool
    }

    func string(_ value: DecodingValue, at path: CodingPath, key: (any CodingKey)?) throws -> String {
        guard let string = value.string else { throw mismatch(String.self, "String", value, at: path, key: key) }
        return string
    }

    /// `value` as an `I`, exactly.
    @inline(__always)
    func integer<I: FixedWidthInteger>(_: I.Type, _ value: DecodingValue, at path: CodingPath,
                                       key: (any CodingKey)?) throws -> I {
        guard let integer = value.integer(I.self) else {
            throw mismatch(I.self, ValueDescription.typeName(I.self), value, at: path, key: key)
        }
        return integer
    }

    /// `value` as an `F`, rounded.
    @inline(__always)
    func floating<F: BinaryFloatingPoint>(_: F.Type, _ value: DecodingValue, at path: CodingPath,
                                          key: (any CodingKey)?) throws -> F {
        guard let floating = value.floating(F.self) else {
            throw mismatch(F.self, ValueDescription.typeName(F.self), value, at: path, key: key)
        }
        return floating
    }

    /// `value` through one of the adapter's codecs, its failure as a `DecodingError`.
    private func decode<V>(with codec: JSONValueCodec<V>, _ value: DecodingValue, at path: CodingPath,
                           key: (any CodingKey)?) throws -> V {
        if value.isNull { throw mismatch(V.self, codec.expectation, value, at: path, key: key) }
        do {
            return try value.decode(with: codec)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: path.keys(appending: key), debugDescription: error.problem,
                                                    underlyingError: error.underlying))
        }
    }

    /// `value` as a `T`: strings, booleans and the common numbers directly,
    /// `Date`, `Data`, `URL` and `Decimal` as the configuration says, and
    /// anything else through its own `init(from:)`. The types with a rule of
    /// their own are those of ``ValueKind/exactKind(of:)``: comparisons of
    /// metatypes, inlined, with no cache lookup for each value.
    func unwrap<T: Decodable>(_ type: T.Type, from value: DecodingValue, at path: CodingPath,
                              key: (any CodingKey)?) throws -> T {
        /// `result` as the `T` it is.
        func typed(_ result: some Any) throws -> T { try same(result, at: path, key: key) }
        switch ValueKind.exactKind(of: T.self) {
        case .string?: return try typed(string(value, at: path, key: key))
        case .bool?: return try typed(bool(value, at: path, key: key))
        case .integer?:
            // `Int`, the one integer type with an exact kind.
            return try typed(integer(Int.self, value, at: path, key: key))
        case .floating(let floating)?:
            // `Double`, or `Float16` (the one other floating-point type with
            // an exact kind, named only where it exists): its own `init(from:)`
            // reads a `Float` and rounds that again, accepting a literal that
            // underflows; read like the others.
            if MemoryLayout<T>.size == 2 { return try typed(self.floating(floating, value, at: path, key: key)) }
            return try typed(self.floating(Double.self, value, at: path, key: key))
        case .date?: return try typed(decode(with: options.dateCodec, value, at: path, key: key))
        case .data?: return try typed(decode(with: options.dataCodec, value, at: path, key: key))
        case .decimal?: return try typed(decode(with: options.decimalCodec, value, at: path, key: key))
        case .url?:
            guard let url = URL(string: try string(value, at: path, key: key)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path.keys(appending: key),
                                                        debugDescription: "expected a URL string, found \(value.description)"))
            }
            return try typed(url)
        case .uuid?, .substring?, .character?:
            // Their own `init(from:)`, as `JSONDecoder` reads them.
            break
        case .any?, .optional?, .jsonOptional?, .array?, .set?, .stringKeyedDictionary?, .keyedDictionary?, .model?,
             .rawRepresentable?, .null?, .foundationNumber?, .foundationString?, .foundationArray?,
             .foundationDictionary?, .codable?, .other?, nil:
            break
        }
        if options.convertsKeys, let dictionary = T.self as? any StringKeyedDecodable.Type {
            let keyPath = key.map { path.appending($0) } ?? path
            guard let object = value.object else {
                throw mismatch(T.self, "an object for \(ValueDescription.typeName(T.self))", value, at: path, key: key)
            }
            return try typed(dictionary.decodeMembers(of: object, with: self, at: keyPath))
        }
        return try nested(T.self, value, at: path, key: key) { try T(from: self) }
    }

    /// Runs `body`, which decodes a `T` from this decoder, with `value`
    /// swapped in at `path` + `key`; refuses to go deeper than the stack allows.
    private func nested<T>(_: T.Type, _ value: DecodingValue, at path: CodingPath, key: (any CodingKey)?,
                           _ body: () throws -> T) throws -> T {
        guard RecursionGuard.hasStackRoom else {
            throw DecodingError.dataCorrupted(.init(codingPath: path.keys(appending: key),
                                                    debugDescription: "values nested too deep for this thread's stack"))
        }
        let saved = focus
        focus = Focus(value: value, basePath: path, key: key, valueType: T.self)
        defer { focus = saved }
        return try body()
    }

    /// `result`, which is a `T` whenever this is called (the caller compared
    /// the types), as a `T`; the impossible case throws rather than trapping.
    @inline(__always)
    private func same<T, Result>(_ result: Result, at path: CodingPath, key: (any CodingKey)?) throws -> T {
        guard let typed = result as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: path.keys(appending: key),
                                                           debugDescription: "decoded a \(Result.self), not a \(T.self)"))
        }
        return typed
    }

    // MARK: SingleValueDecodingContainer

    /// `body` on the focused value, its container's path and its key (read
    /// with one access to the class's storage).
    @inline(__always)
    private func single<T>(_ body: (DecodingValue, CodingPath, (any CodingKey)?) throws -> T) rethrows -> T {
        let focus = focus
        return try body(focus.value, focus.basePath, focus.key)
    }

    func decodeNil() -> Bool { focus.value.isNull }
    func decode(_: Bool.Type) throws -> Bool { try single { try bool($0, at: $1, key: $2) } }
    func decode(_: String.Type) throws -> String { try single { try string($0, at: $1, key: $2) } }
    func decode(_: Double.Type) throws -> Double { try single { try floating(Double.self, $0, at: $1, key: $2) } }
    func decode(_: Float.Type) throws -> Float { try single { try floating(Float.self, $0, at: $1, key: $2) } }
    func decode(_: Int.Type) throws -> Int { try single { try integer(Int.self, $0, at: $1, key: $2) } }
    func decode(_: Int8.Type) throws -> Int8 { try single { try integer(Int8.self, $0, at: $1, key: $2) } }
    func decode(_: Int16.Type) throws -> Int16 { try single { try integer(Int16.self, $0, at: $1, key: $2) } }
    func decode(_: Int32.Type) throws -> Int32 { try single { try integer(Int32.self, $0, at: $1, key: $2) } }
    func decode(_: Int64.Type) throws -> Int64 { try single { try integer(Int64.self, $0, at: $1, key: $2) } }
    func decode(_: UInt.Type) throws -> UInt { try single { try integer(UInt.self, $0, at: $1, key: $2) } }
    func decode(_: UInt8.Type) throws -> UInt8 { try single { try integer(UInt8.self, $0, at: $1, key: $2) } }
    func decode(_: UInt16.Type) throws -> UInt16 { try single { try integer(UInt16.self, $0, at: $1, key: $2) } }
    func decode(_: UInt32.Type) throws -> UInt32 { try single { try integer(UInt32.self, $0, at: $1, key: $2) } }
    func decode(_: UInt64.Type) throws -> UInt64 { try single { try integer(UInt64.self, $0, at: $1, key: $2) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_: Int128.Type) throws -> Int128 { try single { try integer(Int128.self, $0, at: $1, key: $2) } }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_: UInt128.Type) throws -> UInt128 { try single { try integer(UInt128.self, $0, at: $1, key: $2) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try single { try unwrap(type, from: $0, at: $1, key: $2) } }
}

/// `[String: Value]`, which decodes its members with their keys as written
/// (not converted), as `JSONDecoder` does under a key strategy.
protocol StringKeyedDecodable {
    /// The dictionary of `object`'s members, each decoded by `decoder` at `path`.
    static func decodeMembers(of object: DecodingObject, with decoder: JSONValueDecoder,
                              at path: CodingPath) throws -> Self
}

extension Dictionary: StringKeyedDecodable where Key == String, Value: Decodable {
    static func decodeMembers(of object: DecodingObject, with decoder: JSONValueDecoder,
                              at path: CodingPath) throws -> [String: Value] {
        var result = [String: Value](minimumCapacity: object.count)
        for (key, value) in object.members {
            result[key] = try decoder.unwrap(Value.self, from: value, at: path, key: JSONCodingKey(member: key))
        }
        return result
    }
}
