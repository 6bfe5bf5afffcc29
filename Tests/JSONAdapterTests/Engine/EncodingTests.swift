//
//  EncodingTests.swift
//  Encoding, the reverse of decoding: nil becomes NSNull; dotted paths build
//  nested dictionaries; a transformer that is not reversible passes the value
//  through unchanged. Plus composite paths, `serializablePropertyKeys` and
//  `.omitNilValues`. Every test runs through `jsonDictionary` and `jsonData`.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter
import MantleJSON

@Suite("Encoding")
struct EncodingTests {

    /// A `EveryType` with a non-default value in every property.
    static var fullTypes: ValueModels.EveryType {
        var model = ValueModels.EveryType()
        model.string = "s ✓"
        model.bool = true
        model.int = -1
        model.int8 = Int8.min
        model.int16 = 300
        model.int32 = Int32.max
        model.int64 = Int64.min
        model.uint = 7
        model.uint8 = 255
        model.uint16 = 65535
        model.uint32 = 4_294_967_295
        model.uint64 = UInt64.max
        #if os(Linux) || os(Windows) || os(Android)
        model.int128 = -12
        model.uint128 = 12
        #endif
        model.double = 2.5
        model.float = -0.25
        model.float16 = 1.5
        model.url = URL(string: "https://example.com/x?y=1")
        model.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        model.date = GitHubFixture.date
        model.plainDate = Date(timeIntervalSince1970: 86_400)
        model.shade = .blue
        model.level = .high
        model.leaf = ValueModels.Leaf(name: "leaf", size: 2)
        model.optionalLeaf = nil
        model.optionalInt = nil
        model.optionalShade = .green
        model.strings = ["a", "b"]
        model.urls = [URL(string: "https://a.example")!]
        model.dates = [GitHubFixture.date]
        model.tagSet = ["only"]
        model.levelSet = [.high]
        model.scores = ["a": 1]
        model.leaves = [ValueModels.Leaf(name: "l1"), ValueModels.Leaf(name: "l2", size: 5)]
        model.leafMap = ["k": ValueModels.Leaf(name: "v")]
        model.shades = [.red, .green]
        model.nestedInts = [[1, 2], []]
        model.optionalStrings = ["x", nil]
        model.uuidsByName = nil
        return model
    }

