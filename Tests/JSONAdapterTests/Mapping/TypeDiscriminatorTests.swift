//  Declarative type discriminators: a JSON field naming each object's type,
//  for class hierarchies (`typeDiscriminator`) and for struct families
//  decoded as a protocol existential.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Type discriminators")
struct TypeDiscriminatorTests {
    static let events = #"""
    [{"id": "1", "type": "PushEvent", "payload": {"size": 3}},
     {"id": "2", "type": "IssuesEvent", "payload": {"action": "opened"}},
     {"id": "3", "type": "WatchEvent", "payload": {}}]
    """#

    /// Checks: a class hierarchy decodes each object as the subclass its field names, the fallback otherwise.
    @Test("class hierarchy: subclasses by the type field, the fallback for others")
    func classHierarchy() throws {
        let data = Data(Self.events.utf8)
        let fromBytes = try JSONAdapter.models(of: Event.self, fromJSONData: data)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        let fromDictionaries = try JSONAdapter.models(of: Event.self, from: array)
        for events in [fromBytes, fromDictionaries] {
            #expect(events.count == 3)
            #expect((events[0] as? PushEvent)?.size == 3)
            #expect((events[1] as? IssuesEvent)?.action == "opened")
            #expect(type(of: events[2]) == Event.self && events[2].type == "WatchEvent")
        }
        // The mapped field is written back, so the encoded JSON decodes to the same types.
        let again = try JSONAdapter.models(of: Event.self, fromJSONData: JSONAdapter.jsonData(from: fromBytes))
        #expect(again.map { ObjectIdentifier(type(of: $0)) } == fromBytes.map { ObjectIdentifier(type(of: $0)) })
    }

    /// Checks: without a fallback, an unknown, missing or non-string field is .noClassFound naming the field and value.
    @Test("no fallback: unknown, missing and non-string fields are .noClassFound", arguments: [
        (#"[{"id": "1", "type": "PushEvent"}, {"id": "2", "type": "ForkEvent"}]"#, "[1].type", #"string "ForkEvent""#),
        (#"[{"id": "1"}]"#, "[0].type", "nothing"),
        (#"[{"id": "1", "type": {"name": "PushEvent"}}]"#, "[0].type", "object"),
    ])
    func strict(json: String, path: String, found: String) throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.models(of: StrictEvent.self, fromJSONData: Data(json.utf8))
        }
        #expect(error.code == .noClassFound)
        #expect(error.jsonKeyPath == path)
        #expect(error.description.contains(found))
        #expect(error.description.contains(#""PushEvent""#))
    }

    /// Checks: a struct family decodes as its protocol existential, by a dotted or numeric field.
    @Test("struct family as a protocol existential")
    func structFamily() throws {
        let shapes = JSONTypeDiscriminator(keyPath: "meta.kind", types: ["circle": Circle.self, "4": Square.self])
        let json = #"[{"meta": {"kind": "circle"}, "radius": 1}, {"meta": {"kind": 4}, "side": 2}]"#
        let decoded = try JSONAdapter.models(of: (any Shape).self, in: shapes, fromJSONData: Data(json.utf8))
        #expect(decoded.count == 2)
        #expect((decoded[0] as? Circle)?.radius == 1)
        #expect(decoded[1].area == 4)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let fromDictionaries = try JSONAdapter.models(of: (any Shape).self, in: shapes, from: array)
        #expect(fromDictionaries.map(\.area) == decoded.map(\.area))
        let one = try JSONAdapter.model(of: (any JSONSerializing).self, in: shapes,
                                        fromJSONData: Data(#"{"meta": {"kind": "circle"}, "radius": 2}"#.utf8))
        #expect((one as? Circle)?.radius == 2)
        let dictionary = try JSONAdapter.model(of: (any Shape).self, in: shapes,
                                               from: ["meta": ["kind": 4], "side": 3])
        #expect(dictionary.area == 9)
    }

    /// Checks: a chosen type that is not the requested family type is .noClassFound, not a crash.
    @Test("a member that is not of the requested type is .noClassFound")
    func wrongMember() throws {
        let mixed = JSONTypeDiscriminator(keyPath: "kind", types: ["circle": Circle.self, "label": Label.self])
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.models(of: (any Shape).self, in: mixed,
                                   fromJSONData: Data(#"[{"kind": "circle"}, {"kind": "label", "text": "x"}]"#.utf8))
        }
        #expect(error.code == .noClassFound)
        #expect(error.jsonKeyPath == "[1].kind")
        #expect(error.description.contains("Label"))
    }
}

// MARK: - Models

extension TypeDiscriminatorTests {
    /// The base of a GitHub-events-like class hierarchy.
    class Event: JSONSerializing {
        var id = ""
        var type = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "type": "type"] }
        class var typeDiscriminator: JSONTypeDiscriminator? {
            JSONTypeDiscriminator(keyPath: "type", types: ["PushEvent": PushEvent.self, "IssuesEvent": IssuesEvent.self],
                                  fallback: Event.self)
        }
    }

    /// A push.
    final class PushEvent: Event {
        var size = 0
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["size": "payload.size"])
        }
    }

    /// An issue event.
    final class IssuesEvent: Event {
        var action = ""
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["action": "payload.action"])
        }
    }

    /// The same hierarchy without a fallback.
    class StrictEvent: JSONSerializing {
        var id = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
        class var typeDiscriminator: JSONTypeDiscriminator? {
            JSONTypeDiscriminator(keyPath: "type", types: ["PushEvent": StrictPush.self])
        }
    }

    /// The strict hierarchy's one member.
    final class StrictPush: StrictEvent {}

    /// A family of structs.
    protocol Shape: JSONSerializing {
        /// The shape's area.
        var area: Double { get }
    }

    /// A circle.
    struct Circle: Shape {
        var radius = 0.0
        var area: Double { .pi * radius * radius }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["radius": "radius"] }
    }

    /// A square.
    struct Square: Shape {
        var side = 0.0
        var area: Double { side * side }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["side": "side"] }
    }

    /// Not a shape.
    struct Label: JSONSerializing {
        var text = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["text": "text"] }
    }
}
