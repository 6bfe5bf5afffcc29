import Foundation
import MantleInternals

/// Lays a model's properties out as the JSON object the decoder reads:
/// dotted key paths become nested objects, array indexes in a path become
/// positions of arrays, alternatives become conditions.
///
/// It follows ``KeyPathLookup``: a missing key or intermediate leaves the
/// property at its default (so nothing is `required`, except in the strict
/// subset, where everything is); a `null` intermediate gives the property
/// `null`, so an intermediate may be `null` only when every property below
/// it takes `null`; an intermediate that is neither an object nor, where the
/// next key is an index, an array, fails. A property that keeps its default
/// on failure (``JSONLeniency/defaultOnFailure``) constrains nothing.
struct ObjectSchemaBuilder {
    /// `true` for the subset language-model structured output accepts.
    let isStrict: Bool
    private var root = Node()
    /// Conditions on the whole object (alternatives), for its `allOf`.
    private var conditions: [[String: Any]] = []

    init(isStrict: Bool) {
        self.isStrict = isStrict
    }

    /// A place in the object: the values read there and the members below.
    struct Node {
        /// The schemas of the properties read here, with whether each constrains the path.
        var leaves: [(schema: ValueSchema, constraining: Bool)] = []
        /// The members below, by key.
        var children: [String: Node] = [:]

        /// `true` when a property at or below here constrains the path.
        var isConstrained: Bool {
            leaves.contains { $0.constraining } || children.values.contains { $0.isConstrained }
        }

        /// `true` when every constraining property at or below here takes `null`.
        var takesNull: Bool {
            leaves.allSatisfy { !$0.constraining || $0.schema.acceptsNull } && children.values.allSatisfy(\.takesNull)
        }

        /// Adds a leaf at `path` below this node.
        mutating func add(_ leaf: (schema: ValueSchema, constraining: Bool), at path: ArraySlice<String>) {
            guard let key = path.first else {
                leaves.append(leaf)
                return
            }
            children[key, default: Node()].add(leaf, at: path.dropFirst())
        }
    }

    /// The largest array index a path may hold for the schema to state the
    /// array's positions (`prefixItems`); past it, arrays there are not described.
    static let largestDescribedIndex = 64

    // MARK: Adding properties

    /// Adds a property read at `path`.
    mutating func add(_ value: ValueSchema, at path: ParsedKeyPath, constraining: Bool) {
        root.add((value, constraining), at: path.components[...])
    }

    /// Adds a property read at the first of `paths` present (``JSONKeyPath/alternatives(_:)``).
    ///
    /// Decoding reads the first path present (`null` included) and ignores the
    /// others, even one that runs through a non-object; when none is present,
    /// such a blocked path fails. So: if the first is present, it must be
    /// valid; else if the second is present, it must be; …; else every path
    /// must be unblocked. The strict subset has only the first path (the one
    /// encoding writes).
    mutating func addAlternatives(_ value: ValueSchema, at paths: [ParsedKeyPath], constraining: Bool) {
        guard !isStrict, paths.count > 1 else {
            if let first = paths.first { add(value, at: first, constraining: constraining) }
            return
        }
        guard constraining else {
            for path in paths { add(value, at: path, constraining: false) }
            return
        }
        func valid(_ path: ParsedKeyPath) -> [String: Any] {
            var single = ObjectSchemaBuilder(isStrict: false)
            single.add(value, at: path, constraining: true)
            return single.objectSchema(single.root, isRoot: true, statesType: false)
        }
        var chain: [String: Any] = ["allOf": paths.map(valid)]
        for path in paths.reversed() {
            chain = ["if": Self.presence(of: path.components[...], arrayIndexes: path.arrayIndexes[...]),
                     "then": valid(path), "else": chain]
        }
        conditions.append(chain)
        // Listed as members too, constraining nothing (the condition does).
        var listed = ValueSchema.anything
        listed.addComment("One of the alternative places of a value (the first present is read): see allOf.")
        for path in paths { root.add((listed, false), at: path.components[...]) }
    }

    /// A schema (for the object the path starts in) that holds when decoding
    /// finds something at the path: each key present, or a `null` on the way.
    private static func presence(of path: ArraySlice<String>, arrayIndexes: ArraySlice<Int?>) -> [String: Any] {
        guard let key = path.first else { return [:] }
        let below = inner(path.dropFirst(), arrayIndexes.dropFirst())
        var schema: [String: Any] = ["required": [key]]
        if !below.isEmpty { schema["properties"] = [key: below] }
        return schema
    }

    /// What a value must be for the rest of a path to be found in it.
    private static func inner(_ path: ArraySlice<String>, _ arrayIndexes: ArraySlice<Int?>) -> [String: Any] {
        guard !path.isEmpty else { return [:] }
        var object: [String: Any] = presence(of: path, arrayIndexes: arrayIndexes)
        object["type"] = "object"
        var choices: [Any] = [["type": "null"] as [String: Any], object]
        if let index = arrayIndexes.first ?? nil {
            var array: [String: Any] = ["type": "array", "minItems": index == .max ? index : index + 1]
            let below = inner(path.dropFirst(), arrayIndexes.dropFirst())
            if !below.isEmpty, index <= largestDescribedIndex {
                array["prefixItems"] = Array(repeating: [:] as [String: Any], count: index) + [below]
            }
            choices.append(array)
        }
        return ["anyOf": choices]
    }

