// canada.json, every field: the library's models (`CanadaCorpus`) and their
// plain `Codable, Hashable` twins (`CanadaTwin`). Field for field the models of
// serde's json-benchmark (src/canada.rs): coordinates are `Float` as there
// (`f32`), each point a two-element array (a `(f32, f32)` tuple there).
import Foundation
import JSONAdapter

/// serde's `ObjType`.
enum CanadaObjectType: String, Codable, Hashable {
    case featureCollection = "FeatureCollection", feature = "Feature", polygon = "Polygon"
}

/// The library's models of canada.json; JSON keys are the property names.
enum CanadaCorpus {
    struct FeatureCollection: JSONSerializing {
        var type = CanadaObjectType.featureCollection
        var features: [Feature] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Feature: JSONSerializing {
        var type = CanadaObjectType.feature
        var properties: [String: String] = [:]
        var geometry = Geometry()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Geometry: JSONSerializing {
        var type = CanadaObjectType.polygon
        var coordinates: [[[Float]]] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}

/// The plain twins of ``CanadaCorpus``'s models: the same fields and types,
/// with synthesized `Codable` and `Hashable` conformances.
enum CanadaTwin {
    struct FeatureCollection: Codable, Hashable {
        var type = CanadaObjectType.featureCollection
        var features: [Feature] = []
    }

    struct Feature: Codable, Hashable {
        var type = CanadaObjectType.feature
        var properties: [String: String] = [:]
        var geometry = Geometry()
    }

    struct Geometry: Codable, Hashable {
        var type = CanadaObjectType.polygon
        var coordinates: [[[Float]]] = []
    }
}
