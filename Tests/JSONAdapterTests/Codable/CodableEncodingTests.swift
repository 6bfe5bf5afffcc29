//
//  CodableEncodingTests.swift
//  `Codable` property values encode through the bridge to the same JSON
//  values as `JSONEncoder`, on both encoders (dictionaries and text), and
//  decode back to equal models.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter
import MantleInternals

@Suite("Codable property values: encoding")
struct CodableEncodingTests {
    /// A plain `Codable` struct.
    struct Geo: Codable, Equatable {
        var lat: Double
        var lon: Double
    }

    /// An enum with associated values.
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case label(String, size: Int)
        case point
    }

    /// Scalars of every kind, `Codable` nested in `Codable`, keyed and
    /// unkeyed containers, and the special types.
    struct Sample: Codable, Equatable {
        var text = "héllo \"quoted\""
        var flag = true
        var small: Int8 = -8
        var big: UInt64 = .max
        var float: Float = 0.1
        var double = -0.0
        var decimal = Decimal(string: "12345678901234567890.5") ?? 0
        var url = URL(string: "https://example.com/a?b=c")
        var date = Date(timeIntervalSince1970: 1_507_651_200)
        var bytes = Data([0, 1, 254, 255])
        var nothing: Int? = nil
        var shapes: [Shape] = [.circle(radius: 1.5), .label("x", size: 3), .point]
        var points: [Geo] = [Geo(lat: 1, lon: 2)]
        var table: [String: [Int]] = ["b": [2], "a": [1, 1]]
        var byNumber: [Int: String] = [1: "one"]
    }

    /// A model with one sample, and others.
    struct Holder: JSONSerializing, Equatable {
        var sample = Sample()
        var zone = TimeZone(identifier: "Asia/Tokyo") ?? .current
        var distance = Measurement(value: 3, unit: UnitLength.miles)
        var maybe: Geo?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The holder's values as `JSONEncoder` encodes them, as Foundation values.
    static func twinJSON(_ holder: Holder) throws -> [String: Any] {
        struct Twin: Encodable {
            var sample: Sample
            var zone: TimeZone
            var distance: Measurement<UnitLength>
            var maybe: Geo?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(sample, forKey: .sample)
                try container.encode(zone, forKey: .zone)
                try container.encode(distance, forKey: .distance)
                try container.encode(maybe, forKey: .maybe)  // null, as the adapter writes nil
            }

            enum CodingKeys: CodingKey { case sample, zone, distance, maybe }
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let twin = Twin(sample: holder.sample, zone: holder.zone, distance: holder.distance, maybe: holder.maybe)
        return try FoundationJSON.object(encoder.encode(twin))
    }

    /// Checks: both encoders give the JSON values JSONEncoder gives (ISO 8601 dates, base64 data).
    @Test("encodes as JSONEncoder does", arguments: DecodingPath.allCases)
    func encodesLikeJSONEncoder(path: DecodingPath) throws {
        let holder = Holder()
        let encoded = try path.encode(holder)
        let twin = try Self.twinJSON(holder)
        for key in ["sample", "zone", "distance", "maybe"] {
            #expect(CanonicalNumbers.text(encoded[key]) == CanonicalNumbers.text(twin[key]), "\(key)")
        }
        let sample = try #require(encoded["sample"] as? [String: Any])
        #expect(sample["date"] as? String == "2017-10-10T16:00:00Z")
        #expect(sample["bytes"] as? String == "AAH+/w==")
        #expect(sample["url"] as? String == "https://example.com/a?b=c")
        #expect(sample["nothing"] == nil, "encodeIfPresent leaves nil out")
    }

    /// Checks: encoding then decoding gives an equal model, on both paths.
    @Test("round trip", arguments: DecodingPath.allCases)
    func roundTrip(path: DecodingPath) throws {
        var holder = Holder()
        holder.maybe = Geo(lat: -1, lon: 1e-7)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: path.encode(holder)), as: UTF8.self)
        let decoded = try path.decode(Holder.self, json)
        #expect(decoded == holder)
        // Our own text keeps `-0.0` (JSONSerialization's writes `-0`).
        let direct = try JSONAdapter.model(of: Holder.self, fromJSONData: JSONAdapter.jsonData(from: holder))
        #expect(direct == holder)
        #expect(direct.sample.double.sign == .minus, "-0.0 keeps its sign")
    }

    /// Checks: the text keeps the order of encode(to:) and sorts dictionaries, so it is the same on every run.
    @Test("text: members in encoding order, dictionaries sorted")
    func textOrder() throws {
        struct Ordered: Codable {
            var zebra = 1
            var apple = [String: Int](uniqueKeysWithValues: (0..<20).map { ("k\(19 - $0)", $0) })
        }
        struct Model: JSONSerializing {
            var ordered = Ordered()
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        }
        let text = String(decoding: try JSONAdapter.jsonData(from: Model()), as: UTF8.self)
        let keys = (0..<20).map { "k\($0)" }.sorted()
        let apple = keys.map { "\"\($0)\":\(19 - (Int($0.dropFirst()) ?? 0))" }.joined(separator: ",")
        #expect(text == #"{"ordered":{"zebra":1,"apple":{"# + apple + "}}}")
    }

    /// Custom encoding through nested containers and super encoders.
    struct Envelope: Codable, Equatable {
        var id: Int
        var names: [String]

        enum CodingKeys: String, CodingKey { case meta, body, extra }
        enum MetaKeys: String, CodingKey { case id }

        init(id: Int, names: [String]) {
            self.id = id
            self.names = names
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta).decode(Int.self, forKey: .id)
            var body = try container.nestedUnkeyedContainer(forKey: .body)
            names = []
            while !body.isAtEnd { names.append(try body.decode(String.self)) }
            _ = try container.superDecoder()
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var body = container.nestedUnkeyedContainer(forKey: .body)
            var meta = container.nestedContainer(keyedBy: MetaKeys.self, forKey: .meta)
            for name in names { try body.encode(name) }
            try meta.encode(id, forKey: .id)
            var superContainer = container.superEncoder().singleValueContainer()
            try superContainer.encode("base")
            var extra = container.nestedUnkeyedContainer(forKey: .extra)
            var inner = extra.nestedContainer(keyedBy: MetaKeys.self)
            try inner.encode(0, forKey: .id)
            _ = extra.superEncoder()
        }
    }

    /// A model with an envelope.
    struct Post: JSONSerializing, Equatable {
        var envelope = Envelope(id: 0, names: [])
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: containers filled after they were taken, and super encoders, end up in the JSON as with JSONEncoder.
    @Test("nested containers filled later, and super encoders", arguments: DecodingPath.allCases)
    func nestedContainers(path: DecodingPath) throws {
        var post = Post()
        post.envelope = Envelope(id: 7, names: ["a", "b"])
        let encoded = try path.encode(post)
        let twin = try FoundationJSON.object(JSONEncoder().encode(post.envelope))
        #expect(CanonicalNumbers.text(encoded["envelope"]) == CanonicalNumbers.text(twin))
        #expect(CanonicalNumbers.text(encoded["envelope"])
            == #"{"body":["a","b"],"extra":[{"id":0},{}],"meta":{"id":7},"super":"base"}"#)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: encoded), as: UTF8.self)
        #expect(try path.decode(Post.self, json).envelope == Envelope(id: 7, names: ["a", "b"]))
    }

    /// Checks: with a key conversion, coding keys are converted both ways, dictionary keys are not.
    @Test("key conversion applies to coding keys, not to dictionary keys", arguments: DecodingPath.allCases)
    func keyConversion(path: DecodingPath) throws {
        struct Stats: Codable, Equatable {
            var followerCount: Int
            var countsByName: [String: Int]
        }
        struct Account: JSONSerializing, Equatable {
            var accountStats: Stats?
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        }
        let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
        var account = Account()
        account.accountStats = Stats(followerCount: 3, countsByName: ["camelCase": 1])
        let encoded = try path.encode(account, configuration: configuration)
        #expect(CanonicalNumbers.text(encoded) == #"{"account_stats":{"counts_by_name":{"camelCase":1},"follower_count":3}}"#)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(CanonicalNumbers.text(encoded["account_stats"])
            == CanonicalNumbers.text(try FoundationJSON.object(encoder.encode(account.accountStats))))
        let json = #"{"account_stats": {"follower_count": 3, "counts_by_name": {"camelCase": 1}}}"#
        #expect(try path.decode(Account.self, json, configuration: configuration) == account)
    }

    /// Checks: a coding key with an acronym is found, since the key is converted (JSONDecoder's
    /// `.convertFromSnakeCase` turns `avatar_url` into `avatarUrl` and misses `avatarURL`).
    @Test("acronym keys under snake_case", arguments: DecodingPath.allCases)
    func acronymKeys(path: DecodingPath) throws {
        struct Links: Codable, Equatable {
            var avatarURL: URL
        }
        struct Profile: JSONSerializing, Equatable {
            var links: Links?
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        }
        let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
        let json = #"{"links": {"avatar_url": "https://example.com/a.png"}}"#
        let profile = try path.decode(Profile.self, json, configuration: configuration)
        #expect(profile.links?.avatarURL.absoluteString == "https://example.com/a.png")
        #expect(CanonicalNumbers.text(try path.encode(profile, configuration: configuration))
            == CanonicalNumbers.text(try FoundationJSON.object(json)))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: DecodingError.self) { _ = try decoder.decode([String: Links].self, from: Data(json.utf8)) }
    }
}

/// Canonical JSON text of Foundation values, with numbers compared by value:
/// `JSONEncoder` writes `1.0` as `1`, the adapter writes `1.0`, and both read
/// back as the same number; a `Float` is shown with a `Float`'s digits.
enum CanonicalNumbers {
    /// The canonical text (sorted keys; integral numbers without a fraction).
    static func text(_ value: Any?) -> String {
        guard let value, !ValueConversion.isNull(value) else { return "null" }
        if let bool = ValueConversion.exactBool(from: value) { return bool ? "true" : "false" }
        if type(of: value) == Float.self, let float = value as? Float { return "\(float)" }
        if let number = NumberValue(value)?.doubleValue {
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return "\(number)"
        }
        if let string = value as? String {
            let data = try? JSONSerialization.data(withJSONObject: string, options: .fragmentsAllowed)
            return data.map { String(decoding: $0, as: UTF8.self) } ?? "<\(string)>"
        }
        if let array = value as? [Any] { return "[" + array.map(text).joined(separator: ",") + "]" }
        if let object = value as? [String: Any] {
            return "{" + object.keys.sorted().map { "\"\($0)\":" + text(object[$0]) }.joined(separator: ",") + "}"
        }
        return "<\(value)>"
    }
}
