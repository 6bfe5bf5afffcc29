//  Declarative type discriminators: a JSON field naming each object's type,
//  for class hierarchies (`typeDiscriminator`), in a call's options (every
//  decode verb), and for struct families decoded through an adapter as a
//  protocol existential.

import Foundation
import Testing
import MantleTestSupport
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

    /// Checks: a struct family decodes through a struct adapter with the
    /// discriminator in the options, and casts to its protocol existential,
    /// by a dotted or numeric field, on both input kinds.
    @Test("struct family as a protocol existential")
    func structFamily() throws {
        let shapes = JSONTypeDiscriminator(keyPath: "meta.kind", types: ["circle": Circle.self, "4": Square.self])
        let adapter = try JSONAdapter(modelType: Circle.self)
        let json = #"[{"meta": {"kind": "circle"}, "radius": 1}, {"meta": {"kind": 4}, "side": 2}]"#
        let decoded = try #require(try adapter.models(fromJSONData: Data(json.utf8), options: .discriminator(shapes))
                                   as? [any Shape])
        #expect(decoded.count == 2)
        #expect((decoded[0] as? Circle)?.radius == 1)
        #expect(decoded[1].area == 4)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let fromDictionaries = try #require(try adapter.models(from: array, options: .discriminator(shapes)) as? [any Shape])
        #expect(fromDictionaries.map(\.area) == decoded.map(\.area))
        let one = try adapter.model(fromJSONData: Data(#"{"meta": {"kind": "circle"}, "radius": 2}"#.utf8),
                                    options: .discriminator(shapes))
        #expect((one as? Circle)?.radius == 2)
        let dictionary = try #require(try adapter.model(from: ["meta": ["kind": 4], "side": 3], options: .discriminator(shapes))
                                      as? any Shape)
        #expect(dictionary.area == 9)
    }

    /// Checks: a numeric type field names its type by its exact integer value, alike from bytes and
    /// from JSONSerialization's objects (which read `4.0` and `4e0` as the Double 4): `4`, `4.0` and
    /// `4e0` choose the type named "4"; `4.5` chooses none.
    @Test("a numeric type field is read alike on both paths", arguments: ["4", "4.0", "4e0", "4.5"])
    func numericField(literal: String) throws {
        let shapes = JSONTypeDiscriminator(keyPath: "meta.kind", types: ["circle": Circle.self, "4": Square.self])
        let adapter = try JSONAdapter(modelType: Circle.self)
        let json = Data(#"{"meta": {"kind": \#(literal)}, "side": 2}"#.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        for decode in [{ try adapter.model(fromJSONData: json, options: .discriminator(shapes)) },
                       { try adapter.model(from: object, options: .discriminator(shapes)) }] {
            if literal == "4.5" {
                #expect(throws: JSONAdapterError.self) { try decode() }
            } else {
                #expect((try decode() as? any Shape)?.area == 4)
            }
        }
    }

    /// Checks: with a discriminator in the options, the static methods give
    /// `M` or a subclass of it; another chosen type is .noClassFound, not a
    /// crash, naming the field; so is a class adapter's unrelated choice.
    @Test("a member that is not of the requested type is .noClassFound")
    func wrongMember() throws {
        let mixed = JSONTypeDiscriminator(keyPath: "kind", types: ["circle": Circle.self, "label": Label.self])
        let json = Data(#"[{"kind": "circle"}, {"kind": "label", "text": "x"}]"#.utf8)
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.models(of: Circle.self, fromJSONData: json, options: .discriminator(mixed))
        }
        #expect(error.code == .noClassFound)
        #expect(error.jsonKeyPath == "[1].kind")
        #expect(error.description.contains("Label"))

        let events = JSONTypeDiscriminator(keyPath: "type", types: ["PushEvent": PushEvent.self, "label": Label.self])
        let array: [Any] = [["type": "PushEvent", "id": "1"] as [String: Any], ["type": "label", "text": "x"]]
        for decode in [{ try JSONAdapter.models(of: Event.self, from: array, options: .discriminator(events)) as [Any] },
                       { try JSONAdapter(modelType: Event.self).models(from: array, options: .discriminator(events)) }] {
            let error = try #require(throws: JSONAdapterError.self) { _ = try decode() }
            #expect(error.code == .noClassFound && error.jsonKeyPath == "[1].type")
        }
    }

    /// Checks: the options' discriminator replaces the type's own choice on
    /// every decode verb — one object and arrays from dictionaries and bytes,
    /// JSON Lines, a reader, a stream — giving subclasses of `M`.
    @Test("the options' discriminator chooses on every decode verb")
    func everyVerb() async throws {
        let byKind = JSONTypeDiscriminator(keyPath: "kind", types: ["push": PushEvent.self, "issues": IssuesEvent.self])
        let options = JSONAdapter.DecodingOptions.discriminator(byKind)
        let objects = [#"{"kind": "push", "id": "1", "payload": {"size": 2}}"#, #"{"kind": "issues", "id": "2", "payload": {"action": "opened"}}"#]
        let array = "[" + objects.joined(separator: ",") + "]"
        let lines = Data(objects.joined(separator: "\n").utf8)
        func check(_ events: [Event], sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(events.map { String(describing: type(of: $0)) } == ["PushEvent", "IssuesEvent"],
                    sourceLocation: sourceLocation)
            #expect((events.first as? PushEvent)?.size == 2, sourceLocation: sourceLocation)
        }
        check(try JSONAdapter.models(of: Event.self, fromJSONData: Data(array.utf8), options: options))
        check(try JSONAdapter.models(of: Event.self, from: FoundationJSON.array(array), options: options))
        check([try JSONAdapter.model(of: Event.self, fromJSONData: Data(objects[0].utf8), options: options),
               try JSONAdapter.model(of: Event.self, from: FoundationJSON.object(objects[1]), options: options)])
        check(try JSONAdapter.models(of: Event.self, fromJSONLines: lines, options: options))
        var reader = try JSONModelReader(Event.self, data: Data(array.utf8), format: .array, options: options)
        var read: [Event] = []
        while let event = try reader.next() { read.append(event) }
        check(read)
        var streamed: [Event] = []
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in lines { continuation.yield(byte) }
            continuation.finish()
        }
        for try await event in JSONAdapter.models(of: Event.self, streamingFrom: bytes, options: options) {
            streamed.append(event)
        }
        check(streamed)
        let adapter = try JSONAdapter(modelType: Event.self)
        check(try adapter.models(fromJSONData: Data(array.utf8), options: options).compactMap { $0 as? Event })
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
