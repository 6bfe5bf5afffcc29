//
//  CodableErrorTests.swift
//  Failures inside `Codable` property values name the model property and the
//  whole JSON path into the value, keep the `DecodingError`/`EncodingError`,
//  leave nothing half-written, and never overflow the stack.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Codable property values: errors")
struct CodableErrorTests {
    /// A plain `Codable` struct.
    struct Geo: Codable, Equatable {
        var lat: Double
        var lon: Double
    }

    /// A model with Codable values, in an array too.
    struct Place: JSONSerializing, Equatable {
        var name = ""
        var geo = Geo(lat: 0, lon: 0)
        var stops: [Geo] = []
        var pins: [String: Geo] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: the description names the property and the JSON path, for every kind of failure.
    @Test("errors name the property and the whole JSON path", arguments: DecodingPath.allCases, [
        (#"{"geo": {"lat": "x", "lon": 1}}"#, "geo", "geo.lat", #"expected Double, found string "x""#),
        (#"{"geo": {"lat": null, "lon": 1}}"#, "geo", "geo.lat", "expected Double, found null"),
        (#"{"geo": {"lat": 1}}"#, "geo", "geo.lon", #"missing key "lon""#),
        (#"{"geo": "x"}"#, "geo", "geo", #"expected an object for Geo, found string "x""#),
        (#"{"stops": [{"lat": 1, "lon": 2}, {"lat": 1, "lon": true}]}"#, "stops", "stops[1].lon",
         "expected Double, found Bool true"),
        (#"{"pins": {"home": {"lat": 1, "lon": []}}}"#, "pins", "pins.home.lon", "expected Double, found array of 0"),
    ])
    func messages(path: DecodingPath, row: (json: String, key: String, jsonPath: String, reason: String)) throws {
        let error = try #require(adapterError { _ = try path.decode(Place.self, row.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == row.key)
        #expect(error.jsonKeyPath == row.jsonPath)
        #expect(error.detail == row.reason)
        #expect(error.description == "Place.\(row.key) → \"\(row.jsonPath)\": \(row.reason)")
        #expect(error.underlyingError is DecodingError, "the DecodingError is kept")
    }

    /// Checks: the DecodingError's own case and coding path are those JSONDecoder would give.
    @Test("the underlying DecodingError", arguments: DecodingPath.allCases)
    func underlyingError(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Place.self, #"{"geo": {"lat": 1}}"#) })
        guard case DecodingError.keyNotFound(let key, let context)? = error.underlyingError else {
            Issue.record("expected keyNotFound, got \(String(describing: error.underlyingError))")
            return
        }
        #expect(key.stringValue == "lon")
        #expect(context.codingPath.isEmpty)
        let mismatch = try #require(adapterError { _ = try path.decode(Place.self, #"{"geo": {"lat": "x", "lon": 1}}"#) })
        guard case DecodingError.typeMismatch(let type, let mismatchContext)? = mismatch.underlyingError else {
            Issue.record("expected typeMismatch, got \(String(describing: mismatch.underlyingError))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Double.self))
        #expect(mismatchContext.codingPath.map(\.stringValue) == ["lat"])
    }

    /// An error of the user's own, thrown from `init(from:)`.
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "no odd numbers" }
    }

    /// Decodes only even numbers, throwing its own error or a `DecodingError` it builds.
    struct Even: Codable, Equatable {
        var value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            value = try container.decode(Int.self)
            if value == 3 { throw Refusal() }
            if value % 2 != 0 { throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) is odd") }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// A model holding even numbers.
    struct Evens: JSONSerializing, Equatable {
        var numbers: [Even] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: errors the type throws itself keep their text and path.
    @Test("errors the type throws itself", arguments: DecodingPath.allCases)
    func ownErrors(path: DecodingPath) throws {
        let corrupted = try #require(adapterError { _ = try path.decode(Evens.self, #"{"numbers": [2, 5]}"#) })
        #expect(corrupted.description == #"Evens.numbers → "numbers[1]": 5 is odd"#)
        let own = try #require(adapterError { _ = try path.decode(Evens.self, #"{"numbers": [2, 4, 3]}"#) })
        #expect(own.description == #"Evens.numbers → "numbers[2]": no odd numbers"#)
        #expect(own.underlyingError is Refusal)
    }

    /// Coding keys in camel case, for key conversion.
    struct Position: Codable, Equatable {
        var latitudeDegrees: Double
    }

    /// A model with one.
    struct Tracker: JSONSerializing, Equatable {
        var lastPosition = Position(latitudeDegrees: 0)
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: with a key conversion, the path shows the JSON keys.
    @Test("paths show converted keys", arguments: DecodingPath.allCases)
    func convertedPaths(path: DecodingPath) throws {
        let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
        let error = try #require(adapterError {
            _ = try path.decode(Tracker.self, #"{"last_position": {"latitude_degrees": "north"}}"#, configuration: configuration)
        })
        #expect(error.description == #"Tracker.lastPosition → "last_position.latitude_degrees": expected Double, found string "north""#)
    }

    /// Checks: a failing value leaves an updated model as it was.
    @Test("nothing is half-written", arguments: DecodingPath.allCases)
    func atomic(path: DecodingPath) throws {
        var place = Place()
        place.name = "before"
        place.geo = Geo(lat: 1, lon: 1)
        let json = #"{"name": "after", "geo": {"lat": 2, "lon": "x"}}"#
        #expect(throws: JSONAdapterError.self) {
            switch path {
            case .dictionary, .foundationObjects: try JSONAdapter.update(&place, from: path.jsonObject(json))
            case .data: try JSONAdapter.update(&place, fromJSONData: Data(json.utf8))
            }
        }
        #expect(place.name == "before")
        #expect(place.geo == Geo(lat: 1, lon: 1))
    }

    // MARK: Encoding errors

    /// Checks: NaN and infinity are refused with the path, on both encoders.
    @Test("non-conforming floats are refused on encoding", arguments: DecodingPath.allCases, [Double.nan, .infinity, -.infinity])
    func nonConformingFloats(path: DecodingPath, value: Double) throws {
        var place = Place()
        place.stops = [Geo(lat: 0, lon: 0), Geo(lat: value, lon: 0)]
        let error = try #require(adapterError { _ = try path.encode(place) })
        #expect(error.description == "Place.stops → \"stops[1].lat\": \(value) cannot be written as JSON")
        #expect(error.underlyingError is EncodingError)
        #expect(throws: EncodingError.self) { _ = try JSONEncoder().encode(place.stops) }
    }

    /// Encodes twice into a single value container, which JSONEncoder traps on.
    struct Twice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        }
    }

    /// A type that is only `Encodable`.
    struct WriteOnly: Encodable {
        var value = 1
    }

    /// A type that is only `Decodable`.
    struct ReadOnly: Decodable {
        var value = 1
    }

    /// A model with them.
    struct Misused: JSONSerializing {
        var twice: Twice?
        var writeOnly = WriteOnly()
        var readOnly: ReadOnly?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: misuse of the Encoder API is an error, not a trap; a type that cannot decode says so.
    @Test("misuse and one-way types", arguments: DecodingPath.allCases)
    func misuse(path: DecodingPath) throws {
        var model = Misused()
        #expect(try path.encode(model)["writeOnly"].map(FoundationJSON.canonical) == FoundationJSON.canonical(["value": 1]))
        model.twice = Twice()
        let twice = try #require(adapterError { _ = try path.encode(model) })
        #expect(twice.description == #"Misused.twice → "twice": a single value container was given a second value"#)
        let oneWay = try #require(adapterError { _ = try path.decode(Misused.self, #"{"writeOnly": {"value": 2}}"#) })
        #expect(oneWay.code == .invalidJSONMapping)
        #expect(oneWay.description.contains("WriteOnly is Encodable but not Decodable"))
        var readable = try path.decode(Misused.self, #"{"readOnly": {"value": 2}}"#)
        #expect(readable.readOnly?.value == 2)
        readable.twice = nil
        let otherWay = try #require(adapterError { _ = try path.encode(readable) })
        #expect(otherWay.code == .invalidJSONMapping)
        #expect(otherWay.description.contains("ReadOnly is Decodable but not Encodable"))
    }

    // MARK: Depth

    /// Decodes itself from the same value, without end.
    struct Forever: Codable {
        init() {}

        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer().decode(Forever.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(Forever())
        }
    }

    /// A linked list, as deep as it is long.
    final class Link: Codable {
        var next: Link?

        init(next: Link?) { self.next = next }
    }

    /// A model with them.
    struct Deep: JSONSerializing {
        var forever: Forever?
        var link: Link?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: a type that recurses without end, or a value nested too deep, fails instead of overflowing the stack.
    @Test("recursion is bounded", arguments: DecodingPath.allCases)
    func recursion(path: DecodingPath) throws {
        let decoding = try #require(adapterError { _ = try path.decode(Deep.self, #"{"forever": 1}"#) })
        #expect(decoding.detail == "values nested too deep for this thread's stack")
        var model = Deep()
        model.forever = Forever()
        let encoding = try #require(adapterError { _ = try path.encode(model) })
        #expect(encoding.detail == "values nested too deep for this thread's stack")

        var link = Link(next: nil)
        for _ in 0..<600 { link = Link(next: link) }
        model = Deep()
        model.link = link
        let deep = try #require(adapterError { _ = try path.encode(model) })
        #expect(deep.detail == "values nested deeper than 512 levels", "\(deep)")
        var shallow = Link(next: nil)
        for _ in 0..<100 { shallow = Link(next: shallow) }
        model.link = shallow
        let json = String(decoding: try JSONSerialization.data(withJSONObject: path.encode(model)), as: UTF8.self)
        var decoded = try path.decode(Deep.self, json).link
        var length = 0
        while let current = decoded {
            length += 1
            decoded = current.next
        }
        #expect(length == 101)
    }
}
