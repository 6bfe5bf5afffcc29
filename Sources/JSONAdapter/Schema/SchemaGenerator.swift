import Foundation
import MantleInternals

/// Builds the JSON Schema of a model type from its compiled mapping
/// (``ModelMapping``), in one configuration's ``MappingContext``.
///
/// Each model type reachable from the root is described once, in `$defs`,
/// and referred to with `$ref` (the root type itself with `#`), so recursive
/// models end. A type with a ``JSONTypeDiscriminator`` is a `oneOf` of the
/// object schemas of the types its table names (each under `<Type>.fields`
/// in `$defs`) with the field's value in each.
struct SchemaGenerator {
    /// The choices the mappings are compiled under.
    let context: MappingContext
    /// `true` for the subset language-model structured output accepts.
    let isStrict: Bool
    /// The type the document describes.
    let rootType: any JSONSerializing.Type
    /// The definitions built so far.
    private var definitions: [DefinitionKey: [String: Any]] = [:]
    /// The types of the definitions referred to.
    private var referredTypes: [DefinitionKey: any JSONSerializing.Type] = [:]
    /// Definitions referred to and not built yet.
    private var pending: [DefinitionKey] = []
    /// What is known of each model's properties.
    var report = SchemaReport()

    private init(rootType: any JSONSerializing.Type, options: JSONSchema.Options) {
        self.rootType = rootType
        context = options.configuration.context
        isStrict = options.isStrictStructuredOutput
    }

    /// The schema document of `type`.
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONMapping`` for a mapping
    ///   decoding would refuse, a constraint that cannot apply to its
    ///   property, or a transformer's stated schema that is not JSON.
    static func schema(of type: any JSONSerializing.Type,
                       options: JSONSchema.Options) throws(JSONAdapterError) -> JSONSchema {
        var generator = SchemaGenerator(rootType: type, options: options)
        var root = try generator.entrySchema(of: type)
        while let key = generator.pending.popLast() {
            guard generator.definitions[key] == nil, let defined = generator.referredTypes[key] else { continue }
            generator.definitions[key] = key.isFields ? try generator.objectSchema(of: defined)
                : try generator.entrySchema(of: defined)
        }
        root = generator.resolvingReferences(in: root)
        if !generator.definitions.isEmpty {
            root["$defs"] = generator.resolvedDefinitions()
        }
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        if generator.isStrict { root = StructuredOutputSubset.applied(to: root) }
        return JSONSchema(jsonObject: root, report: generator.report)
    }

    // MARK: References

    /// `{"$ref": …}` to the definition of `type` (its object schema when
    /// `fields`, what decoding it accepts otherwise), which is built later.
    mutating func reference(to type: any JSONSerializing.Type, fields: Bool = false) -> [String: Any] {
        let key = DefinitionKey(type, isFields: fields)
        if !isRoot(key), referredTypes[key] == nil {
            referredTypes[key] = type
            pending.append(key)
        }
        return ["$ref": SchemaReference(key: key)]
    }

    /// `true` for the root type's entry, which is the document itself.
    private func isRoot(_ key: DefinitionKey) -> Bool {
        !key.isFields && key.type == ObjectIdentifier(rootType)
    }

