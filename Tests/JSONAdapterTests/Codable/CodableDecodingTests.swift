//
//  CodableDecodingTests.swift
//  Property types that are `Codable` but not models — a `struct Geo: Codable`,
//  an enum with associated values, `TimeZone`, `Locale`, `Measurement`,
//  optionals, arrays and dictionaries of them, custom `init(from:)` — decode
//  through the bridge on both paths, with `JSONDecoder`'s rules.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Codable property values: decoding")
struct CodableDecodingTests {
    /// A plain `Codable` struct.
    struct Geo: Codable, Equatable {
        var lat: Double
        var lon: Double
    }

    /// An enum with associated values and synthesized `Codable`.
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case point
    }

    /// `Codable` inside `Codable`.
    struct Route: Codable, Equatable {
        var name: String
        var stops: [Geo]
        var start: Geo?
        var tags: [String: Int]
    }

    /// A custom `init(from:)` reading an unkeyed container: `[r, g, b]`.
    struct RGB: Codable, Equatable {
        var red: UInt8, green: UInt8, blue: UInt8

        init(red: UInt8, green: UInt8, blue: UInt8) {
            (self.red, self.green, self.blue) = (red, green, blue)
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            #expect(container.count == 3)
            red = try container.decode(UInt8.self)
            green = try container.decode(UInt8.self)
            blue = try container.decode(UInt8.self)
            guard container.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "more than 3 components")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(red)
            try container.encode(green)
            try container.encode(blue)
        }
    }

    /// A custom `init(from:)` reading a single value, with `decodeNil()`.
    struct Celsius: Codable, Equatable {
        var degrees: Double?

        init(degrees: Double?) { self.degrees = degrees }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            degrees = container.decodeNil() ? nil : try container.decode(Double.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let degrees { try container.encode(degrees) } else { try container.encodeNil() }
        }
    }

    /// The model holding them all.
    struct Place: JSONSerializing, Equatable {
        var name = ""
        var geo = Geo(lat: 0, lon: 0)
        var shapes: [Shape] = []
        var zone = TimeZone(secondsFromGMT: 0) ?? .current
        var locale = Locale(identifier: "en_US_POSIX")
        var distance = Measurement(value: 0, unit: UnitLength.meters)
        var route: Route?
        var pins: [String: Geo] = [:]
        var color = RGB(red: 0, green: 0, blue: 0)
        var temperatures: [Celsius] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same values as `JSONEncoder` writes them, for the JSON of a place.
    struct PlaceTwin: Codable {
        var name = "Harbour"
        var geo = Geo(lat: 59.91, lon: 10.75)
        var shapes: [Shape] = [.circle(radius: 2.5), .rectangle(width: 3, height: 4), .point]
        var zone = TimeZone(identifier: "Europe/Oslo") ?? .current
        var locale = Locale(identifier: "nb_NO")
        var distance = Measurement(value: 5.5, unit: UnitLength.kilometers)
        var route: Route? = Route(name: "coast", stops: [Geo(lat: 1, lon: 2), Geo(lat: -0.5, lon: 3e-5)],
                                  start: nil, tags: ["ferry": 2, "bus": 1])
        var pins: [String: Geo] = ["home": Geo(lat: 10, lon: 20), "work": Geo(lat: -1, lon: 0)]
        var color = RGB(red: 255, green: 128, blue: 0)
        var temperatures: [Celsius] = [Celsius(degrees: 21.5), Celsius(degrees: nil), Celsius(degrees: -3)]
    }

    /// The twin's JSON text, from `JSONEncoder`.
    static func placeJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(PlaceTwin()), as: UTF8.self)
    }

    /// Checks: every field decodes, on both paths, to what `JSONDecoder` gives for the same JSON.
    @Test("Codable values decode on both paths as JSONDecoder decodes them", arguments: DecodingPath.allCases)
    func decodesLikeJSONDecoder(path: DecodingPath) throws {
        let json = try Self.placeJSON()
        let place = try path.decode(Place.self, json)
        let twin = try JSONDecoder().decode(PlaceTwin.self, from: Data(json.utf8))
        #expect(place.name == twin.name)
        #expect(place.geo == twin.geo)
        #expect(place.shapes == [.circle(radius: 2.5), .rectangle(width: 3, height: 4), .point])
        #expect(place.shapes == twin.shapes)
        #expect(place.zone == twin.zone)
        #expect(place.zone.identifier == "Europe/Oslo")
        #expect(place.locale == twin.locale)
        #expect(place.locale.identifier == "nb_NO")
        #expect(place.distance == twin.distance)
        #expect(place.distance.converted(to: .meters).value == 5_500)
        #expect(place.route == twin.route)
        #expect(place.route?.tags == ["ferry": 2, "bus": 1])
        #expect(place.pins == twin.pins)
        #expect(place.color == RGB(red: 255, green: 128, blue: 0))
        #expect(place.temperatures == twin.temperatures)
        #expect(place.temperatures[1].degrees == nil)
    }

    /// Checks: the two paths give `==` models.
    @Test("both paths give equal models")
    func pathsAgree() throws {
        let json = try Self.placeJSON()
        #expect(try DecodingPath.dictionary.decode(Place.self, json) == DecodingPath.data.decode(Place.self, json))
    }

    /// Checks: optionals of Codable values take null and missing keys as nil.
    @Test("an optional Codable value takes null", arguments: DecodingPath.allCases)
    func optionalNull(path: DecodingPath) throws {
        var place = try path.decode(Place.self, #"{"route": null}"#)
        #expect(place.route == nil)
        place = try path.decode(Place.self, #"{"route": {"name": "r", "stops": [], "tags": {}}}"#)
        #expect(place.route == Route(name: "r", stops: [], start: nil, tags: [:]))
    }

    // MARK: Numbers, booleans, strings

    /// Scalars of every kind the containers read.
    struct Scalars: Codable, Equatable {
        var int = 0
        var int8: Int8 = 0
        var uint64: UInt64 = 0
        var double = 0.0
        var float: Float = 0
        var flag = false
        var text = ""
    }

    /// A model holding scalars.
    struct ScalarHolder: JSONSerializing, Equatable {
        var scalars = Scalars()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The JSON of a holder with one member of `Scalars` replaced.
    static func scalarsJSON(_ key: String, _ literal: String) -> String {
        var members = [#""int": 1"#, #""int8": 1"#, #""uint64": 1"#, #""double": 1"#, #""float": 1"#,
                       #""flag": true"#, #""text": "t""#]
        members.removeAll { $0.hasPrefix("\"\(key)\"") }
        members.append("\"\(key)\": \(literal)")
        return #"{"scalars": {"# + members.joined(separator: ", ") + "}}"
    }

    /// Checks: integers take any number whose value is exactly an integer in range, as JSONDecoder does.
    @Test("integers take exact integers written any way", arguments: DecodingPath.allCases, [
        ("5.0", 5), ("1e2", 100), ("100e-2", 1), ("-0", 0), ("-7", -7), ("9007199254740993", 9_007_199_254_740_993),
    ])
    func exactIntegers(path: DecodingPath, row: (literal: String, value: Int)) throws {
        let holder = try path.decode(ScalarHolder.self, Self.scalarsJSON("int", row.literal))
        #expect(holder.scalars.int == row.value)
        #expect(try JSONDecoder().decode(ScalarHolder.Twin.self, from: Data(Self.scalarsJSON("int", row.literal).utf8))
            .scalars.int == row.value)
    }

    /// Checks: fractions, out-of-range values, strings and booleans are refused for integers.
    @Test("integers refuse what is not exactly an integer of the type", arguments: DecodingPath.allCases, [
        ("int", "3.5", "number 3.5"), ("int8", "300", "number 300"), ("int8", "-129", "number -129"),
        ("uint64", "-1", "number -1"), ("int", #""5""#, #"string "5""#), ("int", "true", "Bool true"),
        ("int", "9223372036854775808", "number 9223372036854775808"),
    ])
    func inexactIntegers(path: DecodingPath, row: (key: String, literal: String, found: String)) throws {
        let error = adapterError { _ = try path.decode(ScalarHolder.self, Self.scalarsJSON(row.key, row.literal)) }
        #expect(error?.jsonKeyPath == "scalars.\(row.key)")
        #expect(error?.description.hasSuffix("found \(row.found)") == true, "\(String(describing: error))")
        #expect(error?.underlyingError is DecodingError)
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(ScalarHolder.Twin.self, from: Data(Self.scalarsJSON(row.key, row.literal).utf8))
        }
    }

    /// Checks: floating-point numbers round, keep the sign of zero and refuse what overflows.
    @Test("floating-point numbers as JSONDecoder reads them", arguments: DecodingPath.allCases)
    func floatingPoint(path: DecodingPath) throws {
        let negativeZero = try path.decode(ScalarHolder.self, Self.scalarsJSON("double", "-0.0")).scalars.double
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try path.decode(ScalarHolder.self, Self.scalarsJSON("double", "12")).scalars.double == 12)
        #expect(try path.decode(ScalarHolder.self, Self.scalarsJSON("double", "0.1")).scalars.double == 0.1)
        #expect(try path.decode(ScalarHolder.self, Self.scalarsJSON("float", "0.1")).scalars.float == Float(0.1))
        let error = adapterError { _ = try path.decode(ScalarHolder.self, Self.scalarsJSON("float", "1e39")) }
        #expect(error?.description == #"ScalarHolder.scalars → "scalars.float": expected Float, found number 1e+39"#
            || error?.description == #"ScalarHolder.scalars → "scalars.float": expected Float, found number 1e39"#,
                "\(String(describing: error))")
    }

    /// Checks: on the bytes path, `-0` keeps its sign and infinities and nonzero literals that
    /// round to zero are refused, as `JSONDecoder` reads them; on the dictionary path a `Float`
    /// that rounds to zero is refused too (`JSONSerialization` has made `1e-400` `0.0` before the
    /// dictionary path sees it, so only the bytes path can refuse it for a `Double`).
    @Test("bytes path: -0 keeps its sign, 1e400 and 1e-400 are refused for Double; 1e-50 for Float on both paths")
    func literalsOnTheBytesPath() throws {
        let negativeZero = try DecodingPath.data.decode(ScalarHolder.self, Self.scalarsJSON("double", "-0")).scalars.double
        #expect(negativeZero.sign == .minus)
        let underflow = adapterError { _ = try DecodingPath.data.decode(ScalarHolder.self, Self.scalarsJSON("double", "1e-400")) }
        #expect(underflow?.jsonKeyPath == "scalars.double")
        #expect(try DecodingPath.dictionary.decode(ScalarHolder.self, Self.scalarsJSON("double", "1e-400")).scalars.double == 0)
        for path in DecodingPath.allCases {
            let error = adapterError { _ = try path.decode(ScalarHolder.self, Self.scalarsJSON("float", "1e-50")) }
            #expect(error?.jsonKeyPath == "scalars.float")
            #expect(throws: DecodingError.self) {
                _ = try JSONDecoder().decode(ScalarHolder.Twin.self, from: Data(Self.scalarsJSON("float", "1e-50").utf8))
            }
        }
        for literal in ["1e400", "-1e400"] {
            let error = adapterError { _ = try DecodingPath.data.decode(ScalarHolder.self, Self.scalarsJSON("double", literal)) }
            #expect(error?.jsonKeyPath == "scalars.double", "\(literal)")
            #expect(throws: DecodingError.self) {
                _ = try JSONDecoder().decode(ScalarHolder.Twin.self, from: Data(Self.scalarsJSON("double", literal).utf8))
            }
        }
    }

    /// Checks: booleans come only from `true` and `false`; strings only from strings.
    @Test("booleans only from true and false, strings only from strings", arguments: DecodingPath.allCases, [
        ("flag", "1", "number 1"), ("flag", #""true""#, #"string "true""#), ("text", "5", "number 5"),
        ("text", "null", "null"),
    ])
    func booleansAndStrings(path: DecodingPath, row: (key: String, literal: String, found: String)) throws {
        let error = adapterError { _ = try path.decode(ScalarHolder.self, Self.scalarsJSON(row.key, row.literal)) }
        #expect(error?.description.hasSuffix("found \(row.found)") == true, "\(String(describing: error))")
    }

    // MARK: Decoder features

    /// A key that takes any name.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Records what the decoder shows: its coding path, user info, keys, and
    /// values through `superDecoder`.
    struct Probe: Decodable, Equatable {
        var path: [String] = []
        var userInfoIsEmpty = false
        var keys: [String] = []
        var hasExtra = false
        var hasMissing = false
        var nullIsNil = false
        var superName = ""
        var baseName = ""

        init(from decoder: any Decoder) throws {
            path = decoder.codingPath.map(\.stringValue)
            userInfoIsEmpty = decoder.userInfo.isEmpty
            let container = try decoder.container(keyedBy: AnyKey.self)
            keys = container.allKeys.map(\.stringValue).sorted()
            hasExtra = container.contains(AnyKey("extra"))
            hasMissing = container.contains(AnyKey("missing"))
            nullIsNil = try container.decodeNil(forKey: AnyKey("extra"))
            superName = try container.superDecoder().singleValueContainer().decode(String.self)
            let base = try container.superDecoder(forKey: AnyKey("base"))
            #expect(base.codingPath.map(\.stringValue) == path + ["base"])
            baseName = try base.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey("name"))
        }
    }

    /// A probe inside an array inside an object.
    struct Probes: Decodable, Equatable {
        var items: [Probe]
    }

    /// A model with probes.
    struct ProbeHolder: JSONSerializing, Equatable {
        var probes: Probes?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["probes": "outer.probes"] }
    }

    /// Checks: codingPath, userInfo, allKeys, contains, decodeNil and superDecoder behave as with JSONDecoder.
    @Test("coding path, user info, keys, nil and super decoders", arguments: DecodingPath.allCases)
    func decoderFeatures(path: DecodingPath) throws {
        let item = #"{"extra": null, "super": "S", "base": {"name": "B"}}"#
        let json = #"{"outer": {"probes": {"items": [\#(item), \#(item)]}}}"#
        let holder = try path.decode(ProbeHolder.self, json)
        let probe = try #require(holder.probes?.items.last)
        #expect(probe.path == ["items", "Index 1"])
        #expect(probe.userInfoIsEmpty)
        #expect(probe.keys == ["base", "extra", "super"])
        #expect(probe.hasExtra && !probe.hasMissing && probe.nullIsNil)
        #expect(probe.superName == "S" && probe.baseName == "B")
        // The coding path starts at the property value, as JSONDecoder's does for the subtree alone.
        let twin = try JSONDecoder().decode(Probes.self, from: Data(#"{"items": [\#(item), \#(item)]}"#.utf8))
        #expect(twin == holder.probes)
    }

    /// Checks: a dictionary keyed by integers and a `Set` go through their own `Codable` code.
    @Test("standard library containers inside Codable values", arguments: DecodingPath.allCases)
    func standardContainers(path: DecodingPath) throws {
        struct Counts: Codable, Equatable {
            var byNumber: [Int: String]
            var unique: Set<String>
            var nested: [[Double]]
            var maybe: [Int?]
        }
        struct Holder: JSONSerializing, Equatable {
            var counts: Counts?
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        }
        let json = #"{"counts": {"byNumber": {"1": "one", "20": "twenty"}, "unique": ["a", "b"], "nested": [[1, 2.5], []], "maybe": [1, null, 3]}}"#
        let counts = try #require(try path.decode(Holder.self, json).counts)
        #expect(counts == Counts(byNumber: [1: "one", 20: "twenty"], unique: ["a", "b"], nested: [[1, 2.5], []],
                                 maybe: [1, nil, 3]))
    }

    // MARK: Which path a type takes

    /// A model that is also `Codable`: its mapping, not its `Codable` keys, applies.
    struct Owner: JSONSerializing, Codable, Equatable {
        var login = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["login": "user_login"] }
    }

    /// A raw-value enum that is also `Codable`.
    enum Level: String, Codable {
        case low, high
    }

    /// A type that is only `Decodable`.
    struct ReadOnly: Decodable, Equatable {
        var value: Int
    }

    /// A model holding them.
    struct Ownership: JSONSerializing, Equatable {
        var owner = Owner()
        var level = Level.low
        var readOnly: ReadOnly?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: models, raw-value enums and collections keep their rules; the bridge takes the rest.
    @Test("a Model or raw-value enum that is also Codable keeps its own path")
    func kinds() {
        if case .model = ValueKind.of(Owner.self) {} else { Issue.record("Owner is a model") }
        if case .rawRepresentable = ValueKind.of(Level.self) {} else { Issue.record("Level is a raw-value enum") }
        if case .array = ValueKind.of([Geo].self) {} else { Issue.record("[Geo] is an array") }
        if case .data = ValueKind.of(Data.self) {} else { Issue.record("Data is data") }
        if case .codable(let decodable, let encodable) = ValueKind.of(Geo.self) {
            #expect(decodable != nil && encodable != nil)
        } else {
            Issue.record("Geo is Codable")
        }
        if case .codable(let decodable, let encodable) = ValueKind.of(ReadOnly.self) {
            #expect(decodable != nil && encodable == nil)
        } else {
            Issue.record("ReadOnly is Decodable")
        }
        if case .codable = ValueKind.of(TimeZone.self) {} else { Issue.record("TimeZone is Codable") }
    }

    /// Checks: the model path reads the mapping's key, on both paths.
    @Test("a Codable model decodes through its mapping", arguments: DecodingPath.allCases)
    func codableModel(path: DecodingPath) throws {
        let ownership = try path.decode(Ownership.self, #"{"owner": {"user_login": "octocat", "login": "wrong"}, "level": "high", "readOnly": {"value": 3}}"#)
        #expect(ownership.owner.login == "octocat")
        #expect(ownership.level == .high)
        #expect(ownership.readOnly == ReadOnly(value: 3))
    }

    /// Checks: a value already of the type in a dictionary is taken as it is.
    @Test("a dictionary may hold the value itself")
    func valueItself() throws {
        let place = try JSONAdapter.model(of: Place.self, from: ["geo": Geo(lat: 1, lon: 2)])
        #expect(place.geo == Geo(lat: 1, lon: 2))
    }
}

extension CodableDecodingTests.ScalarHolder {
    /// The holder as `JSONDecoder` decodes it.
    struct Twin: Decodable {
        var scalars: CodableDecodingTests.Scalars
    }
}
