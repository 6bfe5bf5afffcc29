//  JSONAdapter.update with .mergePatch, kind of property by kind: composites,
//  alternatives, dotted paths, dictionaries, `Any`, arrays, nested models two
//  levels down, JSONOptional; agreement with decoding the RFC's result; the
//  format's null limit for JSONOptional; options, errors and atomicity; and
//  classes patched in place, `@Observable` ones notifying what changed.

import Foundation
import Observation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Updating by merge patch, each kind of property")
struct MergePatchUpdateTests {
    /// A coordinate, built from two JSON members by a transformer.
    struct Coordinate: Hashable {
        var latitude = 0.0
        var longitude = 0.0
    }

    /// A place: one property of each kind.
    struct Place: JSONSerializing {
        struct Invalid: Error {}

        var name = ""
        var location = Coordinate()
        var counts: [String: Int] = [:]
        var owner: Owner?
        var ownerName: String?
        var note = JSONOptional<String>()
        var extra: Any = NSNull()
        var tags: [String] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": .firstOf("name", "title"), "location": ["lat", "lng"], "counts": "counts", "owner": "owner",
             "ownerName": "owner.name", "note": "note", "extra": "extra", "tags": "tags"]
        }
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "location" else { return nil }
            return JSONValueTransformer(forward: { value in
                guard let parts = value as? [String: Any] else { return nil }
                guard let latitude = parts["lat"] as? Double ?? (parts["lat"] as? Int).map(Double.init),
                      let longitude = parts["lng"] as? Double ?? (parts["lng"] as? Int).map(Double.init) else {
                    throw TransformerError.invalidInput(value, expected: "lat and lng numbers")
                }
                return Coordinate(latitude: latitude, longitude: longitude)
            }, reverse: { value in
                guard let coordinate = value as? Coordinate else { return nil }
                return ["lat": coordinate.latitude, "lng": coordinate.longitude]
            })
        }
        func validate() throws {
            if name == "invalid" { throw Invalid() }
        }
    }

    /// A nested model with a nested model.
    struct Owner: JSONSerializing {
        var name = ""
        var email: String?
        var address: Address?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Two levels down.
    struct Address: JSONSerializing {
        var city = ""
        var zip: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A place with a value in every property.
    static var place: Place {
        var place = Place()
        place.name = "Café"
        place.location = Coordinate(latitude: 48.85, longitude: 2.35)
        place.counts = ["a": 1, "b": 2]
        place.owner = Owner(name: "Ann", email: "ann@example.com",
                            address: Address(city: "Paris", zip: "75001"))
        place.ownerName = "Ann"
        place.note = .value("Closed on Mondays")
        place.extra = ["k": 0, "j": [1, 2]] as [String: Any]
        place.tags = ["coffee", "wifi"]
        return place
    }

    /// Applies a patch given as JSON text on `path`.
    static func apply<M: JSONSerializing>(_ patch: String, to model: inout M, path: DecodingPath,
                                          options: JSONAdapter.DecodingOptions = .standard) throws {
        var options = options
        options.updateRule = .mergePatch
        switch path {
        case .data: try JSONAdapter.update(&model, fromJSONData: Data(patch.utf8), options: options)
        case .dictionary, .foundationObjects: try JSONAdapter.update(&model, from: path.jsonObject(patch), options: options)
        }
    }

    /// Patches for which the model's rules and the RFC on the model's JSON
    /// agree: no `null` for a non-optional, nor for the JSONOptional (which
    /// the RFC would make absent), and no alternative key path but the one
    /// the model writes (a patch's `title` sets `name`, where the RFC's
    /// result would hold both members and decoding would read `name`).
    static let agreeingPatches = [
        #"{"lat": 5}"#,
        #"{"name": "Bar"}"#,
        #"{"counts": {"a": null, "c": 3}}"#,
        #"{"owner": {"address": {"zip": null}}}"#,
        #"{"owner": {"name": "Bo", "address": {"city": "Lyon"}}, "note": "Open"}"#,
        #"{"owner": null}"#,
        #"{"extra": {"k": 1, "j": null, "new": {"x": true}}}"#,
        #"{"extra": [1], "tags": ["quiet"]}"#,
        #"{"unmapped": 1, "name": "Named"}"#,
        #"{}"#,
    ]

    @Test("the patched model is what decoding the RFC's result on the model's JSON gives",
          arguments: DecodingPath.allCases, agreeingPatches)
    func agreesWithTheRFC(path: DecodingPath, patch: String) throws {
        var patched = Self.place
        try Self.apply(patch, to: &patched, path: path)
        let json = try JSONAdapter.jsonDictionary(from: Self.place)
        let rfc = try JSONMergePatch.applying(FoundationJSON.object(patch), to: json)
        let expected = try JSONAdapter.model(of: Place.self, from: try #require(rfc as? [String: Any]))
        #expect(patched == expected)
    }

    @Test("each kind: composite member, alternative, dotted path, dictionary, nested models, Any, array",
          arguments: DecodingPath.allCases)
    func eachKind(path: DecodingPath) throws {
        let place = Self.place
        var patched = place
        try Self.apply(#"{"lat": 5, "title": "Bar", "counts": {"a": null, "c": 3}, "tags": ["quiet"]}"#,
                       to: &patched, path: path)
        #expect(patched.location == Coordinate(latitude: 5, longitude: 2.35))
        #expect(patched.name == "Bar")
        #expect(patched.counts == ["b": 2, "c": 3])
        #expect(patched.tags == ["quiet"])

        patched = place
        try Self.apply(#"{"owner": {"address": {"zip": null}, "email": "bo@example.com"}}"#, to: &patched, path: path)
        #expect(patched.owner == Owner(name: "Ann", email: "bo@example.com", address: Address(city: "Paris")))
        #expect(patched.ownerName == "Ann")
        try Self.apply(#"{"owner": {"name": "Bo"}}"#, to: &patched, path: path)
        #expect(patched.owner?.name == "Bo" && patched.ownerName == "Bo")

        patched = place
        patched.owner = nil
        patched.ownerName = nil
        try Self.apply(#"{"owner": {"address": {"city": "Nice"}}}"#, to: &patched, path: path)
        #expect(patched.owner == Owner(address: Address(city: "Nice")))

        patched = place
        try Self.apply(#"{"extra": {"k": 1, "new": null}}"#, to: &patched, path: path)
        #expect(FoundationJSON.canonical(patched.extra) == #"{"j":[1,2],"k":1}"#)
    }

    @Test("JSONOptional: null is .null, a value .value; the format cannot send .absent", arguments: DecodingPath.allCases)
    func jsonOptional(path: DecodingPath) throws {
        var patched = Self.place
        try Self.apply(#"{"note": null}"#, to: &patched, path: path)
        #expect(patched.note == .null)
        try Self.apply(#"{"note": "Open"}"#, to: &patched, path: path)
        #expect(patched.note == .value("Open"))

        var cleared = Self.place
        cleared.note = .null
        var absent = Self.place
        absent.note = .absent
        #expect(FoundationJSON.canonical(try JSONAdapter.mergePatch(from: Self.place, to: cleared)) == #"{"note":null}"#)
        #expect(FoundationJSON.canonical(try JSONAdapter.mergePatch(from: Self.place, to: absent)) == #"{"note":null}"#)
        #expect(FoundationJSON.canonical(try JSONAdapter.mergePatch(from: absent, to: cleared)) == "{}")
        var roundTrip = Self.place
        try Self.apply(String(decoding: try JSONAdapter.mergePatchData(from: Self.place, to: absent), as: UTF8.self),
                       to: &roundTrip, path: path)
        #expect(roundTrip.note == .null) // removing is all a patch can say
    }

    @Test("errors name the property and its path, and change nothing", arguments: DecodingPath.allCases)
    func errors(path: DecodingPath) throws {
        let place = Self.place
        var patched = place
        let cases: [(patch: String, key: String?, jsonPath: String?, code: JSONAdapterError.Code)] = [
            (#"{"lat": "north", "name": "x"}"#, "location", "lat,lng", .invalidValue),
            (#"{"name": null}"#, "name", "name", .invalidValue),
            (#"{"counts": {"a": "many"}}"#, "counts", "counts.a", .invalidValue),
            (#"{"owner": {"address": {"city": null}}}"#, "owner", "owner.address.city", .invalidValue),
            (#"{"owner": 3}"#, "owner", "owner", .invalidValue),
        ]
        for (patch, key, jsonPath, code) in cases {
            let error = try #require(adapterError { try Self.apply(patch, to: &patched, path: path) }, "\(patch)")
            #expect(error.code == code, "\(patch)")
            #expect(error.propertyKey == key, "\(patch)")
            #expect(error.jsonKeyPath == jsonPath, "\(patch)")
            #expect(patched == place, "\(patch)")
        }
        #expect(throws: Place.Invalid.self) { try Self.apply(#"{"name": "invalid"}"#, to: &patched, path: path) }
        #expect(patched == place)
        let notAnObject = try #require(adapterError {
            try JSONAdapter.update(&patched, fromJSONData: Data("[1]".utf8), options: .mergePatch)
        })
        #expect(notAnObject.code == .invalidJSONDictionary)
    }

    @Test("the patch may sit at options.keyPath, decoded with options.configuration", arguments: DecodingPath.allCases)
    func options(path: DecodingPath) throws {
        var patched = Self.place
        try Self.apply(#"{"data": {"patch": {"name": "Deep"}}}"#, to: &patched, path: path, options: .keyPath("data.patch"))
        #expect(patched.name == "Deep")
        var snake = Snake()
        try Self.apply(#"{"display_name": "Kim"}"#, to: &snake, path: path,
                       options: .configuration(JSONAdapter.Configuration(keyConversion: .snakeCase)))
        #expect(snake.displayName == "Kim")
    }

    /// A model that keeps unknown keys and leaves `secret` out of its JSON.
    struct Keeper: JSONSerializing {
        var count = 0
        var secret = ""
        var unknown = JSONUnknownKeys()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["count": "count", "secret": "secret"] }
        func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            propertyKeys.subtracting(["secret"])
        }
    }

    @Test("unknown keys are neither sent nor patched; keys the model does not write are not sent",
          arguments: DecodingPath.allCases)
    func unknownAndUnserialized(path: DecodingPath) throws {
        let keeper = try path.decode(Keeper.self, #"{"count": 1, "secret": "s", "extra": {"x": 1}}"#)
        var other = try path.decode(Keeper.self, #"{"count": 2, "secret": "t", "extra": 5, "more": true}"#)
        #expect(FoundationJSON.canonical(try JSONAdapter.mergePatch(from: keeper, to: other)) == #"{"count":2}"#)
        try Self.apply(#"{"count": 3, "extra": null, "secret": "u"}"#, to: &other, path: path)
        #expect(other.count == 3 && other.secret == "u")
        #expect(other.unknown.keys == ["extra", "more"])
    }

    /// A mapping written in camel case, read in snake case through the configuration.
    struct Snake: JSONSerializing {
        var displayName = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a class is patched in place, its observers told of what changed only; a failure tells nothing",
          arguments: DecodingPath.allCases)
    func observableClass(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self,
                                      #"{"name": "Ada", "age": 36, "home_page": "https://example.com/ada", "settings": {"theme": "dark"}}"#)
        var reference = profile
        let changed = try changedKeys(of: profile, reading: Self.profileReads) {
            switch path {
            case .data:
                try JSONAdapter.update(&reference, fromJSONData: Data(#"{"age": 36, "home_page": null, "settings": {"font": "serif"}}"#.utf8), options: .mergePatch)
            case .dictionary, .foundationObjects:
                try JSONAdapter.update(&reference, from: path.jsonObject(["age": 36, "home_page": NSNull(), "settings": ["font": "serif"]]), options: .mergePatch)
            }
        }
        #expect(changed == ["homePage", "settings"])
        #expect(profile.homePage == nil && profile.settings == ["theme": "dark", "font": "serif"] && profile.name == "Ada")

        let none = changedKeys(of: profile, reading: Self.profileReads) {
            #expect(throws: Profile.Invalid.self) {
                try JSONAdapter.update(&reference, fromJSONData: Data(#"{"name": "Grace", "age": -1}"#.utf8), options: .mergePatch)
            }
        }
        #expect(none.isEmpty && profile.name == "Ada" && profile.age == 36)
        try JSONAdapter.update(&reference, fromJSONData: Data(#"{"name": "Grace"}"#.utf8), options: .mergePatch)
        #expect(reference === profile && profile.name == "Grace")
    }
}

// MARK: - Classes

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension MergePatchUpdateTests {
    @Observable final class Profile: JSONSerializing, ObservableModel {
        struct Invalid: Error {}

        var name = ""
        var age = 0
        var homePage: URL?
        var settings: [String: String] = [:]
        required init() {}

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
        static var observationKeyPaths: [String: AnyKeyPath] {
            ["name": \Profile.name, "age": \Profile.age, "homePage": \Profile.homePage, "settings": \Profile.settings]
        }
        func validate() throws {
            guard age >= 0 else { throw Invalid() }
        }
    }

    /// Reads each tracked property of a `Profile`.
    static var profileReads: [String: (Profile) -> Any] {
        ["name": { $0.name }, "age": { $0.age }, "homePage": { $0.homePage as Any }, "settings": { $0.settings }]
    }
}
