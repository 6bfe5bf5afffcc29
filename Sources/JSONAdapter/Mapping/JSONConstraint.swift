import Foundation
import MantleCore
import MantleInternals

/// A rule a property's value must meet: checked while decoding, and stated
/// in the property's JSON Schema (``JSONAdapter/jsonSchema(of:options:)``).
///
/// A model declares its rules per property in
/// ``JSONSerializing/jsonConstraints(forKey:)``; one value serves both the
/// decoder and the schema, so the two cannot drift apart:
///
/// ```swift
/// static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
///     switch key {
///     case "number": [.range(1...)]
///     case "title": [.length(1...256)]
///     case "login": [.pattern("^[A-Za-z0-9-]+$")]
///     case "labels": [.count(...100)]
///     case "state": [.allowedValues(["open", "closed"])]
///     case "milestone": [.satisfying("a milestone with a title") { (m: Milestone) in !m.title.isEmpty }]
///     default: []
///     }
/// }
/// ```
///
/// Rules apply to the property's decoded value; for an optional (or a ``JSONOptional``) property,
/// to the wrapped value when there is one (`nil` meets every rule). Each rule
/// a value breaks is an error entry of its own
/// (``JSONAdapterError/Code/invalidValue``, `expected` saying the rule). A
/// rule that cannot apply to its property's type (a length on an `Int`, a
/// malformed pattern) is refused when the mapping is first used
/// (``JSONAdapterError/Code/invalidJSONMapping``), never skipped.
public struct JSONConstraint: Sendable, CustomStringConvertible {
    /// What a rule tests.
    enum Rule: Sendable {
        /// A number within bounds (JSON Schema's `minimum`, `exclusiveMinimum`,
        /// `maximum`, `exclusiveMaximum`); `nil` bounds are open.
        case number(minimum: Bound?, maximum: Bound?)
        /// A string of this many Unicode scalars (JSON Schema's characters:
        /// `minLength`, `maxLength`).
        case length(minimum: Int?, maximum: Int?)
        /// A string in which the regular expression finds a match (unanchored,
        /// as JSON Schema's `pattern`).
        case pattern(String)
        /// An array, set or dictionary of this many elements or members
        /// (`minItems`/`maxItems`, `minProperties`/`maxProperties`).
        case count(minimum: Int?, maximum: Int?)
        /// One of the listed values of the property's (unwrapped) type (`enum`).
        case allowedValues(AllowedValues)
        /// A predicate on the property's (unwrapped) type, described in words.
        case satisfying(Predicate)
    }

    /// One end of a numeric range.
    struct Bound: Sendable {
        /// The bound, exactly.
        let value: Decimal
        /// `true` when the bound itself is outside the range.
        let isExclusive: Bool
    }

    let rule: Rule
    /// A ``Rule/pattern(_:)``'s regular expression, compiled once (`nil` for
    /// other rules, and for a pattern that does not compile, which
    /// ``refusal(for:)`` refuses).
    private let expression: CompiledPattern?

    init(_ rule: Rule) {
        self.rule = rule
        if case .pattern(let pattern) = rule {
            expression = (try? NSRegularExpression(pattern: pattern)).map(CompiledPattern.init)
        } else {
            expression = nil
        }
    }

    /// The rule in words, as errors word what was expected: `at least 1`,
    /// `from 1 to 256 characters`, `one of "open", "closed"`.
    public var description: String {
        switch rule {
        case .number(let minimum, let maximum):
            let lower = minimum.map { ($0.isExclusive ? "more than " : "at least ") + "\($0.value)" }
            let upper = maximum.map { ($0.isExclusive ? "less than " : "at most ") + "\($0.value)" }
            return [lower, upper].compactMap { $0 }.joined(separator: " and ")
        case .length(let minimum, let maximum):
            return Self.countText(minimum, maximum, noun: "character")
        case .pattern(let pattern):
            return "a string matching /\(pattern)/"
        case .count(let minimum, let maximum):
            return Self.countText(minimum, maximum, noun: "element")
        case .allowedValues(let allowed):
            return "one of " + allowed.texts.joined(separator: ", ")
        case .satisfying(let predicate):
            return predicate.summary
        }
    }

