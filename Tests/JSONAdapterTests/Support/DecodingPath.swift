//
//  DecodingPath.swift
//  The two ways JSON reaches the adapter, for tests that must cover both (and
//  both encoders), and the check that a call throws a `JSONAdapterError`.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

/// The two ways JSON reaches the adapter: a Foundation dictionary made by
/// `JSONSerialization`, or the bytes themselves. Both must give the same
/// models and the same errors.
enum DecodingPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `JSONSerialization` output through `model(of:from:)` / `models(of:from:)`.
    case dictionary
    /// The bytes through `model(of:fromJSONData:)` / `models(of:fromJSONData:)`.
    case data

    var testDescription: String { rawValue }

    /// Decodes one model from JSON text.
    func decode<M: JSONSerializing>(_ type: M.Type, _ json: String) throws -> M {
        switch self {
        case .dictionary: return try JSONAdapter.model(of: type, from: FoundationJSON.object(json))
        case .data: return try JSONAdapter.model(of: type, fromJSONData: Data(json.utf8))
        }
    }

    /// Decodes an array of models from JSON text.
    func decodeArray<M: JSONSerializing>(_ type: M.Type, _ json: String) throws -> [M] {
        switch self {
        case .dictionary: return try JSONAdapter.models(of: type, from: FoundationJSON.array(json))
        case .data: return try JSONAdapter.models(of: type, fromJSONData: Data(json.utf8))
        }
    }

    /// Encodes a model, then gives the result as Foundation JSON objects
    /// (the data path is parsed back with `JSONSerialization`).
    func encode(_ model: any JSONSerializing, options: JSONAdapter.EncodingOptions = .standard) throws -> [String: Any] {
        switch self {
        case .dictionary: return try JSONAdapter.jsonDictionary(from: model, options: options)
        case .data: return try FoundationJSON.object(JSONAdapter.jsonData(from: model, options: options))
        }
    }
}

/// Runs `body` and returns the `JSONAdapterError` it threw; records an issue
/// when it throws nothing or another error.
func adapterError(sourceLocation: SourceLocation = #_sourceLocation,
                  _ body: () throws -> Void) -> JSONAdapterError? {
    caught(JSONAdapterError.self, sourceLocation: sourceLocation, body)
}
