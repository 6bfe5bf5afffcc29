import Foundation
import MantleInternals

// The predefined transformers of Mantle's `NSValueTransformer+MTLPredefinedTransformerAdditions`.
// Every one passes `nil` through (except where a mapping gives `nil` a value)
// and throws `TransformerError.invalidInput` naming what it expected.
// Each states the JSON Schema of its JSON side (`withJSONSchema(_:)`), except
// `validating(_:)` (whose JSON side is whatever its type is) and an
// `arrayMapping(_:)` of a transformer that states none.

extension JSONValueTransformer {
    /// `String` ↔ `URL`, read with `URL(string:)` (current Foundation
    /// percent-encodes characters a URL cannot hold, such as `é` and spaces).
    /// A string `URL(string:)` refuses, and `""`, throw.
    public static let url = JSONValueTransformer(
        forward: { (string: String) -> URL? in
            guard !string.isEmpty else { return nil }
            return URL(string: string)
        },
        reverse: { (url: URL) -> String? in url.absoluteString })
        .withJSONSchema(StandardJSONSchemas.url)

    /// `String` ↔ `UUID`. A string that is not a UUID throws.
    public static let uuid = JSONValueTransformer(
        forward: { (string: String) -> UUID? in UUID(uuidString: string) },
        reverse: { (uuid: UUID) -> String? in uuid.uuidString })
        .withJSONSchema(StandardJSONSchemas.uuid)

    /// JSON booleans and numbers → `Bool` (non-zero is `true`), in both
    /// directions (Mantle's `MTLBooleanValueTransformerName`).
    public static let bool = JSONValueTransformer(reversible: { value in
        guard let value = flattenedOptional(value) else { return nil }
        if let bool = ValueConversion.exactBool(from: value) { return bool }
        if let number = NumberValue(value) { return number != .signed(0) && number != .floating(0) }
        throw TransformerError.invalidInput(value, expected: "a boolean or a number")
    }).withJSONSchema(["type": ["boolean", "number"]])

    /// Maps values through a dictionary, and back by searching its values
    /// (Mantle's `mtl_valueMappingTransformerWithDictionary:defaultValue:reverseDefaultValue:`).
    ///
    /// `nil` input looks up the key `NSNull()`. An input with no entry gives
    /// `defaultValue`; a reverse input equal to no value gives `reverseDefaultValue`.
    public static func valueMapping(_ mapping: [AnyHashable: Any],
                                    defaultValue: Any? = nil,
                                    reverseDefaultValue: Any? = nil) -> JSONValueTransformer {
        let box = UncheckedSendable((mapping, defaultValue, reverseDefaultValue))
        return JSONValueTransformer(
            forward: { value in
                let (mapping, defaultValue, _) = box.value
                guard let value = flattenedOptional(value), !ValueConversion.isNull(value) else {
                    // `NSNull` instances need not be equal as keys: find the null key by type.
                    return mapping.first(where: { ValueConversion.isNull($0.key.base) })?.value ?? defaultValue
                }
                guard let key = value as? AnyHashable else { return defaultValue }
                return mapping[key] ?? defaultValue
            },
            reverse: { value in
                let (mapping, _, reverseDefaultValue) = box.value
                let target = flattenedOptional(value) ?? NSNull()
                for (key, mapped) in mapping where ReflectiveEquality.isEqual(mapped, target)
                    || (mapped as? AnyHashable).map({ $0 == (target as? AnyHashable) }) == true {
                    return key.base
                }
                return reverseDefaultValue
            })
            // Forward never throws: a value with no entry (any JSON at all) gives the default.
            .withJSONSchema([:])
    }

    /// Applies `element` to every element of an array, in both directions when
    /// `element` allows it (Mantle's `mtl_arrayMappingTransformerWithTransformer:`).
    ///
    /// `NSNull` elements stay `NSNull()`, and elements transformed to `nil`
    /// are left out. Input that is not an array throws; an element that fails
    /// throws ``TransformerError/Code/invalidInput`` with the whole array as input.
    /// It states the schema of an array of what `element` states (and
    /// nulls), when `element` states one.
    public static func arrayMapping(_ element: JSONValueTransformer) -> JSONValueTransformer {
        let forward: @Sendable (Any?) throws -> Any? = {
            try mapArray($0, reportingWholeArray: true, element.transformedValue)
        }
        let mapping = element.allowsReverseTransformation
            ? JSONValueTransformer(forward: forward, reverse: {
                try mapArray($0, reportingWholeArray: true, element.reverseTransformedValue)
            })
            : JSONValueTransformer(forward: forward)
        guard let elementSchema = element.jsonSchema else { return mapping }
        return mapping.withJSONSchema(["type": "array", "items": ["anyOf": [elementSchema, ["type": "null"]]]])
    }

