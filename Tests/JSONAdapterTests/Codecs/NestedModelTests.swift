//
//  NestedModelTests.swift
//  Nested models beyond the basics: class clusters inside other models,
//  recursive models, `.omitNilValues` inside nested models, date text stability,
//  and a transformer whose output does not fit the property.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Nesting")
struct NestedModelTests {

    static let inboxJSON = #"""
        {"owner": "me",
         "latest": {"type": "text", "id": 1, "body": {"text": "hi"}},
         "all": [{"type": "picture", "id": 2, "image": {"width": 3}}, {"type": "base", "id": 3}]}
        """#

    @Test("class-cluster properties of another model decode and encode as their subclasses", arguments: DecodingPath.allCases)
    func nestedClassCluster(path: DecodingPath) throws {
        let inbox = try path.decode(Inbox.self, Self.inboxJSON)
        #expect((inbox.latest as? MessageCluster.TextMessage)?.text == "hi")
        #expect((inbox.all.first as? MessageCluster.PictureMessage)?.width == 3)
        #expect(inbox.all.count == 2)
        #expect(type(of: inbox.all[1]) == MessageCluster.Message.self)

        let json = try path.encode(inbox)
        let latest = try #require(json["latest"] as? [String: Any])
        #expect((latest["body"] as? [String: Any])?["text"] as? String == "hi")
        #expect(latest["type"] as? String == "text")
        let all = try #require(json["all"] as? [[String: Any]])
        #expect((all.first?["image"] as? [String: Any]).flatMap { FoundationJSON.number($0["width"]) } == 3)

        let text = String(decoding: try JSONAdapter.jsonData(from: inbox), as: UTF8.self)
        #expect(try path.decode(Inbox.self, text) == inbox)

        let error = try #require(adapterError {
            _ = try path.decode(Inbox.self, #"{"all": [{"type": "base"}, {"type": "nobody"}]}"#)
        })
        #expect(error.code == .noClassFound)
        #expect(error.propertyKey == "all")
        #expect(error.jsonKeyPath == "all[1]")
    }

    @Test("recursive models decode, encode and round-trip", arguments: DecodingPath.allCases)
    func recursiveModel(path: DecodingPath) throws {
        let json = #"{"name": "root", "children": [{"name": "a", "children": [{"name": "a1", "parent": {"name": "a"}}]}, {"name": "b"}]}"#
        let tree = try path.decode(Node.self, json)
        #expect(tree.name == "root")
        #expect(tree.children.map(\.name) == ["a", "b"])
        #expect(tree.children[0].children.first?.name == "a1")
        #expect(tree.children[0].children.first?.parentName == "a")
        #expect(tree.parentName == nil)
        let encoded = String(decoding: try JSONAdapter.jsonData(from: tree), as: UTF8.self)
        #expect(try path.decode(Node.self, encoded) == tree)
        #expect(try JSONAdapter.model(of: Node.self, from: JSONAdapter.jsonDictionary(from: tree)) == tree)

        let error = try #require(adapterError {
            _ = try path.decode(Node.self, #"{"children": [{"children": [{"name": 5}]}]}"#)
        })
        #expect(error.jsonKeyPath == "children[0].children[0].name")
        #expect(error.propertyKey == "children")
    }

    static let dateTexts = [
        "2017-10-10T16:00:00Z", "2017-10-10T16:00:00.123Z", "2017-10-10T16:00:00.001Z", "2017-10-10T16:00:00.999Z",
        "1969-12-31T23:59:59.500Z", "1970-01-01T00:00:00Z", "2000-02-29T12:00:00Z", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999Z",
    ]

    @Test("a decoded date encodes to the same text and decodes to the same date", arguments: DecodingPath.allCases, dateTexts)
    func dateTextIsStable(path: DecodingPath, text: String) throws {
        let model = try path.decode(ValueModels.EveryType.self, #"{"date": "\#(text)"}"#)
        let encoded = try path.encode(model)
        #expect(encoded["date"] as? String == text)
        let again = try path.decode(ValueModels.EveryType.self, #"{"date": "\#(text)"}"#)
        #expect(again.date == model.date)
        var roundTrip = ValueModels.EveryType()
        roundTrip.date = model.date
        let data = try JSONAdapter.jsonData(from: roundTrip)
        #expect(try JSONAdapter.model(of: ValueModels.EveryType.self, fromJSONData: data).date == model.date)
    }

    @Test("a transformer output that does not fit the property is .invalidValue", arguments: DecodingPath.allCases)
    func transformerOutputMismatch(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(WrongOutput.self, #"{"title": "t"}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "title")
        #expect(error.jsonKeyPath == "title")
    }

    @Test(".omitNilValues also leaves out the nil properties of nested models", arguments: DecodingPath.allCases)
    func omitNilValuesInNestedModels(path: DecodingPath) throws {
        var node = Node("root", [Node("child")])
        node.parentName = nil
        let json = try path.encode(node, options: .omitsNilValues)
        #expect(json["parent"] == nil)
        let child = try #require((json["children"] as? [[String: Any]])?.first)
        #expect(child["name"] as? String == "child")
        #expect(child["parent"] == nil, "\(child)")
    }
}

// MARK: - Models

extension NestedModelTests {
    /// Class-cluster values inside another model.
    struct Inbox: JSONSerializing {
        var owner = ""
        var latest: MessageCluster.Message?
        var all: [MessageCluster.Message] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owner": "owner", "latest": "latest", "all": "all"]
    }

    /// A recursive model.
    struct Node: JSONSerializing {
        var name = ""
        var children: [Node] = []
        var parentName: String?

        init() {}
        init(_ name: String, _ children: [Node] = []) {
            self.name = name
            self.children = children
        }

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "name", "children": "children", "parentName": "parent.name",
        ]
    }

    /// A transformer whose output does not fit the property's type.
    struct WrongOutput: JSONSerializing {
        var title = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title"]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { _ in 42 })
        }
    }
}
