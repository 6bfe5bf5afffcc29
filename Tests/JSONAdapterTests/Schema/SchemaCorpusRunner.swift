//
//  SchemaCorpusRunner.swift
//  Runs the schema corpus: the schema (complete and strict) of every entry,
//  and every document with the decoder's verdict on both decoding paths —
//  the entry's own documents, a sample, the encoded default model, the
//  encoding of each accepted document, mutants of the accepted ones, and the
//  nested models' objects found in them (as entries of their own). The
//  Python checker (.ci/check-json-schemas) validates the documents against
//  the schemas with the reference `jsonschema` package and compares.
//

import Foundation
@testable import JSONAdapter

/// The corpus's schemas and cases.
struct SchemaCorpusRunner {
    /// One document with the decoder's verdict.
    struct Case {
        /// The schema's id.
        let schema: String
        /// What the document is.
        let label: String
        /// The document's JSON text.
        let document: String
        /// `true` when the decoder accepts it.
        let accepted: Bool
        /// What the validator must say.
        let expectation: Expectation
        /// Why the decoder refused it, or why the expectation is what it is.
        let reason: String
        /// `true` when the strict subset must refuse it too: the decoder
        /// refuses it for a type or rule reason the strict subset states as
        /// keywords (it says some rules, lengths among them, only in words).
        let strictRefuses: Bool
    }

    /// What the validator must say of a document.
    enum Expectation: String {
        /// Valid: the decoder accepts it.
        case valid
        /// Invalid: the decoder refuses it for the type of a value or a
        /// declared rule, where the schema claims to follow the decoder; or
        /// the decoder accepts it where the schema documentedly refuses (a
        /// set's duplicate elements).
        case invalid
        /// Either: the decoder refuses it for a reason the schema cannot
        /// say (`validate()`, a rule in words), or accepts it breaking a
        /// constraint because this build does not check them yet.
        case either
    }

    /// `true` when decoding checks declared constraints (see ``probeConstraints()``).
    let decoderChecksConstraints = SchemaCorpusRunner.probeConstraints()
    /// Each schema's text, by id (the strict subset's id ends in `.strict`).
    private(set) var schemas: [String: Data] = [:]
    /// The cases, in order.
    private(set) var cases: [Case] = []
    /// Documents on which the two decoding paths disagree.
    private(set) var pathDisagreements: [String] = []
    /// Schemas that could not be made, with the error.
    private(set) var failures: [String] = []
    /// Nested models whose objects were collected once already, by entry id
    /// (so recursive models end).
    private var harvestedOnce: Set<String> = []
    /// `true` while the entry being run has a strict subset that states
    /// every rule the decoder checks as keywords.
    private var strictExact = true
    /// The `description`s of the entry being run's schema, where it says
    /// the rules it cannot state as keywords (`Must be an even number.`).
    private var wordedRules: [String] = []
    /// The most mutated documents per entry, and mutants per document.
    private let mutatedDocuments = 4, mutantsPerDocument = 120
    /// The most nested objects kept per nested type and configuration.
    private let harvestLimit = 12

    /// Runs `entries`, then the nested models found in their documents.
    mutating func run(_ entries: [SchemaCorpusEntry]) {
        var queue = entries
        var harvested: [String: (entry: SchemaCorpusEntry, documents: [(String, Data)])] = [:]
        while !queue.isEmpty || !harvested.isEmpty {
            if queue.isEmpty {
                queue = harvested.values.sorted { $0.entry.id < $1.entry.id }.map {
                    SchemaCorpusEntry($0.entry.type, $0.entry.configurationName, $0.entry.configuration,
                                      documents: $0.documents)
                }
                harvestedOnce.formUnion(harvested.keys)
                harvested = [:]
            }
            let entry = queue.removeFirst()
            let found = run(entry)
            for (type, label, document) in found {
                let nested = SchemaCorpusEntry(type, entry.configurationName, entry.configuration)
                guard !harvestedOnce.contains(nested.id) else { continue }
                var slot = harvested[nested.id] ?? (nested, [])
                if slot.documents.count < harvestLimit { slot.documents.append((label, Data(document.text.utf8))) }
                harvested[nested.id] = slot
            }
        }
    }

