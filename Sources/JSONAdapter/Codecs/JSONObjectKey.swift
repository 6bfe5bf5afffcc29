import Foundation

/// How a dictionary's keys are written as JSON object keys (which are always
/// strings) and read back: `[String: _]` as they are, and `[Int: _]`,
/// `[UUID: _]`, `[URL: _]`, enums with string or integer raw values and any
/// other `LosslessStringConvertible` key through their text.
///
/// Built once per key type when a mapping is compiled; a key type with no text
/// form makes the mapping fail to compile (``CodecFactory``).
struct JSONObjectKey<Key: Hashable>: @unchecked Sendable {
    // @unchecked Sendable: the closures are immutable and capture only
    // metatypes and other immutable conversions.

    /// The key an object key's text stands for, or `nil` when it stands for none.
    let parse: (String) -> Key?
    /// The object key a dictionary key is written as.
    let format: (Key) -> String

    /// The conversion for keys of `type`, or `nil` when `type` has no text form.
    static func of(_ type: Key.Type) -> JSONObjectKey<Key>? {
        if let identity = JSONObjectKey<String>(parse: { $0 }, format: { $0 }) as? JSONObjectKey<Key> {
            return identity
        }
        guard let text = KeyText.of(type) else { return nil }
        return JSONObjectKey(parse: { text.parse($0) as? Key }, format: { text.format($0) ?? "" })
    }
}

/// The text form of keys of a type known only at run time (a raw value type,
/// say), for ``JSONObjectKey``.
private struct KeyText {
    /// The key a text stands for.
    let parse: (String) -> Any?
    /// The text of a key (`nil` only for a value of another type).
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
        case .bool, .floating, .substring, .decimal, .date, .data, .optional, .jsonOptional, .array, .set,
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
