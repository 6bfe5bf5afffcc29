//
//  SchemaSampler.swift
//  Sample documents for the schema corpus: for a model type, an object with
//  a plausible value for every property it can fill (optionals filled, two
//  elements per array, nested models a few levels down), from the property
//  types and the declared constraints. Properties it cannot fill (a
//  transformer's, a Codable value, a pattern) are left out, which decoding
//  takes as "keep the default". Whether the decoder accepts a sample is its
//  verdict, recorded like any other document's.
//

import Foundation
@testable import JSONAdapter
import MantleInternals

/// Builds sample documents of model types, in one configuration.
struct SchemaSampler {
    /// The configuration the documents are for.
    let configuration: JSONAdapter.Configuration
    /// How many nested models deep samples go.
    let maximumDepth = 3

    /// Sample documents of `type`: one, or for a type discriminator, one per
    /// type its table names that `type` decodes as (and one for the fallback).
    func documents(of type: any JSONSerializing.Type) -> [SchemaCorpusTree] {
        guard let mapping = try? ModelMapping.of(type, in: configuration.context) else { return [] }
        guard let discriminator = mapping.discriminator,
              let path = ParsedKeyPath(discriminator.keyPath) else {
            return object(of: type, depth: 0).map { [$0] } ?? []
        }
        var documents: [SchemaCorpusTree] = []
        for (name, chosen) in discriminator.types.sorted(by: { $0.key < $1.key }) where isSubclass(chosen, of: type) {
            guard let object = object(of: chosen, depth: 0) else { continue }
            documents.append(object.setting(.string(name), at: path.components[...]))
        }
        if let fallback = discriminator.fallback, let object = object(of: fallback, depth: 0) {
            documents.append(object.setting(.string("not-in-the-table"), at: path.components[...]))
        }
        return documents
    }

    /// An object for `type`'s own mapping, or `nil` past the depth limit.
    func object(of type: any JSONSerializing.Type, depth: Int) -> SchemaCorpusTree? {
        guard depth <= maximumDepth, let mapping = try? ModelMapping.of(type, in: configuration.context) else {
            return nil
        }
        var object = SchemaCorpusTree.object([])
        for property in mapping.properties where type.jsonTransformer(forKey: property.key) == nil {
            guard let path = property.keyPath.outputPath,
                  let value = propertyValue(property, of: type, depth: depth) else { continue }
            if path.components.count > 1, object.value(at: path.components.dropLast()).map(Self.isObject) == false {
                continue  // a value read whole is already there
            }
            object = object.setting(value, at: path.components[...])
        }
        return object
    }

    /// `true` for an object.
    private static func isObject(_ tree: SchemaCorpusTree) -> Bool {
        if case .object = tree { return true }
        return false
    }

    /// A value for a property, meeting its declared constraints, or `nil`.
    private func propertyValue(_ property: PropertyMapping, of type: any JSONSerializing.Type,
                               depth: Int) -> SchemaCorpusTree? {
        var lengths: (Int?, Int?) = (nil, nil)
        var bounds: (JSONConstraint.Bound?, JSONConstraint.Bound?) = (nil, nil)
        for constraint in type.jsonConstraints(forKey: property.key) {
            switch constraint.rule {
            case .allowedValues(let allowed):
                guard let first = allowed.values.first,
                      let json = (property as? SchemaValueEncoding)?.schemaJSONValue(of: first) else { return nil }
                return Self.tree(json)
            case .length(let minimum, let maximum): lengths = (minimum ?? lengths.0, maximum ?? lengths.1)
            case .number(let minimum, let maximum): bounds = (minimum ?? bounds.0, maximum ?? bounds.1)
            case .pattern, .satisfying, .count: return nil
            }
        }
        if lengths.0 != nil || lengths.1 != nil {
            let count = max(lengths.0 ?? 1, 1)
            guard count <= (lengths.1 ?? .max) else { return nil }
            return .string(String(repeating: "a", count: count))
        }
        if let minimum = bounds.0 {
            let value = minimum.isExclusive ? minimum.value + 1 : minimum.value
            return .number("\(value)")
        }
        if let maximum = bounds.1 {
            let value = maximum.isExclusive ? maximum.value - 1 : maximum.value
            return .number("\(value)")
        }
        return sample(of: property.valueType, depth: depth)
    }