    /// `from 1 to 3 elements`, `at least 1 character`, `at most 5 elements`.
    private static func countText(_ minimum: Int?, _ maximum: Int?, noun: String) -> String {
        func counted(_ count: Int) -> String { "\(count) \(noun)" + (count == 1 ? "" : "s") }
        switch (minimum, maximum) {
        case let (minimum?, maximum?): return minimum == maximum ? "exactly \(counted(minimum))"
            : "from \(minimum) to \(counted(maximum))"
        case let (minimum?, nil): return "at least \(counted(minimum))"
        case let (nil, maximum?): return "at most \(counted(maximum))"
        case (nil, nil): return "any number of \(noun)s"
        }
    }
}

// MARK: - Declaring

extension JSONConstraint {
    /// A number at least `bound`.
    public static func minimum(_ bound: Decimal) -> JSONConstraint {
        JSONConstraint(.number(minimum: Bound(value: bound, isExclusive: false), maximum: nil))
    }
    /// A number at most `bound`.
    public static func maximum(_ bound: Decimal) -> JSONConstraint {
        JSONConstraint(.number(minimum: nil, maximum: Bound(value: bound, isExclusive: false)))
    }
    /// A number greater than `bound`.
    public static func exclusiveMinimum(_ bound: Decimal) -> JSONConstraint {
        JSONConstraint(.number(minimum: Bound(value: bound, isExclusive: true), maximum: nil))
    }
    /// A number less than `bound`.
    public static func exclusiveMaximum(_ bound: Decimal) -> JSONConstraint {
        JSONConstraint(.number(minimum: nil, maximum: Bound(value: bound, isExclusive: true)))
    }

    /// A number within `range` (JSON Schema's `minimum` and `maximum`).
    public static func range<T: BinaryInteger>(_ range: ClosedRange<T>) -> JSONConstraint {
        JSONConstraint(.number(minimum: Bound(value: exactDecimal(range.lowerBound), isExclusive: false),
                               maximum: Bound(value: exactDecimal(range.upperBound), isExclusive: false)))
    }
    /// A number at least `range.lowerBound`.
    public static func range<T: BinaryInteger>(_ range: PartialRangeFrom<T>) -> JSONConstraint {
        .minimum(exactDecimal(range.lowerBound))
    }
    /// A number at most `range.upperBound`.
    public static func range<T: BinaryInteger>(_ range: PartialRangeThrough<T>) -> JSONConstraint {
        .maximum(exactDecimal(range.upperBound))
    }
    /// A number within `range` (JSON Schema's `minimum` and `maximum`); the
    /// bounds are taken as their shortest decimal text (`0.1` is 0.1).
    public static func range<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ range: ClosedRange<T>
    ) -> JSONConstraint {
        JSONConstraint(.number(minimum: Bound(value: exactDecimal(range.lowerBound), isExclusive: false),
                               maximum: Bound(value: exactDecimal(range.upperBound), isExclusive: false)))
    }

    /// A string of `range` characters (Unicode scalars, as JSON Schema counts them).
    public static func length(_ range: ClosedRange<Int>) -> JSONConstraint {
        JSONConstraint(.length(minimum: range.lowerBound, maximum: range.upperBound))
    }
    /// A string of at least `range.lowerBound` characters.
    public static func length(_ range: PartialRangeFrom<Int>) -> JSONConstraint {
        JSONConstraint(.length(minimum: range.lowerBound, maximum: nil))
    }
    /// A string of at most `range.upperBound` characters.
    public static func length(_ range: PartialRangeThrough<Int>) -> JSONConstraint {
        JSONConstraint(.length(minimum: nil, maximum: range.upperBound))
    }

    /// A string in which `pattern` finds a match. As JSON Schema's `pattern`,
    /// the match may be anywhere: anchor it (`^…$`) to match the whole string.
    /// Write patterns that ICU (`NSRegularExpression`, which decoding uses)
    /// and ECMA-262 (which schema validators use) read alike: classes,
    /// quantifiers, groups, alternation and anchors.
    public static func pattern(_ pattern: String) -> JSONConstraint { JSONConstraint(.pattern(pattern)) }

    /// An array, set or dictionary of `range` elements (members).
    public static func count(_ range: ClosedRange<Int>) -> JSONConstraint {
        JSONConstraint(.count(minimum: range.lowerBound, maximum: range.upperBound))
    }
    /// An array, set or dictionary of at least `range.lowerBound` elements (members).
    public static func count(_ range: PartialRangeFrom<Int>) -> JSONConstraint {
        JSONConstraint(.count(minimum: range.lowerBound, maximum: nil))
    }
    /// An array, set or dictionary of at most `range.upperBound` elements (members).
    public static func count(_ range: PartialRangeThrough<Int>) -> JSONConstraint {
        JSONConstraint(.count(minimum: nil, maximum: range.upperBound))
    }

    /// One of `values`, which have the property's type (unwrapped, for an
    /// optional). The schema lists them as JSON (its `enum`).
    public static func allowedValues<T: Hashable & Sendable>(_ values: [T]) -> JSONConstraint {
        JSONConstraint(.allowedValues(AllowedValues(values)))
    }

    /// A value for which `predicate` is `true`, for the rules the others do
    /// not express. `summary` says the rule in words, for errors and for the
    /// schema (which cannot state a closure: it notes `summary` in the
    /// property's `description`). `T` is the property's type (unwrapped, for
    /// an optional).
    public static func satisfying<T>(_ summary: String,
                                     _ predicate: @escaping @Sendable (T) -> Bool) -> JSONConstraint {
        JSONConstraint(.satisfying(Predicate(summary: summary, predicate)))
    }

    /// `value` as an exact `Decimal` (integers up to 38 digits are exact).
    private static func exactDecimal<T: BinaryInteger>(_ value: T) -> Decimal {
        Decimal(string: String(value)) ?? Decimal(Double(value))
    }

    /// `value` as the `Decimal` of its shortest text.
    private static func exactDecimal<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) -> Decimal {
        Decimal(string: value.description) ?? Decimal(Double(value))
    }
}

