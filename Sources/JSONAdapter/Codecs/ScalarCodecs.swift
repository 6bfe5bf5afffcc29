import Foundation
import MantleInternals
import MantleJSON

// Each codec reads and writes in one generic function, `read(_:with:)` over a
// ``JSONValueReader`` and `write(_:into:_:)` over a ``JSONValueSink``; its four entry points only
// pick the reader or sink.

/// JSON strings ↔ `String`.
final class StringCodec: JSONValueCodec<String>, @unchecked Sendable {
    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> String {
        guard let string = reader.string(value) else { throw mismatch(value, reader) }
        return string
    }

    override func decode(_ value: Any) throws(ValueFailure) -> String { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> String {
        try read(node, with: document)
    }
    override func write(_ value: String, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(value)
    }
    override var writesFromStorage: Bool { true }
    override func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // SAFETY: an initialised `String` at `address` (the caller's promise, `JSONValueCodec`).
        StoredScalar.string.write(at: address, to: &writer)
    }
}

/// JSON booleans ↔ `Bool` (numbers are not booleans; use `.bool` for 0/1). From
/// Foundation objects, an Objective-C `BOOL` made with `numberWithChar:` counts as a
/// boolean (see `ValueConversion.boolPropertyValue(from:)`).
final class BoolCodec: JSONValueCodec<Bool>, @unchecked Sendable {
    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Bool {
        guard let bool = reader.bool(value) else { throw mismatch(value, reader) }
        return bool
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Bool { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Bool {
        try read(node, with: document)
    }
    override func write(_ value: Bool, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(value)
    }
    override var writesFromStorage: Bool { true }
    override func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // SAFETY: an initialised `Bool` at `address` (the caller's promise, `JSONValueCodec`).
        StoredScalar.bool.write(at: address, to: &writer)
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
    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Integer {
        guard let integer = reader.integer(value, as: Integer.self) else { throw mismatch(value, reader) }
        return integer
    }

    /// `Int64` or `UInt64` where the value fits, else its digits (an `NSDecimalNumber` among
    /// Foundation values).
    @inline(__always)
    final func write(_ value: Integer, into sink: inout some JSONValueSink) {
        sink.writeInteger(value)
    }

    @_specialize(exported: false, where Integer == Int64)
    override func decode(_ value: Any) throws(ValueFailure) -> Integer { try read(value, with: FoundationReader()) }
    @_specialize(exported: false, where Integer == Int64)
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Integer {
        try read(node, with: document)
    }
    override func encode(_ value: Integer, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { write(value, into: &$0) }
    }
    override func write(_ value: Integer, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        write(value, into: &writer)
    }
}

/// `IntegerCodec<Int>` with its decoding and encoding compiled for `Int`. A generic class's
/// overrides run unspecialised (its `@_specialize` entries are reached only
/// after the generic code has asked the runtime for `Optional<Integer>`'s
/// metadata): 200 instructions per integer, 7% of decoding citm_catalog.json,
/// measured under callgrind.
final class IntCodec: IntegerCodec<Int>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Int { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Int {
        try read(node, with: document)
    }
    override func encode(_ value: Int, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { write(value, into: &$0) }
    }
    override func write(_ value: Int, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        writer.write(Int64(value))
    }
    override var writesFromStorage: Bool { true }
    override func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // SAFETY: an initialised `Int` at `address` (the caller's promise, `JSONValueCodec`).
        StoredScalar.int.write(at: address, to: &writer)
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
    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Floating {
        guard let floating = reader.floating(value, as: Floating.self) else { throw mismatch(value, reader) }
        return floating
    }

    /// A `Float` as itself, a type narrower than `Float` (`Float16`) as the
    /// `Float` it converts to exactly (its `Codable` conformance encodes that
    /// `Float`, so `JSONEncoder` writes `Float16(0.1)` as `0.099975586`), any
    /// other as a `Double`.
    @inline(__always)
    final func write(_ value: Floating, into sink: inout some JSONValueSink) throws(ValueFailure) {
        try sink.writeNumber("\(value)") { (sink) throws(JSONWriterError) in try sink.writeFloating(value) }
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Floating { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Floating {
        try read(node, with: document)
    }
    @_specialize(exported: false, where Floating == Double)
    @_specialize(exported: false, where Floating == Float)
    override func encode(_ value: Floating, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink) }
    }
    @_specialize(exported: false, where Floating == Double)
    @_specialize(exported: false, where Floating == Float)
    override func write(_ value: Floating, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, into: &writer)
    }
}

/// `FloatingCodec<Double>` with its decoding compiled for `Double` (see ``IntCodec``).
final class DoubleCodec: FloatingCodec<Double>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Double { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Double {
        try read(node, with: document)
    }
    override var writesFromStorage: Bool { true }
    override func write(at address: UnsafeRawPointer, to writer: inout JSONWriter,
                        _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // SAFETY: an initialised `Double` at `address` (the caller's promise, `JSONValueCodec`).
        try write(address.load(as: Double.self), into: &writer)
    }
}

/// `FloatingCodec<Float>` with its decoding compiled for `Float` (see ``IntCodec``).
final class FloatCodec: FloatingCodec<Float>, @unchecked Sendable {
    override func decode(_ value: Any) throws(ValueFailure) -> Float { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Float {
        try read(node, with: document)
    }
}

/// Decodes a value that JSON carries as a string, with `parse` (or a Foundation value that
/// already has the type).
///
/// Generic over the value but called from concrete codecs only, so the
/// compiler specialises it for each.
@inline(__always)
private func parsedString<Value, Reader: JSONValueReader>(
    _ codec: JSONValueCodec<Value>, _ value: Reader.Value, _ reader: Reader, _ parse: (String) -> Value?
) throws(ValueFailure) -> Value {
    if Reader.holdsSwiftValues, let same = reader.native(value, as: Value.self) { return same }
    guard let string = reader.string(value), let result = parse(string) else { throw codec.mismatch(value, reader) }
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
        try parsedString(self, value, FoundationReader(), Self.parse)
    }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> URL {
        // One value for each repeated URL string of a decode call (see `JSONStringCache`).
        guard let url = document.url(at: node, Self.parse) else { throw mismatch(node, document) }
        return url
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
        try parsedString(self, value, FoundationReader(), UUID.init(uuidString:))
    }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> UUID {
        try parsedString(self, node, document, UUID.init(uuidString:))
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
        try parsedString(self, value, FoundationReader(), ISO8601Timestamp.date(from:))
    }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Date {
        try parsedString(self, node, document, ISO8601Timestamp.date(from:))
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

    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Decimal {
        guard let decimal = reader.decimal(value) else { throw mismatch(value, reader) }
        return decimal
    }

    @inline(__always)
    func write(_ value: Decimal, into sink: inout some JSONValueSink) throws(ValueFailure) {
        try sink.writeNumber("Decimal \(value)") { (sink) throws(JSONWriterError) in try sink.write(value) }
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Decimal { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Decimal {
        try read(node, with: document)
    }
    override func encode(_ value: Decimal, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try building { (sink) throws(ValueFailure) in try write(value, into: &sink) }
    }
    override func write(_ value: Decimal, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, into: &writer)
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
        try parsedString(self, value, FoundationReader(), parse)
    }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try parsedString(self, node, document, parse)
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