    /// The names of the definitions: each type's name, made unique with its
    /// module and enclosing types where two share one, and kept to the
    /// characters a JSON pointer in a URI fragment may hold unescaped.
    private func definitionNames() -> [DefinitionKey: String] {
        func sanitized(_ text: String) -> String {
            String(text.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": return Character(scalar)
                default: return "_"
                }
            })
        }
        func name(_ key: DefinitionKey, qualified: Bool) -> String {
            guard let type = referredTypes[key] else { return "_" }
            let base = sanitized(qualified ? String(reflecting: type) : String(describing: type))
            return key.isFields ? base + ".fields" : base
        }
        var names: [DefinitionKey: String] = [:]
        let keys = Array(referredTypes.keys)
        let short = Dictionary(grouping: keys) { name($0, qualified: false) }
        for (shortName, group) in short {
            for key in group { names[key] = group.count == 1 ? shortName : name(key, qualified: true) }
        }
        // Distinct types with the same qualified name (local types): numbered.
        let taken = Dictionary(grouping: keys) { names[$0] ?? "" }
        for (name, group) in taken where group.count > 1 {
            for (index, key) in group.sorted(by: { $0.type.hashValue < $1.type.hashValue }).enumerated() {
                names[key] = name + "_\(index + 1)"
            }
        }
        return names
    }

    /// The definitions, with their references resolved, by name.
    private func resolvedDefinitions() -> [String: Any] {
        let names = definitionNames()
        var result: [String: Any] = [:]
        for (key, schema) in definitions {
            result[names[key] ?? "_"] = resolvingReferences(in: schema, names: names)
        }
        return result
    }

    /// `schema` with every ``SchemaReference`` replaced by its JSON pointer.
    private func resolvingReferences(in schema: [String: Any]) -> [String: Any] {
        resolvingReferences(in: schema, names: definitionNames())
    }

    /// `schema` with every ``SchemaReference`` replaced by its JSON pointer, given the names.
    private func resolvingReferences(in schema: [String: Any], names: [DefinitionKey: String]) -> [String: Any] {
        func resolve(_ value: Any) -> Any {
            if let reference = value as? SchemaReference {
                return isRoot(reference.key) ? "#" : "#/$defs/" + (names[reference.key] ?? "_")
            }
            if let object = value as? [String: Any] { return object.mapValues(resolve) }
            if let array = value as? [Any] { return array.map(resolve) }
            return value
        }
        return schema.mapValues(resolve)
    }

    // MARK: Models

    /// The schema of what decoding `type` accepts: its object schema, or for
    /// a class cluster, the schemas of the types it may choose.
    mutating func entrySchema(of type: any JSONSerializing.Type) throws(JSONAdapterError) -> [String: Any] {
        let mapping = try ModelMapping.of(type, in: context)
        if let discriminator = mapping.discriminator {
            return try clusterSchema(of: type, discriminator)
        }
        if mapping.isClassCluster {
            // `classForParsing(jsonDictionary:)` is code: which type it picks, and so
            // which mapping applies, cannot be known. The type's own fields are
            // the structured-output contract (the producer follows them).
            report.hasOpaqueClusters = true
            if isStrict { return try objectSchema(of: type) }
            return ["type": "object",
                    "$comment": "\(ValueDescription.typeName(type)) chooses the type to decode in "
                        + "classForParsing(jsonDictionary:), which a schema cannot follow: any object."]
        }
        return try objectSchema(of: type)
    }

    /// The object schema of `type`'s own mapping (its properties; no cluster choice).
    mutating func objectSchema(of type: any JSONSerializing.Type) throws(JSONAdapterError) -> [String: Any] {
        let mapping = try ModelMapping.of(type, in: context)
        var builder = ObjectSchemaBuilder(isStrict: isStrict)
        var reports: [String: ValueSchema] = [:]
        for property in mapping.properties {
            let value = try propertySchema(property, of: type)
            reports[property.key] = value
            let constraining = isStrict || !property.defaultsOnFailure
            switch property.keyPath {
            case .single(let path):
                builder.add(value, at: path, constraining: constraining)
            case .alternatives(let paths):
                builder.addAlternatives(value, at: paths, constraining: constraining)
            case .composite(let paths):
                for path in paths {
                    builder.add(Self.member(path.text, of: value), at: path, constraining: constraining)
                }
            }
        }
        report.properties[ObjectIdentifier(type)] = reports
        return builder.schema(unknownKeysProperty: mapping.unknownKeys?.property.key)
    }

    /// The schema of a composite property's member `text`, from the
    /// property's schema (of the dictionary its paths are gathered into).
    private static func member(_ text: String, of value: ValueSchema) -> ValueSchema {
        let schema = (value.schema["properties"] as? [String: Any])?[text] as? [String: Any]
            ?? value.schema["additionalProperties"] as? [String: Any] ?? [:]
        var member = ValueSchema(schema: schema, kinds: schemaKinds(schema),
                                 isTypeExact: false, isValueExact: false)
        if schemaMayAcceptNull(schema) { member.kinds.insert(.null) }
        if let description = value.schema["description"] as? String { member.addDescription(description) }
        return member
    }

    // MARK: Type discriminators

    /// What decoding `type` accepts when `discriminator` chooses the type:
    /// one branch per type of the table that `type` may decode as (itself, a
    /// subclass), with the field's values naming it; and the fallback's, for
    /// the other values, when there is one.
    private mutating func clusterSchema(of type: any JSONSerializing.Type,
                                        _ discriminator: JSONTypeDiscriminator) throws(JSONAdapterError) -> [String: Any] {
        guard let path = ParsedKeyPath(discriminator.keyPath) else {
            throw JSONAdapterError(code: .invalidJSONMapping, jsonKeyPath: discriminator.keyPath,
                                   modelTypeName: ValueDescription.typeName(type),
                                   detail: "malformed type discriminator key path \(String(reflecting: discriminator.keyPath))")
        }
        var namesByType: [ObjectIdentifier: (type: any JSONSerializing.Type, names: [String])] = [:]
        for (name, chosen) in discriminator.types where isSubclass(chosen, of: type) {
            namesByType[ObjectIdentifier(chosen), default: (chosen, [])].names.append(name)
        }
        let branches = namesByType.values.sorted { ($0.names.min() ?? "") < ($1.names.min() ?? "") }
        var choices: [Any] = []
        for branch in branches {
            let names = branch.names.sorted()
            if isStrict {
                var object = try objectSchema(of: branch.type)
                ObjectSchemaBuilder.constrain(&object, at: path.components[...], to: ["type": "string", "enum": names])
                choices.append(object)
            } else {
                var choice = reference(to: branch.type, fields: true)
                ObjectSchemaBuilder.constrain(&choice, at: path.components[...],
                                              to: ["enum": Self.discriminatorValues(names)])
                choices.append(choice)
            }
        }
        if !isStrict, let fallback = discriminator.fallback, isSubclass(fallback, of: type) {
            // Any other value, a missing field, or one that names nothing (not a string).
            var named: [String: Any] = [:]
            ObjectSchemaBuilder.constrain(&named, at: path.components[...],
                                          to: ["enum": Self.discriminatorValues(discriminator.types.keys.sorted())])
            var choice = reference(to: fallback, fields: true)
            choice["not"] = named
            choices.append(choice)
        }
        let typeName = ValueDescription.typeName(type)
        guard !choices.isEmpty else {
            return ["not": [:] as [String: Any],
                    "$comment": "\(typeName)'s type discriminator names no type that decodes as \(typeName)."]
        }
        return [isStrict ? "anyOf" : "oneOf": choices,
                "$comment": "\"\(discriminator.keyPath)\" names the type to decode."]
    }

    /// The JSON values of the discriminator field that select `names`: each
    /// string, and the number an integer name stands for (numbers count as
    /// their decimal text).
    private static func discriminatorValues(_ names: [String]) -> [Any] {
        var values: [Any] = names
        for name in names {
            if let number = NumberValue(integerText: name), number.description == name,
               case .signed(let integer) = number {
                values.append(integer)
            }
        }
        return values
    }
}

/// One definition of `$defs`: a model type's entry (what decoding it
/// accepts) or, for types in a type discriminator's table, its own fields.
struct DefinitionKey: Hashable {
    /// The model type.
    let type: ObjectIdentifier
    /// `true` for the type's own object schema.
    let isFields: Bool

    /// The key of `type`'s entry, or of its fields.
    init(_ type: any JSONSerializing.Type, isFields: Bool) {
        self.type = ObjectIdentifier(type)
        self.isFields = isFields
    }
}

/// A `$ref` to a definition, until the definitions are named.
struct SchemaReference {
    let key: DefinitionKey
}
