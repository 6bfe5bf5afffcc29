//
//  CodableKindTests.swift
//  `ValueKind.codable`: which types the model layer sees as `Codable` values,
//  and what it does with them outside JSON (as with any type it has no rule
//  for: `init(dictionary:)` takes values of the type, archives refuse them,
//  `Codable` models code them through their own conformance).
//

import Foundation
import Testing
import MantleArchiving
@testable import MantleCore

@Suite("ValueKind: Codable values")
struct CodableKindTests {
    /// A plain `Codable` struct.
    struct Geo: Codable, Equatable {
        var lat = 0.0
        var lon = 0.0
    }

    /// A model with one (and `Codable` itself).
    struct Place: Model, Codable, Equatable {
        var name = ""
        var geo = Geo()
    }

    /// Checks: Codable types with no other rule are `.codable`, with their conformances; the others keep their kind.
    @Test("classification", arguments: [
        (Geo.self as Any.Type, "codable(D, E)"), (TimeZone.self, "codable(D, E)"), (Locale.self, "codable(D, E)"),
        (Measurement<UnitLength>.self, "codable(D, E)"), (Place.self, "model"), (Int.self, "integer"),
        (String.self, "string"), ([Geo].self, "array"), (Data.self, "data"), (URL.self, "url"),
        (NSObject.self, "other"), (CodableKindTests.self, "other"),
    ])
    func classification(type: Any.Type, expected: String) {
        let kind: String
        switch ValueKind.of(type) {
        case .codable(let decodable, let encodable):
            kind = "codable(\(decodable == nil ? "-" : "D"), \(encodable == nil ? "-" : "E"))"
        case .model: kind = "model"
        case .integer: kind = "integer"
        case .string: kind = "string"
        case .array: kind = "array"
        case .data: kind = "data"
        case .url: kind = "url"
        case .other: kind = "other"
        case .any, .substring, .character, .bool, .floating, .decimal, .uuid, .date, .optional, .jsonOptional, .set,
             .stringKeyedDictionary, .keyedDictionary, .rawRepresentable, .null, .foundationNumber,
             .foundationString, .foundationArray, .foundationDictionary: kind = "something else"
        }
        #expect(kind == expected, "\(type)")
    }

    /// Checks: `init(dictionary:)` takes a value of the type and refuses anything else.
    @Test("init(dictionary:) takes values of the type")
    func dictionaryConversion() throws {
        let place = try Place(dictionary: ["name": "Harbour", "geo": Geo(lat: 1, lon: 2)])
        #expect(place.geo == Geo(lat: 1, lon: 2))
        #expect(throws: ModelError.self) { _ = try Place(dictionary: ["geo": ["lat": 1.0, "lon": 2.0]]) }
        #expect(place.dictionaryValue["geo"] as? Geo == Geo(lat: 1, lon: 2))
    }

    /// Checks: archives refuse Codable values naming the property, while the model's own Codable conformance codes them.
    @Test("archives refuse them; the model's Codable conformance codes them")
    func archiving() throws {
        let place = try Place(dictionary: ["name": "Harbour", "geo": Geo(lat: 1, lon: 2)])
        let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.archivedData(with: place) }
        #expect(error.code == .unsupportedValue)
        #expect(error.propertyKey == "geo")
        let copy = try JSONDecoder().decode(Place.self, from: JSONEncoder().encode(place))
        #expect(copy == place)
    }
}
