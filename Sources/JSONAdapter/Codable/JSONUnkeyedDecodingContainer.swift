import Foundation

/// The unkeyed container of ``JSONValueDecoder``: a JSON array, read element
/// by element. A value that fails to decode leaves ``currentIndex`` where it
/// was; `decodeNil()` moves past a null only.
struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    /// The decoder that made it.
    private let decoder: JSONValueDecoder
    /// The elements and the cursor.
    private var array: DecodingArray
    private let path: CodingPath

    var count: Int? { array.count }
    /// The index of the next element.
    private(set) var currentIndex = 0
    /// `true` when every element has been decoded.
    var isAtEnd: Bool { currentIndex >= array.count }

    init(decoder: JSONValueDecoder, array: DecodingArray, path: CodingPath) {
        self.decoder = decoder
        self.array = array
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys() }

    /// The key of the next element.
    private var currentKey: JSONCodingKey { JSONCodingKey(index: currentIndex) }

    /// The next element, or `valueNotFound` at the end.
    private func next(_ type: Any.Type) throws -> DecodingValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path.keys(appending: currentKey),
                                                          debugDescription: "expected \(ValueDescription.typeName(type)), "
                                                              + "found the end of an array of \(array.count)"))
        }
        return array.current
    }

    /// Decodes the next element with `body`, then moves past it.
    @inline(__always)
    private mutating func decodeNext<T>(_ body: (DecodingValue, JSONCodingKey) throws -> T) throws -> T {
        let result = try body(next(T.self), currentKey)
        array.advance()
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).isNull else { return false }
        array.advance()
        currentIndex += 1
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool {
        try decodeNext { [decoder, path] in try decoder.bool($0, at: path, key: $1) }
    }
    mutating func decode(_: String.Type) throws -> String {
        try decodeNext { [decoder, path] in try decoder.string($0, at: path, key: $1) }
    }
    mutating func decode(_: Double.Type) throws -> Double { try floating() }
    mutating func decode(_: Float.Type) throws -> Float { try floating() }
    mutating func decode(_: Int.Type) throws -> Int { try integer() }
    mutating func decode(_: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try integer() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_: Int128.Type) throws -> Int128 { try integer() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_: UInt128.Type) throws -> UInt128 { try integer() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeNext { [decoder, path] in try decoder.unwrap(type, from: $0, at: path, key: $1) }
    }

    /// The next element as an `I`.
    @inline(__always)
    private mutating func integer<I: FixedWidthInteger>() throws -> I {
        try decodeNext { [decoder, path] in try decoder.integer(I.self, $0, at: path, key: $1) }
    }

    /// The next element as an `F`.
    @inline(__always)
    private mutating func floating<F: BinaryFloatingPoint>() throws -> F {
        try decodeNext { [decoder, path] in try decoder.floating(F.self, $0, at: path, key: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let elementPath = path.appending(currentKey)
        return try decodeNext { [decoder] value, _ in
            try decoder.keyedContainer(type, for: value, at: elementPath, expected: "an object")
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let elementPath = path.appending(currentKey)
        return try decodeNext { [decoder] value, _ in
            try decoder.unkeyedContainer(for: value, at: elementPath, expected: "an array")
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try decodeNext { [decoder, path] value, key in decoder.superDecoder(for: value, at: path, key: key) }
    }
}
