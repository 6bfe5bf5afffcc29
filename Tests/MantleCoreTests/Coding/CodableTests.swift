import Foundation
import Testing
import MantleArchiving
@testable import MantleCore

// MARK: - Models

enum CodableColor: String, Codable {
    case red, green, blue
}

struct CodablePoint: Model, Codable {
    var x = 0.0
    var y = 0.0
}

/// Every kind of value, all `Codable`.
struct CodableEverything: Model, Codable {
    var name = ""
    var count = 0
    var small: Int8 = 0
    var big: UInt64 = 0
    var ratio: Float = 0
    var flag = false
    var url: URL?
    var uuid: UUID?
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var data = Data()
    var decimal: Decimal = 0
    var color = CodableColor.red
    var optionalColor: CodableColor?
    var nickname: String? = "default"
    var tags: Set<String> = []
    var scores: [String: Int] = [:]
    var point = CodablePoint()
    var optionalPoint: CodablePoint?
    var points: [CodablePoint] = []

    static var sample: CodableEverything {
        var model = CodableEverything()
        model.name = "Mantle ✓"
        model.count = -42
        model.small = .min
        model.big = .max
        model.ratio = 0.1
        model.flag = true
        model.url = URL(string: "https://github.com/Mantle/Mantle")
        model.uuid = UUID(uuidString: "4A275FBD-8217-4397-964B-403F4C2B8545")
        model.date = Date(timeIntervalSinceReferenceDate: 123_456) // XML property lists keep whole seconds
        model.data = Data([0, 1, 2, 255])
        model.decimal = Decimal(string: "1234567890.0987654321") ?? 0
        model.color = .blue
        model.optionalColor = .green
        model.nickname = nil
        model.tags = ["a", "b"]
        model.scores = ["x": 1, "y": 2]
        model.point = CodablePoint(x: 1, y: 2)
        model.optionalPoint = CodablePoint(x: -1, y: 0.5)
        model.points = [CodablePoint(x: 3, y: 4)]
        return model
    }
}

/// A class hierarchy: `Codable` declared on the (non-final) base only.
class CodableAnimal: Model, Codable {
    var name = ""
    var legs = 4
    required init() {}
}

final class CodableDog: CodableAnimal {
    var breed = ""
    var owner: CodablePoint?
    var color: CodableColor?
}

/// Properties that are not `Codable`, or not coded, next to ones that are.
struct CodableSkippable: Model, Codable {
    var name = ""
    var action: @Sendable () -> Int = { 1 }
    var anything: Any = 0
    weak var parent: CodableDog?
    let constant = 7
    var cache = 0
    var secret = ""

    static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        key == "cache" ? .transitory : defaultStorageBehavior(forPropertyKey: key)
    }

    static func defaultStorageBehavior(forPropertyKey key: String) -> PropertyStorage {
        key == "constant" ? .none : .permanent
    }

    static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        key == "secret" ? .excluded : defaultEncodingBehavior(forPropertyKey: key)
    }
}

/// All properties `Codable`: the compiler could synthesize the conformance.
struct CodableSynthesizable: Model, Codable {
    var a = 1
    var b = "x"
    let fixed = 7
}

struct CodableNormalizing: Model, Codable {
    var name: String?

    mutating func validate() throws {
        if name == nil { name = "anonymous" }
    }
}

struct CodableTooLong: Error, Equatable {
    let name: String
}

struct CodableValidated: Model, Codable {
    var name = ""

    func validate() throws {
        if name.count > 3 { throw CodableTooLong(name: name) }
    }
}

/// A class that customizes decoding and calls the reflective part.
final class CodableCustom: Model, Codable {
    var name = ""
    var decodedByCustomInit = false
    required init() {}

    required convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
        decodedByCustomInit = true
    }
}

/// A struct that adds a key to the reflective encoding.
struct CodableExtra: Model, Codable {
    var name = ""

    enum ExtraKeys: String, CodingKey { case schema }

    func encode(to encoder: any Encoder) throws {
        try encodeProperties(to: encoder)
        var container = encoder.container(keyedBy: ExtraKeys.self)
        try container.encode(2, forKey: .schema)
    }
}

/// The encoder/decoder pairs the tests run through.
enum CodableCoder: String, CaseIterable, Sendable {
    case json, binaryPropertyList, xmlPropertyList

    func encode<T: Encodable>(_ value: T) throws -> Data {
        switch self {
        case .json:
            return try JSONEncoder().encode(value)
        case .binaryPropertyList:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            return try encoder.encode(value)
        case .xmlPropertyList:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            return try encoder.encode(value)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        switch self {
        case .json: return try JSONDecoder().decode(type, from: data)
        case .binaryPropertyList, .xmlPropertyList: return try PropertyListDecoder().decode(type, from: data)
        }
    }

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try decode(T.self, from: encode(value))
    }
}

/// Decodes JSON text.
func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The keys of the JSON object `value` encodes to.
func encodedJSONKeys<T: Encodable>(_ value: T) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
    return Set((object as? [String: Any])?.keys.map { $0 } ?? [])
}

/// The coding path of a `DecodingError`, as strings.
func codingPath(of error: DecodingError) -> [String] {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
         .keyNotFound(_, let context), .dataCorrupted(let context):
        return context.codingPath.map(\.stringValue)
    @unknown default:
        return []
    }
}

// MARK: - Tests

@Suite("Codable")
struct CodableTests {
    @Test("a struct round-trips with every kind of value", arguments: CodableCoder.allCases)
    func structRoundTrip(coder: CodableCoder) throws {
        let model = CodableEverything.sample
        let copy = try coder.roundTrip(model)
        #expect(copy == model)
        #expect(copy.nickname == nil)
        #expect(copy.big == .max && copy.small == .min)
        #expect(copy.decimal == model.decimal)
        #expect(copy.optionalPoint == CodablePoint(x: -1, y: 0.5))
        #expect(copy.color == .blue && copy.optionalColor == .green)
    }

