import Foundation

/// A property's declared constraints (``JSONConstraint``) on their way into
/// its schema: stated as keywords where the property's JSON value is its
/// value's own form (a `String` property's string, an `Int`'s number, an
/// array's elements), in words in its `description` everywhere else (a
/// predicate; a rule on a value a transformer makes; a length in the strict
/// subset, whose modes do not take `minLength`).
struct PropertyRules {
    /// What a value's JSON form can state.
    enum Target {
        /// A string: lengths, patterns, allowed values.
        case text
        /// A number: bounds, allowed values.
        case number
        /// An array (or set): counts.
        case array
        /// An object of members (a dictionary): counts.
        case dictionary
        /// Another scalar with one JSON form per value (`Bool`, a raw-value enum): allowed values.
        case scalar
        /// Anything else: words only.
        case other
    }

    /// The rules not applied yet.
    private(set) var pending: [JSONConstraint]
    /// The allowed values as JSON, through the property's codec; `nil` when they cannot be encoded.
    let encodeAllowedValues: (JSONConstraint.AllowedValues) -> [Any]?
    /// `true` for the strict subset.
    let isStrict: Bool
    /// `true` when the collection leaves failing elements out (counts are then of what is kept).
    let isLossy: Bool
    /// The rules said in words, for the property's `description`.
    private(set) var words: [String] = []
    /// `true` when a rule the decoder checks is only said in words.
    private(set) var hasRulesInWords = false
    /// `true` when a rule is stated as keywords.
    private(set) var hasRulesAsKeywords = false

    init(_ constraints: [JSONConstraint], isStrict: Bool, isLossy: Bool,
         encodeAllowedValues: @escaping (JSONConstraint.AllowedValues) -> [Any]?) {
        pending = constraints
        self.isStrict = isStrict
        self.isLossy = isLossy
        self.encodeAllowedValues = encodeAllowedValues
    }

    static var none: PropertyRules {
        PropertyRules([], isStrict: false, isLossy: false, encodeAllowedValues: { _ in nil })
    }

    /// Applies every pending rule to `value`, whose JSON form is `target`:
    /// as keywords where it can, in words otherwise.
    mutating func apply(to value: inout ValueSchema, as target: Target) {
        let rules = pending
        pending = []
        for rule in rules {
            if state(rule, in: &value, as: target) {
                hasRulesAsKeywords = true
            } else {
                sayInWords(rule)
            }
        }
        if hasRulesInWords { value.isValueExact = false }
    }

    /// Says every pending rule in words (a value a transformer makes).
    mutating func sayRemainingInWords() {
        let rules = pending
        pending = []
        rules.forEach { sayInWords($0) }
    }

    /// Adds `rule` to the words.
    private mutating func sayInWords(_ rule: JSONConstraint) {
        words.append("Must be \(rule.description).")
        hasRulesInWords = true
    }

    /// States `rule` as keywords of `value`; `false` when its JSON form cannot.
    private func state(_ rule: JSONConstraint, in value: inout ValueSchema, as target: Target) -> Bool {
        switch (rule.rule, target) {
        case (.number(let minimum, let maximum), .number):
            if let minimum { bound(minimum, in: &value, isMinimum: true) }
            if let maximum { bound(maximum, in: &value, isMinimum: false) }
            return true
        case (.length(let minimum, let maximum), .text) where !isStrict:
            if let minimum { value.require("minLength", minimum) }
            if let maximum { value.require("maxLength", maximum) }
            return true
        case (.pattern(let pattern), .text):
            value.require("pattern", pattern)
            return true
        case (.count(let minimum, let maximum), .array) where !isLossy:
            if let minimum { value.require("minItems", minimum) }
            if let maximum { value.require("maxItems", maximum) }
            return true
        case (.count(let minimum, let maximum), .dictionary) where !isLossy && !isStrict:
            if let minimum { value.require("minProperties", minimum) }
            if let maximum { value.require("maxProperties", maximum) }
            return true
        case (.allowedValues(let allowed), .text), (.allowedValues(let allowed), .number),
             (.allowedValues(let allowed), .scalar):
            guard let encoded = encodeAllowedValues(allowed) else { return false }
            value.require("enum", encoded)
            return true
        default:
            return false
        }
    }

    /// States a bound: `minimum`/`maximum` (the tighter of the type's range
    /// and the rule where both are inclusive), or the exclusive keywords.
    private func bound(_ bound: JSONConstraint.Bound, in value: inout ValueSchema, isMinimum: Bool) {
        let keyword = bound.isExclusive ? (isMinimum ? "exclusiveMinimum" : "exclusiveMaximum")
            : (isMinimum ? "minimum" : "maximum")
        guard let existing = value.schema[keyword] else {
            value.schema[keyword] = bound.value
            return
        }
        guard let current = Decimal(string: "\(existing)", locale: nil) else {
            // Beyond `Decimal` (a floating-point type's range): the rule is tighter.
            value.schema[keyword] = bound.value
            return
        }
        if isMinimum ? bound.value > current : bound.value < current { value.schema[keyword] = bound.value }
    }
}

/// Encodes a property's values to JSON with its compiled codec, for the
/// `enum` of allowed values.
protocol SchemaValueEncoding {
    /// `value` (of the property's type, or the type it wraps) as JSON, or `nil`.
    func schemaJSONValue(of value: Any) -> Any?
}

extension TypedPropertyMapping: SchemaValueEncoding {
    func schemaJSONValue(of value: Any) -> Any? {
        guard let typed = value as? Value, let json = try? codec.encode(typed, []) else { return nil }
        // `Decimal`s are encoded as `NSDecimalNumber`; the schema keeps Swift values.
        if type(of: json) is AnyObject.Type, let decimal = json as? NSDecimalNumber { return decimal.decimalValue }
        return json
    }
}
