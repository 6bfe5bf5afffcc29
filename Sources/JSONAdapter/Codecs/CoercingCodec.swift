import Foundation
import MantleInternals
import MantleJSON

/// A scalar as JSON holds it, from either decoding path, for the coercions
/// of ``JSONLeniency``.
enum FoundScalar {
    case string(String)
    /// A number: an integer literal as its integer, any other as its `Double`
    /// (as `JSONSerialization` reads it, so that both paths agree).
    case number(NumberValue)
    case bool(Bool)

    /// The scalar in a Foundation JSON value, or `nil` for null and containers.
    init?(_ value: Any) {
        if let bool = ValueConversion.exactBool(from: value) {
            self = .bool(bool)
        } else if let number = NumberValue(value) {
            self = .number(number)
        } else if let string = value as? String {
            self = .string(string)
        } else {
            return nil
        }
    }

    /// The scalar at `node`, or `nil` for null and containers.
    init?(_ document: JSONDocument, _ node: Int) {
        switch document.kind(at: node) {
        case .string: self = .string(document.string(at: node))
        case .bool: self = .bool(document.bool(at: node))
        case .number:
            let number = document.numberValue(at: node)
            self = .number(document.isIntegerLiteral(at: node) ? number : .floating(number.doubleValue))
        case .null, .array, .object: return nil
        }
    }

    /// The number a string holds when it is exactly a JSON number literal
    /// (`"123"`, `"-1.5e3"`; not `" 1"`, `"0x10"`, `"NaN"`), read exactly
    /// (see `JSONDocument.numberValue(at:)`).
    static func number(in text: String) -> NumberValue? {
        numberDocument(text).map { $0.numberValue(at: $0.rootIndex) }
    }

    /// `text` parsed as a document whose root is a number, when it is exactly a JSON number
    /// literal (see ``number(in:)``).
    static func numberDocument(_ text: String) -> JSONDocument? {
        guard let first = text.utf8.first, let last = text.utf8.last,
              first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10, last &- UInt8(ascii: "0") < 10,
              let document = try? JSONDocument(text: text, maximumDepth: 1),
              document.kind(at: document.rootIndex) == .number else { return nil }
        return document
    }
}

/// The coercions ``JSONLeniency`` allows into each type: the one table.
enum Coercions {
    /// The coercion into `Value` that `leniency` allows under `context`'s
    /// choices, or `nil` for none.
    static func coercion<Value>(to type: Value.Type, in context: MappingContext,
                                leniency: JSONLeniency) -> ((FoundScalar) -> Value?)? {
        let numbers = leniency.contains(.numberStringCoercion)
        let coercion: Any?
        switch ValueKind.of(type) {
        case .string: coercion = numbers ? stringFromNumber as (FoundScalar) -> String? : nil
        case .bool: coercion = leniency.contains(.boolCoercion) ? boolFromStringOrNumber as (FoundScalar) -> Bool? : nil
        case .integer(let integer): coercion = numbers ? integer.integerFromString() : nil
        case .floating(let floating): coercion = numbers ? floating.floatingFromString() : nil
        case .decimal: coercion = numbers ? decimalFromString as (FoundScalar) -> Decimal? : nil
        case .date: coercion = numbers ? dateFromNumberString(in: context) : nil
        case .any, .substring, .character, .url, .uuid, .data, .optional, .jsonOptional, .array, .set,
             .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
             .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
            // Containers and enums reach their scalars through their own codecs.
            coercion = nil
        }
        return coercion as? (FoundScalar) -> Value?
    }

    /// A number as its shortest text: integers with their digits, other
    /// numbers as Swift writes the `Double` (an integral one without `.0`).
    private static func stringFromNumber(_ found: FoundScalar) -> String? {
        guard case .number(let number) = found else { return nil }
        if case .floating(let x) = number {
            guard x.isFinite else { return nil }
            if x.rounded(.towardZero) == x, let integer = Int64(exactly: x) { return String(integer) }
        }
        return number.description
    }

