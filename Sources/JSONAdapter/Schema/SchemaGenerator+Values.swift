import Foundation
import MantleInternals
import MantleJSON

// The schema of each kind of value, following the codec ``CodecFactory``
// builds for it (the same order: a transformer for the exact type first,
// then the type's ``ValueKind``), and the leniency that bends it.

extension SchemaGenerator {
    /// The schema of a mapped property: its transformer's, or its type's,
    /// with its rules and its description.
    mutating func propertySchema(_ property: PropertyMapping,
                                 of modelType: any JSONSerializing.Type) throws(JSONAdapterError) -> ValueSchema {
        let key = property.key
        let typeName = ValueDescription.typeName(modelType)
        let constraints = modelType.jsonConstraints(forKey: key)
        for constraint in constraints {
            if let refusal = constraint.refusal(for: property.valueType) {
                throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: key, jsonKeyPath: property.keyPath.text(),
                                       modelTypeName: typeName, detail: "\(typeName).\(key): \(refusal)")
            }
        }
        let leniency = isStrict ? [] : modelType.jsonLeniency(forKey: key) ?? context.settings.leniency
        var rules = PropertyRules(constraints, isStrict: isStrict, isLossy: leniency.contains(.lossyCollections)) {
            allowed in
            guard let encoder = property as? SchemaValueEncoding else { return nil }
            var values: [Any] = []
            for value in allowed.values {
                guard let json = encoder.schemaJSONValue(of: value) else { return nil }
                values.append(json)
            }
            return values
        }
        var value: ValueSchema
        if let transformer = modelType.jsonTransformer(forKey: key) {
            value = try transformerSchema(transformer, for: property.valueType, key: key, modelTypeName: typeName)
        } else {
            value = try typeSchema(property.valueType, leniency: leniency, rules: &rules)
        }
        rules.sayRemainingInWords()
        if rules.hasRulesInWords { value.isValueExact = false }
        if rules.hasRulesAsKeywords { report.statesConstraints = true }
        let words = [modelType.jsonDescription(forKey: key)].compactMap { $0 } + rules.words
        if !words.isEmpty { value.addDescription(words.joined(separator: " ")) }
        if property.defaultsOnFailure, !isStrict {
            // Any value decodes: one that fails leaves the property's default.
            var lenient = ValueSchema.anything
            lenient.schema["description"] = value.schema["description"]
            lenient.addComment("A value that fails to decode keeps the property's default (defaultOnFailure).")
            return lenient
        }
        return value
    }

    /// The schema of the JSON values `transformer` takes for a property of
    /// `valueType`: the one it states (with `null` for an optional
    /// property), or any value with a note.
    func transformerSchema(_ transformer: JSONValueTransformer, for valueType: Any.Type, key: String?,
                           modelTypeName: String?) throws(JSONAdapterError) -> ValueSchema {
        guard let stated = transformer.statedJSONSchema else {
            return .unknown("Mapped by a transformer that states no JSON Schema "
                            + "(JSONValueTransformer.withJSONSchema(_:)): any value.")
        }
        guard let text = stated.text, let document = try? JSONDocument(text: text),
              let schema = (try? document.anyValue(at: document.rootIndex)) as? [String: Any] else {
            throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: key, modelTypeName: modelTypeName,
                                   detail: stated.problem ?? "the transformer's JSON Schema is not a JSON object")
        }
        var value = ValueSchema(schema: schema, kinds: schemaKinds(schema), isTypeExact: false, isValueExact: false)
        if schemaMayAcceptNull(schema) { value.kinds.insert(.null) }
        if case ValueKind.optional = ValueKind.of(valueType) { return value.nullable() }
        return value
    }

    /// The schema of a value of `type`, decoded with `leniency`; `rules`
    /// apply to the first level that is not an optional.
    mutating func typeSchema(_ type: Any.Type, leniency: JSONLeniency,
                             rules: inout PropertyRules) throws(JSONAdapterError) -> ValueSchema {
        if let transformer = context.transformer(for: type) {
            return try transformerSchema(transformer, for: type, key: nil, modelTypeName: nil)
        }
        let numbers = leniency.contains(.numberStringCoercion)
        var value: ValueSchema
        switch ValueKind.of(type) {
        case .optional(let optional):
            return try typeSchema(optional.wrappedType, leniency: leniency, rules: &rules).nullable()
        case .jsonOptional(let optional):
            // Absent (the key missing) needs nothing here: no member is required but in the strict subset.
            return try typeSchema(optional.wrappedType, leniency: leniency, rules: &rules).nullable()
        case .any:
            // `{}` admits 1e400, which the decoder refuses inside `Any` as `JSONSerialization` does;
            // a recursive schema could bound every number, at the cost of every reader's time.
            value = .anything
            value.isValueExact = false
            value.addComment("Any JSON value; a number beyond Double's range (1e400) is refused.")
            rules.apply(to: &value, as: .other)
        case .string, .substring:
            value = .typed("string", .string)
            rules.apply(to: &value, as: .text)
            if numbers { value = Self.acceptingNumbers(value) }
        case .character:
            value = .typed("string", .string, exactValues: false)
            value.schema["minLength"] = 1
            value.addComment("One character (grapheme cluster).")
            rules.apply(to: &value, as: .other)
        case .bool:
            value = .typed("boolean", .boolean)
            rules.apply(to: &value, as: .scalar)
            if leniency.contains(.boolCoercion) {
                value = ValueSchema(schema: ["anyOf": [value.schema, ["enum": ["true", "false", 0, 1]]]],
                                    kinds: [.boolean, .string, .number], isTypeExact: true, isValueExact: false)
            }
        case .integer(let integer):
            value = Self.integerSchema(integer)
            rules.apply(to: &value, as: .number)
            if numbers { value = Self.acceptingNumberStrings(value) }
        case .floating(let floating):
            value = Self.floatingSchema(floating)
            rules.apply(to: &value, as: .number)
            if numbers { value = Self.acceptingNumberStrings(value) }
        case .decimal:
            // Refused beyond `Decimal`'s 38 digits and exponent range, which a schema cannot say.
            value = .typed("number", .number, exactValues: false)
            rules.apply(to: &value, as: .number)
            if numbers { value = Self.acceptingNumberStrings(value) }
        case .url:
            value = ValueSchema(schema: StandardJSONSchemas.url, kinds: .string, isTypeExact: true, isValueExact: false)
            rules.apply(to: &value, as: .other)
        case .uuid:
            value = ValueSchema(schema: StandardJSONSchemas.uuid, kinds: .string, isTypeExact: true, isValueExact: true)
            rules.apply(to: &value, as: .other)
        case .date:
            value = dateSchema()
            rules.apply(to: &value, as: .other)
            if numbers, value.kinds == .number { value = Self.acceptingNumberStrings(value) }
        case .data:
            value = context.settings.dataEncoding.valueSchema
            rules.apply(to: &value, as: .other)
        case .array(let array):
            value = try collectionSchema(of: array.elementType, leniency: leniency, unique: false)
            rules.apply(to: &value, as: .array)
        case .set(let set):
            value = try collectionSchema(of: set.elementType, leniency: leniency, unique: true)
            rules.apply(to: &value, as: .array)
        case .stringKeyedDictionary(let dictionary):
            value = try dictionarySchema(keyType: String.self, valueType: dictionary.valueType, leniency: leniency)
            rules.apply(to: &value, as: .dictionary)
        case .keyedDictionary(let dictionary):
            value = try dictionarySchema(keyType: dictionary.keyType, valueType: dictionary.valueType, leniency: leniency)
            rules.apply(to: &value, as: .dictionary)
        case .model(let model):
            if let serializing = model as? any JSONSerializing.Type {
                value = ValueSchema(schema: reference(to: serializing), kinds: .object, isTypeExact: true, isValueExact: true)
                rules.apply(to: &value, as: .other)
            } else if let represented = model as? any RawRepresentable.Type {
                value = try rawValueSchema(represented, leniency: leniency, rules: &rules)
            } else {
                value = Self.unmappedSchema(model)
                rules.apply(to: &value, as: .other)
            }
        case .rawRepresentable(let represented):
            value = try rawValueSchema(represented, leniency: leniency, rules: &rules)
        case .codable, .null, .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .other:
            value = Self.unmappedSchema(type)
            rules.apply(to: &value, as: .other)
        }
        return value
    }

    /// The schema of a type JSON maps through its `Codable` conformance, or
    /// that must already have its type (a cast): any value, with a note.
    private static func unmappedSchema(_ type: Any.Type) -> ValueSchema {
        let name = ValueDescription.typeName(type)
        if case .codable = ValueKind.of(type) {
            return .unknown("\(name) maps through its own Codable conformance, which a schema cannot follow: any value.")
        }
        if type is any Decodable.Type {
            return .unknown("\(name) maps through its own Codable conformance, which a schema cannot follow: any value.")
        }
        return .unknown("\(name) has no JSON form of its own (a value must already be one): any value.")
    }

    // MARK: Scalars

    /// An integer type's schema: `integer` within the type's range, exactly
    /// (64-bit and 128-bit bounds included, written with all their digits).
    static func integerSchema(_ type: any FixedWidthInteger.Type) -> ValueSchema {
        func bounds<I: FixedWidthInteger>(_: I.Type) -> (minimum: Any, maximum: Any) {
            func json(_ value: I) -> Any {
                if let int = Int(exactly: value) { return int }
                if let unsigned = UInt64(exactly: value) { return unsigned }
                return value
            }
            return (json(I.min), json(I.max))
        }
        let (minimum, maximum) = bounds(type)
        var value = ValueSchema.typed("integer", .number)
        value.schema["minimum"] = minimum
        value.schema["maximum"] = maximum
        return value
    }

    /// A floating-point type's schema: a finite `number` that rounds to a
    /// finite value of the type (`Double`: its range; narrower types: below
    /// the point halfway past their largest value, where rounding goes to
    /// infinity). Types wider than `Double` get no bounds.
    static func floatingSchema(_ type: any BinaryFloatingPoint.Type) -> ValueSchema {
        func limit<F: BinaryFloatingPoint>(_: F.Type) -> (value: Double, isExclusive: Bool)? {
            if F.significandBitCount > Double.significandBitCount || F.exponentBitCount > Double.exponentBitCount {
                return nil
            }
            if F.significandBitCount == Double.significandBitCount { return (Double.greatestFiniteMagnitude, false) }
            let largest = Double(F.greatestFiniteMagnitude)
            return (largest + Double(F.greatestFiniteMagnitude.ulp) / 2, true)
        }
        var value = ValueSchema.typed("number", .number)
        guard let (bound, isExclusive) = limit(type) else {
            value.isValueExact = false
            return value
        }
        value.schema[isExclusive ? "exclusiveMinimum" : "minimum"] = -bound
        value.schema[isExclusive ? "exclusiveMaximum" : "maximum"] = bound
        return value
    }

    /// The text of a JSON number literal, which ``JSONLeniency/numberStringCoercion`` reads from strings.
    static let numberLiteralPattern = "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"

    /// A number's schema that also takes strings holding a number literal
    /// (``JSONLeniency/numberStringCoercion``).
    static func acceptingNumberStrings(_ value: ValueSchema) -> ValueSchema {
        ValueSchema(schema: ["anyOf": [value.schema, ["type": "string", "pattern": numberLiteralPattern]]],
                    kinds: value.kinds.union(.string), isTypeExact: value.isTypeExact, isValueExact: false)
    }

    /// A string's schema that also takes numbers (``JSONLeniency/numberStringCoercion``).
    static func acceptingNumbers(_ value: ValueSchema) -> ValueSchema {
        ValueSchema(schema: ["anyOf": [value.schema, ["type": "number"]]],
                    kinds: value.kinds.union(.number), isTypeExact: value.isTypeExact, isValueExact: false)
    }

    /// The schema of `Date` in the configuration's ``JSONAdapter/Configuration/dateFormat``.
    func dateSchema() -> ValueSchema {
        switch context.settings.dateFormat {
        case .iso8601:
            // The grammar of `ISO8601Timestamp`; that the day exists in its month is not said.
            return ValueSchema(schema: ["type": "string", "format": "date-time", "pattern": Self.timestampPattern],
                               kinds: .string, isTypeExact: true, isValueExact: false)
        case .pattern(let pattern, _, _):
            return ValueSchema(schema: ["type": "string", "description": "A date written as \(pattern)."],
                               kinds: .string, isTypeExact: true, isValueExact: false)
        case .secondsSince1970:
            return ValueSchema(schema: ["type": "number", "description": "Seconds since 1970-01-01T00:00:00Z."],
                               kinds: .number, isTypeExact: true, isValueExact: false)
        case .millisecondsSince1970:
            return ValueSchema(schema: ["type": "number", "description": "Milliseconds since 1970-01-01T00:00:00Z."],
                               kinds: .number, isTypeExact: true, isValueExact: false)
        }
    }

    /// The timestamps `ISO8601Timestamp` reads: `YYYY-MM-DDThh:mm:ss`, an
    /// optional fraction, `Z` or an offset (`+02:00`, `+0200`); years
    /// 0001–9999, months 01–12, days 01–31, hours 00–23, minutes and seconds 00–59.
    static let timestampPattern = "^(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})-(0[1-9]|1[0-2])-"
        + "(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?"
        + "([Zz]|[+-]([01][0-9]|2[0-3]):?[0-5][0-9])$"

    // MARK: Containers

    /// An array's (or, `unique`, a set's) schema. A lossy collection takes
    /// any elements (those that fail are left out).
    private mutating func collectionSchema(of element: Any.Type, leniency: JSONLeniency,
                                           unique: Bool) throws(JSONAdapterError) -> ValueSchema {
        var none = PropertyRules.none
        var items = try typeSchema(element, leniency: leniency, rules: &none)
        let single = items
        if leniency.contains(.lossyCollections) {
            items = .anything
            items.addComment("Elements that fail to decode are left out (lossyCollections).")
        }
        var value = ValueSchema(schema: ["type": "array", "items": items.schema], kinds: .array,
                                isTypeExact: items.isTypeExact, isValueExact: items.isValueExact)
        value.elements = [items]
        if unique { value.schema["uniqueItems"] = true }
        guard leniency.takesSingleObject(asCollectionOf: element) else { return value }
        var either = ValueSchema(schema: ["anyOf": [value.schema, single.schema]], kinds: value.kinds.union(single.kinds),
                                 isTypeExact: value.isTypeExact && single.isTypeExact,
                                 isValueExact: value.isValueExact && single.isValueExact)
        either.elements = value.elements
        either.addComment("A lone object is taken as an array of one (singleObjectAsArray).")
        return either
    }

    /// A dictionary's schema: an object whose members have the value's
    /// schema and whose keys are the key type's text (`propertyNames`).
    /// The strict subset cannot have free members: there, an empty object.
    private mutating func dictionarySchema(keyType: Any.Type, valueType: Any.Type,
                                           leniency: JSONLeniency) throws(JSONAdapterError) -> ValueSchema {
        if isStrict {
            var value = ValueSchema(schema: ["type": "object", "properties": [String: Any](), "required": [String](),
                                             "additionalProperties": false],
                                    kinds: .object, isTypeExact: false, isValueExact: false)
            value.addDescription("Always empty here: structured output cannot state members with free keys.")
            return value
        }
        var none = PropertyRules.none
        var members = try typeSchema(valueType, leniency: leniency, rules: &none)
        var keys = keySchema(keyType)
        if leniency.contains(.lossyCollections) {
            members = .anything
            members.addComment("Members that fail to decode are left out (lossyCollections).")
            keys = ([:], true)
        }
        var value = ValueSchema(schema: ["type": "object", "additionalProperties": members.schema], kinds: .object,
                                isTypeExact: members.isTypeExact, isValueExact: members.isValueExact && keys.isExact)
        if !keys.schema.isEmpty { value.schema["propertyNames"] = keys.schema }
        value.elements = [members]
        guard KeyValueArrays<String>.writesPairs(keyType) else { return value }
        // Also `JSONEncoder`'s flat array of keys and values, whose alternation
        // and even length no schema states: each element is a key or a value.
        var keyValue = try typeSchema(keyType, leniency: [], rules: &none)
        if leniency.contains(.lossyCollections) { keyValue = .anything }
        let pairs: [String: Any] = ["type": "array", "items": ["anyOf": [keyValue.schema, members.schema]],
                                    "description": "Keys and values in turn: [key, value, key, value, …]."]
        let format = context.settings.keyedDictionaryEncoding == .keyValueArray ? [pairs, value.schema] : [value.schema, pairs]
        return ValueSchema(schema: ["anyOf": format], kinds: [.object, .array],
                           isTypeExact: value.isTypeExact && keyValue.isTypeExact, isValueExact: false)
    }

    /// The schema of the object keys that stand for keys of `type` (``JSONObjectKey``).
    private func keySchema(_ type: Any.Type) -> (schema: [String: Any], isExact: Bool) {
        switch ValueKind.of(type) {
        case .string:
            return ([:], true)
        case .integer:
            // `Int(_:)`'s text: an optional sign and digits (the type's range is not said).
            return (["pattern": "^[+-]?[0-9]+$"], false)
        case .floating:
            // A JSON number's text (the type's range is not said).
            return (["pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"], false)
        case .uuid:
            return (["pattern": StandardJSONSchemas.uuidPattern], true)
        case .url:
            return (["minLength": 1], false)
        case .rawRepresentable(let represented):
            if let raws = Self.rawValues(of: represented) {
                let texts = raws.compactMap { raw -> String? in
                    switch ValueKind.of(value: raw) {
                    case .string, .integer: return "\(raw)"
                    case .any, .substring, .character, .bool, .floating, .decimal, .url, .uuid, .date, .data,
                         .optional, .jsonOptional, .array, .set, .stringKeyedDictionary, .keyedDictionary, .model,
                         .rawRepresentable, .null, .foundationNumber, .foundationString, .foundationArray,
                         .foundationDictionary, .codable, .other:
                        return nil
                    }
                }
                if texts.count == raws.count { return (["enum": texts], true) }
            }
            return (keySchema(Self.rawValueType(of: represented)).schema, false)
        case .any, .substring, .character, .bool, .decimal, .date, .data, .optional, .jsonOptional, .array, .set,
             .stringKeyedDictionary, .keyedDictionary, .model, .null, .foundationNumber, .foundationString,
             .foundationArray, .foundationDictionary, .codable, .other:
            return ([:], false)
        }
    }

    // MARK: Raw values

    /// A raw-value type's schema: its raw type's, limited to the raw values
    /// of its cases when it is `CaseIterable`; with a note otherwise (the
    /// values a raw value must be are not known).
    private mutating func rawValueSchema(_ type: any RawRepresentable.Type, leniency: JSONLeniency,
                                         rules: inout PropertyRules) throws(JSONAdapterError) -> ValueSchema {
        var none = PropertyRules.none
        var value = try typeSchema(Self.rawValueType(of: type), leniency: [], rules: &none)
        let name = ValueDescription.typeName(type)
        if let raws = Self.rawValues(of: type), let values = Self.jsonValues(raws) {
            value.schema["enum"] = values
            value.isValueExact = true
        } else {
            value.addComment("A raw value of \(name) (not CaseIterable, so its values are not listed).")
            value.isValueExact = false
        }
        rules.apply(to: &value, as: .scalar)
        if leniency.contains(.numberStringCoercion), value.kinds == .number {
            value = Self.acceptingNumberStrings(value)
        } else if leniency.contains(.numberStringCoercion), value.kinds == .string {
            value = Self.acceptingNumbers(value)
        }
        return value
    }

    static func rawValueType(of type: any RawRepresentable.Type) -> Any.Type {
        func raw<R: RawRepresentable>(_: R.Type) -> Any.Type { R.RawValue.self }
        return raw(type)
    }

    /// The raw values of every case of `type` when it is `CaseIterable`.
    static func rawValues(of type: any RawRepresentable.Type) -> [Any]? {
        func values<C: CaseIterable>(_: C.Type) -> [Any] {
            C.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue }
        }
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        return values(iterable)
    }

    /// Raw values as the JSON the raw codecs write, or `nil` when one has no plain JSON form.
    static func jsonValues(_ raws: [Any]) -> [Any]? {
        var result: [Any] = []
        for raw in raws {
            switch ValueKind.of(value: raw) {
            case .string, .substring, .character: result.append("\(raw)")
            case .bool:
                guard let bool = raw as? Bool else { return nil }
                result.append(bool)
            case .integer:
                guard let number = NumberValue(raw) else { return nil }
                switch number {
                case .signed(let x): result.append(Int(exactly: x).map { $0 as Any } ?? x)
                case .unsigned(let x): result.append(x)
                default: result.append(raw)
                }
            case .floating:
                guard let number = NumberValue(raw), case .floating(let x) = number, x.isFinite else { return nil }
                result.append(x)
            case .decimal: result.append(raw)
            case .any, .url, .uuid, .date, .data, .optional, .jsonOptional, .array, .set, .stringKeyedDictionary,
                 .keyedDictionary, .model, .rawRepresentable, .null, .foundationNumber, .foundationString,
                 .foundationArray, .foundationDictionary, .codable, .other:
                return nil
            }
        }
        return result
    }
}
