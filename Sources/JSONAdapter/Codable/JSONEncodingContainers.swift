import Foundation

/// The keyed container of ``JSONValueEncoder``: members of an
/// ``EncodedObject``, named by the configuration's conversion of each coding
/// key. A key set twice keeps its place and takes the last value.
struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The encoder that made it.
    private let encoder: JSONValueEncoder
    /// The object being filled.
    private let object: EncodedObject
    private let path: CodingPath

    init(encoder: JSONValueEncoder, object: EncodedObject, path: CodingPath) {
        self.encoder = encoder
        self.object = object
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys() }

    @inline(__always)
    private func set(_ value: EncodedValue, for key: Key) {
        object.set(value, for: encoder.options.jsonKey(for: key.stringValue))
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try encoder.floating(value, at: path, key: key), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try encoder.floating(value, at: path, key: key), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(EncodedValue(integer: value), for: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.wrap(value, at: path, key: key), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let jsonKey = encoder.options.jsonKey(for: key.stringValue)
        let nestedPath = path.appending(key)
        let nested: EncodedObject
        if case .object(let existing)? = object.value(for: jsonKey) {
            nested = existing
        } else {
            nested = encoder.newObject(at: nestedPath)
            object.set(.object(nested), for: jsonKey)
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested,
                                                                            path: nestedPath))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let jsonKey = encoder.options.jsonKey(for: key.stringValue)
        let nestedPath = path.appending(key)
        let nested: EncodedArray
        if case .array(let existing)? = object.value(for: jsonKey) {
            nested = existing
        } else {
            nested = encoder.newArray(at: nestedPath)
            object.set(.array(nested), for: jsonKey)
        }
        return JSONUnkeyedEncodingContainer(encoder: encoder, array: nested, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        let key = JSONCodingKey.super
        let superEncoder = encoder.superEncoder(at: path, key: key)
        object.set(.deferred(superEncoder), for: encoder.options.jsonKey(for: key.stringValue))
        return superEncoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = encoder.superEncoder(at: path, key: key)
        set(.deferred(superEncoder), for: key)
        return superEncoder
    }
}

/// The unkeyed container of ``JSONValueEncoder``: elements of an ``EncodedArray``.
struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    /// The encoder that made it.
    private let encoder: JSONValueEncoder
    /// The array being filled.
    private let array: EncodedArray
    private let path: CodingPath

    init(encoder: JSONValueEncoder, array: EncodedArray, path: CodingPath) {
        self.encoder = encoder
        self.array = array
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys() }

    /// The number of elements encoded so far.
    var count: Int { array.elements.count }

    /// The key of the next element.
    private var nextKey: JSONCodingKey { JSONCodingKey(index: count) }

    @inline(__always)
    private func append(_ value: EncodedValue) {
        array.elements.append(value)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try encoder.floating(value, at: path, key: nextKey)) }
    mutating func encode(_ value: Float) throws { append(try encoder.floating(value, at: path, key: nextKey)) }
    mutating func encode(_ value: Int) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: Int8) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: Int16) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: Int32) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: Int64) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: UInt) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: UInt8) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: UInt16) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: UInt32) throws { append(EncodedValue(integer: value)) }
    mutating func encode(_ value: UInt64) throws { append(EncodedValue(integer: value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { append(EncodedValue(integer: value)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { append(EncodedValue(integer: value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try encoder.wrap(value, at: path, key: nextKey)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nestedPath = path.appending(nextKey)
        let nested = encoder.newObject(at: nestedPath)
        append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested,
                                                                            path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nestedPath = path.appending(nextKey)
        let nested = encoder.newArray(at: nestedPath)
        append(.array(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, array: nested, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = encoder.superEncoder(at: path, key: nextKey)
        append(.deferred(superEncoder))
        return superEncoder
    }
}
