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

    override func write(_ value: String, to writer: inout JSONWriter) throws(ValueFailure) {
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

    override func write(_ value: Bool, to writer: inout JSONWriter) throws(ValueFailure) {
        writer.write(value)
    }
}

/// JSON numbers ↔ an integer type, exactly (`3.5` or `300` into `Int8` fail).
final class IntegerCodec<Integer: FixedWidthInteger>: JSONValueCodec<Integer>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Integer {
        if type(of: value) == Integer.self, let same = value as? Integer { return same }
        guard let number = NumberValue(value), let result = number.exactly(Integer.self) else {
            throw mismatch(value)
        }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Integer {
        guard document.kind(at: node) == .number,
              let result = document.number(at: node).numberValue.exactly(Integer.self) else {
            throw mismatch(document, node)
        }
        return result
    }

    override func write(_ value: Integer, to writer: inout JSONWriter) throws(ValueFailure) {
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
              let result = document.number(at: node).numberValue.rounded(Floating.self) else {
            throw mismatch(document, node)
        }
        return result
    }

    override func encode(_ value: Floating) throws(ValueFailure) -> Any {
        guard value.isFinite else { throw ValueFailure(reason: "\(value) cannot be written as JSON") }
        return value
    }

    override func write(_ value: Floating, to writer: inout JSONWriter) throws(ValueFailure) {
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

/// A codec for a type that JSON carries as a string (URL, UUID, Date):
/// subclasses say how to parse and print it.
class StringRepresentedCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    /// Parses the string, or returns `nil` when it is not valid.
    func parse(_ string: String) -> Value? { nil }
    /// Prints the value.
    func print(_ value: Value) -> String { "" }

    override func decode(_ value: Any) throws(ValueFailure) -> Value {
        if type(of: value) == Value.self, let same = value as? Value { return same }
        guard let string = value as? String, let result = parse(string) else { throw mismatch(value) }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        guard document.kind(at: node) == .string, let result = parse(document.string(at: node)) else {
            throw mismatch(document, node)
        }
        return result
    }

    override func encode(_ value: Value) throws(ValueFailure) -> Any {
        print(value)
    }

    override func write(_ value: Value, to writer: inout JSONWriter) throws(ValueFailure) {
        writer.write(print(value))
    }
}

/// JSON strings ↔ `URL` (strings that are not valid URLs fail).
final class URLCodec: StringRepresentedCodec<URL>, @unchecked Sendable {
    override var expectation: String { "a URL string" }
    override func parse(_ string: String) -> URL? {
        guard !string.isEmpty else { return nil }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            return URL(string: string, encodingInvalidCharacters: false)
        }
        return URL(string: string)
    }
    override func print(_ value: URL) -> String { value.absoluteString }
}

/// JSON strings ↔ `UUID`.
final class UUIDCodec: StringRepresentedCodec<UUID>, @unchecked Sendable {
    override var expectation: String { "a UUID string" }
    override func parse(_ string: String) -> UUID? { UUID(uuidString: string) }
    override func print(_ value: UUID) -> String { value.uuidString }
}

/// JSON strings in ISO 8601 (`2017-10-10T16:00:00Z`, fractions and offsets
/// accepted) ↔ `Date`.
final class DateCodec: StringRepresentedCodec<Date>, @unchecked Sendable {
    override var expectation: String { "an ISO 8601 date string" }
    override func parse(_ string: String) -> Date? { ISO8601Timestamp.date(from: string) }
    override func print(_ value: Date) -> String { ISO8601Timestamp.string(from: value) }
}
