//
//  DecodingPath.swift
//  The ways JSON reaches the adapter, for tests that must cover each (and both
//  encoders), and the check that a call throws a `JSONAdapterError`.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

/// The ways JSON reaches the adapter: a Foundation dictionary made by
/// `JSONSerialization` (in the shape this platform gives, or in Apple's), or
/// the bytes themselves. All must give the same models and the same errors.
enum DecodingPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `JSONSerialization` output through `model(of:from:)` / `models(of:from:)`.
    case dictionary
    /// The bytes through `model(of:fromJSONData:)` / `models(of:fromJSONData:)`.
    case data
    /// `JSONSerialization` output turned into the Foundation objects Apple's
    /// `JSONSerialization` gives (`NSDictionary`, `NSArray`, `NSString`,
    /// `NSNumber`, the boolean singletons, `NSDecimalNumber`, `NSNull`; see
    /// `DarwinShapedJSON`), through the same calls as ``dictionary``. On Linux
    /// `JSONSerialization` gives Swift containers and strings, so this is the
    /// only way the tests reach the library's branches for these objects there.
    /// Encoding is the same as ``dictionary``'s: the shape is one of input.
    case foundationObjects

    var testDescription: String { rawValue }

    /// Decodes one model from JSON text.
    func decode<M: JSONSerializing>(_ type: M.Type, _ json: String) throws -> M {
        switch self {
        case .dictionary, .foundationObjects: return try JSONAdapter.model(of: type, from: jsonObject(json))
        case .data: return try JSONAdapter.model(of: type, fromJSONData: Data(json.utf8))
        }
    }

    /// Decodes an array of models from JSON text.
    func decodeArray<M: JSONSerializing>(_ type: M.Type, _ json: String) throws -> [M] {
        switch self {
        case .dictionary, .foundationObjects: return try JSONAdapter.models(of: type, from: jsonArray(json))
        case .data: return try JSONAdapter.models(of: type, fromJSONData: Data(json.utf8))
        }
    }

    /// Encodes a model, then gives the result as Foundation JSON objects
    /// (the data path is parsed back with `JSONSerialization`).
    func encode(_ model: any JSONSerializing, options: JSONAdapter.EncodingOptions = .standard) throws -> [String: Any] {
        switch self {
        case .dictionary, .foundationObjects: return try JSONAdapter.jsonDictionary(from: model, options: options)
        case .data: return try FoundationJSON.object(JSONAdapter.jsonData(from: model, options: options))
        }
    }
}

extension DecodingPath {
    /// `true` for the paths whose input `JSONSerialization` has read first, and
    /// so has lost what it loses (`1e-400` is `0.0`, a text with `1e400` is
    /// refused whole): ``dictionary`` and ``foundationObjects``.
    var goesThroughJSONSerialization: Bool { self != .data }

    /// The JSON object in `json` as this path's dictionary holds it: what
    /// `JSONSerialization` gives, made of Foundation objects for
    /// ``foundationObjects`` (also for ``data``, which has no dictionary of its own).
    func jsonObject(_ json: String) throws -> [String: Any] {
        self == .foundationObjects ? try DarwinShapedJSON.object(json) : try FoundationJSON.object(json)
    }

    /// The JSON object in `data` as this path's dictionary holds it (see ``jsonObject(_:)``).
    func jsonObject(_ data: Data) throws -> [String: Any] {
        self == .foundationObjects ? try DarwinShapedJSON.object(data) : try FoundationJSON.object(data)
    }

    /// The JSON array in `json` as this path's array holds it (see ``jsonObject(_:)``).
    func jsonArray(_ json: String) throws -> [Any] {
        self == .foundationObjects ? try DarwinShapedJSON.array(json) : try FoundationJSON.array(json)
    }

    /// Any JSON value in `json` as this path holds it (see ``jsonObject(_:)``).
    func jsonValue(_ json: String) throws -> Any {
        self == .foundationObjects ? try DarwinShapedJSON.value(json) : try FoundationJSON.value(json)
    }

    /// A JSON object written as Swift values, as this path's dictionary holds
    /// it: the values themselves, or for ``foundationObjects`` the Foundation
    /// objects Apple's `JSONSerialization` would give for them.
    func jsonObject(_ members: [String: Any]) -> [String: Any] {
        self == .foundationObjects ? members.mapValues(DarwinShapedJSON.objects(from:)) : members
    }
}

/// Runs `body` and returns the `JSONAdapterError` it threw; records an issue
/// when it throws nothing or another error.
func adapterError(sourceLocation: SourceLocation = #_sourceLocation,
                  _ body: () throws -> Void) -> JSONAdapterError? {
    caught(JSONAdapterError.self, sourceLocation: sourceLocation, body)
}
