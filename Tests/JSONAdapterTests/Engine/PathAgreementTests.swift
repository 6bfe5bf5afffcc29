//
//  PathAgreementTests.swift
//  Dictionaries produced by Foundation's JSONSerialization decode to the same
//  models as the same bytes through model(of:fromJSONData:). For inputs at the
//  edges (numbers written unusually, escapes, duplicate keys), both paths must
//  give the same model or the same error.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Dictionary and data paths agree")
struct PathAgreementTests {

    static let typesInputs: [String] = [
        #"{"int": 1.0}"#, #"{"int": -0}"#, #"{"int": -0.0}"#, #"{"int": 1e2}"#, #"{"int": 1E+2}"#, #"{"int": 100e-2}"#,
        #"{"int": 0.1e1}"#, #"{"int": 1.5e1}"#, #"{"uint64": 1e19}"#, #"{"int64": 9007199254740993}"#,
        #"{"double": 9007199254740993}"#, #"{"double": 0.1}"#, #"{"float": 0.1}"#, #"{"float": 1e39}"#,
        #"{"float16": 65520}"#, #"{"double": 5e-324}"#, #"{"int8": 127.0}"#, #"{"uint": -0}"#,
        #"{"string": "nul\u0000inside"}"#, #"{"string": "\ud83d\ude00"}"#,
        #"{"string": "a\/b", "url": "https:\/\/example.com\/x"}"#, #"{"scores": {"\u0061": 1, "b": 2}}"#,
        #"{"str\u0069ng": "escaped key"}"#, #"{"leaf": {"n\u0061me": "escaped nested key"}}"#,
    ]

    /// RFC 8259 leaves duplicate names unpredictable, but the two paths must
    /// agree (UntrustedInput.md). JSONSerialization keeps the last value.
    static let duplicateKeyInputs: [String] = [
        #"{"string": "first", "string": "second"}"#, #"{"scores": {"a": 1, "a": 2}}"#,
        #"{"leaf": {"name": "a"}, "leaf": {"name": "b"}}"#, #"{"int": 1, "int": "two"}"#, #"{"int": "one", "int": 2}"#,
        #"{"string": "first", "str\u0069ng": "second"}"#,
    ]

    @Test("both paths give the same model or the same error", arguments: typesInputs)
    func agree(json: String) {
        let fromDictionary = Outcome.of { try DecodingPath.dictionary.decode(ValueModels.EveryType.self, json) }
        let fromData = Outcome.of { try DecodingPath.data.decode(ValueModels.EveryType.self, json) }
        if case .other(let problem) = fromDictionary {
            Issue.record("JSONSerialization rejected the input, nothing to compare: \(problem)")
        }
        #expect(fromDictionary == fromData)
    }

    @Test("duplicate keys: both paths keep the same value", arguments: duplicateKeyInputs)
    func duplicateKeysAgree(json: String) {
        let fromDictionary = Outcome.of { try DecodingPath.dictionary.decode(ValueModels.EveryType.self, json) }
        let fromData = Outcome.of { try DecodingPath.data.decode(ValueModels.EveryType.self, json) }
        #expect(fromDictionary == fromData)
    }

    @Test("a value decoded through a JSONSerialization dictionary encodes back to the same JSON on both encoders",
          arguments: DecodingPath.allCases, TypeDrivenDecodingTests.anyValues)
    func anyRoundTrip(path: DecodingPath, json: String) throws {
        let model = try path.decode(ValueModels.AnyHolder.self, #"{"value": \#(json), "maybe": \#(json)}"#)
        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        #expect(FoundationJSON.canonical(dictionary["value"]) == FoundationJSON.canonical(json: json))
        let data = try FoundationJSON.object(JSONAdapter.jsonData(from: model))
        #expect(FoundationJSON.canonical(data["value"]) == FoundationJSON.canonical(json: json))
        #expect(FoundationJSON.canonical(data["maybe"]) == FoundationJSON.canonical(json: json))
    }
}

// MARK: - Models

extension PathAgreementTests {
    /// The outcome of decoding, comparable across the two paths.
    enum Outcome: Equatable, CustomStringConvertible {
        case model(AnyHashable)
        case failure(JSONAdapterError.Code, propertyKey: String?, jsonKeyPath: String?)
        case other(String)

        static func of<M: JSONSerializing>(_ body: () throws -> M) -> Outcome {
            do {
                return .model(AnyHashable(try body()))
            } catch let error as JSONAdapterError {
                return .failure(error.code, propertyKey: error.propertyKey, jsonKeyPath: error.jsonKeyPath)
            } catch {
                return .other("\(type(of: error)): \(error)")
            }
        }

        var description: String {
            switch self {
            case .model(let model): return "\(model.base)"
            case .failure(let code, let key, let path): return "\(code) \(key ?? "-") \(path ?? "-")"
            case .other(let text): return text
            }
        }
    }
}
