//  A configuration's snake (or kebab) case reads every key `JSONDecoder`'s
//  `.convertFromSnakeCase` reads, for model properties and `Codable` property values alike,
//  on both decoding paths: the converted spelling first, the key as declared when it is
//  absent (JSON that already writes some keys in camel case), then any other key that
//  `.convertFromSnakeCase` reads as the declared one (`ALL_CAPS`, `this__and__that`); and
//  it keeps writing the converted spelling. swift-foundation's table of conversions is the
//  oracle.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Key conversion: the other spellings a snake-case configuration reads")
struct KeySpellingsTests {
    static let snakeCase = JSONAdapter.Configuration(keyConversion: .snakeCase)

    /// swift-foundation's table for `.convertFromSnakeCase` (`decodingKeyStrategyCamel`):
    /// a JSON key and the coding key it is read as.
    static let fromSnakeCase: [(json: String, declared: String)] = [
        ("", ""), ("a", "a"), ("ALLCAPS", "ALLCAPS"), ("ALL_CAPS", "allCaps"), ("single", "single"),
        ("snake_case", "snakeCase"), ("one_two_three", "oneTwoThree"), ("one_2_three", "one2Three"),
        ("one2_three", "one2Three"), ("snake_Ćase", "snakeĆase"), ("snake_ćase", "snakeĆase"),
        ("alreadyCamelCase", "alreadyCamelCase"), ("__this_and_that", "__thisAndThat"),
        ("_this_and_that", "_thisAndThat"), ("this__and__that", "thisAndThat"), ("this_and_that__", "thisAndThat__"),
        ("this_aNd_that", "thisAndThat"), ("_one_two_three", "_oneTwoThree"), ("one_two_three_", "oneTwoThree_"),
        ("__one_two_three", "__oneTwoThree"), ("one_two_three__", "oneTwoThree__"), ("_one_two_three_", "_oneTwoThree_"),
        ("__one_two_three__", "__oneTwoThree__"), ("_test", "_test"), ("_test_", "_test_"), ("__test", "__test"),
        ("test__", "test__"), ("_", "_"), ("__", "__"), ("___", "___"),
        ("m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ", "m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"),
        ("🐧_🐟", "🐧🐟"), ("chatRoom", "chatRoom"), ("CHAT_ROOM", "chatRoom"), ("Chat_Room", "chatRoom"),
    ]

