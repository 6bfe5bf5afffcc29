import Foundation
import MantleJSON

/// How a dictionary's keys are written as JSON object keys (which are always
/// strings) and read back: `[String: _]` as they are, and `[Int: _]`,
/// `[UUID: _]`, `[URL: _]`, `[Double: _]` (a JSON number's text, by the rules
/// of number values), enums with string, integer or floating-point raw values
/// and any other `LosslessStringConvertible` key through their text.
///
/// Built once per key type when a mapping is compiled; a key type with no text
/// form makes the mapping fail to compile (``CodecFactory``).
struct JSONObjectKey<Key: Hashable>: @unchecked Sendable {
    // @unchecked Sendable: the closures are immutable and capture only
    // metatypes and other immutable conversions.

    /// The key an object key's text stands for, or `nil` when it stands for none.
    let parse: (String) -> Key?
    /// The object key a dictionary key is written as, or `nil` when it has
    /// none (a NaN or infinite floating-point key).
    let format: (Key) -> String?

    /// The conversion for keys of `type`, or `nil` when `type` has no text form.
    static func of(_ type: Key.Type) -> JSONObjectKey<Key>? {
        if let identity = JSONObjectKey<String>(parse: { $0 }, format: { $0 }) as? JSONObjectKey<Key> {
            return identity
        }
        // `[Int: _]`, the common keyed dictionary, with closures compiled for `Int` (the rule of
        // every integer key, `FixedWidthInteger.keyText()`, without its `Any` box and cast).
        let integer = JSONObjectKey<Int>(parse: { Int($0) }, format: { String($0) })  // 32-bit: an Int key's own width
        if let integer = integer as? JSONObjectKey<Key> { return integer }
        guard let text = KeyText.of(type) else { return nil }
        return JSONObjectKey(parse: { text.parse($0) as? Key }, format: { text.format($0) })
    }
}

/// The text form of keys of a type known only at run time (a raw value type,
/// say), for ``JSONObjectKey``.
private struct KeyText {
    /// The key a text stands for.
    let parse: (String) -> Any?
    /// The text of a key (`nil` for a value of another type, or one with no text).
    let format: (Any) -> String?

    /// The text form of `type`'s values, or `nil` when it has none.
    static func of(_ type: Any.Type) -> KeyText? {
        switch ValueKind.of(type) {
        case .string:
            return KeyText(parse: { $0 }, format: { $0 as? String })
        case .integer(let integer):
            return integer.keyText()
        case .uuid:
            return KeyText(parse: { UUID(uuidString: $0) }, format: { ($0 as? UUID)?.uuidString })
        case .url:
            return KeyText(parse: { $0.isEmpty ? nil : URL(string: $0) }, format: { ($0 as? URL)?.absoluteString })
        case .rawRepresentable(let represented):
            return represented.rawKeyText()
        case .character:
            // `Character(_:)` traps unless the text is one grapheme cluster.
            return KeyText(parse: { $0.count == 1 ? $0.first : nil }, format: { ($0 as? Character).map { String($0) } })
        case .floating(let floating):
            return floating.numberKeyText()
        case .bool, .substring, .decimal, .date, .data, .optional, .jsonOptional, .array, .set,
             .stringKeyedDictionary, .keyedDictionary, .model, .null, .foundationNumber, .foundationString,
             .foundationArray, .foundationDictionary, .any, .codable, .other:
            return (type as? any LosslessStringConvertible.Type)?.losslessKeyText()
        }
    }
}

extension FixedWidthInteger {
    /// Decimal digits (`"42"`, `"-7"`), exactly: `"4.0"`, and `"300"` for `Int8`, are no keys.
    fileprivate static func keyText() -> KeyText {
        KeyText(parse: { Self($0) }, format: { ($0 as? Self).map { String($0) } })
    }
}

extension BinaryFloatingPoint {
    /// A JSON number's text, read and written as a number value of the type is
    /// (`"1.5"`, `"1"`, `"-0"`, `"1e-07"`): `"nan"`, `"inf"`, `"+1"`, `"0x1p3"`,
    /// and a number out of range (`"1e400"`, `"65520"` for `Float16`) or that
    /// rounds to zero are no keys.
    fileprivate static func numberKeyText() -> KeyText {
        KeyText(parse: { text in
            guard let document = FoundScalar.numberDocument(text) else { return nil }
            return document.floatingValue(at: document.rootIndex, as: Self.self)
        }, format: { value in
            guard let value = value as? Self else { return nil }
            var writer = JSONWriter()
            guard (try? writer.writeFloating(value)) != nil else { return nil }
            return String(decoding: writer.bytes, as: UTF8.self)
        })
    }
}

extension RawRepresentable {
    /// The raw value's text (an `enum Region: String` key as its raw string).
    fileprivate static func rawKeyText() -> KeyText? {
        guard let raw = KeyText.of(RawValue.self) else { return nil }
        return KeyText(parse: { raw.parse($0).flatMap { $0 as? RawValue }.flatMap(Self.init(rawValue:)) },
                       format: { ($0 as? Self).flatMap { raw.format($0.rawValue) } })
    }
}

extension LosslessStringConvertible {
    /// `init?(_:)` and `description`.
    fileprivate static func losslessKeyText() -> KeyText {
        KeyText(parse: { Self($0) }, format: { ($0 as? Self)?.description })
    }
}
