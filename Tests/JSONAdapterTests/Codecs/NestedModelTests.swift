//
//  SemNestingTests.swift
//  Nested models beyond the basics: class clusters inside other models,
//  recursive models, `.omitNilValues` inside nested models, date text stability,
//  and a transformer whose output does not fit the property.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Semantics: nesting")
struct SemNestingTests {

    static let inboxJSON = #"""
        {"owner": "me",
         "latest": {"type": "text", "id": 1, "body": {"text": "hi"}},
         "all": [{"type": "picture", "id": 2, "image": {"width": 3}}, {"type": "base", "id": 3}]}
        """#

    @Test("class-cluster properties of another model decode and encode as their subclasses", arguments: DecodingPath.allCases)
    func nestedClassCluster(path: DecodingPath) throws {
        let inbox = try path.decode(SemInbox.self, Self.inboxJSON)
        #expect((inbox.latest as? SemTextMessage)?.text == "hi")
        #expect((inbox.all.first as? SemPictureMessage)?.width == 3)
        #expect(inbox.all.count == 2)
        #expect(type(of: inbox.all[1]) == SemMessage.self)

        let json = try path.encode(inbox)
        let latest = try #require(json["latest"] as? [String: Any])
        #expect((latest["body"] as? [String: Any])?["text"] as? String == "hi")
        #expect(latest["type"] as? String == "text")
        let all = try #require(json["all"] as? [[String: Any]])
        #expect((all.first?["image"] as? [String: Any]).flatMap { FoundationJSON.number($0["width"]) } == 3)

        let text = String(decoding: try JSONAdapter.jsonData(from: inbox), as: UTF8.self)
        #expect(try path.decode(SemInbox.self, text) == inbox)

        let error = try #require(adapterError {
            _ = try path.decode(SemInbox.self, #"{"all": [{"type": "base"}, {"type": "nobody"}]}"#)
        })
        #expect(error.code == .noClassFound)
        #expect(error.propertyKey == "all")
        #expect(error.jsonKeyPath == "all[1]")
    }

    @Test("recursive models decode, encode and round-trip", arguments: DecodingPath.allCases)
    func recursiveModel(path: DecodingPath) throws {
        let json = #"{"name": "root", "children": [{"name": "a", "children": [{"name": "a1", "parent": {"name": "a"}}]}, {"name": "b"}]}"#
        let tree = try path.decode(SemNode.self, json)
        #expect(tree.name == "root")
        #expect(tree.children.map(\.name) == ["a", "b"])
        #expect(tree.children[0].children.first?.name == "a1")
        #expect(tree.children[0].children.first?.parentName == "a")
        #expect(tree.parentName == nil)
        let encoded = String(decoding: try JSONAdapter.jsonData(from: tree), as: UTF8.self)
        #expect(try path.decode(SemNode.self, encoded) == tree)
        #expect(try JSONAdapter.model(of: SemNode.self, from: JSONAdapter.jsonDictionary(from: tree)) == tree)

        let error = try #require(adapterError {
            _ = try path.decode(SemNode.self, #"{"children": [{"children": [{"name": 5}]}]}"#)
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
        let model = try path.decode(SemTypes.self, #"{"date": "\#(text)"}"#)
        let encoded = try path.encode(model)
        #expect(encoded["date"] as? String == text)
        let again = try path.decode(SemTypes.self, #"{"date": "\#(text)"}"#)
        #expect(again.date == model.date)
        var roundTrip = SemTypes()
        roundTrip.date = model.date
        let data = try JSONAdapter.jsonData(from: roundTrip)
        #expect(try JSONAdapter.model(of: SemTypes.self, fromJSONData: data).date == model.date)
    }

    @Test("a transformer output that does not fit the property is .invalidValue", arguments: DecodingPath.allCases)
    func transformerOutputMismatch(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(SemWrongOutput.self, #"{"title": "t"}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "title")
        #expect(error.jsonKeyPath == "title")
    }

    @Test(".omitNilValues also leaves out the nil properties of nested models", arguments: DecodingPath.allCases)
    func omitNilValuesInNestedModels(path: DecodingPath) throws {
        var node = SemNode("root", [SemNode("child")])
        node.parentName = nil
        let json = try path.encode(node, options: .omitNilValues)
        #expect(json["parent"] == nil)
        let child = try #require((json["children"] as? [[String: Any]])?.first)
        #expect(child["name"] as? String == "child")
        #expect(child["parent"] == nil, "\(child)")
    }
}