    /// Applies `transform` to every element of the array `value` (`nil`
    /// passes through): `NSNull` elements stay `NSNull()`, elements
    /// transformed to `nil` are left out, and input that is not an array
    /// throws. An element's ``TransformerError/Code/invalidInput`` is
    /// rethrown with the whole array as input (and the element's error as
    /// underlying error) when `reportingWholeArray`, unchanged otherwise.
    package static func mapArray(_ value: Any?, reportingWholeArray: Bool,
                                 _ transform: (Any?) throws -> Any?) throws -> Any? {
        guard let value = flattenedOptional(value) else { return nil }
        guard let array = value as? [Any] else {
            throw TransformerError.invalidInput(value, expected: "an array")
        }
        var result: [Any] = []
        result.reserveCapacity(array.count)
        for item in array {
            if ValueConversion.isNull(item) {
                result.append(NSNull())
                continue
            }
            do {
                if let transformed = flattenedOptional(try transform(item)) { result.append(transformed) }
            } catch let error as TransformerError where reportingWholeArray && error.code == .invalidInput {
                throw TransformerError(code: .invalidInput, inputValue: array,
                                       expected: "an array of \(error.expected ?? "transformable values")",
                                       underlyingError: error)
            }
        }
        return result
    }

    /// Passes values of `type` (and `nil`) through unchanged and throws for
    /// anything else; one-way, as Mantle's `mtl_validatingTransformerForClass:`.
    public static func validating(_ type: Any.Type) -> JSONValueTransformer {
        let box = UncheckedSendable(type)
        return JSONValueTransformer(forward: { value in
            guard let value = flattenedOptional(value) else { return nil }
            guard isInstance(value, of: box.value) else {
                throw TransformerError.invalidInput(value, expected: ValueDescription.typeName(box.value))
            }
            return value
        })
    }

    /// `String` ↔ `Date` with a fixed format (Mantle's
    /// `mtl_dateTransformerWithDateFormat:calendar:locale:timeZone:defaultDate:`),
    /// with the results of a `DateFormatter` in the Gregorian calendar.
    ///
    /// Common fixed-width patterns in the `en_US_POSIX` locale with a
    /// fixed-offset time zone (e.g. `EEE MMM dd HH:mm:ss Z yyyy`,
    /// `yyyy-MM-dd HH:mm:ss`) are compiled once into a direct parser and
    /// writer, several times faster than `DateFormatter`; anything that parser
    /// cannot handle exactly goes to the `DateFormatter`.
    public static func date(format: String, locale: Locale = Locale(identifier: "en_US_POSIX"),
                            timeZone: TimeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    ) -> JSONValueTransformer {
        let dateFormatter = DateFormatter()
        dateFormatter.dateFormat = format
        dateFormatter.locale = locale
        dateFormatter.timeZone = timeZone
        dateFormatter.calendar = Calendar(identifier: .gregorian)
        // `DateFormatter` is not thread-safe: every use holds the lock.
        let formatter = LockedState(dateFormatter)
        let pattern = DatePattern(format: format, locale: locale, timeZone: timeZone)
        return JSONValueTransformer(
            forward: { (string: String) -> Date? in
                pattern?.date(from: string) ?? formatter.withLock { $0.date(from: string) }
            },
            reverse: { (date: Date) -> String? in
                pattern?.string(from: date) ?? formatter.withLock { $0.string(from: date) }
            })
            .withJSONSchema(["type": "string", "description": "A date written as \(format)."])
    }

    /// `String` ↔ number with a `NumberFormatter` style (Mantle's
    /// `mtl_numberTransformerWithNumberStyle:locale:`). Numbers come out as `NSNumber`.
    public static func number(style: NumberFormatter.Style,
                              locale: Locale = Locale(identifier: "en_US_POSIX")) -> JSONValueTransformer {
        let numberFormatter = NumberFormatter()
        numberFormatter.numberStyle = style
        numberFormatter.locale = locale
        // `NumberFormatter` is not thread-safe: every use holds the lock.
        let formatter = LockedState(numberFormatter)
        return JSONValueTransformer(
            forward: { (string: String) -> NSNumber? in formatter.withLock { $0.number(from: string) } },
            reverse: { value in
                guard let value = flattenedOptional(value) else { return nil }
                guard let number = NumberValue(value) else {
                    throw TransformerError.invalidInput(value, expected: "a number")
                }
                let object: NSNumber
                switch number {
                case .signed(let x): object = NSNumber(value: x)
                case .unsigned(let x): object = NSNumber(value: x)
                case .floating(let x), .approximate(let x): object = NSNumber(value: x)
                case .wide: object = NSDecimalNumber(string: number.description, locale: nil)
                }
                guard let string = formatter.withLock({ $0.string(from: object) }) else {
                    throw TransformerError.invalidInput(value, expected: "a formattable number")
                }
                return string
            })
            .withJSONSchema(["type": "string"])
    }
}

/// `true` when `value` is an instance of `type` (opened as `T`).
private func isInstance<T>(_ value: Any, of _: T.Type) -> Bool { value is T }