// MARK: - Payloads

extension JSONConstraint {
    /// The values ``allowedValues(_:)`` lists, with their type.
    struct AllowedValues: @unchecked Sendable {
        // @unchecked Sendable: `values` holds the `[T]` given, and `T` is `Sendable`.

        /// The values, an `[T]`.
        let values: [Any]
        /// `T`.
        let valueType: Any.Type
        /// `true` when a value is a `T` and one of the values.
        let contains: @Sendable (Any) -> Bool
        /// The values as text, for messages (a raw-value enum's by its raw value).
        let texts: [String]

        init<T: Hashable & Sendable>(_ values: [T]) {
            let set = Set(values)
            self.values = values
            valueType = T.self
            contains = { ($0 as? T).map(set.contains) ?? false }
            texts = values.map { value in
                (value as? any RawRepresentable).map { String(reflecting: $0.rawValue) } ?? String(reflecting: value)
            }
        }
    }

    /// A compiled regular expression, shared by the threads that decode.
    struct CompiledPattern: @unchecked Sendable {
        // @unchecked Sendable: `NSRegularExpression` is immutable once made,
        // and Foundation documents it as safe to use from several threads.

        let expression: NSRegularExpression
    }

    /// A predicate ``satisfying(_:_:)`` declares, with its type.
    struct Predicate: Sendable {
        /// The rule in words.
        let summary: String
        /// `T`.
        let valueType: Any.Type
        /// `true` when a value is a `T` and meets the predicate.
        let test: @Sendable (Any) -> Bool

        init<T>(summary: String, _ predicate: @escaping @Sendable (T) -> Bool) {
            self.summary = summary
            valueType = T.self
            test = { ($0 as? T).map(predicate) ?? false }
        }
    }
}

// MARK: - Checking

extension JSONConstraint {
    /// Why this rule cannot apply to a property of `valueType` (an optional
    /// is unwrapped first), or `nil` when it can: numbers for numeric types,
    /// lengths and patterns for strings, counts for arrays, sets and
    /// dictionaries, allowed values and predicates for their own type.
    func refusal(for valueType: Any.Type) -> String? {
        let type = Self.unwrapped(valueType)
        let typeName = ValueDescription.typeName(type)
        switch rule {
        case .number:
            switch ValueKind.of(type) {
            case .integer, .floating, .decimal: return nil
            case .any, .string, .substring, .character, .bool, .url, .uuid, .date, .data, .optional, .jsonOptional,
                 .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
                 .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
                return "\(description) needs a number type, not \(typeName)"
            }
        case .length:
            switch ValueKind.of(type) {
            case .string, .substring: return nil
            case .any, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data, .optional,
                 .jsonOptional, .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
                 .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
                return "\(description) needs a String, not \(typeName)"
            }
        case .pattern(let pattern):
            switch ValueKind.of(type) {
            case .string, .substring: break
            case .any, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data, .optional,
                 .jsonOptional, .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
                 .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
                return "\(description) needs a String, not \(typeName)"
            }
            do {
                _ = try NSRegularExpression(pattern: pattern)
                return nil
            } catch {
                return "the pattern /\(pattern)/ is not a regular expression: \(error)"
            }
        case .count:
            switch ValueKind.of(type) {
            case .array, .set, .stringKeyedDictionary, .keyedDictionary: return nil
            case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date,
                 .data, .optional, .jsonOptional, .model, .rawRepresentable, .null, .foundationNumber,
                 .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
                return "\(description) needs an array, set or dictionary, not \(typeName)"
            }
        case .allowedValues(let allowed):
            return allowed.valueType == type ? nil
                : "the allowed values are \(ValueDescription.typeName(allowed.valueType)), the property is \(typeName)"
        case .satisfying(let predicate):
            return predicate.valueType == type ? nil
                : "the predicate takes \(ValueDescription.typeName(predicate.valueType)), the property is \(typeName)"
        }
    }

