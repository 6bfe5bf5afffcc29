//
//  SchemaMutator.swift
//  Mutations of documents the decoder accepts, for the schema corpus: at each
//  mapped property's place (and the objects on its path), `null`, a value of
//  each kind its schema does not admit, values at the edges of its kind (out
//  of range, not an integer, not one of the raw values), values breaking its
//  declared constraints; then the same inside nested models and the first
//  element of collections. A property is mutated only as far as its schema
//  claims to follow the decoder (`ValueSchema.isTypeExact`/`isValueExact`):
//  the corpus then checks that the validator and the decoder agree on every
//  mutant, whichever way the decoder decides.
//

import Foundation
@testable import JSONAdapter

/// Makes mutants of a document.
struct SchemaMutator {
    /// The configuration the document is decoded with.
    let configuration: JSONAdapter.Configuration
    /// What the generator knew of each model's properties.
    let report: SchemaReport
    /// `true` when decoding checks declared constraints (so breaking one is refused).
    let decoderChecksConstraints: Bool
    /// How many nested models deep mutations go.
    let maximumDepth = 2

    /// One mutant: what changed, and the whole document.
    struct Mutant {
        let label: String
        let document: SchemaCorpusTree
    }

    /// Values of each kind, for the kinds a schema does not admit.
    static let wrongKinds: [(JSONKinds, SchemaCorpusTree)] = [
        (.string, .string("mutated")), (.number, .number("12345")), (.boolean, .bool(true)),
        (.object, .object([("mutated", .number("1"))])), (.array, .array([.number("1")])),
    ]

    /// Values at the edges of numbers and strings.
    static let edgeValues: [SchemaCorpusTree] = [
        .number("1.5"), .number("-1"), .number("0"), .number("1e2"), .number("1e400"), .number("-1e400"),
        .number("128"), .number("256"), .number("65536"), .number("4294967296"),
        .number("9223372036854775808"), .number("-9223372036854775809"), .number("18446744073709551616"),
        .number("340282366920938463463374607431768211456"), .number("3.4028235e38"), .number("3.5e38"),
        .string(""), .string("not-a-raw-value"), .string("2021-02-29T00:00:00Z"), .string("2021-02-28T24:00:00Z"),
        .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5"), .string("AAE"), .string("0g"), .string("\u{1F389}"),
    ]

    /// The mutants of `document`, an object of `type`.
    func mutants(of document: SchemaCorpusTree, as type: any JSONSerializing.Type) -> [Mutant] {
        var result: [Mutant] = []
        collect(in: document, as: type, at: [], depth: 0, into: &result)
        return result
    }

    /// Adds the mutants of the object at `base` (of `type`) to `result`.
    private func collect(in root: SchemaCorpusTree, as type: any JSONSerializing.Type, at base: [String],
                         depth: Int, into result: inout [Mutant]) {
        guard depth <= maximumDepth, let mapping = try? ModelMapping.of(type, in: configuration.context),
              let properties = report.properties[ObjectIdentifier(type)] else { return }
        let typeName = ValueDescription.typeName(type)
        var exactPrefixes: [String: Bool] = [:]
        for property in mapping.properties {
            for path in property.keyPath.paths {
                let exact: Bool
                if case .single = property.keyPath { exact = properties[property.key]?.isTypeExact == true } else { exact = false }
                for length in 1..<max(path.components.count, 1) {
                    let prefix = path.components.prefix(length).joined(separator: "\u{0}")
                    exactPrefixes[prefix] = (exactPrefixes[prefix] ?? true) && exact
                }
            }
        }
        for property in mapping.properties {
            guard case .single(let path) = property.keyPath, let value = properties[property.key] else { continue }
            let place = base + path.components
            let label = "\(typeName).\(property.key) at \(place.joined(separator: "."))"
            let constraints = type.jsonConstraints(forKey: property.key)
            mutate(root, at: place, value, constraints: constraints, label: label, into: &result)
            // The objects on the way.
            for length in 1..<max(path.components.count, 1) {
                let prefix = path.components.prefix(length)
                guard exactPrefixes[prefix.joined(separator: "\u{0}")] == true else { continue }
                for replacement in [SchemaCorpusTree.null, .string("mutated"), .array([])] {
                    result.append(Mutant(label: "\(typeName) intermediate \(prefix.joined(separator: ".")) → \(replacement.text)",
                                         document: root.replacing(at: (base + prefix)[...], with: replacement)))
                }
            }
            // Inside nested models.
            if type.jsonTransformer(forKey: property.key) == nil, let found = root.value(at: place[...]) {
                descend(into: found, of: property.valueType, root: root, at: place, depth: depth, into: &result)
            }
        }
    }

