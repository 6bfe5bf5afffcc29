import Foundation
import Testing
@testable import JSONAdapter

/// `JSONAdapterError` gives its facts in the fields every package error has
/// (`expected`, `found`, `detail`, `underlyingError`), the same from JSON
/// text and from `JSONSerialization` dictionaries.
@Suite("JSONAdapterError: the shared error shape")
struct JSONAdapterErrorShapeTests {
    /// A model with a plain property, a transformed one and a transformer
    /// whose output does not fit its property.
    struct Issue: JSONSerializing {
        var number = 0
        var url: URL?
        var count = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "number": "number", "url": "html_url", "count": "count",
        ]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "url": return JSONValueTransformer.named(.url)
            case "count": return JSONValueTransformer(forward: { _ in "many" })
            default: return nil
            }
        }
    }

    /// Decodes `json` into an `Issue` from text (`fromText`) or from a
    /// `JSONSerialization` dictionary, and returns the error thrown.
    static func error(_ json: String, fromText: Bool) throws -> JSONAdapterError {
        try #require(throws: JSONAdapterError.self) {
            if fromText {
                _ = try JSONAdapter.model(of: Issue.self, fromJSONData: Data(json.utf8))
            } else {
                let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
                _ = try JSONAdapter.model(of: Issue.self, from: dictionary)
            }
        }
    }

    @Test("a value of the wrong type fills expected and found", arguments: [true, false])
    func mismatch(fromText: Bool) throws {
        let error = try Self.error(#"{"number": "x"}"#, fromText: fromText)
        #expect(error.modelTypeName == "Issue" && error.propertyKey == "number" && error.jsonKeyPath == "number")
        #expect(error.expected == "Int" && error.found == #"string "x""# && error.detail == nil)
        #expect(error.description == #"Issue.number → "number": expected Int, found string "x""#)
        #expect((error as NSError).userInfo[NSLocalizedFailureReasonErrorKey] as? String
                    == #"expected Int, found string "x""#)
    }

    @Test("a transformer's failure gives its expected and found values, and is the underlying error",
          arguments: [true, false])
    func transformerFailure(fromText: Bool) throws {
        let error = try Self.error(#"{"html_url": 3}"#, fromText: fromText)
        let transformerError = try #require(error.underlyingError as? TransformerError)
        #expect(error.expected == transformerError.expected && error.found == "number 3")
        #expect(error.description == #"Issue.url → "html_url": \#(transformerError.description)"#)
    }

    @Test("a transformer's output that does not fit the property says so in the detail", arguments: [true, false])
    func transformerOutput(fromText: Bool) throws {
        let error = try Self.error(#"{"count": 1}"#, fromText: fromText)
        #expect(error.expected == "Int" && error.found == #"string "many""#)
        #expect(error.detail == "the transformer's output")
        #expect(error.underlyingError is ModelError)
        #expect(error.description == #"Issue.count → "count": expected Int, found string "many" (the transformer's output)"#)
    }

    @Test("invalid JSON names the parser's problem in the detail")
    func invalidJSON() throws {
        let error = try Self.error(#"{"number": "#, fromText: true)
        #expect(error.code == .invalidJSONData)
        let detail = try #require(error.detail)
        #expect(error.description == "invalid JSON: \(detail)")
    }

    @Test("a top level that is not an object fills expected and found", arguments: [true, false])
    func notAnObject(fromText: Bool) throws {
        let error = try #require(throws: JSONAdapterError.self) {
            if fromText {
                _ = try JSONAdapter.models(of: Issue.self, fromJSONData: Data("[1]".utf8))
            } else {
                _ = try JSONAdapter.models(of: Issue.self, from: [1])
            }
        }
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.jsonKeyPath == "[0]" && error.found == "number 1")
    }
}
