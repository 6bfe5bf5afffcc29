import Foundation
import MantleJSON

/// The keyed container of ``JSONValueDecoder``: a JSON object, its members
/// looked up by the configuration's conversion of each coding key.
///
/// A class, because its look-ups are non-mutating yet keep a cursor: keys
/// asked for in document order (as synthesized `init(from:)` asks) are found
/// in O(1) each on the bytes path (``JSONDocument/member(_:in:hint:)``).
/// `decodeIfPresent` looks a key up once (the protocol's default would look
/// it up three times).
final class JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder that made it.
    private let decoder: JSONValueDecoder
    private let object: DecodingObject
    private let path: CodingPath
    /// The look-up cursor (bytes path).
    private var hint = 0

    init(decoder: JSONValueDecoder, object: DecodingObject, path: CodingPath) {
        self.decoder = decoder
        self.object = object
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys() }

    /// The keys of the object that `Key` has, each as the coding key that
    /// reads it (see ``CodableOptions/codingKeyNames(forJSONKey:)``), once each.
    var allKeys: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(object.count)
        var seen = Set<String>()
        var names = Set<String>()
        for (jsonKey, _) in object.members where seen.insert(jsonKey).inserted {
            for name in decoder.options.codingKeyNames(forJSONKey: jsonKey) {
                if let key = Key(stringValue: name) {
                    if names.insert(key.stringValue).inserted { keys.append(key) }
                    break
                }
            }
        }
        return keys
    }

    /// The member for `key`, or `nil`: at its JSON key, else at the key's
    /// ASCII form or (under a snake or kebab case conversion) another
    /// spelling (``KeyFallback``).
    @inline(__always)
    private func value(for key: Key) -> DecodingValue? {
        // The cursor is copied in and out: an `inout` access to a class's
        // property would be checked at run time for the whole call.
        var cursor = hint
        let name = key.stringValue
        let jsonKey = decoder.options.jsonKey(for: name)
        let value = object.value(forKey: jsonKey, hint: &cursor)
        hint = cursor
        return value ?? missingValue(name: name, jsonKey: jsonKey)
    }

    /// The member for the coding key `name`, whose JSON key `jsonKey` is missing, at the
    /// key's ASCII form (bytes path: all-ASCII objects are searched by bytes) or another
    /// spelling, or `nil`.
    @inline(never)
    private func missingValue(name: String, jsonKey: String) -> DecodingValue? {
        if case .node(let document, let node) = object, let asciiForm = JSONDocument.asciiForm(of: jsonKey),
           let found = document.member(asciiForm, in: node) {
            return .node(document, found)
        }
        guard let spellings = decoder.options.spellings(for: name, jsonKey: jsonKey) else { return nil }
        return object.value(spelledAs: spellings)
    }

    /// The member for `key`, or `keyNotFound`.
    @inline(__always)
    private func require(_ key: Key) throws -> DecodingValue {
        guard let value = value(for: key) else {
            let jsonKey = decoder.options.jsonKey(for: key.stringValue)
            throw DecodingError.keyNotFound(key, .init(codingPath: path.keys(), debugDescription: "missing key \"\(jsonKey)\""))
        }
        return value
    }

    /// `body` on the member for `key`, or `nil` when it is missing or null.
    @inline(__always)
    private func ifPresent<T>(_ key: Key, _ body: (DecodingValue) throws -> T) throws -> T? {
        guard let value = value(for: key), !value.isNull else { return nil }
        return try body(value)
    }

    func contains(_ key: Key) -> Bool { value(for: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try require(key).isNull }

    // MARK: Values

    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(require(key), at: path, key: key) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try decoder.string(require(key), at: path, key: key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try floating(key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try floating(key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(type, from: require(key), at: path, key: key)
    }

    /// The member for `key` as an `I`.
    @inline(__always)
    private func integer<I: FixedWidthInteger>(_ key: Key) throws -> I {
        try decoder.integer(I.self, require(key), at: path, key: key)
    }

    /// The member for `key` as an `F`.
    @inline(__always)
    private func floating<F: BinaryFloatingPoint>(_ key: Key) throws -> F {
        try decoder.floating(F.self, require(key), at: path, key: key)
    }

    // MARK: Values if present

    func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? {
        try ifPresent(key) { try decoder.bool($0, at: path, key: key) }
    }
    func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? {
        try ifPresent(key) { try decoder.string($0, at: path, key: key) }
    }
    func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? { try floatingIfPresent(key) }
    func decodeIfPresent(_: Float.Type, forKey key: Key) throws -> Float? { try floatingIfPresent(key) }
    func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
    func decodeIfPresent(_: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
    func decodeIfPresent(_: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
    func decodeIfPresent(_: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
    func decodeIfPresent(_: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
    func decodeIfPresent(_: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
    func decodeIfPresent(_: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
    func decodeIfPresent(_: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
    func decodeIfPresent(_: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
    func decodeIfPresent(_: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try ifPresent(key) { try decoder.unwrap(type, from: $0, at: path, key: key) }
    }

    /// The member for `key` as an `I`, or `nil` when missing or null.
    @inline(__always)
    private func integerIfPresent<I: FixedWidthInteger>(_ key: Key) throws -> I? {
        try ifPresent(key) { try decoder.integer(I.self, $0, at: path, key: key) }
    }

    /// The member for `key` as an `F`, or `nil` when missing or null.
    @inline(__always)
    private func floatingIfPresent<F: BinaryFloatingPoint>(_ key: Key) throws -> F? {
        try ifPresent(key) { try decoder.floating(F.self, $0, at: path, key: key) }
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(type, for: require(key), at: path.appending(key), expected: "an object")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(for: require(key), at: path.appending(key), expected: "an array")
    }

    func superDecoder() throws -> any Decoder {
        let key = JSONCodingKey.super
        let name = key.stringValue
        let jsonKey = decoder.options.jsonKey(for: name)
        var cursor = hint
        let value = object.value(forKey: jsonKey, hint: &cursor)
        hint = cursor
        return decoder.superDecoder(for: value ?? missingValue(name: name, jsonKey: jsonKey), at: path, key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.superDecoder(for: value(for: key), at: path, key: key)
    }
}
