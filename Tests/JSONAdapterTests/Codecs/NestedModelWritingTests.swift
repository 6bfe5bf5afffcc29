//
//  NestedModelWritingTests.swift
//  Nested struct models are written from where they are stored (a property's storage, an
//  array's buffer) with the mapping their codec keeps: the same text as a copy written with the
//  mapping looked up, the same errors, and the copy's route wherever storage alone does not say
//  what to write (class models, `serializablePropertyKeys`, unknown keys, property wrappers).
//

import Foundation
import Testing
import MantleJSON
import MantleTestSupport
@testable import JSONAdapter

@Suite("Nested models written from storage")
struct NestedModelWritingTests {
    static let shape: Shape = {
        var shape = Shape()
        shape.origin = Point(x: 1, label: "a", tags: [1, 2])
        shape.corner = Point(x: 2, label: "b")
        shape.points = [Point(x: 3, label: "c", tags: [3]), Point(x: 4, label: "d\"q")]
        shape.byName = ["k": Point(x: 5, label: "e")]
        shape.shouted = Point(x: 6, label: "loud")
        shape.name = "s"
        return shape
    }()

    static let shapeText = #"{"origin":{"x":1,"label":"a","tags":[1,2],"ratio":0.5},"corner":{"x":2,"label":"b","tags":[],"ratio":0.5},"#
        + #""points":[{"x":3,"label":"c","tags":[3],"ratio":0.5},{"x":4,"label":"d\"q","tags":[],"ratio":0.5}],"#
        + #""byName":{"k":{"x":5,"label":"e","tags":[],"ratio":0.5}},"shouted":{"x":6,"label":"LOUD","tags":[],"ratio":0.5},"#
        + #""name":"s"}"#