    /// A Foundation JSON scalar as a tree.
    static func tree(_ value: Any) -> SchemaCorpusTree? {
        if let bool = value as? Bool { return .bool(bool) }
        if let string = value as? String { return .string(string) }
        if let number = NumberValue(value) { return .number(number.description) }
        if ValueConversion.isNull(value) { return .null }
        return nil
    }

    /// A value of `type`, or `nil` when the sampler has none to give.
    func sample(of type: Any.Type, depth: Int) -> SchemaCorpusTree? {
        if configuration.context.transformer(for: type) != nil { return nil }
        switch ValueKind.of(type) {
        case .optional(let optional): return sample(of: optional.wrappedType, depth: depth)
        case .jsonOptional(let optional): return sample(of: optional.wrappedType, depth: depth)
        case .any: return .object([("any", .array([.number("1"), .string("x"), .null]))])
        case .string, .substring: return .string("text")
        case .character: return .string("c")
        case .bool: return .bool(true)
        case .integer: return .number("7")
        case .floating: return .number("1.5")
        case .decimal: return .number("2.25")
        case .url: return .string("https://example.com/a")
        case .uuid: return .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        case .date:
            switch configuration.dateFormat {
            case .iso8601: return .string("2020-02-29T12:30:00.5+02:00")
            case .secondsSince1970: return .number("1600000000.25")
            case .millisecondsSince1970: return .number("1600000000250")
            case .pattern: return nil
            }
        case .data:
            switch configuration.dataEncoding {
            case .base64, .base64URL: return .string("AAEC")
            case .hex: return .string("00ff10")
            case .byteArray: return .array([.number("0"), .number("255"), .number("16")])
            }
        case .array(let array):
            guard let element = sample(of: array.elementType, depth: depth) else { return .array([]) }
            return .array([element, element])
        case .set(let set):
            return .array(sample(of: set.elementType, depth: depth).map { [$0] } ?? [])
        case .stringKeyedDictionary(let dictionary):
            return .object(sample(of: dictionary.valueType, depth: depth).map { [("key", $0)] } ?? [])
        case .keyedDictionary(let dictionary):
            guard let key = keyText(dictionary.keyType), let value = sample(of: dictionary.valueType, depth: depth) else {
                return .object([])
            }
            return .object([(key, value)])
        case .model(let model):
            guard let serializing = model as? any JSONSerializing.Type else { return nil }
            return documents(ofNested: serializing, depth: depth + 1)
        case .rawRepresentable(let represented):
            return SchemaGenerator.rawValues(of: represented)
                .flatMap { SchemaGenerator.jsonValues($0)?.first }.flatMap(Self.tree)
        case .codable, .null, .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .other:
            return nil
        }
    }

    /// A nested model's sample (the first, for a type discriminator).
    private func documents(ofNested type: any JSONSerializing.Type, depth: Int) -> SchemaCorpusTree? {
        guard depth <= maximumDepth else { return nil }
        guard let mapping = try? ModelMapping.of(type, in: configuration.context), mapping.discriminator != nil else {
            return object(of: type, depth: depth)
        }
        return documents(of: type).first
    }

    /// The text of a sample key of `type`, for keyed dictionaries.
    private func keyText(_ type: Any.Type) -> String? {
        switch ValueKind.of(type) {
        case .string: return "key"
        case .integer: return "42"
        case .uuid: return "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        case .url: return "https://example.com/k"
        case .rawRepresentable(let represented):
            return SchemaGenerator.rawValues(of: represented)?.first.map { "\($0)" }
        case .any, .substring, .character, .bool, .floating, .decimal, .date, .data, .optional, .jsonOptional,
             .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .null, .foundationNumber,
             .foundationString, .foundationArray, .foundationDictionary, .codable, .other: return nil
        }
    }
}
