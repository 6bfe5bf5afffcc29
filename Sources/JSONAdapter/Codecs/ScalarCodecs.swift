import Foundation
import MantleInternals
import MantleJSON

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

    override func write(_ value: String, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(value)
    }
}

/// JSON booleans ↔ `Bool` (numbers are not booleans; use `.bool` for 0/1). From
/// Foundation objects, an Objective-C `BOOL` made with `numberWithChar:` counts as a
/// boolean (see `ValueConversion.boolPropertyValue(from:)`).
final class BoolCodec: JSONValueCodec<Bool>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Bool {
        guard let bool = ValueConversion.boolPropertyValue(from: value) else { throw mismatch(value) }
        return bool
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Bool {
        guard document.kind(at: node) == .bool else { throw mismatch(document, node) }
        return document.bool(at: node)
    }

    override func write(_ value: Bool, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(value)
    }
}

/// JSON integers ↔ an integer type, exactly (`300` into `Int8` fails).
///
/// As `JSONDecoder` reads them, an integer property takes any JSON number
/// whose value is exactly an integer in range, however it is written: `5`,
/// `5.0`, `1e2` and `100e-2` all decode; `3.5`, `1e400` and values out of
/// range are refused. On the bytes path the literal's own digits decide, so
/// `9007199254740993.0` is exactly that integer and `1e-400` (not an
/// integer, though its nearest `Double` is 0) is refused. On the dictionary
/// path `JSONSerialization` has already read the literal: its integers,
/// integral `Double`s and integral `Decimal`s / `NSDecimalNumber`s (its form
/// of integers beyond 64 bits) are taken — the one difference is a literal
/// like `1e-400`, which `JSONSerialization` itself turns into `0.0`.
///
/// `Int`, the common case, has its own subclass, ``IntCodec``.
class IntegerCodec<Integer: FixedWidthInteger>: JSONValueCodec<Integer>, @unchecked Sendable {
    @_specialize(exported: false, where Integer == Int64)
    override func decode(_ value: Any) throws(ValueFailure) -> Integer {
        try decodeInteger(value)
    }

    @_specialize(exported: false, where Integer == Int64)
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Integer {
        try decodeInteger(document, node)
    }

    /// The one rule for a Foundation value (``decode(_:)``).
    @inline(__always)
    final func decodeInteger(_ value: Any) throws(ValueFailure) -> Integer {
        if type(of: value) == Integer.self, let same = value as? Integer { return same }
        guard let number = NumberValue(value), let result = number.exactly(Integer.self) else {
            throw mismatch(value)
        }
        return result
    }

    /// The one rule for a document node (``decode(_:_:)``).
    @inline(__always)
    final func decodeInteger(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Integer {
        guard let result = document.integerValue(at: node, as: Integer.self) else { throw mismatch(document, node) }
        return result
    }

    /// `Int` or `UInt64` where the value fits; a 128-bit value beyond them as
    /// an `NSDecimalNumber` (``wideIntegerNumber(digits:)``).
    override func encode(_ value: Integer, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        if let int = Int(exactly: value) { return int }
        if let unsigned = UInt64(exactly: value) { return unsigned }
        return wideIntegerNumber(digits: String(value))
    }

    override func write(_ value: Integer, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        if let signed = Int64(exactly: value) {
            writer.write(signed)
        } else if let unsigned = UInt64(exactly: value) {
            writer.write(unsigned)
        } else {
            writer.writeIntegerText(String(value))
        }
    }
}

/// `IntegerCodec<Int>` with its decoding compiled for `Int`. A generic class's
/// overrides run unspecialised (its `@_specialize` entries are reached only
/// after the generic code has asked the runtime for `Optional<Integer>`'s
/// metadata): 200 instructions per integer, 7% of decoding citm_catalog.json,
/// measured under callgrind.
final class IntCodec: IntegerCodec<Int>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Int {
        try decodeInteger(value)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Int {
        try decodeInteger(document, node)
    }
}

/// JSON numbers ↔ a floating-point type, as `JSONDecoder` and `JSONEncoder`
/// convert them: read rounded once from the literal (`1.0000000596046448` is
/// the `Float` `1.0000001`); a literal out of range (`1e400`) or a nonzero
/// one that rounds to zero (`1e-400`, `1e-50` for a `Float`) fails; written
/// with the shortest digits that read back as the same value and no `.0`
/// (`1000000`, `-0`, `0.1`, `1e-07`). NaN and infinity cannot be encoded.
///
/// `Double` and `Float` have their own subclasses, ``DoubleCodec`` and
/// ``FloatCodec`` (see ``IntCodec``).
class FloatingCodec<Floating: BinaryFloatingPoint>: JSONValueCodec<Floating>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Floating {
        try decodeFloating(value)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Floating {
        try decodeFloating(document, node)
    }

