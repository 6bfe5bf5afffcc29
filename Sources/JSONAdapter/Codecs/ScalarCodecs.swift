import Foundation

/// JSON strings ↔ `String`.
final class StringCodec: JSONValueCodec<String>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> String {
        guard let string = value as? String else { throw mismatch(value) }
        return string
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> String {
        guard document.kind(at: node) == .string else { throw mismatch(document, node) }
        return document.string(at: node)
    }

    override func write(_ value: String, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.write(value)
    }
}

/// JSON booleans ↔ `Bool` (numbers are not booleans; use `.bool` for 0/1).
final class BoolCodec: JSONValueCodec<Bool>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Bool {
        guard let bool = ValueConversion.exactBool(from: value) else { throw mismatch(value) }
        return bool
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Bool {
        guard document.kind(at: node) == .bool else { throw mismatch(document, node) }
        return document.bool(at: node)
    }

    override func write(_ value: Bool, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.write(value)
    }
}

/// JSON numbers ↔ an integer type, exactly (`3.5` or `300` into `Int8` fail).
final class IntegerCodec<Integer: FixedWidthInteger>: JSONValueCodec<Integer>, @unchecked Sendable {
    @_specialize(exported: false, where Integer == Int)
    @_specialize(exported: false, where Integer == Int64)
    override func decode(_ value: Any) throws(ValueFailure) -> Integer {
        if type(of: value) == Integer.self, let same = value as? Integer { return same }
        guard let number = NumberValue(value), let result = number.exactly(Integer.self) else {
            throw mismatch(value)
        }
        return result
    }

    @_specialize(exported: false, where Integer == Int)
    @_specialize(exported: false, where Integer == Int64)
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Integer {
        guard document.kind(at: node) == .number,
              let result = document.numberValue(at: node).exactly(Integer.self) else {
            throw mismatch(document, node)
        }
        return result
    }

    override func encode(_ value: Integer, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any {
        if let int = Int(exactly: value) { return int }
        if let unsigned = UInt64(exactly: value) { return unsigned }
        throw ValueFailure(reason: "\(value) does not fit in 64 bits")
    }

    override func write(_ value: Integer, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        if let signed = Int64(exactly: value) {
            writer.write(signed)
        } else if let unsigned = UInt64(exactly: value) {
            writer.write(unsigned)
        } else {
            throw ValueFailure(reason: "\(value) does not fit in 64 bits")
        }
    }
}

/// JSON numbers ↔ a floating-point type (rounded; out of range fails; NaN
/// and infinity cannot be encoded).
final class FloatingCodec<Floating: BinaryFloatingPoint>: JSONValueCodec<Floating>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Floating {
        if type(of: value) == Floating.self, let same = value as? Floating { return same }
        guard let number = NumberValue(value), let result = number.rounded(Floating.self) else {
            throw mismatch(value)
        }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Floating {
        guard document.kind(at: node) == .number,
              let result = document.numberValue(at: node).rounded(Floating.self) else {
            throw mismatch(document, node)
        }
        return result
    }

    override func encode(_ value: Floating, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any {
        guard value.isFinite else { throw ValueFailure(reason: "\(value) cannot be written as JSON") }
        if let float = value as? Float { return float }
        return Double(value)
    }

    override func write(_ value: Floating, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        do {
            if let float = value as? Float {
                try writer.write(float)
            } else {
                try writer.write(Double(value))
            }
        } catch {
            throw ValueFailure(reason: "\(value) cannot be written as JSON")
        }
    }
}

/// Decodes a value that JSON carries as a string, with `parse`.
///
/// Generic over the value but called from concrete codecs only, so the
/// compiler specialises it for each.
@inline(__always)
private func decodeString<Value>(
    _ codec: JSONValueCodec<Value>, _ value: Any, _ parse: (String) -> Value?
) throws(ValueFailure) -> Value {
    if let same = value as? Value { return same }
    guard let string = value as? String, let result = parse(string) else { throw codec.mismatch(value) }
    return result
}

/// Decodes a string node that holds a value, with `parse`.
@inline(__always)
private func decodeString<Value>(
    _ codec: JSONValueCodec<Value>, _ document: JSONDocument, _ node: Int, _ parse: (String) -> Value?
) throws(ValueFailure) -> Value {
    guard document.kind(at: node) == .string, let result = parse(document.string(at: node)) else {
        throw codec.mismatch(document, node)
    }
    return result
}

/// JSON strings ↔ `URL` (strings that are not valid URLs fail).
final class URLCodec: JSONValueCodec<URL>, @unchecked Sendable {
    override var expectation: String { "a URL string" }

    /// A URL from a string, refusing invalid characters rather than percent-encoding them.
    private static func parse(_ string: String) -> URL? {
        guard !string.isEmpty else { return nil }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return URL(string: string, encodingInvalidCharacters: false)
        }
        return URL(string: string)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> URL {
        try decodeString(self, value, Self.parse)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> URL {
        try decodeString(self, document, node, Self.parse)
    }

    override func encode(_ value: URL, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any { value.absoluteString }

    override func write(_ value: URL, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.write(value.absoluteString)
    }
}

/// JSON strings ↔ `UUID`.
final class UUIDCodec: JSONValueCodec<UUID>, @unchecked Sendable {
    override var expectation: String { "a UUID string" }

    override func decode(_ value: Any) throws(ValueFailure) -> UUID {
        try decodeString(self, value, UUID.init(uuidString:))
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> UUID {
        try decodeString(self, document, node, UUID.init(uuidString:))
    }

    override func encode(_ value: UUID, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any { value.uuidString }

    override func write(_ value: UUID, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.write(value.uuidString)
    }
}

/// JSON strings in ISO 8601 (`2017-10-10T16:00:00Z`, fractions and offsets
/// accepted) ↔ `Date`.
final class DateCodec: JSONValueCodec<Date>, @unchecked Sendable {
    override var expectation: String { "an ISO 8601 date string" }

    override func decode(_ value: Any) throws(ValueFailure) -> Date {
        try decodeString(self, value, ISO8601Timestamp.date(from:))
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Date {
        try decodeString(self, document, node, ISO8601Timestamp.date(from:))
    }

    override func encode(_ value: Date, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any { ISO8601Timestamp.string(from: value) }

    override func write(_ value: Date, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.write(ISO8601Timestamp.string(from: value))
    }
}
