//
//  DecodingMessyJSONTests.swift
//  DecodingMessyJSON.md: keys written in more than one style (the Conversation example and
//  the table of spellings, with JSONDecoder as the oracle) and dictionaries in JSONEncoder's
//  flat form (the keyedDictionaryEncoding example); class clusters chosen by a discriminator in
//  the options (a struct family through an adapter, cast to its protocol).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("DecodingMessyJSON.md: key styles and keyed dictionaries")
struct DecodingMessyJSONTests {
    static let api = JSONAdapter.Configuration(keyConversion: .snakeCase)

    @Test("the Conversation example", arguments: DecodingPath.allCases)
    func conversation(path: DecodingPath) throws {
        let json = #"{"chatRoom": "general", "last_message": "hi"}"#
        let conversation = try path.decode(Conversation.self, json, configuration: Self.api)
        #expect(conversation.chatRoom == "general" && conversation.lastMessage == "hi")
        #expect(Set(try path.encode(conversation, configuration: Self.api).keys) == ["chat_room", "last_message"])
    }

    /// The table's rows: a declared key, the keys `.snakeCase` reads for it, and those
    /// `JSONDecoder` with `.convertFromSnakeCase` reads (of the same list).
    static let table: [(declared: String, keys: [String], decoderReads: [String])] = [
        ("chatRoom", ["chat_room", "chatRoom", "CHAT_ROOM", "chat__room"], ["chat_room", "chatRoom", "CHAT_ROOM", "chat__room"]),
        ("allCaps", ["all_caps", "ALL_CAPS", "allCaps"], ["all_caps", "ALL_CAPS", "allCaps"]),
        ("thisAndThat", ["this_and_that", "this__and__that", "this_aNd_that", "thisAndThat"],
         ["this_and_that", "this__and__that", "this_aNd_that", "thisAndThat"]),
        ("one2Three", ["one2_three", "one_2_three", "one2Three"], ["one2_three", "one_2_three", "one2Three"]),
        ("_oneTwoThree_", ["_one_two_three_", "_oneTwoThree_"], ["_one_two_three_", "_oneTwoThree_"]),
        ("snakeĆase", ["snake_ćase", "snake_Ćase", "snakeĆase"], ["snake_ćase", "snake_Ćase", "snakeĆase"]),
        ("🐧🐟", ["🐧_🐟", "🐧🐟"], ["🐧_🐟", "🐧🐟"]),
        ("myURL", ["my_url", "myURL"], ["myURL"]),
        ("snake_case", ["snake_case"], []),
    ]

    @Test("the table of spellings, on both paths, with JSONDecoder's column checked against it",
          arguments: DecodingPath.allCases, table)
    func spellings(path: DecodingPath, row: (declared: String, keys: [String], decoderReads: [String])) throws {
        for key in row.keys {
            try OneKey.$declared.withValue(row.declared) {
                let json = String(decoding: try JSONSerialization.data(withJSONObject: [key: 1]), as: UTF8.self)
                let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
                #expect(try path.decode(OneKey.self, json, configuration: configuration).value == 1, "\(key)")
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                let question = try JSONSerialization.data(withJSONObject: ["name": row.declared, "in": [key: 1]])
                let found = try decoder.decode(Finder.self, from: question).found
                #expect(found == row.decoderReads.contains(key), "\(key)")
            }
        }
    }

    @Test("the keyedDictionaryEncoding example", arguments: DecodingPath.allCases)
    func keyValueArrays(path: DecodingPath) throws {
        let owner = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let catalog = Catalog(events: [138_586_341: Event(id: 138_586_341, name: "x")], owners: [owner: "kim"],
                              regions: [.eu: 3, .us: 5])
        var shared = JSONAdapter.Configuration()
        shared.keyedDictionaryEncoding = .keyValueArray
        let data = try JSONAdapter.jsonData(from: catalog, options: .configuration(shared))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""regions":["eu",3,"us",5]"#))
        #expect(text.contains(#""owners":["E621E1F8-C36C-495A-93FC-0C247A3E6E5F","kim"]"#))
        #expect(text.contains(#""events":{"138586341":"#))
        #expect(try path.decode(Catalog.self, text) == catalog)
        let error = try #require(adapterError { _ = try path.decode(Catalog.self, #"{"regions": ["eu", 3, "asia", 5]}"#) })
        #expect(error.jsonKeyPath == "regions[2]")
    }
}

// MARK: - Models

extension DecodingMessyJSONTests {
    /// The article's conversation.
    struct Conversation: JSONSerializing {
        var chatRoom = ""
        var lastMessage = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// One property under the task's declared key.
    struct OneKey: JSONSerializing {
        @TaskLocal static var declared = "value"
        var value = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["value": .key(declared)] }
    }

    /// A coding key of any name.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Whether `JSONDecoder` finds the coding key `name` in the object `in`.
    struct Finder: Decodable {
        var found: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let name = try container.decode(String.self, forKey: AnyKey(stringValue: "name"))
            let object = try container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "in"))
            found = object.contains(AnyKey(stringValue: name))
        }
    }

    /// A region.
    enum Region: String, Hashable {
        case eu, us
    }

    /// An event.
    struct Event: JSONSerializing, Equatable {
        var id = 0
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The article's catalog.
    struct Catalog: JSONSerializing, Equatable {
        var events: [Int: Event] = [:]
        var owners: [UUID: String] = [:]
        var regions: [Region: Int] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A shape of the article's struct family.
    protocol Shape: JSONSerializing {
        /// Its area.
        var area: Double { get }
    }

    /// A circle.
    struct Circle: Shape {
        var radius = 0.0
        var area: Double { .pi * radius * radius }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["radius": "radius"] }
    }

    /// A square.
    struct Square: Shape {
        var side = 0.0
        var area: Double { side * side }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["side": "side"] }
    }

    /// An event of the article's class cluster, declared by a discriminator in the call.
    class GHEvent: JSONSerializing {
        var id = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    }

    /// A push.
    final class GHPushEvent: GHEvent {}

    @Test("class clusters: a discriminator in the options; a struct family through an adapter")
    func discriminatorInOptions() throws {
        let eventKinds = JSONTypeDiscriminator(keyPath: "type", types: ["PushEvent": GHPushEvent.self],
                                               fallback: GHEvent.self)
        let feed = Data(#"[{"type": "PushEvent", "id": "1"}, {"type": "WatchEvent", "id": "2"}]"#.utf8)
        let events = try JSONAdapter.models(of: GHEvent.self, fromJSONData: feed, options: .discriminator(eventKinds))
        #expect(events.map { String(describing: type(of: $0)) } == ["GHPushEvent", "GHEvent"])

        let data = Data(#"[{"kind": "circle", "radius": 1}, {"kind": "square", "side": 2}]"#.utf8)
        let shapes = JSONTypeDiscriminator(keyPath: "kind", types: ["circle": Circle.self, "square": Square.self])
        let adapter = try JSONAdapter(modelType: Circle.self)
        let decoded = try adapter.models(fromJSONData: data, options: .discriminator(shapes)) as? [any Shape]
        #expect(decoded?.map(\.area) == [.pi, 4])
    }
}
