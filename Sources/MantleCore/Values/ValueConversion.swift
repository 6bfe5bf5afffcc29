import Foundation
import MantleInternals

/// Converts an untyped value (`Any?`) into a value of type `Value` with the
/// package's exact rules.
///
/// - `nil` and `NSNull` become `nil` for an optional type, ``JSONOptional/null``
///   for a ``JSONOptional``, and fail with
///   ``ConversionFailure/nilForNonOptional(expected:)`` otherwise (an `Any`
///   property keeps `NSNull`). A `JSONOptional` takes another `JSONOptional`
///   case by case, and any other value as ``JSONOptional/value(_:)``.
/// - Every integer and floating-point type converts from every other and from
///   `NSNumber`: integer targets only when exact (`3.5` into `Int` and `300`
///   into `Int8` fail), floating-point targets rounding to nearest but failing
///   when out of range. Booleans are not numbers, numbers are not booleans and
///   nothing else becomes a `String`.
/// - Arrays, sets and `[String: _]` dictionaries convert element by element.
/// - Anything else (`Codable` types included) must already have the type (`as?`).
///
/// Converters are built once per type (see ``ValueConversion/converter(to:)``)
/// so that the per-value work is a closure call and a cast.
package struct Converter<Value>: @unchecked Sendable {
    package let convert: (Any?) throws(ConversionFailure) -> Value

    package init(_ convert: @escaping (Any?) throws(ConversionFailure) -> Value) {
        self.convert = convert
    }
}

/// Builders of ``Converter``: MantleCore's part of `ValueConversion` (MantleInternals declares it,
/// with its tests of Foundation values).
extension ValueConversion {
    /// The converter for `type`, built from the type's kind (``ValueKind``).
    package static func converter<Value>(to type: Value.Type) -> Converter<Value> {
        if case .optional(let optional) = ValueKind.of(type),
           let converter = optional.optionalConverter() as? Converter<Value> {
            return converter
        }
        if case .jsonOptional(let optional) = ValueKind.of(type),
           let converter = optional.jsonOptionalConverter() as? Converter<Value> {
            return converter
        }
        let convert = nonNullConversion(to: type)
        return Converter { (value: Any?) throws(ConversionFailure) -> Value in
            guard let value, !isNull(value) else {
                if Value.self == Any.self, let null = NSNull() as? Value { return null }
                throw .nilForNonOptional(expected: Value.self)
            }
            do throws(ConversionFailure) {
                return try convert(value)
            } catch {
                // An `Optional.none` inside `Any` is a nil, not a mismatch.
                if flattenedOptional(value) == nil { throw .nilForNonOptional(expected: Value.self) }
                throw error
            }
        }
    }

    /// The conversion of a value that is not null into `type`: the special
    /// rules for strings, booleans, numbers and collections, `as?` for the rest.
    private static func nonNullConversion<Value>(
        to type: Value.Type
    ) -> (Any) throws(ConversionFailure) -> Value {
        let special: Any?
        switch ValueKind.of(type) {
        case .string:
            special = Converter<String> { (value: Any?) throws(ConversionFailure) -> String in
                guard let string = value as? String else { throw .mismatch(expected: String.self, found: value) }
                return string
            }
        case .bool:
            special = Converter<Bool> { (value: Any?) throws(ConversionFailure) -> Bool in
                guard let value, let bool = boolPropertyValue(from: value) else {
                    throw .mismatch(expected: Bool.self, found: value)
                }
                return bool
            }
        case .integer(let integer): special = integer.exactIntegerConversion()
        case .floating(let floating): special = floating.roundedFloatingConversion()
        case .array(let array): special = array.elementwiseConversion()
        case .set(let set): special = set.elementwiseConversion()
        case .stringKeyedDictionary(let dictionary): special = dictionary.valuewiseConversion()
        case .keyedDictionary, .any, .substring, .character, .decimal, .url, .uuid, .date, .data, .optional,
             .jsonOptional, .model,
             .rawRepresentable, .null, .foundationNumber, .foundationString, .foundationArray,
             .foundationDictionary, .codable, .other:
            special = nil
        }
        if let converter = special as? Converter<Value> {
            let convert = converter.convert
            return { (value: Any) throws(ConversionFailure) -> Value in try convert(value) }
        }
        return { (value: Any) throws(ConversionFailure) -> Value in
            guard let result = value as? Value else { throw .mismatch(expected: Value.self, found: value) }
            return result
        }
    }

    /// The exact numeric conversion into `type` when it is an integer type
    /// (exact only: `3.5` and `1e-400` fail) or a floating-point type (rounded
    /// to nearest, failing out of range); `nil` for other types. Every numeric
    /// type converts from every other (the 128-bit integers and `Float16`
    /// included), from `NSNumber` and from `Decimal`; booleans are not numbers.
    package static func numericConverter<Value>(to type: Value.Type) -> Converter<Value>? {
        switch ValueKind.of(type) {
        case .integer(let integer): return integer.exactIntegerConversion() as? Converter<Value>
        case .floating(let floating): return floating.roundedFloatingConversion() as? Converter<Value>
        case .any, .string, .substring, .character, .bool, .decimal, .url, .uuid, .date, .data, .optional,
             .jsonOptional, .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
             .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
            return nil
        }
    }

    /// A stored value as models show it (``Model/dictionaryValue``,
    /// `value(forKey:)`): optionals unwrapped, `nil` for `.none` — except that
    /// a nested optional holding an inner `nil` (`Int??` set to `.some(nil)`)
    /// is kept as that inner `Optional.none`, not `nil`, so that
    /// `init(dictionary:)` gives back `.some(nil)` rather than `nil`.
    @inline(__always)
    package static func readableValue(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalRepresentable else { return value }
        guard let inner = optional.wrappedValue else { return nil }
        return flattenedOptional(inner) ?? inner
    }
}

