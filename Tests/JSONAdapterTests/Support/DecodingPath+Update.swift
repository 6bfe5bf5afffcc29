//  Helpers shared by the key path tests: decoding from a Foundation object
//  and partial updates, on either decoding path (decoding with a
//  configuration is in Support/ConfiguredPaths.swift);
//  the canonical text of what a model encodes to on either encoding path.

import Foundation
import Testing
@testable import JSONAdapter

extension SemPath {
    /// Updates `model` from JSON text: the bytes, or their `JSONSerialization` dictionary.
    func update<M: JSONSerializing>(_ model: inout M, _ json: String) throws {
        switch self {
        case .dictionary: try JSONAdapter.update(&model, from: Sem.object(json))
        case .data: try JSONAdapter.update(&model, fromJSONData: Data(json.utf8))
        }
    }

    /// Decodes a model from a Foundation JSON object: the object itself, or
    /// the bytes `JSONSerialization` writes for it.
    func decode<M: JSONSerializing>(_ type: M.Type, object: [String: Any]) throws -> M {
        switch self {
        case .dictionary:
            return try JSONAdapter.model(of: type, from: Sem.object(JSONSerialization.data(withJSONObject: object)))
        case .data:
            return try JSONAdapter.model(of: type, fromJSONData: JSONSerialization.data(withJSONObject: object))
        }
    }
}

enum KeyPathTestSupport {
    /// The canonical (sorted-key) text of what `model` encodes to, through
    /// `jsonDictionary(from:)` and through `jsonData(from:)`.
    static func encodedTexts(_ model: any JSONSerializing,
                             configuration: JSONAdapter.Configuration = .standard) throws -> (dictionary: String, data: String) {
        let dictionary = try JSONAdapter.jsonDictionary(from: model, configuration: configuration)
        let data = try Sem.object(JSONAdapter.jsonData(from: model, configuration: configuration))
        return (canonical(dictionary), canonical(data))
    }

    /// The sorted-key JSON text of a Foundation JSON object.
    static func canonical(_ object: [String: Any]) -> String {
        guard JSONSerialization.isValidJSONObject(object),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "<not JSON: \(object)>"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The sorted-key JSON text of JSON text.
    static func canonical(json: String) -> String {
        guard let object = try? Sem.object(json) else { return "<not a JSON object: \(json)>" }
        return canonical(object)
    }
}