    /// The JSON each property of `fullTypes` must encode to.
    static let expectedFragments: [(key: String, json: String)] = [
        ("string", #""s ✓""#), ("bool", "true"), ("int", "-1"), ("int8", "-128"), ("int16", "300"),
        ("int32", "2147483647"), ("int64", "-9223372036854775808"), ("uint", "7"), ("uint8", "255"),
        ("uint16", "65535"), ("uint32", "4294967295"), ("uint64", "18446744073709551615"),
        ("double", "2.5"), ("float", "-0.25"),
        ("url", #""https://example.com/x?y=1""#), ("uuid", #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#),
        ("date", #""2017-10-10T16:00:00Z""#), ("plainDate", #""1970-01-02T00:00:00Z""#),
        ("shade", #""blue""#), ("level", "2"), ("leaf", #"{"name": "leaf", "size": 2}"#),
        ("optionalLeaf", "null"), ("optionalInt", "null"), ("optionalShade", #""green""#),
        ("strings", #"["a", "b"]"#), ("urls", #"["https://a.example"]"#), ("dates", #"["2017-10-10T16:00:00Z"]"#),
        ("tagSet", #"["only"]"#), ("levelSet", "[2]"), ("scores", #"{"a": 1}"#),
        ("leaves", #"[{"name": "l1", "size": 0}, {"name": "l2", "size": 5}]"#),
        ("leafMap", #"{"k": {"name": "v", "size": 0}}"#), ("shades", #"["red", "green"]"#),
        ("nestedInts", "[[1, 2], []]"), ("optionalStrings", #"["x", null]"#), ("uuidsByName", "null"),
    ]

    @Test("each type encodes to the JSON it decodes from", arguments: DecodingPath.allCases)
    func encodesEveryType(path: DecodingPath) throws {
        let json = try path.encode(Self.fullTypes)
        for (key, fragment) in Self.expectedFragments {
            #expect(FoundationJSON.canonical(json[key]) == FoundationJSON.canonical(json: fragment), "\(key)")
        }
        #if os(Linux) || os(Windows) || os(Android)
        // Numbers Foundation may not write natively: compare the numeric value.
        #expect(FoundationJSON.number(json["int128"]) == -12)
        #expect(FoundationJSON.number(json["uint128"]) == 12)
        #expect(FoundationJSON.number(json["float16"]) == 1.5)
        #endif
        #expect(Set(json.keys) == Set(ValueModels.EveryType.jsonKeyPathsByPropertyKey.keys))
    }

    @Test("jsonDictionary output can be written by JSONSerialization (Foundation JSON types only)")
    func dictionaryIsFoundationJSON() throws {
        let json = try JSONAdapter.jsonDictionary(from: Self.fullTypes)
        let standard = json.filter { !["int128", "uint128", "float16"].contains($0.key) }
        #expect(JSONSerialization.isValidJSONObject(standard))
        for (key, value) in standard {
            #expect(JSONSerialization.isValidJSONObject(["v": value]), "\(key): \(type(of: value))")
        }
        // Int128, UInt128 and Float16 values come out as Foundation JSON numbers too.
        for key in ["int128", "uint128", "float16"] {
            let value = json[key] ?? NSNull()
            #expect(JSONSerialization.isValidJSONObject(["v": value]), "\(key): \(type(of: value))")
        }
    }

    @Test("model → JSON → model gives an equal model",
          arguments: DecodingPath.allCases, DecodingPath.allCases)
    func roundTrip(encodeWith: DecodingPath, decodeWith: DecodingPath) throws {
        let original = Self.fullTypes
        let text: String
        switch encodeWith {
        case .dictionary:
            let dictionary = try JSONAdapter.jsonDictionary(from: original)
            // Decode the dictionary itself too, not only its JSON text.
            #expect(try JSONAdapter.model(of: ValueModels.EveryType.self, from: dictionary) == original)
            text = String(decoding: try JSONAdapter.jsonData(from: original), as: UTF8.self)
        case .foundationObjects:
            // The dictionary as Objective-C code holds it (NSNumber, NSString, NSArray, …), decoded itself.
            let objects = encodeWith.jsonObject(try JSONAdapter.jsonDictionary(from: original))
            #expect(try JSONAdapter.model(of: ValueModels.EveryType.self, from: objects) == original)
            text = String(decoding: try JSONAdapter.jsonData(from: original), as: UTF8.self)
        case .data:
            text = String(decoding: try JSONAdapter.jsonData(from: original), as: UTF8.self)
        }
        #expect(try decodeWith.decode(ValueModels.EveryType.self, text) == original)
    }

    @Test("nil becomes NSNull and dotted paths build nested dictionaries", arguments: DecodingPath.allCases)
    func nilAndDottedPaths(path: DecodingPath) throws {
        var model = Encoded()
        model.name = "n"
        model.city = "Oslo"
        model.street = nil
        model.zip = "0150"
        let json = try path.encode(model)
        #expect(json["name"] as? String == "n")
        #expect(FoundationJSON.isNull(json["nickname"]))
        let address = try #require(json["address"] as? [String: Any])
        #expect(address["city"] as? String == "Oslo")
        #expect(FoundationJSON.isNull(address["street"]))
        #expect(Set(address.keys) == ["city", "street"])
        #expect((json["postal"] as? [String: Any])?["code"] as? String == "0150")
        #expect(json["address.city"] == nil)
        #expect(json["postal.code"] == nil)
    }

    @Test("a composite path writes each part at its own (dotted) path", arguments: DecodingPath.allCases)
    func compositePath(path: DecodingPath) throws {
        var model = Encoded()
        model.location = Point(latitude: 59.5, longitude: 10.75)
        let json = try path.encode(model)
        let geo = try #require(json["geo"] as? [String: Any])
        #expect(FoundationJSON.number(geo["lat"]) == 59.5)
        #expect(FoundationJSON.number(geo["lng"]) == 10.75)
        #expect(Set(geo.keys) == ["lat", "lng"])

        let decoded = try path.decode(Encoded.self, #"{"geo": {"lat": 1.5, "lng": -2}}"#)
        #expect(decoded.location == Point(latitude: 1.5, longitude: -2))
    }

    @Test("a one-way transformer transforms when decoding and passes the value through when encoding",
          arguments: DecodingPath.allCases)
    func oneWayTransformer(path: DecodingPath) throws {
        let decoded = try path.decode(Encoded.self, #"{"shout": "hello"}"#)
        #expect(decoded.shout == "HELLO")
        var model = Encoded()
        model.shout = "quiet"
        #expect(try path.encode(model)["shout"] as? String == "quiet")
    }

    @Test("serializablePropertyKeys limits what is written", arguments: DecodingPath.allCases)
    func serializablePropertyKeys(path: DecodingPath) throws {
        var model = Encoded()
        model.secret = "s3cr3t"
        model.hideSecret = true
        let hidden = try path.encode(model)
        #expect(hidden["secret"] == nil)
        #expect(hidden["name"] != nil)

        model.hideSecret = false
        let shown = try path.encode(model)
        #expect(shown["secret"] as? String == "s3cr3t")
    }

    /// Encoding asks `serializablePropertyKeys(_:)` of every model unless the probe found the
    /// default in a value type, which keeps every key whatever the model holds: a struct that
    /// implements it is asked (its answer depends on the model), and so is every class (an
    /// override may call `super` for some models only).
    @Test("serializablePropertyKeys is skipped only for value types that keep the default")
    func serializablePropertyKeysProbe() throws {
        #expect(try ModelMapping.of(Sparse.self).keepsEveryPropertyKey)
        #expect(try ModelMapping.of(ValueModels.EveryType.self).keepsEveryPropertyKey)
        #expect(try !ModelMapping.of(Encoded.self).keepsEveryPropertyKey)
        #expect(!ClassForParsingProbe.keepsEveryPropertyKey(JSONModelObject.self))
        var model = Encoded()
        model.secret = "s"
        model.hideSecret = false
        #expect(try JSONAdapter.jsonDictionary(from: model)["secret"] as? String == "s")
        model.hideSecret = true
        #expect(try JSONAdapter.jsonDictionary(from: model)["secret"] == nil)
        #expect(try String(decoding: JSONAdapter.jsonData(from: model), as: UTF8.self).contains("secret") == false)
    }

    /// The facts `OutputTree`'s writer reads its flattened steps by: each key range lies inside
    /// the key bytes, with their padding after it, and holds the key as the compact writer
    /// writes it; a nested object's members end inside the steps, after it.
    @Test("the output tree's flattened steps stay inside their key bytes")
    func outputTreeSteps() throws {
        try checkOutputTreeSteps(of: Sparse.self)
        try checkOutputTreeSteps(of: ValueModels.EveryType.self)
    }

    /// The checks of ``outputTreeSteps()`` on `type`'s mapping.
    private func checkOutputTreeSteps(of type: any JSONSerializing.Type) throws {
        let tree = try #require(try ModelMapping.of(type).outputTree)
        #expect(tree.keyTexts.count == tree.steps.count)
        for (position, step) in tree.steps.enumerated() {
            #expect(step.key == tree.keys.ranges[position])
            #expect(step.key.lowerBound >= 0 && step.key.upperBound + JSONPreparedKeys.padding <= tree.keys.byteCount)
            #expect(Array(tree.keys[step.key]) == JSONWriter.preparedKey(tree.keyTexts[position]))
            if step.property < 0 {
                #expect(step.end > position && step.end <= tree.steps.count)
            } else {
                #expect(step.end == position + 1)
                #expect(step.overrides < tree.overrides.count)
            }
            // The unretained mapping of each step is the mapping's own property, which the
            // mapping keeps alive; a nested object has none.
            let mapping = try ModelMapping.of(type)
            if step.property >= 0 {
                #expect(step.mapping?.takeUnretainedValue() === mapping.properties[step.property])
            } else {
                #expect(step.mapping == nil)
            }
        }
        #expect(tree.steps.contains { $0.property < 0 } == (type != ValueModels.EveryType.self))
    }

    /// The output tree holds its steps' property mappings unretained: a mapping that nothing
    /// else holds (compiled in a context that is gone, out of every cache) writes exactly what
    /// the cached one writes, through mappings only it keeps alive (AddressSanitizer would
    /// report a read of one freed).
    @Test("a mapping held by nothing else writes through its output tree's unretained steps")
    func unretainedSteps() throws {
        var model = Sparse()
        model.id = 7
        model.street = "Main"
        model.note = "n"
        var mapping: ModelMapping? = try ModelMapping.of(Sparse.self, in: MappingContext(.init()))
        weak let weakMapping = mapping
        let expected = try JSONAdapter.jsonData(from: model)
        for _ in 0..<3 {
            var writer = JSONWriter()
            try #require(mapping).write(model, to: &writer, options: [])
            #expect(writer.data == expected)
        }
        mapping = nil
        #expect(weakMapping == nil)
    }

    @Test("without .omitNilValues nested objects of nils are written with nulls", arguments: DecodingPath.allCases)
    func nilsWithoutOmitting(path: DecodingPath) throws {
        var model = Sparse()
        model.id = 1
        let json = try path.encode(model)
        #expect(Set(json.keys) == ["id", "address", "contact", "note", "leaf"])
        let address = try #require(json["address"] as? [String: Any])
        #expect(FoundationJSON.isNull(address["city"]) && FoundationJSON.isNull(address["street"]))
        let phone = try #require((json["contact"] as? [String: Any])?["phone"] as? [String: Any])
        #expect(FoundationJSON.isNull(phone["number"]))
        #expect(FoundationJSON.isNull(json["note"]))
        #expect(FoundationJSON.isNull(json["leaf"]))
    }

    @Test(".omitNilValues leaves out nil properties and the nested objects emptied by that",
          arguments: DecodingPath.allCases)
    func omitNilValues(path: DecodingPath) throws {
        var model = Sparse()
        model.id = 1
        let empty = try path.encode(model, options: .omitsNilValues)
        #expect(Set(empty.keys) == ["id"])
        #expect(FoundationJSON.number(empty["id"]) == 1)

        model.street = "Main"
        model.leaf = ValueModels.Leaf(name: "x")
        let partial = try path.encode(model, options: .omitsNilValues)
        #expect(Set(partial.keys) == ["id", "address", "leaf"])
        let address = try #require(partial["address"] as? [String: Any])
        #expect(Set(address.keys) == ["street"])
        #expect(address["street"] as? String == "Main")
        #expect((partial["leaf"] as? [String: Any])?["name"] as? String == "x")

        model.phone = "555"
        let deep = try path.encode(model, options: .omitsNilValues)
        #expect(((deep["contact"] as? [String: Any])?["phone"] as? [String: Any])?["number"] as? String == "555")
    }

    static let nonFinite = standardNonFinite + wideNonFinite

    static let standardNonFinite: [(key: String, set: @Sendable (inout ValueModels.EveryType) -> Void)] = [
        ("double", { $0.double = .nan }), ("double", { $0.double = .infinity }), ("float", { $0.float = -.infinity }),
    ]

    #if os(Linux) || os(Windows) || os(Android)
    static let wideNonFinite: [(key: String, set: @Sendable (inout ValueModels.EveryType) -> Void)] = [
        ("float16", { $0.float16 = .nan }),
    ]
    #else
    static let wideNonFinite: [(key: String, set: @Sendable (inout ValueModels.EveryType) -> Void)] = []
    #endif

    @Test("NaN and infinity cannot be encoded: .invalidValue, never invalid JSON",
          arguments: DecodingPath.allCases, nonFinite.indices)
    func nonFiniteNumbers(path: DecodingPath, index: Int) throws {
        let (key, set) = Self.nonFinite[index]
        var model = ValueModels.EveryType()
        set(&model)
        let error = try #require(adapterError { _ = try path.encode(model) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == key)
    }

    @Test("jsonArray and jsonData(from: [models]) encode every element")
    func arrays() throws {
        let models = [ValueModels.Leaf(name: "a", size: 1), ValueModels.Leaf(name: "b", size: 2)]
        let array = try JSONAdapter.jsonArray(from: models)
        #expect(array.count == 2)
        #expect(array.map { $0["name"] as? String } == ["a", "b"])
        let data = try JSONAdapter.jsonData(from: models)
        #expect(try JSONAdapter.models(of: ValueModels.Leaf.self, fromJSONData: data) == models)
        #expect(FoundationJSON.canonical(try JSONSerialization.jsonObject(with: data)) == FoundationJSON.canonical(array))
    }

    @Test("jsonData writes RFC 8259 JSON that Foundation parses to the same value as jsonDictionary")
    func dataMatchesDictionary() throws {
        var model = Encoded()
        model.name = "q\"uote\\ \u{1} é 😀"
        model.city = "c"
        model.location = Point(latitude: 1, longitude: 2)
        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        let parsed = try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: model))
        #expect(FoundationJSON.canonical(parsed) == FoundationJSON.canonical(dictionary))
        #expect((parsed as? [String: Any])?["name"] as? String == "q\"uote\\ \u{1} é 😀")
    }
}

// MARK: - Models

extension EncodingTests {
    /// A point built from a composite key path.
    struct Point: Hashable, Sendable {
        var latitude = 0.0
        var longitude = 0.0
    }

    /// Dotted paths, a composite path, a one-way transformer and a selective
    /// `serializablePropertyKeys`.
    struct Encoded: JSONSerializing {
        var name = ""
        var nickname: String?
        var city: String?
        var street: String?
        var zip = ""
        var location = Point()
        var shout = ""
        var secret = ""
        var hideSecret = true

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "name", "nickname": "nickname", "city": "address.city", "street": "address.street",
            "zip": "postal.code", "location": ["geo.lat", "geo.lng"], "shout": "shout", "secret": "secret",
        ]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "location":
                return JSONValueTransformer(
                    forward: { value in
                        guard let parts = value as? [String: Any] else { return Point() }
                        return Point(latitude: FoundationJSON.number(parts["geo.lat"]) ?? 0,
                                        longitude: FoundationJSON.number(parts["geo.lng"]) ?? 0)
                    },
                    reverse: { value in
                        guard let point = value as? Point else { return nil }
                        return ["geo.lat": point.latitude, "geo.lng": point.longitude]
                    })
            case "shout":
                // One way: upper-cases on decoding; encoding passes the value through.
                return JSONValueTransformer(forward: { value in (value as? String)?.uppercased() })
            default:
                return nil
            }
        }

        func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            hideSecret ? propertyKeys.subtracting(["secret"]) : propertyKeys
        }
    }

    /// Only optionals below "address" and "contact.phone", for `.omitNilValues`.
    struct Sparse: JSONSerializing {
        var id = 0
        var city: String?
        var street: String?
        var phone: String?
        var note: String?
        var leaf: ValueModels.Leaf?

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "city": "address.city", "street": "address.street", "phone": "contact.phone.number",
            "note": "note", "leaf": "leaf",
        ]
    }
}