extension FixedWidthInteger {
    /// Exact conversion of any number into `Self`.
    fileprivate static func exactIntegerConversion() -> Any {
        return Converter<Self> { (value: Any?) throws(ConversionFailure) -> Self in
            guard let value else { throw .mismatch(expected: Self.self, found: nil) }
            if type(of: value) == Self.self, let same = value as? Self { return same }
            guard let number = NumberValue(value), let result = number.exactly(Self.self) else {
                throw .mismatch(expected: Self.self, found: value)
            }
            return result
        }
    }
}

extension BinaryFloatingPoint {
    /// Rounding conversion of any number into `Self` (fails out of range).
    fileprivate static func roundedFloatingConversion() -> Any {
        return Converter<Self> { (value: Any?) throws(ConversionFailure) -> Self in
            guard let value else { throw .mismatch(expected: Self.self, found: nil) }
            if type(of: value) == Self.self, let same = value as? Self { return same }
            guard let result = NumberValue.rounded(value, as: Self.self) else {
                throw .mismatch(expected: Self.self, found: value)
            }
            return result
        }
    }
}

extension OptionalRepresentable {
    /// `nil`/`NSNull` to `.none`, anything else converted to `Wrapped`.
    ///
    /// When `Wrapped` is itself optional (`Int??`), an `Optional` in the
    /// `Any` is the wrapped level's value: `Optional<Int>.none` gives
    /// `.some(nil)`, as ``ValueConversion/readableValue(_:)`` reads it.
    fileprivate static func optionalConverter() -> Any {
        let wrapped = ValueConversion.converter(to: Wrapped.self)
        let wrapsOptional: Bool
        if case .optional = ValueKind.of(Wrapped.self) { wrapsOptional = true } else { wrapsOptional = false }
        return Converter<Wrapped?> { (value: Any?) throws(ConversionFailure) -> Wrapped? in
            guard let value, !ValueConversion.isNull(value) else { return nil }
            if wrapsOptional, let inner = value as? any OptionalRepresentable {
                return .some(try wrapped.convert(inner.wrappedValue))
            }
            guard let value = flattenedOptional(value), !ValueConversion.isNull(value) else { return nil }
            return try wrapped.convert(value)
        }
    }
}

extension JSONOptionalRepresentable {
    /// `nil`/`NSNull` (also an `Optional.none` inside `Any`) to `.null`,
    /// another `JSONOptional` case by case, anything else converted to
    /// `Wrapped` as `.value`.
    fileprivate static func jsonOptionalConverter() -> Any {
        let wrapped = ValueConversion.converter(to: Wrapped.self)
        return Converter<JSONOptional<Wrapped>> { (value: Any?) throws(ConversionFailure) -> JSONOptional<Wrapped> in
            guard let value = flattenedOptional(value), !ValueConversion.isNull(value) else { return .null }
            if let same = value as? JSONOptional<Wrapped> { return same }
            if let other = value as? any JSONOptionalRepresentable {
                switch other.erased {
                case .absent: return .absent
                case .null: return .null
                case .value(let inner): return .value(try wrapped.convert(inner))
                }
            }
            return .value(try wrapped.convert(value))
        }
    }
}

extension ArrayRepresentable {
    /// An array of anything, element by element.
    fileprivate static func elementwiseConversion() -> Any {
        let element = ValueConversion.converter(to: Element.self)
        return Converter<[Element]> { (value: Any?) throws(ConversionFailure) -> [Element] in
            guard let value else { throw .mismatch(expected: [Element].self, found: nil) }
            if type(of: value) == [Element].self, let same = value as? [Element] { return same }
            guard let array = value as? [Any] else { throw .mismatch(expected: [Element].self, found: value) }
            return try element.convertEach(array)
        }
    }
}

extension SetRepresentable {
    /// A set or array of anything, element by element.
    fileprivate static func elementwiseConversion() -> Any {
        let element = ValueConversion.converter(to: Element.self)
        return Converter<Set<Element>> { (value: Any?) throws(ConversionFailure) -> Set<Element> in
            guard let value else { throw .mismatch(expected: Set<Element>.self, found: nil) }
            if type(of: value) == Set<Element>.self, let same = value as? Set<Element> { return same }
            let items: [Any]
            if let array = value as? [Any] {
                items = array
            } else if let set = value as? Set<AnyHashable> {
                items = set.map { $0.base }
            } else {
                throw .mismatch(expected: Set<Element>.self, found: value)
            }
            return Set(try element.convertEach(items))
        }
    }
}

extension StringKeyedDictionaryRepresentable {
    /// A `[String: Any]`, value by value.
    fileprivate static func valuewiseConversion() -> Any {
        let element = ValueConversion.converter(to: Value.self)
        return Converter<[String: Value]> { (value: Any?) throws(ConversionFailure) -> [String: Value] in
            guard let value else { throw .mismatch(expected: [String: Value].self, found: nil) }
            if type(of: value) == [String: Value].self, let same = value as? [String: Value] { return same }
            guard let dictionary = value as? [String: Any] else {
                throw .mismatch(expected: [String: Value].self, found: value)
            }
            var result = [String: Value](minimumCapacity: dictionary.count)
            for (key, item) in dictionary { result[key] = try element.convert(item) }
            return result
        }
    }
}

extension Converter {
    /// Every item converted, in order (the elements of an array or a set).
    fileprivate func convertEach(_ items: [Any]) throws(ConversionFailure) -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try convert(item)) }
        return result
    }
}