    /// `json`'s row as JSON text: the declared key under `camelCaseKey`, `true` under the JSON key.
    static func rowJSON(_ row: (json: String, declared: String)) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["camelCaseKey": row.declared, row.json: true]),
               as: UTF8.self)
    }

    @Test("Codable values read every JSON key of swift-foundation's table, as JSONDecoder does",
          arguments: DecodingPath.allCases, fromSnakeCase)
    func codableTable(path: DecodingPath, row: (json: String, declared: String)) throws {
        let json = try Self.rowJSON(row)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(FindsNamedKey.self, from: Data(json.utf8)).found)
        let model = try path.decode(Holder.self, #"{"value": \#(json)}"#, configuration: Self.snakeCase)
        #expect(model.value.found)
    }

    @Test("model properties read every JSON key of swift-foundation's table, as JSONDecoder does",
          arguments: DecodingPath.allCases, fromSnakeCase.filter { !$0.declared.isEmpty })
    func modelTable(path: DecodingPath, row: (json: String, declared: String)) throws {
        try Spelled.$declared.withValue(row.declared) {
            // A configuration of its own: mappings are compiled once per configuration value.
            let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
            let model = try path.decode(Spelled.self, try Self.rowJSON(row), configuration: configuration)
            #expect(model.value)
            let written = try path.encode(model, configuration: configuration)
            #expect(Array(written.keys) == [JSONKeyConversion.snakeCase.jsonKey(forPropertyKey: row.declared)])
        }
    }

    @Test("the converted spelling first, then the declared one, then the first other spelling in Unicode order",
          arguments: DecodingPath.allCases, [
              (#"{"chat_room": 1, "chatRoom": 2, "CHAT_ROOM": 3}"#, 1), (#"{"chatRoom": 2, "chat_room": 1}"#, 1),
              (#"{"chatRoom": 2, "CHAT_ROOM": 3}"#, 2), (#"{"Chat_Room": 4, "CHAT_ROOM": 3}"#, 3),
              (#"{"chat__room": 5}"#, 5), (#"{"chatroom": 6, "Chatroom": 7, "chat_room_": 8}"#, 0),
          ])
    func order(path: DecodingPath, input: (String, Int)) throws {
        let model = try path.decode(Chat.self, input.0, configuration: Self.snakeCase)
        #expect(model.chatRoom == input.1)
        let codable = try path.decode(ChatHolder.self, #"{"chat": \#(input.0)}"#, configuration: Self.snakeCase)
        #expect(codable.chat.chatRoom == (input.1 == 0 ? nil : input.1))
    }

    @Test("JSON with some keys in camel case decodes as JSONDecoder decodes it, and is written in snake case",
          arguments: DecodingPath.allCases)
    func drift(path: DecodingPath) throws {
        let json = #"{"chatRoom": "general", "last_message": "hi", "unreadCount": 3}"#
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let oracle = try decoder.decode(Conversation.self, from: Data(json.utf8))
        let model = try path.decode(ConversationModel.self, json, configuration: Self.snakeCase)
        #expect(model.chatRoom == oracle.chatRoom && model.lastMessage == oracle.lastMessage
                && model.unreadCount == oracle.unreadCount)
        let holder = try path.decode(ConversationHolder.self, #"{"conversation": \#(json)}"#, configuration: Self.snakeCase)
        #expect(holder.conversation == oracle)
        let written = try path.encode(model, configuration: Self.snakeCase)
        #expect(Set(written.keys) == ["chat_room", "last_message", "unread_count"])
        let encodedHolder = try path.encode(holder, configuration: Self.snakeCase)
        let conversation = try #require(encodedHolder["conversation"] as? [String: Any])
        #expect(Set(conversation.keys) == ["chat_room", "last_message", "unread_count"])
    }

    @Test("nested paths, alternatives, update and kebab case read the other spellings; custom conversions do not",
          arguments: DecodingPath.allCases)
    func everywhere(path: DecodingPath) throws {
        let nested = try path.decode(Nested.self, #"{"owner": {"avatarURL": "a", "siteAdmin": true}}"#,
                                     configuration: Self.snakeCase)
        #expect(nested.avatarURL == "a" && nested.siteAdmin)
        let alternatives = try path.decode(Alternatives.self, #"{"room": "r", "chatRoom": "c"}"#,
                                           configuration: Self.snakeCase)
        #expect(alternatives.chatRoom == "c")
        var model = Chat()
        switch path {
        case .dictionary, .foundationObjects:
            try JSONAdapter.update(&model, from: path.jsonObject(#"{"chatRoom": 9}"#), options: .configuration(Self.snakeCase))
        case .data: try JSONAdapter.update(&model, fromJSONData: Data(#"{"chatRoom": 9}"#.utf8),
                                           options: .configuration(Self.snakeCase))
        }
        #expect(model.chatRoom == 9)
        let kebab = JSONAdapter.Configuration(keyConversion: .kebabCase)
        for json in [#"{"chat-room": 1}"#, #"{"chatRoom": 1}"#, #"{"CHAT-ROOM": 1}"#] {
            #expect(try path.decode(Chat.self, json, configuration: kebab).chatRoom == 1)
        }
        let custom = JSONAdapter.Configuration(keyConversion: .custom { JSONKeyConversion.snakeCase.jsonKey(forPropertyKey: $0) })
        #expect(try path.decode(Chat.self, #"{"chatRoom": 1}"#, configuration: custom).chatRoom == 0)
    }

    @Test("errors name the spelling that was read", arguments: DecodingPath.allCases)
    func errors(path: DecodingPath) throws {
        let error = try #require(adapterError {
            _ = try path.decode(Chat.self, #"{"CHAT_ROOM": "x"}"#, configuration: Self.snakeCase)
        })
        #expect(error.jsonKeyPath == "CHAT_ROOM")
        let nested = try #require(adapterError {
            _ = try path.decode(Nested.self, #"{"owner": {"siteAdmin": 1}}"#, configuration: Self.snakeCase)
        })
        #expect(nested.jsonKeyPath == "owner.siteAdmin")
    }

    @Test("a key read as another spelling is not kept as unknown", arguments: DecodingPath.allCases)
    func unknownKeys(path: DecodingPath) throws {
        let model = try path.decode(ChatWithUnknown.self, #"{"chatRoom": 1, "CHAT_ROOM": 2, "other": 3}"#,
                                    configuration: Self.snakeCase)
        #expect(model.chatRoom == 1)
        #expect(model.unknown.keys == ["other"])
        let written = try path.encode(model, configuration: Self.snakeCase)
        #expect(Set(written.keys) == ["chat_room", "other"])
    }

    @Test("allKeys lists a coding key once, whichever spellings the JSON has, as JSONDecoder's",
          arguments: DecodingPath.allCases)
    func allKeys(path: DecodingPath) throws {
        let json = #"{"chat_room": 1, "chatRoom": 2, "last_message": 3, "other_key": 4}"#
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let oracle = try decoder.decode(KeyLister.self, from: Data(json.utf8))
        let model = try path.decode(KeyListerHolder.self, #"{"keys": \#(json)}"#, configuration: Self.snakeCase)
        #expect(model.keys.names.sorted() == oracle.names.sorted())
        #expect(model.keys.names.sorted() == ["chatRoom", "lastMessage", "otherKey"])
    }

    @Test("the quick test before converting a key never leaves out a key that converts to the declared one")
    func quickTestIsSound() {
        let pieces = ["_", "__", "a", "A", "b", "B", "1", "é", "É", "ß", "\u{212A}", "k", "-", "url", "URL", "ǅ"]
        var generator = SplitMix64(seed: 26_04)
        for _ in 0..<20_000 {
            let key = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            for separator: Character in ["_", "-"] {
                let camel = JSONKeyConversion.camelCase(key, separator: separator)
                let declared = Bool.random(using: &generator) ? camel : camel.lowercased()
                let converted = separator == "_" ? JSONKeyConversion.snakeCase.jsonKey(forPropertyKey: declared)
                    : JSONKeyConversion.kebabCase.jsonKey(forPropertyKey: declared)
                let spellings = KeySpellings(converted: converted, declared: declared, separator: separator)
                let expected = key != converted && key != declared
                    && JSONKeyConversion.camelCase(key, separator: separator) == declared
                #expect(spellings.isOtherSpelling(key) == expected, "\(key) for \(declared)")
            }
        }
    }
}

// MARK: - Models

extension KeySpellingsTests {
    /// A coding key of any name.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the `Bool` under the key that `camelCaseKey` names (swift-foundation's `DecodeMe`).
    struct FindsNamedKey: Codable {
        var found = false

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let name = try container.decode(String.self, forKey: AnyKey(stringValue: "camelCaseKey"))
            found = try container.decode(Bool.self, forKey: AnyKey(stringValue: name))
        }

        func encode(to encoder: any Encoder) throws {}
    }

    /// A model holding one.
    struct Holder: JSONSerializing {
        var value = FindsNamedKey()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// One property whose declared key is the task's `declared`.
    struct Spelled: JSONSerializing {
        @TaskLocal static var declared = "value"
        var value = false
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["value": .key(declared)] }
    }

    /// One camel-case property.
    struct Chat: JSONSerializing {
        var chatRoom = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same as a `Codable` value.
    struct ChatValue: Codable {
        var chatRoom: Int?
    }

    /// A model holding one.
    struct ChatHolder: JSONSerializing {
        var chat = ChatValue()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same with the keys it does not read kept.
    struct ChatWithUnknown: JSONSerializing {
        var chatRoom = 0
        var unknown = JSONUnknownKeys()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["chatRoom": "chatRoom"] }
    }

    /// An API's conversation, as `Codable`.
    struct Conversation: Codable, Equatable {
        var chatRoom: String
        var lastMessage: String
        var unreadCount: Int
    }

    /// A model holding one.
    struct ConversationHolder: JSONSerializing {
        var conversation = Conversation(chatRoom: "", lastMessage: "", unreadCount: 0)
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same conversation as a model.
    struct ConversationModel: JSONSerializing {
        var chatRoom = ""
        var lastMessage = ""
        var unreadCount = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Keys inside a nested path.
    struct Nested: JSONSerializing {
        var avatarURL = ""
        var siteAdmin = false
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["avatarURL": "owner.avatarURL", "siteAdmin": "owner.siteAdmin"]
        }
    }

    /// Alternatives, each with its spellings.
    struct Alternatives: JSONSerializing {
        var chatRoom = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["chatRoom": .firstOf("chatRoom", "room")] }
    }

    /// The names of the keys `allKeys` lists.
    struct KeyLister: Codable {
        var names: [String] = []

        init() {}

        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }

        func encode(to encoder: any Encoder) throws {}
    }

    /// A model holding one.
    struct KeyListerHolder: JSONSerializing {
        var keys = KeyLister()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