    /// Runs one entry; returns the nested models' objects its accepted documents hold.
    private mutating func run(_ entry: SchemaCorpusEntry) -> [(any JSONSerializing.Type, String, SchemaCorpusTree)] {
        let schema: JSONSchema, strict: JSONSchema
        do {
            schema = try JSONAdapter.jsonSchema(of: entry.type, options: .init(configuration: entry.configuration))
            strict = try JSONAdapter.jsonSchema(of: entry.type, options: .init(configuration: entry.configuration,
                                                                                    isStrictStructuredOutput: true))
            schemas[entry.id] = try schema.jsonData(prettyPrinted: true)
            schemas[entry.id + ".strict"] = try strict.jsonData(prettyPrinted: true)
        } catch {
            failures.append("\(entry.id): \(error)")
            return []
        }
        let exact = !schema.report.hasOpaqueClusters
            && schema.report.properties.values.allSatisfy { $0.values.allSatisfy { $0.isTypeExact && $0.isValueExact } }
        strictExact = !strict.report.hasOpaqueClusters
            && strict.report.properties.values.allSatisfy { $0.values.allSatisfy { $0.isTypeExact && $0.isValueExact } }
        let unchecked = schema.report.statesConstraints && !decoderChecksConstraints
        wordedRules = Self.descriptions(in: schema.jsonObject)
        let sampler = SchemaSampler(configuration: entry.configuration)
        var documents = entry.documents.map { (label: $0.label, data: $0.data, mutants: true) }
        documents += sampler.documents(of: entry.type).enumerated().map {
            (label: "sample #\($0.offset)", data: Data($0.element.text.utf8), mutants: true)
        }
        if let encoded = try? JSONAdapter.jsonData(from: entry.type.init(), options: .configuration(entry.configuration)) {
            documents.append((label: "encoded default", data: encoded, mutants: false))
        }
        let mutator = SchemaMutator(configuration: entry.configuration, report: schema.report,
                                    decoderChecksConstraints: decoderChecksConstraints)
        var found: [(any JSONSerializing.Type, String, SchemaCorpusTree)] = []
        var mutated = 0
        for document in documents {
            guard let tree = SchemaCorpusTree(parsing: document.data) else { continue }
            let verdict = record(tree, label: document.label, entry: entry, comparedIfRejected: exact,
                                 uncheckedConstraints: unchecked)
            guard let model = verdict else { continue }
            if let encoded = try? JSONAdapter.jsonData(from: model, options: .configuration(entry.configuration)),
               let encodedTree = SchemaCorpusTree(parsing: encoded) {
                _ = record(encodedTree, label: document.label + ", encoded", entry: entry, comparedIfRejected: exact,
                           uncheckedConstraints: unchecked)
            }
            found += nested(in: tree, of: entry.type, configuration: entry.configuration, label: document.label)
            guard document.mutants, mutated < mutatedDocuments else { continue }
            mutated += 1
            for mutant in mutator.mutants(of: tree, as: entry.type).prefix(mutantsPerDocument) {
                _ = record(mutant.document, label: "\(document.label): \(mutant.label)", entry: entry,
                           comparedIfRejected: !schema.report.hasOpaqueClusters, uncheckedConstraints: unchecked)
            }
        }
        return found
    }