    @Test("struct models in a property, an optional, an array, a dictionary and a wrapper write the exact text")
    func exactText() throws {
        #expect(String(decoding: try JSONAdapter.jsonData(from: Self.shape), as: UTF8.self) == Self.shapeText)
        var empty = Shape()
        empty.shouted = Point(label: "x")
        let emptyText = #"{"origin":{"x":0,"label":"","tags":[],"ratio":0.5},"corner":null,"points":[],"byName":{},"#
            + #""shouted":{"x":0,"label":"X","tags":[],"ratio":0.5},"name":""}"#
        #expect(String(decoding: try JSONAdapter.jsonData(from: empty), as: UTF8.self) == emptyText)
        // The dictionary route (a copy of each model, encoded) agrees, and so does a round trip.
        let texts = try DecodingPath.encodedTexts(Self.shape)
        #expect(texts.data == texts.dictionary)
        #expect(try JSONAdapter.model(of: Shape.self, fromJSONData: JSONAdapter.jsonData(from: Self.shape)).points
            == Self.shape.points)
    }

    /// Which codecs write from storage, and with which mapping: exactly the one `ModelMapping.of`
    /// gives for the nested type in the same configuration (compiled with the outer one), and
    /// none where the model itself must be asked or may be of a subclass.
    @Test("a codec writes from storage with the mapping the nested type has in the same configuration")
    func storageMappings() throws {
        let prefixing = JSONAdapter.Configuration(keyConversion: .custom { "x_" + $0 })
        for context in [MappingContext.standard, prefixing.context] {
            let shape = try ModelMapping.of(Shape.self, in: context)
            let point = try ModelMapping.of(Point.self, in: context)
            #expect(point.writesFromStorage)
            #expect(try Self.modelCodec(Point.self, of: "origin", in: shape).storageMapping === point)
            let array = try #require(Self.codec([Point].self, of: "points", in: shape) as? ArrayCodec<Point>)
            #expect(try #require(array.element as? ModelCodec<Point>).storageMapping === point)
            #expect(try Self.modelCodec(Point.self, of: "shouted", in: shape).storageMapping === point)
            // The wrapper's storage is not a `Point`: its property copies the wrapped value out.
            #expect(!(try #require(shape.properties.first { $0.key == "shouted" } as? TypedPropertyMapping<Point>))
                .writesFromStorage)
            #expect(try #require(shape.properties.first { $0.key == "origin" } as? TypedPropertyMapping<Point>)
                .writesFromStorage)
        }
        let holder = try ModelMapping.of(Holder.self)
        for type in [MessageCluster.Message.self, MessageCluster.TextMessage.self, Selective.self,
                     Keeping.self] as [any JSONSerializing.Type] {
            #expect(!(try ModelMapping.of(type).writesFromStorage), "\(type)")
        }
        #expect(try Self.modelCodec(MessageCluster.Message.self, of: "message", in: holder).storageMapping == nil)
        #expect(try Self.modelCodec(Selective.self, of: "selective", in: holder).storageMapping == nil)
        #expect(try Self.modelCodec(Keeping.self, of: "keeping", in: holder).storageMapping == nil)
        #expect(!(try #require(holder.properties.first { $0.key == "selective" } as? TypedPropertyMapping<Selective>))
            .writesFromStorage)
    }

    @Test("nested models that storage cannot speak for are written as before, in arrays too")
    func modelsThatAreAsked() throws {
        var holder = Holder()
        holder.message = MessageCluster.TextMessage()
        holder.messages = [MessageCluster.TextMessage(), MessageCluster.Message()]
        holder.selective = Selective(shown: 1, hidden: 2)
        holder.selectives = [Selective(shown: 3, hidden: 4)]
        holder.keeping = try JSONAdapter.model(of: Keeping.self, fromJSONData: Data(#"{"a":1,"extra":true}"#.utf8))
        let text = String(decoding: try JSONAdapter.jsonData(from: holder), as: UTF8.self)
        #expect(text.contains(#""selective":{"shown":1}"#))
        #expect(text.contains(#""selectives":[{"shown":3}]"#))
        #expect(text.contains(#""keeping":{"a":1,"extra":true}"#))
        let object = try FoundationJSON.object(JSONAdapter.jsonData(from: holder))
        #expect((object["message"] as? [String: Any])?["type"] as? String == "text")
        #expect((object["messages"] as? [[String: Any]])?.map { $0["type"] as? String } == ["text", "base"])
        let texts = try DecodingPath.encodedTexts(holder)
        #expect(texts.data == texts.dictionary)
    }

    @Test("a failure inside a nested model names the same property and path as the dictionary route",
          arguments: ["origin", "corner", "points", "byName"])
    func failures(property: String) throws {
        var shape = Self.shape
        switch property {
        case "origin": shape.origin.ratio = .nan
        case "corner": shape.corner?.ratio = .infinity
        case "points": shape.points[1].ratio = .nan
        default: shape.byName["k"]?.ratio = -.infinity
        }
        let written = try #require(adapterError { _ = try JSONAdapter.jsonData(from: shape) })
        let encoded = try #require(adapterError { _ = try JSONAdapter.jsonDictionary(from: shape) })
        #expect(written.code == .invalidValue)
        #expect(written.propertyKey == property)
        #expect(written.jsonKeyPath == encoded.jsonKeyPath)
        #expect(written.jsonKeyPath?.hasSuffix("ratio") == true)
        if property == "points" { #expect(written.jsonKeyPath == "points[1].ratio") }
    }

    /// The nested mappings are held by the codecs that write from storage: a mapping compiled in
    /// a configuration that is gone, which nothing else holds, writes the same bytes
    /// (AddressSanitizer would report a read of a freed mapping).
    @Test("a mapping whose configuration is released writes nested models from storage")
    func releasedConfiguration() throws {
        let expected = try JSONAdapter.jsonData(from: Self.shape)
        var mapping: ModelMapping? = try ModelMapping.of(Shape.self, in: MappingContext(.init()))
        weak let weakMapping = mapping
        for _ in 0..<3 {
            var writer = JSONWriter()
            try #require(mapping).write(Self.shape, to: &writer, options: [])
            #expect(writer.data == expected)
        }
        mapping = nil
        #expect(weakMapping == nil)
    }

    @Test("an array of many struct models, each written from the array's buffer")
    func longArray() throws {
        var shape = Shape()
        shape.points = (0..<1_000).map { Point(x: $0, label: "p\($0)", tags: Array(0..<($0 % 4))) }
        let object = try FoundationJSON.object(JSONAdapter.jsonData(from: shape))
        let points = try #require(object["points"] as? [[String: Any]])
        #expect(points.count == 1_000)
        #expect(points.map { $0["label"] as? String } == shape.points.map(\.label))
        #expect(points.map { ($0["tags"] as? [Int])?.count } == shape.points.map(\.tags.count))
        #expect(try JSONAdapter.model(of: Shape.self, fromJSONData: JSONAdapter.jsonData(from: shape)).points
            == shape.points)
    }

    /// Scalars, optionals of them and of models, present and absent, written from their
    /// properties' storage (`Int`, `String`, `Bool`, `Double` and optionals of those and of
    /// struct models) or from a copy (`Int8`, `Float`): the exact text.
    @Test("scalars and optionals written from storage write the exact text", arguments: [false, true])
    func scalars(present: Bool) throws {
        var value = Scalars()
        if present {
            value = Scalars(int: -42, string: "a\u{1}é", bool: true, double: 0.1, small: -8, float: 0.1,
                            optionalString: "o", optionalInt: Int.min, optionalBool: false, optionalDouble: -0.0,
                            optionalPoint: Point(x: 1), optionalPoints: [Point(x: 2)], points: [Point(x: 3)])
        }
        let expected = present
            ? #"{"int":-42,"string":"a\u0001é","bool":true,"double":0.1,"small":-8,"float":0.1,"optionalString":"o","#
                + #""optionalInt":-9223372036854775808,"optionalBool":false,"optionalDouble":-0,"#
                + #""optionalPoint":{"x":1,"label":"","tags":[],"ratio":0.5},"#
                + #""optionalPoints":[{"x":2,"label":"","tags":[],"ratio":0.5}],"#
                + #""points":[{"x":3,"label":"","tags":[],"ratio":0.5}]}"#
            : #"{"int":0,"string":"","bool":false,"double":0,"small":0,"float":0,"optionalString":null,"#
                + #""optionalInt":null,"optionalBool":null,"optionalDouble":null,"optionalPoint":null,"#
                + #""optionalPoints":null,"points":[]}"#
        #expect(String(decoding: try JSONAdapter.jsonData(from: value), as: UTF8.self) == expected)
        let mapping = try ModelMapping.of(Scalars.self)
        let fromStorage = ["int", "string", "bool", "double", "optionalString", "optionalInt", "optionalBool",
                           "optionalDouble", "optionalPoint"]
        #expect(mapping.properties.filter(Self.writesFromStorage).map(\.key) == fromStorage)
    }

    // MARK: Helpers

    /// `TypedPropertyMapping.writesFromStorage` of a property of any type.
    private static func writesFromStorage(_ property: PropertyMapping) -> Bool {
        func typed<Value>(_: Value.Type) -> Bool {
            (property as? TypedPropertyMapping<Value>)?.writesFromStorage ?? false
        }
        return _openExistential(property.valueType, do: typed)
    }

    private static func codec<Value>(_: Value.Type, of key: String, in mapping: ModelMapping) throws -> JSONValueCodec<Value> {
        try #require(mapping.properties.first { $0.key == key } as? TypedPropertyMapping<Value>).codec
    }

    private static func modelCodec<Nested>(_: Nested.Type, of key: String,
                                           in mapping: ModelMapping) throws -> ModelCodec<Nested> {
        try #require(codec(Nested.self, of: key, in: mapping) as? ModelCodec<Nested>)
    }
}

// MARK: - Models

extension NestedModelWritingTests {
    struct Point: JSONSerializing, Equatable {
        var x = 0
        var label = ""
        var tags: [Int] = []
        var ratio = 0.5
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Scalars: JSONSerializing {
        var int = 0
        var string = ""
        var bool = false
        var double = 0.0
        var small: Int8 = 0
        var float: Float = 0
        var optionalString: String?
        var optionalInt: Int?
        var optionalBool: Bool?
        var optionalDouble: Double?
        var optionalPoint: Point?
        var optionalPoints: [Point]?
        var points: [Point] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Stores a `Point` after other bytes and hands out a changed copy: writing it from its
    /// storage would write the wrapper's bytes as a `Point`.
    @propertyWrapper
    struct Shouting: ModelPropertyWrapper, Hashable {
        private var marker = 0x5EED
        private var stored: Point
        var wrappedValue: Point {
            get {
                var shouted = stored
                shouted.label = stored.label.uppercased()
                return shouted
            }
            set { stored = newValue }
        }
        init(wrappedValue: Point) { stored = wrappedValue }

        static func == (lhs: Shouting, rhs: Shouting) -> Bool { lhs.stored == rhs.stored }
        func hash(into hasher: inout Hasher) { hasher.combine(stored.x) }
    }

    struct Shape: JSONSerializing {
        var origin = Point()
        var corner: Point?
        var points: [Point] = []
        var byName: [String: Point] = [:]
        @Shouting var shouted = Point()
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Writes only `shown`.
    struct Selective: JSONSerializing {
        var shown = 0
        var hidden = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> { ["shown"] }
    }

    /// Keeps what it does not map, which storage alone does not lay out.
    struct Keeping: JSONSerializing {
        var a = 0
        var unknownKeys = JSONUnknownKeys()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["a": "a"] }
    }

    struct Holder: JSONSerializing {
        var message: MessageCluster.Message = MessageCluster.Message()
        var messages: [MessageCluster.Message] = []
        var selective = Selective()
        var selectives: [Selective] = []
        var keeping = Keeping()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