    @Test("a subclass round-trips its inherited and own properties", arguments: CodableCoder.allCases)
    func classRoundTrip(coder: CodableCoder) throws {
        let dog = CodableDog()
        dog.name = "Rex"
        dog.legs = 3
        dog.breed = "Beagle"
        dog.owner = CodablePoint(x: 1, y: 1)
        dog.color = .red
        let copy = try coder.roundTrip(dog)
        #expect(copy !== dog)
        #expect(copy == dog)
        #expect(copy.name == "Rex" && copy.legs == 3 && copy.breed == "Beagle" && copy.owner?.x == 1)

        let animal = CodableAnimal()
        animal.name = "Generic"
        #expect(try coder.roundTrip(animal) == animal)
    }

    @Test("the encoded keys are the coded property keys")
    func encodedKeys() throws {
        let dog = CodableDog()
        #expect(try encodedJSONKeys(dog) == ["name", "legs", "breed", "owner", "color"])
        #expect(try encodedJSONKeys(CodableSkippable()) == ["name", "cache"])
        #expect(try encodedJSONKeys(CodableSynthesizable()) == ["a", "b"])
        #expect(try encodedJSONKeys(CodableExtra(name: "n")) == ["name", "schema"])
    }

    @Test("nil is encoded as an explicit null, so a non-nil default does not come back")
    func explicitNull() throws {
        var model = CodableEverything()
        model.nickname = nil
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(model)) as? [String: Any]
        #expect(json?["nickname"] is NSNull)
        #expect(try CodableCoder.json.roundTrip(model).nickname == nil)
        #expect(CodableEverything().nickname == "default")
    }

    @Test("the reflective conformance wins over the synthesized one")
    func reflectionWins() throws {
        // Synthesized decoding would throw keyNotFound for the missing keys.
        let empty = try decodeJSON(CodableSynthesizable.self, "{}")
        #expect(empty.a == 1 && empty.b == "x")
        let partial = try decodeJSON(CodableSynthesizable.self, #"{"a": 5, "fixed": 99, "unknown": true}"#)
        #expect(partial.a == 5 && partial.b == "x" && partial.fixed == 7)
        #expect(try decodeJSON(CodableDog.self, #"{"breed": "Pug"}"#).legs == 4)
    }

    @Test("closures, Any, weak references, constants and excluded keys are skipped", arguments: CodableCoder.allCases)
    func skippedProperties(coder: CodableCoder) throws {
        let parent = CodableDog()
        var model = CodableSkippable()
        model.name = "kept"
        model.cache = 3
        model.secret = "hidden"
        model.parent = parent
        model.anything = "any"
        let copy = try coder.roundTrip(model)
        #expect(copy.name == "kept")
        #expect(copy.cache == 3)
        #expect(copy.secret == "")
        #expect(copy.parent == nil)
        #expect(copy.anything as? Int == 0)
        #expect(copy.action() == 1)
        withExtendedLifetime(parent) {}
    }

    @Test("missing keys leave defaults and validate() runs after decoding")
    func defaultsAndValidation() throws {
        let model = try decodeJSON(CodableEverything.self, #"{"count": 3}"#)
        #expect(model.count == 3)
        #expect(model.nickname == "default")
        #expect(model.color == .red)
        #expect(try decodeJSON(CodableNormalizing.self, "{}").name == "anonymous")
        #expect(try decodeJSON(CodableNormalizing.self, #"{"name": "set"}"#).name == "set")
        #expect(throws: CodableTooLong(name: "toolong")) {
            try decodeJSON(CodableValidated.self, #"{"name": "toolong"}"#)
        }
    }

    @Test("wrong values throw DecodingError with the coding path", arguments: [
        (#"{"count": "three"}"#, ["count"]),
        (#"{"count": null}"#, ["count"]),
        (#"{"color": "purple"}"#, ["color"]),
        (#"{"point": {"x": "one"}}"#, ["point", "x"]),
        (#"{"points": [{"y": true}]}"#, ["points", "Index 0", "y"]),
        (#"{"url": 5}"#, ["url"]),
    ])
    func decodingErrors(json: String, path: [String]) throws {
        let error = try #require(throws: DecodingError.self) {
            try decodeJSON(CodableEverything.self, json)
        }
        #expect(codingPath(of: error) == path)
    }

    @Test("a model that is not an object, or a number that does not fit, is a DecodingError")
    func otherDecodingErrors() throws {
        // (Foundation's JSONDecoder reports numbers that do not fit without a coding path.)
        #expect(throws: DecodingError.self) { try decodeJSON(CodableEverything.self, #"{"small": 300}"#) }
        #expect(throws: DecodingError.self) { try decodeJSON(CodablePoint.self, "[1, 2]") }
        #expect(throws: DecodingError.self) { try decodeJSON(CodablePoint.self, "3") }
    }

    @Test("custom conformances can call the reflective parts")
    func customConformances() throws {
        let custom = try decodeJSON(CodableCustom.self, #"{"name": "c"}"#)
        #expect(custom.name == "c")
        #expect(custom.decodedByCustomInit)

        let extra = CodableExtra(name: "e")
        let decoded = try CodableCoder.json.roundTrip(extra)
        #expect(decoded == extra)
    }

    @Test("Codable and ModelArchiver agree on the same model")
    func archiverAgreement() throws {
        let model = CodableEverything.sample
        let archived = try ModelArchiver.unarchive(CodableEverything.self, from: ModelArchiver.archivedData(with: model))
        let coded = try CodableCoder.binaryPropertyList.roundTrip(model)
        #expect(archived == coded)
    }
}
