//  Decoding from a sub-path of a response (`"items"`, `"data.viewer"`): an
//  object on both decoding paths, an array in JSON text, with errors naming
//  the whole path.

import Foundation
import GitHubModels
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Decoding from a sub-path")
struct SubPathTests {
    @Test("the items of a real search response, from bytes and from the dictionary's array")
    func searchItems() throws {
        let data = try GitHubFixtures.data("search-issues")
        let fromBytes = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data, options: .keyPath("items"))
        let dictionary = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(dictionary["items"] as? [Any])
        #expect(fromBytes.count == items.count)
        #expect(!fromBytes.isEmpty)
        #expect(fromBytes == (try JSONAdapter.models(of: GHIssue.self, from: items)))
        // A Foundation array is the array itself: a key path into it is an error.
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.models(of: GHIssue.self, from: items, options: .keyPath("items"))
        }
        #expect(error.code == .invalidJSONDictionary)
    }

    static let envelope = #"{"data": {"viewer": {"id": 1, "name": "octo"}, "list": [{"id": 2}, {"id": "x"}], "nothing": null, "text": "t"}}"#

    @Test("one model from a nested object", arguments: DecodingPath.allCases)
    func nestedObject(path: DecodingPath) throws {
        let item = try decode(path, "data.viewer")
        #expect(item.id == 1 && item.name == "octo")
    }

    @Test("errors name the path", arguments: DecodingPath.allCases)
    func errors(path: DecodingPath) throws {
        let missing = try #require(throws: JSONAdapterError.self) { try decode(path, "data.missing") }
        #expect(missing.code == .invalidJSONDictionary)
        #expect(missing.jsonKeyPath == "data.missing")
        let null = try #require(throws: JSONAdapterError.self) { try decode(path, "data.nothing") }
        #expect(null.code == .invalidJSONDictionary)
        let notObject = try #require(throws: JSONAdapterError.self) { try decode(path, "data.text") }
        #expect(notObject.code == .invalidJSONDictionary)
        #expect(notObject.jsonKeyPath == "data.text")
        let through = try #require(throws: JSONAdapterError.self) { try decode(path, "data.text.deeper") }
        #expect(through.code == .invalidJSONDictionary)
        let malformed = try #require(throws: JSONAdapterError.self) { try decode(path, "data..viewer") }
        #expect(malformed.code == .invalidJSONMapping)
    }

    @Test("errors inside an array at a key path of JSON text name the path")
    func arrayErrors() throws {
        let element = try #require(throws: JSONAdapterError.self) { try decodeArray("data.list") }
        #expect(element.code == .invalidValue)
        #expect(element.jsonKeyPath == "data.list[1].id")
        let notArray = try #require(throws: JSONAdapterError.self) { try decodeArray("data.viewer") }
        #expect(notArray.code == .invalidJSONDictionary)
    }

    private func decode(_ path: DecodingPath, _ keyPath: String) throws -> ValueModels.Item {
        switch path {
        case .data: return try JSONAdapter.model(of: ValueModels.Item.self, fromJSONData: Data(Self.envelope.utf8), options: .keyPath(keyPath))
        case .dictionary, .foundationObjects: return try JSONAdapter.model(of: ValueModels.Item.self, from: path.jsonObject(Self.envelope), options: .keyPath(keyPath))
        }
    }

    private func decodeArray(_ keyPath: String) throws -> [ValueModels.Item] {
        try JSONAdapter.models(of: ValueModels.Item.self, fromJSONData: Data(Self.envelope.utf8), options: .keyPath(keyPath))
    }
}
