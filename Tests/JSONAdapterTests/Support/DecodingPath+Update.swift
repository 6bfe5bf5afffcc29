//  DecodingPath+Update.swift
//  Partial updates and decoding from a Foundation object on either decoding
//  path (decoding with a configuration is in DecodingPath+Configuration.swift),
//  and the canonical text of what a model encodes to on either encoding path.

import Foundation
import MantleTestSupport
import Testing
@testable import JSONAdapter

extension DecodingPath {
    /// Updates `model` from JSON text: the bytes, or their `JSONSerialization` dictionary.
    func update<M: JSONSerializing>(_ model: inout M, _ json: String) throws {
        switch self {
        case .dictionary, .foundationObjects: try JSONAdapter.update(&model, from: jsonObject(json))
        case .data: try JSONAdapter.update(&model, fromJSONData: Data(json.utf8))
        }
    }

    /// Decodes a model from a Foundation JSON object: the object itself, or
    /// the bytes `JSONSerialization` writes for it.
    func decode<M: JSONSerializing>(_ type: M.Type, object: [String: Any]) throws -> M {
        switch self {
        case .dictionary, .foundationObjects:
            let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            return try JSONAdapter.model(of: type, from: jsonObject(text))
        case .data:
            return try JSONAdapter.model(of: type, fromJSONData: JSONSerialization.data(withJSONObject: object))
        }
    }

    /// The canonical (sorted-key) text of what `model` encodes to, through
    /// `jsonDictionary(from:)` and through `jsonData(from:)`.
    static func encodedTexts(_ model: any JSONSerializing,
                             options: JSONAdapter.EncodingOptions = .standard) throws -> (dictionary: String, data: String) {
        let dictionary = try JSONAdapter.jsonDictionary(from: model, options: options)
        let data = try FoundationJSON.object(JSONAdapter.jsonData(from: model, options: options))
        return (FoundationJSON.canonical(dictionary), FoundationJSON.canonical(data))
    }
}