    /// `true` when `value` (the property's value; `nil` or an empty optional
    /// meets every rule) breaks this rule. Only call it for a type
    /// ``refusal(for:)`` accepted.
    func isBroken(by value: Any) -> Bool {
        guard let value = Self.unwrapped(value) else { return false }
        switch rule {
        case .number(let minimum, let maximum):
            if let number = Self.decimal(value) {
                if let minimum, minimum.isExclusive ? number <= minimum.value : number < minimum.value { return true }
                if let maximum, maximum.isExclusive ? number >= maximum.value : number > maximum.value { return true }
                return false
            }
            // Floating point beyond `Decimal`'s exponents (1e300, 5e-324): as a
            // `Double`, as JSON Schema validators compare; NaN meets no bound.
            guard let floating = value as? any BinaryFloatingPoint else { return true }
            let number = Double(floating)
            guard !number.isNaN else { return true }
            if let minimum {
                let bound = NSDecimalNumber(decimal: minimum.value).doubleValue
                if minimum.isExclusive ? number <= bound : number < bound { return true }
            }
            if let maximum {
                let bound = NSDecimalNumber(decimal: maximum.value).doubleValue
                if maximum.isExclusive ? number >= bound : number > bound { return true }
            }
            return false
        case .length(let minimum, let maximum):
            guard let count = (value as? any StringProtocol)?.unicodeScalars.count else { return true }
            return count < (minimum ?? 0) || count > (maximum ?? .max)
        case .pattern:
            guard let string = (value as? any StringProtocol).map({ String($0) }),
                  let expression = expression?.expression else { return true }
            let range = NSRange(string.startIndex..., in: string)
            return expression.firstMatch(in: string, range: range) == nil
        case .count(let minimum, let maximum):
            guard let count = (value as? any Collection)?.count else { return true }
            return count < (minimum ?? 0) || count > (maximum ?? .max)
        case .allowedValues(let allowed):
            return !allowed.contains(value)
        case .satisfying(let predicate):
            return !predicate.test(value)
        }
    }

    /// `type` without its `Optional`s.
    private static func unwrapped(_ type: Any.Type) -> Any.Type {
        switch ValueKind.of(type) {
        case .optional(let optional): return unwrapped(optional.wrappedType)
        case .jsonOptional(let optional): return unwrapped(optional.wrappedType)
        case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
             .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
            return type
        }
    }

    /// `value` without its `Optional`s and ``JSONOptional``s, or `nil` for
    /// an empty one (`nil`, `.absent`, `.null`).
    static func unwrapped(_ value: Any) -> Any? {
        if let optional = value as? any OptionalRepresentable { return optional.wrappedValue.flatMap(unwrapped) }
        if let optional = value as? any JSONOptionalRepresentable {
            guard case .value(let wrapped) = optional.erased else { return nil }
            return unwrapped(wrapped)
        }
        return value
    }

    /// A number property's value, exactly (floating point by its shortest
    /// text); `nil` for floating point beyond `Decimal`'s exponents.
    private static func decimal(_ value: Any) -> Decimal? {
        if let decimal = value as? Decimal { return decimal }
        if let integer = value as? any BinaryInteger { return Decimal(string: String(describing: integer)) }
        if let floating = value as? any BinaryFloatingPoint {
            return Decimal(string: String(describing: floating))
        }
        return nil
    }
}