    /// `"true"`, `"false"`, `0` and `1`.
    private static func boolFromStringOrNumber(_ found: FoundScalar) -> Bool? {
        switch found {
        case .string("true"): return true
        case .string("false"): return false
        case .number(.signed(1)): return true
        case .number(.signed(0)): return false
        case .string, .number, .bool: return nil
        }
    }

    /// For a date format of numbers, a string holding a number literal,
    /// decoded by the format's codec as that number would be; `nil` for the
    /// formats of strings.
    private static func dateFromNumberString(in context: MappingContext) -> ((FoundScalar) -> Date?)? {
        switch context.settings.dateFormat {
        case .iso8601, .pattern: return nil
        case .secondsSince1970, .millisecondsSince1970: break
        }
        let dateCodec = context.dateCodec
        return { found in
            guard case .string(let text) = found, FoundScalar.number(in: text) != nil,
                  let document = try? JSONDocument(text: text, maximumDepth: 1) else { return nil }
            return try? dateCodec.decode(document, document.rootIndex)
        }
    }

    /// A string holding a number literal that `Decimal` holds exactly.
    private static func decimalFromString(_ found: FoundScalar) -> Decimal? {
        guard case .string(let text) = found, FoundScalar.number(in: text) != nil else { return nil }
        return DecimalCodec.decimal(fromLiteral: text)
    }
}

extension FixedWidthInteger {
    /// A string holding a number literal whose value is exactly an integer
    /// that fits `Self` (`"42"`, `"1e2"`; not `"4.5"`), as the strict codec
    /// takes numbers.
    fileprivate static func integerFromString() -> Any {
        { (found: FoundScalar) -> Self? in
            guard case .string(let text) = found, let number = FoundScalar.number(in: text) else { return nil }
            return number.exactly(Self.self)
        }
    }
}

extension BinaryFloatingPoint {
    /// A string holding a number literal within `Self`'s range, rounded as a number is
    /// (`JSONDocument.floatingValue(at:as:)`).
    fileprivate static func floatingFromString() -> Any {
        { (found: FoundScalar) -> Self? in
            guard case .string(let text) = found, let document = FoundScalar.numberDocument(text) else { return nil }
            return document.floatingValue(at: document.rootIndex, as: Self.self)
        }
    }
}

/// A codec that, when the strict codec refuses a scalar, tries the coercion
/// its ``JSONLeniency`` allows and records it. Strict decoding runs first
/// and unchanged, so JSON that needs no leniency costs nothing more.
final class CoercingCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    // @unchecked Sendable: immutable `let`s; the coercion captures nothing mutable.

    let strict: JSONValueCodec<Value>
    private let coerce: (FoundScalar) -> Value?

    init(_ strict: JSONValueCodec<Value>, coerce: @escaping (FoundScalar) -> Value?) {
        self.strict = strict
        self.coerce = coerce
    }

    override var expectation: String { strict.expectation }
    override var unsupportedReason: String? { strict.unsupportedReason }

    @inline(__always)
    final func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> Value {
        do {
            return try reader.decode(value, with: strict)
        } catch {
            return try coerced(reader.scalar(value), found: reader.found(value), failure: error)
        }
    }

    override func decode(_ value: Any) throws(ValueFailure) -> Value { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Value {
        try read(node, with: document)
    }

    /// The coerced value, recorded; or the strict codec's `failure`.
    private func coerced(_ scalar: FoundScalar?, found: @autoclosure () -> String,
                         failure: ValueFailure) throws(ValueFailure) -> Value {
        guard let scalar, let value = coerce(scalar) else { throw failure }
        DecodingRecorder.current?.record(.coerced(toType: ValueDescription.typeName(Value.self)), found: found())
        return value
    }

    override func encode(_ value: Value, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try strict.encode(value, options)
    }

    override func write(_ value: Value, to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try strict.write(value, to: &writer, options)
    }

    override func encodedValue(at path: ArraySlice<String>, in value: Value,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any? {
        try strict.encodedValue(at: path, in: value, options)
    }

    override func isNil(_ value: Value) -> Bool { strict.isNil(value) }
}