    /// The one rule for a Foundation value (``decode(_:)``).
    @inline(__always)
    final func decodeFloating(_ value: Any) throws(ValueFailure) -> Floating {
        if type(of: value) == Floating.self, let same = value as? Floating { return same }
        guard let result = NumberValue.rounded(value, as: Floating.self) else { throw mismatch(value) }
        return result
    }

    /// The one rule for a document node (``decode(_:_:)``).
    @inline(__always)
    final func decodeFloating(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Floating {
        guard let result = document.floatingValue(at: node, as: Floating.self) else { throw mismatch(document, node) }
        return result
    }

    /// A `Float` as itself, a type narrower than `Float` (`Float16`) as the
    /// `Float` it converts to exactly (its `Codable` conformance encodes that
    /// `Float`, so `JSONEncoder` writes `Float16(0.1)` as `0.099975586`), any
    /// other as a `Double`.
    @_specialize(exported: false, where Floating == Double)
    @_specialize(exported: false, where Floating == Float)
    override func encode(_ value: Floating, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        guard value.isFinite else { throw ValueFailure(detail: "\(value) cannot be written as JSON") }
        if let float = value as? Float { return float }
        if Floating.significandBitCount < Float.significandBitCount { return Float(value) }
        return Double(value)
    }

    /// Written as `JSONEncoder` writes the value (``JSONWriter/writeFloating(_:)``).
    @_specialize(exported: false, where Floating == Double)
    @_specialize(exported: false, where Floating == Float)
    override func write(_ value: Floating, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        do {
            try writer.writeFloating(value)
        } catch {
            throw ValueFailure(detail: "\(value) cannot be written as JSON")
        }
    }
}

extension JSONWriter {
    /// Writes a floating-point number as `JSONEncoder` writes it: a `Float` with a `Float`'s
    /// shortest digits, a narrower type (`Float16`) as the `Float` its `Codable` conformance
    /// encodes, any other as a `Double`.
    /// - Throws: `JSONWriterError` for NaN and ±infinity.
    @inline(__always)
    mutating func writeFloating<F: BinaryFloatingPoint>(_ value: F) throws(JSONWriterError) {
        if let float = value as? Float {
            try write(float)
        } else if F.significandBitCount < Float.significandBitCount {
            try write(Float(value))
        } else {
            try write(Double(value))
        }
    }
}

/// `FloatingCodec<Double>` with its decoding compiled for `Double` (see ``IntCodec``).
final class DoubleCodec: FloatingCodec<Double>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Double {
        try decodeFloating(value)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Double {
        try decodeFloating(document, node)
    }
}

/// `FloatingCodec<Float>` with its decoding compiled for `Float` (see ``IntCodec``).
final class FloatCodec: FloatingCodec<Float>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Float {
        try decodeFloating(value)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Float {
        try decodeFloating(document, node)
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

// `URL`, `UUID` and `Date` have a codec class each rather than one generic
// text codec: a generic class's overrides run unspecialised, and measured under
// callgrind that cost 4.4% more instructions decoding GitHub issues (URLs).

/// JSON strings ↔ `URL`, read as `URL(string:)` reads them: current
/// Foundation (swift-foundation, on Linux and from macOS 14 / iOS 17)
/// percent-encodes characters a URL cannot hold (`café` → `caf%C3%A9`,
/// spaces → `%20`, a host's non-ASCII letters → Punycode), like `JSONDecoder`;
/// strings it refuses, and `""`, fail. Written as `absoluteString`, which
/// reads back as the same URL.
final class URLCodec: JSONValueCodec<URL>, @unchecked Sendable {
    override var expectation: String { "a URL string" }

    /// `URL(string:)`, except that `""` is no URL.
    private static func parse(_ string: String) -> URL? {
        string.isEmpty ? nil : URL(string: string)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> URL {
        try decodeString(self, value, Self.parse)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> URL {
        try decodeString(self, document, node, Self.parse)
    }

    override func encode(_ value: URL, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any { value.absoluteString }

    override func write(_ value: URL, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
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

    override func encode(_ value: UUID, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any { value.uuidString }

    override func write(_ value: UUID, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
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

    /// The timestamp of `value`; a date that has none (before year 0001,
    /// after year 9999, NaN or infinite) fails rather than being clamped.
    private func timestamp(_ value: Date) throws(ValueFailure) -> String {
        guard let string = ISO8601Timestamp.exactString(from: value) else {
            throw ValueFailure(detail: "\(value.timeIntervalSinceReferenceDate) seconds since 2001 is outside "
                               + "the ISO 8601 years 0001–9999 and cannot be written")
        }
        return string
    }

    override func encode(_ value: Date, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any { try timestamp(value) }

    override func write(_ value: Date, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(try timestamp(value))
    }
}

/// JSON numbers ↔ `Decimal`, as `JSONDecoder` and `JSONEncoder` convert them:
/// written with all its digits (its `description`), and read as
/// `Decimal(string:)` reads the literal's own text (bytes) or as
/// `JSONSerialization` gives it (an `NSDecimalNumber`, an integer, or the
/// shortest text of a `Double`: dictionaries). A literal with more
/// significant digits than `Decimal` keeps (38, or 39 below 2^128) is cut to
/// them, as `Decimal(string:)` cuts it; one whose exponent `Decimal` cannot
/// hold (`1e200`, `1e-400`) fails.
final class DecimalCodec: JSONValueCodec<Decimal>, @unchecked Sendable {
    override var expectation: String { "a number (Decimal)" }

    /// The number literal `text` as `Decimal(string:)` reads it, or `nil` when it cannot
    /// (an exponent out of `Decimal`'s range).
    static func decimal(fromLiteral text: String) -> Decimal? {
        guard let decimal = Decimal(string: text, locale: nil), !decimal.isNaN else { return nil }
        return decimal
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Decimal {
        if type(of: value) == Decimal.self, let same = value as? Decimal { return same }
        if let number = ValueConversion.foundationNumber(value), let decimal = number as? NSDecimalNumber {
            return decimal.decimalValue
        }
        guard let number = NumberValue(value) else { throw mismatch(value) }
        let text: String
        switch number {
        case .floating(let x) where x.isFinite: text = "\(x)"
        case .floating, .approximate: throw mismatch(value)
        case .signed, .unsigned, .wide: text = number.description
        }
        guard let result = Self.decimal(fromLiteral: text) else { throw mismatch(value) }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Decimal {
        guard document.kind(at: node) == .number,
              let result = Self.decimal(fromLiteral: document.numberText(at: node)) else {
            throw mismatch(document, node)
        }
        return result
    }

    override func encode(_ value: Decimal, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        guard !value.isNaN else { throw ValueFailure(detail: "Decimal NaN cannot be written as JSON") }
        return NSDecimalNumber(decimal: value)
    }

    override func write(_ value: Decimal, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        do {
            try writer.write(value)
        } catch {
            throw ValueFailure(detail: "\(value) cannot be written as JSON")
        }
    }
}

/// JSON strings ↔ a type that JSON carries as its text (`Substring`,
/// `Character`); `parse` refuses text the type cannot hold (a `Character`
/// must be exactly one grapheme cluster).
final class TextCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    private let parse: (String) -> Value?
    private let format: (Value) -> String
    /// What is expected, for errors.
    private let description: String

    init(_ description: String, parse: @escaping (String) -> Value?, format: @escaping (Value) -> String) {
        self.description = description
        self.parse = parse
        self.format = format
    }

    override var expectation: String { description }

    override func decode(_ value: Any) throws(ValueFailure) -> Value {
        try decodeString(self, value, parse)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try decodeString(self, document, node, parse)
    }

    override func encode(_ value: Value, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any { format(value) }

    override func write(_ value: Value, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(format(value))
    }

    /// `Substring` ↔ string.
    static func substring() -> TextCodec<Substring> {
        TextCodec<Substring>("a string", parse: { Substring($0) }, format: { String($0) })
    }

    /// `Character` ↔ a string of exactly one character.
    static func character() -> TextCodec<Character> {
        TextCodec<Character>("a one-character string",
                             parse: { $0.count == 1 ? $0.first : nil }, format: { String($0) })
    }
}