    /// Mutates the value at `place`.
    private func mutate(_ root: SchemaCorpusTree, at place: [String], _ value: ValueSchema,
                        constraints: [JSONConstraint], label: String, into result: inout [Mutant]) {
        guard let current = root.value(at: place[...]) else { return }
        func add(_ replacement: SchemaCorpusTree, _ why: String) {
            guard replacement != current else { return }
            result.append(Mutant(label: "\(label) → \(why) \(replacement.text.prefix(40))",
                                 document: root.replacing(at: place[...], with: replacement)))
        }
        if value.isTypeExact {
            add(.null, "null")
            for (kind, sample) in Self.wrongKinds where !value.kinds.contains(kind) { add(sample, "kind") }
            if case .array(let elements) = current, !elements.isEmpty, let element = value.elements.first,
               element.isTypeExact {
                for (kind, sample) in Self.wrongKinds where !element.kinds.contains(kind) {
                    add(.array([sample] + elements.dropFirst()), "element kind")
                }
                if !element.acceptsNull { add(.array([.null] + elements.dropFirst()), "null element") }
            }
        }
        let constrained = !constraints.isEmpty
        guard value.isValueExact, !constrained || decoderChecksConstraints else { return }
        for edge in Self.edgeValues where value.kinds.contains(Self.kind(of: edge)) { add(edge, "edge") }
        for constraint in constraints { breaking(constraint).forEach { add($0, "breaking \(constraint)") } }
    }

    /// Values that break `constraint` (of the kind it applies to).
    private func breaking(_ constraint: JSONConstraint) -> [SchemaCorpusTree] {
        switch constraint.rule {
        case .number(let minimum, let maximum):
            return [minimum.map { .number("\($0.isExclusive ? $0.value : $0.value - 1)") },
                    maximum.map { .number("\($0.isExclusive ? $0.value : $0.value + 1)") }].compactMap { $0 }
        case .length(let minimum, let maximum):
            return [minimum.flatMap { $0 > 0 ? .string(String(repeating: "é", count: $0 - 1)) : nil },
                    maximum.map { .string(String(repeating: "é", count: $0 + 1)) }].compactMap { $0 }
        case .pattern:
            return [.string(""), .string(" "), .string("\u{0}mutated\u{0}")]
        case .count(let minimum, let maximum):
            return [minimum.flatMap { $0 > 0 ? .array([]) : nil },
                    maximum.map { _ in .array([]) }].compactMap { $0 }
        case .allowedValues:
            return [.string("not-allowed"), .number("-424242")]
        case .satisfying:
            return []
        }
    }

    /// The kind of a tree.
    static func kind(of tree: SchemaCorpusTree) -> JSONKinds {
        switch tree {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// Mutates inside `found`, the value of a property of `type` at `place`:
    /// a nested model's properties, or those of a collection's first model.
    private func descend(into found: SchemaCorpusTree, of type: Any.Type, root: SchemaCorpusTree, at place: [String],
                         depth: Int, into result: inout [Mutant]) {
        if configuration.context.transformer(for: type) != nil { return }
        switch ValueKind.of(type) {
        case .optional(let optional):
            descend(into: found, of: optional.wrappedType, root: root, at: place, depth: depth, into: &result)
        case .model(let model):
            guard let serializing = model as? any JSONSerializing.Type, case .object = found,
                  (try? ModelMapping.of(serializing, in: configuration.context))?.isClassCluster == false else { return }
            collect(in: root, as: serializing, at: place, depth: depth + 1, into: &result)
        case .array(let array):
            guard case .array(let elements) = found, let first = elements.first else { return }
            descend(into: first, of: array.elementType, root: root, at: place + ["0"], depth: depth, into: &result)
        case .set(let set):
            guard case .array(let elements) = found, let first = elements.first else { return }
            descend(into: first, of: set.elementType, root: root, at: place + ["0"], depth: depth, into: &result)
        case .stringKeyedDictionary(let dictionary):
            guard case .object(let members) = found, let first = members.first else { return }
            descend(into: first.value, of: dictionary.valueType, root: root, at: place + [first.key], depth: depth,
                    into: &result)
        case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .jsonOptional, .keyedDictionary, .rawRepresentable, .null, .foundationNumber, .foundationString,
             .foundationArray, .foundationDictionary, .codable, .other:
            return
        }
    }
}
