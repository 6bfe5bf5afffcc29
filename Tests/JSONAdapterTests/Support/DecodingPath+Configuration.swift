//
//  DecodingPath+Configuration.swift
//  `DecodingPath` with a `JSONAdapter.Configuration`: every decoding path and both
//  encoders for the tests of configuration-dependent values (`Codable`
//  property values, `Data`).
//

import Foundation
import MantleTestSupport
@testable import JSONAdapter

extension DecodingPath {
    /// Decodes one model from JSON text with `configuration`.
    func decode<M: JSONSerializing>(_ type: M.Type, _ json: String,
                                    configuration: JSONAdapter.Configuration) throws -> M {
        switch self {
        case .dictionary, .foundationObjects:
            return try JSONAdapter.model(of: type, from: jsonObject(json), options: .configuration(configuration))
        case .data: return try JSONAdapter.model(of: type, fromJSONData: Data(json.utf8), options: .configuration(configuration))
        }
    }

    /// Encodes a model with `configuration`, as Foundation JSON objects (the
    /// data path is parsed back with `JSONSerialization`).
    func encode(_ model: any JSONSerializing, configuration: JSONAdapter.Configuration) throws -> [String: Any] {
        switch self {
        case .dictionary, .foundationObjects: return try JSONAdapter.jsonDictionary(from: model, options: .configuration(configuration))
        case .data: return try FoundationJSON.object(JSONAdapter.jsonData(from: model, options: .configuration(configuration)))
        }
    }
}
