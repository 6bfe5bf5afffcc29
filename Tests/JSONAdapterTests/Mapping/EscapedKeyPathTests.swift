//  Keys with a literal dot: backslash escapes in key paths (`"captain\\.name"`),
//  `JSONKeyPath.key(_:)` and `escapedKey(_:)`, on both decoding paths, both
//  encoding paths, key conversion, unknown keys, sub-paths and validation.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Key paths: literal dots and backslashes")
struct EscapedKeyPathTests {
    /// A ship whose JSON has keys with dots and a backslash in them.
    struct Ship: JSONSerializing {
        var captain = ""
        var firstMate = ""
        var logPath = ""
        var nestedCaptain: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "captain": .key("captain.name"),                     // the one key "captain.name"
            "firstMate": "crew.first\\.mate",                    // "first.mate" inside "crew"
            "logPath": .path("logs." + JSONKeyPath.escapedKey(#"C:\log.txt"#)),
            "nestedCaptain": "captain.name",                     // "name" inside "captain"
        ]
    }

    static let shipJSON = #"""
        {"captain.name": "Ahab", "crew": {"first.mate": "Starbuck"},
         "logs": {"C:\\log.txt": "calm"}, "captain": {"name": "Nested"}}
        """#

    @Test("escaped keys read one member each; unescaped dots still nest", arguments: DecodingPath.allCases)
    func decodes(path: DecodingPath) throws {
        let ship = try path.decode(Ship.self, Self.shipJSON)
        #expect(ship.captain == "Ahab")
        #expect(ship.firstMate == "Starbuck")
        #expect(ship.logPath == "calm")
        #expect(ship.nestedCaptain == "Nested")
    }

    @Test("encoding writes the keys unescaped, and the JSON decodes back", arguments: DecodingPath.allCases)
    func encodes(path: DecodingPath) throws {
        let ship = try path.decode(Ship.self, Self.shipJSON)
        let encoded = try path.encode(ship)
        #expect(FoundationJSON.canonical(encoded) == FoundationJSON.canonical(json: Self.shipJSON))
        #expect(try path.decode(Ship.self, object: encoded) == ship)
    }

    @Test("errors name the path as written, escapes included", arguments: DecodingPath.allCases)
    func errors(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Ship.self, #"{"crew": {"first.mate": 7}}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "firstMate")
        #expect(error.jsonKeyPath == #"crew.first\.mate"#)
        let blocked = try #require(adapterError { _ = try path.decode(Ship.self, #"{"crew": [1]}"#) })
        #expect(blocked.code == .invalidJSONDictionary)
        #expect(blocked.jsonKeyPath == #"crew.first\.mate"#)
    }

    @Test("escapedKey escapes dots and backslashes only", arguments: [
        ("captain.name", #"captain\.name"#), (#"a\b"#, #"a\\b"#), ("plain", "plain"), (".", #"\."#),
        (#"\."#, #"\\\."#), ("", ""), ("é.日本", #"é\.日本"#),
    ])
    func escapedKey(key: String, escaped: String) throws {
        #expect(JSONKeyPath.escapedKey(key) == escaped)
        #expect(JSONKeyPath.key(key) == .path(escaped))
        if !key.isEmpty {
            #expect(try #require(ParsedKeyPath(escaped)).components == [key])
        }
    }

    @Test("paths split at unescaped dots", arguments: [
        (#"a\.b.c"#, ["a.b", "c"]), (#"a\\.b"#, [#"a\"#, "b"]), (#"\\"#, [#"\"#]), (#"\.\."#, [".."]),
        ("a.b.c", ["a", "b", "c"]), (#"x.\\\.y"#, ["x", #"\.y"#]),
    ])
    func splits(text: String, components: [String]) throws {
        let parsed = try #require(ParsedKeyPath(text))
        #expect(parsed.components == components)
        #expect(parsed.text == text)
    }

    @Test("a backslash must escape a dot or a backslash", arguments: [
        #"a\b"#, #"a\"#, #"\"#, #"a.\"#, #"a.b\x"#, #"\n"#, "a..b", #"a.\.."#,
    ])
    func malformedEscapes(text: String) {
        #expect(ParsedKeyPath(text) == nil)
    }

    /// A model whose key has a backslash that escapes nothing.
    struct BadEscape: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": #"path\to"#]
    }

    @Test("a mapping with a bad escape is .invalidJSONMapping, saying how to write a backslash")
    func badEscapeMapping() throws {
        let error = try #require(adapterError { _ = try JSONAdapter(modelType: BadEscape.self) })
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == "name")
        #expect(error.detail?.contains("backslash") == true)
    }

    /// Mapped with camel case, converted by a configuration.
    struct Converted: JSONSerializing {
        var captainName = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["captainName": .key("shipCaptain.fullName")]
    }

    @Test("a key conversion converts the key as a whole and keeps it escaped", arguments: DecodingPath.allCases)
    func keyConversion(path: DecodingPath) throws {
        let snake = JSONAdapter.Configuration(keyConversion: .snakeCase)
        let json = #"{"ship_captain.full_name": "Ahab"}"#
        let model = try path.decode(Converted.self, json, configuration: snake)
        #expect(model.captainName == "Ahab")
        let texts = try DecodingPath.encodedTexts(model, options: .configuration(snake))
        #expect(texts.dictionary == FoundationJSON.canonical(json: json))
        #expect(texts.data == texts.dictionary)
    }

    /// Keeps what it does not map.
    struct Keeper: JSONSerializing {
        var captain = ""
        var unknownKeys = JSONUnknownKeys()
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["captain": .key("captain.name")]
    }

    @Test("a key with a dot is a whole top-level key for unknown keys", arguments: DecodingPath.allCases)
    func unknownKeys(path: DecodingPath) throws {
        let json = #"{"captain.name": "Ahab", "captain": {"age": 58}}"#
        let model = try path.decode(Keeper.self, json)
        #expect(model.captain == "Ahab")
        #expect(model.unknownKeys.keys == ["captain"])
        let texts = try DecodingPath.encodedTexts(model)
        #expect(texts.dictionary == FoundationJSON.canonical(json: json))
        #expect(texts.data == texts.dictionary)
    }

    /// What the sub-path reads.
    struct Entry: JSONSerializing {
        var text = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text"]
    }

    @Test("sub-paths take escapes too")
    func subPath() throws {
        let json = #"{"data": {"log.entry": {"text": "calm"}}}"#
        let fromData = try JSONAdapter.model(of: Entry.self, fromJSONData: Data(json.utf8), options: .keyPath(#"data.log\.entry"#))
        let fromDictionary = try JSONAdapter.model(of: Entry.self, from: FoundationJSON.object(json), options: .keyPath(#"data.log\.entry"#))
        #expect(fromData.text == "calm")
        #expect(fromDictionary == fromData)
    }
}
