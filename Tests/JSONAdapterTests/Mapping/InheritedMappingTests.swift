//  Mappings in class hierarchies: a base class's `jsonKeyPaths()` maps each
//  subclass's own properties, and a plain base class of the app's own
//  contributes its stored properties; system base classes contribute nothing.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Inherited mappings")
struct InheritedMappingTests {
    @Test("a base class's jsonKeyPaths() maps a subclass's own properties", arguments: DecodingPath.allCases)
    func identity(path: DecodingPath) throws {
        let truck = try path.decode(Truck.self, #"{"wheels": 6, "modelName": "T1", "payloadTons": 2.5}"#)
        #expect(truck.wheels == 6 && truck.modelName == "T1" && truck.payloadTons == 2.5)
        let json = try path.encode(truck)
        #expect(json.keys.sorted() == ["modelName", "payloadTons", "wheels"])
        #expect(json["payloadTons"] as? Double == 2.5)
        #expect(Truck.jsonKeyPathsByPropertyKey.keys.sorted() == ["modelName", "payloadTons", "wheels"])
        // The base class itself still maps only its own.
        #expect(Vehicle.jsonKeyPathsByPropertyKey.keys.sorted() == ["modelName", "wheels"])
    }

    @Test("with converting: .snakeCase, the subclass's keys are converted too", arguments: DecodingPath.allCases)
    func snakeCase(path: DecodingPath) throws {
        let truck = try path.decode(SnakeTruck.self, #"{"wheel_count": 6, "payload_tons": 2.5, "max_speed_kph": 90}"#)
        #expect(truck.wheelCount == 6 && truck.payloadTons == 2.5 && truck.maxSpeedKPH == 90)
        #expect(try path.encode(truck).keys.sorted() == ["max_speed_kph", "payload_tons", "wheel_count"])
    }

    @Test("the base class's overrides apply to the subclass, whose own keys are converted", arguments: DecodingPath.allCases)
    func overrides(path: DecodingPath) throws {
        let truck = try path.decode(OverriddenTruck.self,
                                    #"{"wheel_count": 4, "ids": {"vin": "V9"}, "payload_tons": 1.0}"#)
        #expect(truck.wheelCount == 4 && truck.vin == "V9" && truck.payloadTons == 1.0)
        let json = try path.encode(truck)
        #expect(json.keys.sorted() == ["ids", "payload_tons", "wheel_count"])
        #expect((json["ids"] as? [String: Any])?["vin"] as? String == "V9")
    }

    @Test("a subclass that overrides the mapping still wins", arguments: DecodingPath.allCases)
    func subclassOverrideWins(path: DecodingPath) throws {
        let truck = try path.decode(CustomTruck.self, #"{"w": 8, "load": 3.0, "modelName": "ignored"}"#)
        #expect(truck.wheels == 8 && truck.payloadTons == 3.0 && truck.modelName == "")
        #expect(try path.encode(truck).keys.sorted() == ["load", "w"])
    }

    @Test("a class cluster's subclass chosen by the base class maps its own properties", arguments: DecodingPath.allCases)
    func classCluster(path: DecodingPath) throws {
        let shape = try path.decode(Shape.self, #"{"kind": "circle", "radius": 2.0}"#)
        let circle = try #require(shape as? Circle)
        #expect(circle.radius == 2.0)
        #expect(try path.encode(circle).keys.sorted() == ["kind", "radius"])
    }

    @Test("a plain base class's stored properties decode and encode", arguments: DecodingPath.allCases)
    func plainBase(path: DecodingPath) throws {
        let post = try path.decode(Post.self, #"{"id": 5, "created_by": "ann", "body": "hi"}"#)
        #expect(post.id == 5 && post.createdBy == "ann" && post.body == "hi")
        #expect(try path.encode(post).keys.sorted() == ["body", "created_by", "id"])
        #expect(post == (try DecodingPath.data.decode(Post.self, #"{"id": 5, "created_by": "ann", "body": "hi"}"#)))
        var updated = post
        try InheritedMappingTests.update(&updated, with: #"{"id": 6}"#, path: path)
        #expect(post.id == 6 && post.body == "hi")
    }

    @Test("a model on a system class maps only its own properties", arguments: DecodingPath.allCases)
    func systemBase(path: DecodingPath) throws {
        let job = try path.decode(Job.self, #"{"summary": "build", "isCancelled": true}"#)
        #expect(job.summary == "build" && !job.isCancelled)
        #expect(try path.encode(job).keys.sorted() == ["summary"])
        let leaf = try path.decode(Leaf.self, #"{"label": "x", "parentID": 3}"#)
        #expect(leaf.label == "x" && leaf.parentID == 0)
        #expect(try path.encode(leaf).keys.sorted() == ["label"])
    }

    /// `JSONAdapter.update` from the bytes or from a `JSONSerialization` dictionary.
    static func update<M: JSONSerializing>(_ model: inout M, with json: String, path: DecodingPath) throws {
        switch path {
        case .data: try JSONAdapter.update(&model, fromJSONData: Data(json.utf8))
        case .dictionary, .foundationObjects: try JSONAdapter.update(&model, from: path.jsonObject(json))
        }
    }
}

// MARK: - Models

extension InheritedMappingTests {
    class Vehicle: JSONSerializing {
        var wheels = 0
        var modelName = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    final class Truck: Vehicle {
        var payloadTons = 0.0
    }

    final class CustomTruck: Vehicle {
        var payloadTons = 0.0
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["wheels": "w", "payloadTons": "load"] }
    }

    class SnakeVehicle: JSONSerializing {
        var wheelCount = 0
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    final class SnakeTruck: SnakeVehicle {
        var payloadTons = 0.0
        var maxSpeedKPH = 0
    }

    class OverriddenVehicle: JSONSerializing {
        var wheelCount = 0
        var vin = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            jsonKeyPaths(converting: .snakeCase, overriding: ["vin": "ids.vin"])
        }
    }

    final class OverriddenTruck: OverriddenVehicle {
        var payloadTons = 0.0
    }

    class Shape: JSONSerializing {
        var kind = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            jsonDictionary["kind"] as? String == "circle" ? Circle.self : Shape.self
        }
    }

    final class Circle: Shape {
        var radius = 0.0
    }

    /// A plain base class of the app's own.
    class Entity {
        var id = 0
        var createdBy: String?
    }

    final class Post: Entity, JSONSerializing {
        var body = ""
        required override init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    final class Job: Operation, JSONSerializing, @unchecked Sendable {
        var summary = ""
        required override init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A base class of the app's own that inherits from a system class.
    class Node: NSObject {
        var parentID = 0
    }

    final class Leaf: Node, JSONSerializing {
        var label = ""
        required override init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
