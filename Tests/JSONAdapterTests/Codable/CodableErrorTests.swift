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

    // MARK: Coding paths through collections

    /// `JSONDecoder`'s own test values (`decodingDictionaryFailureKeyPathNested`).
    struct Failing: Codable {
        var intValue: Int
    }

    /// A `Codable` value holding one that fails.
    struct FailingNested: Codable {
        var nestedValue: Failing
    }

    /// `Codable` values inside dictionaries and arrays, and inside a nested model inside a dictionary.
    struct Collections: JSONSerializing {
        var levels: [String: [String: FailingNested]] = [:]
        var grid: [[FailingNested]] = []
        var lists: [String: [FailingNested?]] = [:]
        var places: [String: Place] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The coding path `JSONDecoder` gives decoding `json`, a property's value alone, as a `T`.
    static func oraclePath<T: Decodable>(_: T.Type, _ json: String, snakeCase: Bool) -> [String]? {
        let decoder = JSONDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        do {
            _ = try decoder.decode(T.self, from: Data(json.utf8))
            return nil
        } catch DecodingError.typeMismatch(_, let context) {
            return context.codingPath.map(\.stringValue)
        } catch {
            return nil
        }
    }

    /// The rows: the property, its value, and the coding path and JSON path of its failure.
    static let containerRows: [(key: String, value: String, codingPath: [String], jsonPath: String)] = [
        ("levels", #"{"top_level": {"sub_level": {"nestedValue": {"intValue": "not_an_int"}}}}"#,
         ["top_level", "sub_level", "nestedValue", "intValue"], "levels.top_level.sub_level.nestedValue.intValue"),
        ("grid", #"[[], [{"nestedValue": {"intValue": 1}}, {"nestedValue": {"intValue": "x"}}]]"#,
         ["Index 1", "Index 1", "nestedValue", "intValue"], "grid[1][1].nestedValue.intValue"),
        ("lists", #"{"a": [null, {"nestedValue": {"intValue": true}}]}"#,
         ["a", "Index 1", "nestedValue", "intValue"], "lists.a[1].nestedValue.intValue"),
    ]

    /// Checks: the `DecodingError`'s coding path runs from the property value through the
    /// dictionaries' keys and arrays' positions, as `JSONDecoder`'s does for the value alone,
    /// and agrees with the error's JSON key path; with every error collected, or the first only.
    @Test("the coding path inside dictionaries and arrays starts at the property value, as JSONDecoder's",
          arguments: DecodingPath.allCases, [1, 20])
    func containerCodingPaths(path: DecodingPath, maximumErrorCount: Int) throws {
        for row in Self.containerRows {
            let json = "{\"\(row.key)\": \(row.value)}"
            let options = JSONAdapter.DecodingOptions(maximumErrorCount: maximumErrorCount)
            let error = try #require(adapterError {
                switch path {
                case .dictionary, .foundationObjects:
                    _ = try JSONAdapter.model(of: Collections.self, from: path.jsonObject(json), options: options)
                case .data: _ = try JSONAdapter.model(of: Collections.self, fromJSONData: Data(json.utf8), options: options)
                }
            })
            #expect(error.jsonKeyPath == row.jsonPath)
            guard case DecodingError.typeMismatch(_, let context)? = error.underlyingError else {
                Issue.record("expected typeMismatch, got \(String(describing: error.underlyingError))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == row.codingPath)
            let oracle: [String]? = switch row.key {
            case "levels": Self.oraclePath([String: [String: FailingNested]].self, row.value, snakeCase: false)
            case "grid": Self.oraclePath([[FailingNested]].self, row.value, snakeCase: false)
            default: Self.oraclePath([String: [FailingNested?]].self, row.value, snakeCase: false)
            }
            #expect(oracle == row.codingPath)
        }
    }

    /// Checks: under a snake-case configuration, the coding path has the coding keys and the
    /// dictionary keys as written, as `JSONDecoder`'s with `.convertFromSnakeCase`.
    @Test("with a snake-case configuration, the coding path is JSONDecoder's with .convertFromSnakeCase",
          arguments: DecodingPath.allCases)
    func snakeCaseCodingPath(path: DecodingPath) throws {
        let value = #"{"top_level": {"sub_level": {"nested_value": {"int_value": "not_an_int"}}}}"#
        let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
        let error = try #require(adapterError {
            _ = try path.decode(Collections.self, #"{"levels": \#(value)}"#, configuration: configuration)
        })
        #expect(error.jsonKeyPath == "levels.top_level.sub_level.nested_value.int_value")
        guard case DecodingError.typeMismatch(_, let context)? = error.underlyingError else {
            Issue.record("expected typeMismatch, got \(String(describing: error.underlyingError))")
            return
        }
        let expected = ["top_level", "sub_level", "nestedValue", "intValue"]
        #expect(context.codingPath.map(\.stringValue) == expected)
        #expect(Self.oraclePath([String: [String: FailingNested]].self, value, snakeCase: true) == expected)
    }

    /// Checks: every collected failure's coding path has its own keys; a nested model's
    /// property starts a coding path of its own.
    @Test("each collected failure has its own coding path; a nested model's property starts its own",
          arguments: DecodingPath.allCases)
    func collectedCodingPaths(path: DecodingPath) throws {
        let json = #"""
        {"levels": {"a": {"b": {"nestedValue": {"intValue": "x"}}}, "c": {"d": {"nestedValue": {}}}},
         "places": {"home": {"geo": {"lat": "x", "lon": 1}}}}
        """#
        let error = try #require(adapterError { _ = try path.decode(Collections.self, json) })
        var paths: [String: [String]] = [:]
        for entry in error.allErrors {
            let context: DecodingError.Context
            switch entry.underlyingError {
            case DecodingError.typeMismatch(_, let found)?: context = found
            case DecodingError.keyNotFound(let key, let found)?:
                context = DecodingError.Context(codingPath: found.codingPath + [key], debugDescription: "")
            default:
                Issue.record("unexpected \(String(describing: entry.underlyingError))")
                continue
            }
            paths[entry.jsonKeyPath ?? ""] = context.codingPath.map(\.stringValue)
        }
        #expect(paths == [
            "levels.a.b.nestedValue.intValue": ["a", "b", "nestedValue", "intValue"],
            "levels.c.d.nestedValue.intValue": ["c", "d", "nestedValue", "intValue"],
            "places.home.geo.lat": ["lat"],
        ])
    }

    /// An `Encodable` value whose number may not be written (`JSONEncoder`'s test values).
    struct Unwritable: Codable {
        var someValue: Double
    }

    /// One holding it.
    struct UnwritableNested: Codable {
        var nestedValue: Unwritable
    }

    /// A dictionary of dictionaries of them.
    struct UnwritableLevels: JSONSerializing {
        var levels: [String: [String: UnwritableNested]] = [:]
        var rows: [[UnwritableNested]] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: the `EncodingError`'s coding path runs through the containers as `JSONEncoder`'s.
    @Test("the EncodingError's coding path inside dictionaries and arrays is JSONEncoder's",
          arguments: DecodingPath.allCases)
    func encodingCodingPaths(path: DecodingPath) throws {
        let failing = UnwritableNested(nestedValue: Unwritable(someValue: .nan))
        var model = UnwritableLevels()
        model.levels = ["key": ["sub_key": failing]]
        let values: [(UnwritableLevels, [String], (any Encodable))] = [
            (model, ["key", "sub_key", "nestedValue", "someValue"], model.levels),
            (UnwritableLevels(levels: [:], rows: [[], [failing]]), ["Index 1", "Index 0", "nestedValue", "someValue"],
             [[], [failing]] as [[UnwritableNested]]),
        ]
        for (model, expected, value) in values {
            let error = try #require(adapterError { _ = try path.encode(model) })
            guard case EncodingError.invalidValue(_, let context)? = error.underlyingError else {
                Issue.record("expected invalidValue, got \(String(describing: error.underlyingError))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == expected)
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            do {
                _ = try encoder.encode(value)
                Issue.record("JSONEncoder wrote NaN")
            } catch EncodingError.invalidValue(_, let oracle) {
                #expect(oracle.codingPath.map(\.stringValue) == expected)
            }
        }
    }
}