    /// Records a document with the decoder's verdict; returns the model when it is accepted.
    private mutating func record(_ tree: SchemaCorpusTree, label: String, entry: SchemaCorpusEntry,
                                 comparedIfRejected: Bool, uncheckedConstraints: Bool) -> (any JSONSerializing)? {
        let text = tree.text
        let data = Data(text.utf8)
        let fromBytes = Self.decode(entry.type, data, entry.configuration)
        if let dictionary = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let fromDictionary = Self.decode(entry.type, dictionary, entry.configuration)
            if Self.isAccepted(fromBytes) != Self.isAccepted(fromDictionary) {
                pathDisagreements.append("\(entry.id) \(label): \(text.prefix(200))")
            }
        }
        switch fromBytes {
        case .success(let model):
            let (expectation, reason): (Expectation, String)
            if hasDuplicateSetElements(tree, of: entry.type, configuration: entry.configuration) {
                (expectation, reason) = (.invalid, "documented: the schema refuses a set's duplicate elements")
            } else if uncheckedConstraints {
                (expectation, reason) = (.either, "this build does not check constraints while decoding")
            } else {
                (expectation, reason) = (.valid, "")
            }
            cases.append(Case(schema: entry.id, label: label, document: text, accepted: true, expectation: expectation,
                              reason: reason, strictRefuses: false))
            return model
        case .failure(let error):
            // A refusal for a rule the schema says only in words (a mutant inside a nested model
            // can break a predicate of the property that holds it) is not compared.
            let worded = (error as? JSONAdapterError)?.allErrors.contains { entry in
                entry.expected.map { expected in wordedRules.contains { $0.contains("Must be \(expected).") } } ?? false
            } ?? false
            let compared = comparedIfRejected && !worded && Self.isTypeOrRuleFailure(error)
            cases.append(Case(schema: entry.id, label: label, document: text, accepted: false,
                              expectation: compared ? .invalid : .either, reason: "\(error)",
                              strictRefuses: strictExact && Self.isTypeOrRuleFailure(error)))
            return nil
        }
    }

    /// Every `description` in a schema document.
    static func descriptions(in schema: Any) -> [String] {
        if let object = schema as? [String: Any] {
            let own = (object["description"] as? String).map { [$0] } ?? []
            return own + object.values.flatMap(descriptions)
        }
        if let array = schema as? [Any] { return array.flatMap(descriptions) }
        return []
    }

    /// `true` for a decoded model.
    static func isAccepted(_ result: Result<any JSONSerializing, any Error>) -> Bool {
        if case .success = result { return true }
        return false
    }

    /// `true` for a refusal for the type of a value or a declared rule (not
    /// `validate()`, which passes its own errors through, nor malformed JSON).
    static func isTypeOrRuleFailure(_ error: any Error) -> Bool {
        guard let error = error as? JSONAdapterError else { return false }
        switch error.code {
        case .invalidValue, .invalidJSONDictionary, .noClassFound: return true
        case .invalidJSONMapping, .invalidJSONData: return false
        }
    }

    /// Decodes JSON text as `type`, with the typed API (a struct's type discriminator must choose the struct).
    static func decode(_ type: any JSONSerializing.Type, _ data: Data,
                       _ configuration: JSONAdapter.Configuration) -> Result<any JSONSerializing, any Error> {
        func typed<M: JSONSerializing>(_: M.Type) -> Result<any JSONSerializing, any Error> {
            Result { try JSONAdapter.model(of: M.self, fromJSONData: data, options: .configuration(configuration)) }
        }
        return typed(type)
    }

    /// Decodes a `JSONSerialization` dictionary as `type`.
    static func decode(_ type: any JSONSerializing.Type, _ dictionary: [String: Any],
                       _ configuration: JSONAdapter.Configuration) -> Result<any JSONSerializing, any Error> {
        func typed<M: JSONSerializing>(_: M.Type) -> Result<any JSONSerializing, any Error> {
            Result { try JSONAdapter.model(of: M.self, from: dictionary, options: .configuration(configuration)) }
        }
        return typed(type)
    }

    /// The objects of nested models in `tree` (an accepted object of `type`):
    /// values, optionals, and elements and members of collections.
    private func nested(in tree: SchemaCorpusTree, of type: any JSONSerializing.Type,
                        configuration: JSONAdapter.Configuration,
                        label: String) -> [(any JSONSerializing.Type, String, SchemaCorpusTree)] {
        var result: [(any JSONSerializing.Type, String, SchemaCorpusTree)] = []
        Self.visitValues(in: tree, of: type, configuration: configuration) { value, valueType, place in
            guard case .model(let model) = ValueKind.of(valueType), let serializing = model as? any JSONSerializing.Type,
                  case .object = value else { return }
            result.append((serializing, "\(label) → \(place)", value))
        }
        return result
    }

    /// `true` when a set in `tree` (an accepted object of `type`, or a model
    /// nested in it) has two elements that are equal as JSON.
    private func hasDuplicateSetElements(_ tree: SchemaCorpusTree, of type: any JSONSerializing.Type,
                                         configuration: JSONAdapter.Configuration) -> Bool {
        var found = false
        func visit(_ tree: SchemaCorpusTree, _ type: any JSONSerializing.Type) {
            Self.visitValues(in: tree, of: type, configuration: configuration) { value, valueType, _ in
                switch ValueKind.of(valueType) {
                case .set:
                    guard case .array(let elements) = value else { return }
                    let keys = elements.map(\.jsonSchemaKey)
                    if Set(keys).count != keys.count { found = true }
                case .model(let model):
                    if let serializing = model as? any JSONSerializing.Type, case .object = value { visit(value, serializing) }
                case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date,
                     .data, .optional, .jsonOptional, .array, .stringKeyedDictionary, .keyedDictionary,
                     .rawRepresentable, .null, .foundationNumber, .foundationString, .foundationArray,
                     .foundationDictionary, .codable, .other:
                    return
                }
            }
        }
        visit(tree, type)
        return found
    }

    /// Calls `body` with each value (and element of a collection, and the
    /// value an optional wraps) of `type`'s properties in `tree`, with its
    /// declared type and place.
    static func visitValues(in tree: SchemaCorpusTree, of type: any JSONSerializing.Type,
                            configuration: JSONAdapter.Configuration,
                            _ body: (SchemaCorpusTree, Any.Type, String) -> Void) {
        guard let mapping = try? ModelMapping.of(type, in: configuration.context) else { return }
        func collect(_ value: SchemaCorpusTree, _ valueType: Any.Type, _ place: String) {
            if configuration.context.transformer(for: valueType) != nil { return }
            body(value, valueType, place)
            switch ValueKind.of(valueType) {
            case .optional(let optional): collect(value, optional.wrappedType, place)
            case .array(let array):
                guard case .array(let elements) = value else { return }
                for (index, element) in elements.prefix(4).enumerated() { collect(element, array.elementType, "\(place)[\(index)]") }
            case .set(let set):
                guard case .array(let elements) = value else { return }
                for (index, element) in elements.prefix(4).enumerated() { collect(element, set.elementType, "\(place)[\(index)]") }
            case .stringKeyedDictionary(let dictionary):
                guard case .object(let members) = value else { return }
                for member in members.prefix(4) { collect(member.value, dictionary.valueType, "\(place).\(member.key)") }
            case .keyedDictionary(let dictionary):
                guard case .object(let members) = value else { return }
                for member in members.prefix(4) { collect(member.value, dictionary.valueType, "\(place).\(member.key)") }
            case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date,
                 .data, .jsonOptional, .model, .rawRepresentable, .null, .foundationNumber, .foundationString,
                 .foundationArray, .foundationDictionary, .codable, .other:
                return
            }
        }
        for property in mapping.properties where type.jsonTransformer(forKey: property.key) == nil {
            guard case .single(let path) = property.keyPath, let value = tree.value(at: path.components[...]) else {
                continue
            }
            collect(value, property.valueType, path.text)
        }
    }

    /// `true` when decoding refuses a value that breaks a declared constraint
    /// (a decoder that did not check constraints would accept the mutants that
    /// break them).
    static func probeConstraints() -> Bool {
        (try? JSONAdapter.model(of: ConstraintProbe.self, fromJSONData: Data(#"{"count": 0}"#.utf8))) == nil
    }

    /// A model with one constraint, for ``probeConstraints()``.
    struct ConstraintProbe: JSONSerializing {
        var count = 1
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.range(1...)] }
    }
}

extension SchemaCorpusEntry {
    /// The entry's id: the type's name (without the test module), and the configuration's.
    var id: String {
        var name = String(reflecting: type)
        for prefix in ["JSONAdapterTests.", "GitHubModels.", "ExampleCatalog."] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        let sanitized = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" ? $0 : "_" })
        return configurationName.isEmpty ? sanitized : sanitized + "~" + configurationName
    }
}