    // MARK: The schema

    /// The object schema. `unknownKeysProperty` names the property that keeps
    /// unknown members (``JSONUnknownKeys``), if any.
    func schema(unknownKeysProperty: String?) -> [String: Any] {
        var schema = objectSchema(root, isRoot: true)
        if isStrict {
            return schema
        }
        if let unknownKeysProperty {
            schema["additionalProperties"] = true
            schema["$comment"] = "Members the mapping does not read are kept in \(unknownKeysProperty)."
        }
        if !conditions.isEmpty {
            schema["allOf"] = (schema["allOf"] as? [Any] ?? []) + conditions
        }
        return schema
    }

    /// The schema of a node's value: its leaves' schemas and the object (or
    /// array) its members make, all of which must hold.
    private func nodeSchema(_ node: Node) -> [String: Any] {
        if node.children.isEmpty {
            if node.leaves.count == 1 || isStrict, let first = node.leaves.first { return first.schema.schema }
            return ["allOf": node.leaves.map(\.schema.schema)]
        }
        if isStrict {
            // No `allOf` in the subset: a value read whole and also into keeps
            // the whole value's schema, `null` only where every member takes it.
            if let whole = node.leaves.first {
                return node.takesNull ? whole.schema.schema : Self.nonNull(whole.schema.schema)
            }
            return objectSchema(node, isRoot: false)
        }
        let structure = objectSchema(node, isRoot: false)
        if node.leaves.isEmpty { return structure }
        return ["allOf": node.leaves.map(\.schema.schema) + [structure]]
    }

    /// The object (or array, or `null`) a node's members make; the root is
    /// an object, said unless `statesType` is `false`.
    private func objectSchema(_ node: Node, isRoot: Bool, statesType: Bool = true) -> [String: Any] {
        var schema: [String: Any] = [:]
        var properties: [String: Any] = [:]
        for (key, child) in node.children { properties[key] = nodeSchema(child) }
        schema["properties"] = properties
        if isStrict {
            schema["type"] = "object"
            schema["required"] = node.children.keys.sorted()
            schema["additionalProperties"] = false
            return schema
        }
        let constrained = node.children.filter { $0.value.isConstrained }
        if isRoot {
            if statesType { schema["type"] = "object" }
        } else if !constrained.isEmpty {
            var types = ["object"]
            let indexes = constrained.keys.map(ParsedKeyPath.arrayIndex(of:))
            let positions = indexes.compactMap { $0 }
            if positions.count == indexes.count {
                types.append("array")
            }
            if positions.count == indexes.count, positions.allSatisfy({ $0 <= Self.largestDescribedIndex }) {
                var items = Array(repeating: [:] as [String: Any], count: (positions.max() ?? -1) + 1)
                for (key, child) in node.children {
                    if let index = ParsedKeyPath.arrayIndex(of: key), index < items.count { items[index] = nodeSchema(child) }
                }
                schema["prefixItems"] = items
            }
            if constrained.values.allSatisfy(\.takesNull) { types.append("null") }
            schema["type"] = types.count == 1 ? types[0] : types
        }
        return schema
    }

    /// `schema` without `null` (for the strict subset's values read whole and into).
    private static func nonNull(_ schema: [String: Any]) -> [String: Any] {
        if let types = schema["type"] as? [String] {
            var result = schema
            let remaining = types.filter { $0 != "null" }
            result["type"] = remaining.count == 1 ? remaining[0] : remaining
            if let values = result["enum"] as? [Any] { result["enum"] = values.filter { !ValueConversion.isNull($0) } }
            return result
        }
        if let choices = schema["anyOf"] as? [Any], choices.count == 2,
           let last = choices.last as? [String: Any], last.count == 1, last["type"] as? String == "null",
           let first = choices.first as? [String: Any] {
            var result = first
            for (key, value) in schema where key != "anyOf" { result[key] = value }
            return result
        }
        return schema
    }

    /// Requires `value` at `path` inside the object `schema` describes: each
    /// key `required`, each level an object (for a type discriminator's field).
    static func constrain(_ schema: inout [String: Any], at path: ArraySlice<String>, to value: [String: Any]) {
        guard let key = path.first else { return }
        var properties = schema["properties"] as? [String: Any] ?? [:]
        if path.count == 1 {
            properties[key] = value
        } else {
            var inner: [String: Any] = (properties[key] as? [String: Any]).flatMap { $0["properties"] != nil ? $0 : nil }
                ?? ["type": "object"]
            constrain(&inner, at: path.dropFirst(), to: value)
            properties[key] = inner
        }
        schema["properties"] = properties
        let required = schema["required"] as? [String] ?? []
        if !required.contains(key) { schema["required"] = required + [key] }
    }
}
