//
//  SemSupport.swift
//  Helpers for the tests of the semantics API.md promises ("Semantics that
//  outside tests rely on"). Everything is prefixed `Sem` so that it cannot
//  collide with helpers of other test files in the target.
//

import Foundation
import Testing
@testable import JSONAdapter

/// The two ways JSON reaches the adapter: a Foundation dictionary made by
/// `JSONSerialization`, or the bytes themselves. API.md promises both give the
/// same models and the same errors.
enum SemPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `JSONSerialization` output through `model(of:from:)` / `models(of:from:)`.
    case dictionary
    /// The bytes through `model(of:fromJSONData:)` / `models(of:fromJSONData:)`.
    case data

    var testDescription: String { rawValue }

    /// Decodes one model from JSON text.
    func decode<M: JSONSerializing>(_ type: M.Type, _ json: String) throws -> M {
        switch self {
        case .dictionary: return try JSONAdapter.model(of: type, from: Sem.object(json))
        case .data: return try JSONAdapter.model(of: type, fromJSONData: Data(json.utf8))
        }
    }

    /// Decodes an array of models from JSON text.
    func decodeArray<M: JSONSerializing>(_ type: M.Type, _ json: String) throws -> [M] {
        switch self {
        case .dictionary: return try JSONAdapter.models(of: type, from: Sem.array(json))
        case .data: return try JSONAdapter.models(of: type, fromJSONData: Data(json.utf8))
        }
    }

    /// Encodes a model, then gives the result as Foundation JSON objects
    /// (the data path is parsed back with `JSONSerialization`).
    func encode(_ model: any JSONSerializing, options: JSONAdapter.Options = []) throws -> [String: Any] {
        switch self {
        case .dictionary: return try JSONAdapter.jsonDictionary(from: model, options: options)
        case .data: return try Sem.object(JSONAdapter.jsonData(from: model, options: options))
        }
    }
}

/// A problem of the test input itself (not of the library).
struct SemFixtureError: Error, CustomStringConvertible {
    var description: String
}

enum Sem {
    // MARK: JSON through Foundation

    /// A JSON object parsed by `JSONSerialization`.
    static func object(_ json: String) throws -> [String: Any] {
        try object(Data(json.utf8))
    }

    /// A JSON object parsed by `JSONSerialization`.
    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else {
            throw SemFixtureError(description: "not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    /// A JSON array parsed by `JSONSerialization`.
    static func array(_ json: String) throws -> [Any] {
        guard let array = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? [Any] else {
            throw SemFixtureError(description: "not a JSON array: \(json)")
        }
        return array
    }

    /// Any JSON value (fragments included) parsed by `JSONSerialization`.
    static func value(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    /// A canonical text of a JSON value (sorted keys), to compare values that
    /// may be Swift values on one side and Foundation objects on the other.
    /// Values Foundation cannot write give a marker instead of crashing.
    static func canonical(_ value: Any?) -> String {
        let wrapped: [String: Any] = ["v": value ?? NSNull()]
        guard JSONSerialization.isValidJSONObject(wrapped),
              let data = try? JSONSerialization.data(withJSONObject: wrapped, options: [.sortedKeys]) else {
            return "<not JSON: \(String(describing: value))>"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The canonical text of a JSON fragment.
    static func canonical(json: String) -> String {
        guard let value = try? value(json) else { return "<invalid JSON fragment: \(json)>" }
        return canonical(value)
    }

    /// `true` when `value` is JSON null.
    static func isNull(_ value: Any?) -> Bool {
        value is NSNull
    }

    // MARK: Errors

    /// Runs `body` and returns the `JSONAdapterError` it threw; records an
    /// issue when it throws nothing or another error.
    static func adapterError(sourceLocation: SourceLocation = #_sourceLocation,
                             _ body: () throws -> Void) -> JSONAdapterError? {
        caught(JSONAdapterError.self, sourceLocation: sourceLocation, body)
    }

    /// Runs `body` and returns the error of type `E` it threw; records an
    /// issue when it throws nothing or another error.
    static func caught<E: Error>(_ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation,
                                 _ body: () throws -> Void) -> E? {
        do {
            try body()
            Issue.record("expected \(E.self) to be thrown, nothing was", sourceLocation: sourceLocation)
        } catch let error as E {
            return error
        } catch {
            Issue.record("expected \(E.self), got \(Swift.type(of: error)): \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// A JSON number as a `Double`, whether it came as a Swift number or an `NSNumber`.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let x as Int: return Double(x)
        case let x as Double: return x
        case let x as Int64: return Double(x)
        case let x as UInt64: return Double(x)
        case let x as Float: return Double(x)
        #if os(Linux) || os(Windows) || os(Android)
        case let x as Int128: return Double(x)
        case let x as UInt128: return Double(x)
        case let x as Float16: return Double(x)
        #endif
        default: return nil
        }
    }

    /// 2017-10-10T16:00:00Z, the time stamp of every GitHub fixture.
    static let fixtureDate = Date(timeIntervalSince1970: 1_507_651_200)
}
