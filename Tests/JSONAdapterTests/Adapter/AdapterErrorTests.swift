//
//  AdapterErrorTests.swift
//  Errors: arrays fail as a whole naming the element's index; descriptions name
//  the model, property, path, expectation and what was found; nested-model
//  properties given a non-object; mapping errors; NSError bridging.
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter

@Suite("Adapter errors")
struct AdapterErrorTests {

    /// The issues fixture with `edit` applied to element `index`, as JSON text.
    static func issues(editing index: Int, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var array = try #require(try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [Any])
        var element = try #require(array[index] as? [String: Any])
        edit(&element)
        array[index] = element
        return String(decoding: try JSONSerialization.data(withJSONObject: array), as: UTF8.self)
    }

    @Test("an array of models fails as a whole, naming the element index in the path", arguments: DecodingPath.allCases)
    func arrayFailsAsAWhole(path: DecodingPath) throws {
        let json = try Self.issues(editing: 3) { $0["assignee"] = ["login": 42, "id": 1] }
        let error = try #require(adapterError { _ = try path.decodeArray(GHIssue.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "assignee")
        #expect(error.jsonKeyPath == "[3].assignee.login")
        #expect(error.modelTypeName == "GHIssue")

        let description = error.description
        #expect(description.contains("GHIssue.assignee"), "\(description)")
        #expect(description.contains(#""[3].assignee.login""#), "\(description)")
        #expect(description.contains("expected String"), "\(description)")
        #expect(description.contains("found number 42"), "\(description)")
        #expect(description == #"GHIssue.assignee → "[3].assignee.login": expected String, found number 42"#)
        // NSError bridging carries the same information.
        let nsError = error as NSError
        #expect(nsError.domain == "MTLJSONAdapterErrorDomain")
        #expect(nsError.localizedDescription == description)
    }

    @Test("the failing element's nested array index is in the path too", arguments: DecodingPath.allCases)
    func nestedArrayIndex(path: DecodingPath) throws {
        let json = try Self.issues(editing: 2) { element in
            element["labels"] = [["id": 1, "name": "bug", "color": "f00", "default": false],
                                 ["id": 2, "name": ["not", "a", "string"], "color": "0f0", "default": true]]
        }
        let error = try #require(adapterError { _ = try path.decodeArray(GHIssue.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "labels")
        #expect(error.jsonKeyPath == "[2].labels[1].name")
        #expect(error.description.contains("GHIssue.labels"))
        #expect(error.description.contains("expected String"))
        #expect(error.description.contains("found array"))
    }

    @Test("the error names the first failing element and the issue decoded without the fault", arguments: DecodingPath.allCases)
    func firstFailingElement(path: DecodingPath) throws {
        let broken = try Self.issues(editing: 5) { $0["state"] = "reopened" }
        let error = try #require(adapterError { _ = try path.decodeArray(GHIssue.self, broken) })
        #expect(error.propertyKey == "state")
        #expect(error.jsonKeyPath == "[5].state")
        #expect(error.description.contains("\"reopened\""), "\(error.description)")

        let intact = try Self.issues(editing: 5) { _ in }
        #expect(try path.decodeArray(GHIssue.self, intact).count == 13)
    }

    @Test("the description of an error in a single model", arguments: DecodingPath.allCases)
    func singleModelDescription(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(ValueModels.Strict.self, #"{"stats": {"count": 3.5}}"#) })
        #expect(error.description.hasPrefix(#"Strict.count → "stats.count": "#), "\(error.description)")
        #expect(error.description.contains("3.5"))
    }

    static let nonObjects = ["5", #""x""#, "[]", #"[{"name": "a"}]"#, "true"]

    @Test("a nested model property given a non-object is .invalidValue", arguments: DecodingPath.allCases, nonObjects)
    func nestedModelGivenNonObject(path: DecodingPath, json: String) throws {
        let error = try #require(adapterError { _ = try path.decode(ValidatedModels.ValidatedHolder.self, #"{"owner": \#(json)}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "owner")
        #expect(error.jsonKeyPath == "owner")
        #expect((error as NSError).code == 5)

        let github = try #require(adapterError { _ = try path.decode(GHRepository.self, #"{"owner": \#(json)}"#) })
        #expect(github.code == .invalidValue)
        #expect(github.propertyKey == "owner")
    }

    @Test("mapping errors are .invalidJSONMapping from the adapter and from every call that builds one")
    func mappingErrors() throws {
        for type in [BadMappingUnknownKey.self, BadMappingPath.self] as [any JSONSerializing.Type] {
            let adapter = try #require(adapterError { _ = try JSONAdapter(modelType: type) })
            #expect(adapter.code == .invalidJSONMapping)
            #expect((adapter as NSError).code == 4)
            #expect((adapter as NSError).domain == "MTLJSONAdapterErrorDomain")
        }
        let unknown = try #require(adapterError { _ = try JSONAdapter.model(of: BadMappingUnknownKey.self, from: [:]) })
        #expect(unknown.code == .invalidJSONMapping)
        #expect(unknown.propertyKey == "nope")
        let path = try #require(adapterError {
            _ = try JSONAdapter.model(of: BadMappingPath.self, fromJSONData: Data("{}".utf8))
        })
        #expect(path.code == .invalidJSONMapping)
        #expect(path.propertyKey == "name")
        let encoding = try #require(adapterError { _ = try JSONAdapter.jsonDictionary(from: BadMappingPath()) })
        #expect(encoding.code == .invalidJSONMapping)
        let models = try #require(adapterError { _ = try JSONAdapter.models(of: BadMappingPath.self, from: []) })
        #expect(models.code == .invalidJSONMapping)
    }

    @Test("a nested model's malformed mapping is .invalidJSONMapping when it is used", arguments: DecodingPath.allCases)
    func nestedMappingError(path: DecodingPath) throws {
        // Decoding: the adapter's own error type, naming the outer property.
        let decoding = adapterError { _ = try path.decode(BadMappingHolder.self, #"{"child": {"name": "x"}}"#) }
        #expect(decoding?.code == .invalidJSONMapping)
        #expect(decoding?.propertyKey == "child")
        // Without the nested object nothing needs the nested mapping.
        #expect(try path.decode(BadMappingHolder.self, #"{"name": "n"}"#).name == "n")

        var holder = BadMappingHolder()
        holder.child = BadMappingPath()
        let encoding = adapterError { _ = try path.encode(holder) }
        #expect(encoding?.code == .invalidJSONMapping)
    }

    /// One error of each code and the NSError code Mantle gives it.
    static let bridgingCases: [(name: String, code: JSONAdapterError.Code, nsCode: Int, make: @Sendable () throws -> Void)] = [
        ("noClassFound", .noClassFound, 2, { _ = try JSONAdapter.model(of: MessageCluster.Message.self, from: ["type": "unknown"]) }),
        ("invalidJSONDictionary", .invalidJSONDictionary, 3, {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data("[1]".utf8))
        }),
        ("invalidJSONMapping", .invalidJSONMapping, 4, { _ = try JSONAdapter(modelType: BadMappingUnknownKey.self) }),
        ("invalidValue", .invalidValue, 5, { _ = try JSONAdapter.model(of: ValueModels.Leaf.self, from: ["size": "big"]) }),
        ("invalidJSONData", .invalidJSONData, 6, {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data("{".utf8))
        }),
    ]

    @Test("errors bridge to NSError in MTLJSONAdapterErrorDomain with Mantle's codes",
          arguments: bridgingCases.indices)
    func nsErrorBridging(index: Int) throws {
        let testCase = Self.bridgingCases[index]
        let error = try #require(adapterError(testCase.make), "\(testCase.name)")
        #expect(error.code == testCase.code)
        let nsError = error as NSError
        #expect(nsError.domain == "MTLJSONAdapterErrorDomain")
        #expect(nsError.code == testCase.nsCode)
        #expect(!nsError.localizedDescription.isEmpty)
    }
}

// MARK: - Models

extension AdapterErrorTests {
    struct BadMappingUnknownKey: JSONSerializing {
        var name = ""
        init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "nope": "nope"]
    }

    struct BadMappingPath: JSONSerializing {
        var name = ""
        init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "a..b"]
    }

    /// A model holding a model whose mapping is malformed.
    struct BadMappingHolder: JSONSerializing {
        var name = ""
        var child: BadMappingPath?

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "child": "child"]
    }
}
