//  JSONAdapter.EncodingOptions: the same options for every encode (one
//  model, arrays, JSON Lines, merge patches, an adapter's methods); output
//  formatting byte for byte as JSONEncoder's with the same outputFormatting,
//  the models being Codable; configurations for arrays, JSON Lines and
//  patches; nil handling.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Encoding options")
struct EncodingOptionsTests {
    struct Friend: JSONSerializing, Codable {
        var name = ""
        var links: [String] = []
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    /// A model whose JSON is what `JSONEncoder` writes for it (the mapping's keys are the
    /// property keys, and every value is one both write alike).
    struct Profile: JSONSerializing, Codable {
        var login = ""
        var homepage: URL?
        var café = 0
        var bio: String?
        var scores: [String: Int] = [:]
        var tags: [String] = []
        var friend: Friend?
        var friends: [Friend] = []
        var nothing: [String: Int] = [:]
        var isAdmin = false
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    static let profile = Profile(
        login: "kim/ann", homepage: URL(string: "https://example.com/~kim/a?b=c/d"), café: 3, bio: nil,
        scores: ["10": 1, "9": 2, "B": 3, "a": 4, "é": 5, "z": 6, "": 7, "a/b": 8, "日本": 9, "😀": 10, "01": 11],
        tags: ["x/y", "", "</tag>", "tab\there", "quote \"q\""],
        friend: Friend(name: "Lee", links: []), friends: [Friend(name: "A", links: ["https://a.example/"]), Friend()],
        nothing: [:], isAdmin: true)

    static let other = Profile(login: "z", homepage: nil, café: -1, bio: "b/c", friend: nil)

    /// Every `outputFormatting` with `.sortedKeys` (without it, `JSONEncoder`'s member order is its hash order).
    static let sortedFormattings: [JSONAdapter.OutputFormatting] = [
        [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]

    /// `JSONEncoder`'s options of the same name.
    static func foundation(_ formatting: JSONAdapter.OutputFormatting) -> JSONEncoder.OutputFormatting {
        var result: JSONEncoder.OutputFormatting = []
        if formatting.contains(.prettyPrinted) { result.insert(.prettyPrinted) }
        if formatting.contains(.sortedKeys) { result.insert(.sortedKeys) }
        if formatting.contains(.withoutEscapingSlashes) { result.insert(.withoutEscapingSlashes) }
        return result
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: Byte for byte as JSONEncoder

    @Test("one model: JSONEncoder's bytes for the same outputFormatting", arguments: sortedFormattings)
    func oneModel(_ formatting: JSONAdapter.OutputFormatting) throws {
        let expected = Self.text(try EncoderOracle.data(Self.profile, Self.foundation(formatting)))
        #expect(Self.text(try JSONAdapter.jsonData(from: Self.profile, options: .outputFormatting(formatting))) == expected)
        let adapter = try JSONAdapter(modelType: Profile.self)
        #expect(Self.text(try adapter.jsonData(from: Self.profile, options: .outputFormatting(formatting))) == expected)
        #expect(Self.text(try JSONAdapter.jsonData(from: Self.other, options: .outputFormatting(formatting)))
            == Self.text(try EncoderOracle.data(Self.other, Self.foundation(formatting))))
    }

    @Test("arrays of models, empty ones too: JSONEncoder's bytes", arguments: sortedFormattings)
    func arrays(_ formatting: JSONAdapter.OutputFormatting) throws {
        let models = [Self.profile, Self.other]
        #expect(Self.text(try JSONAdapter.jsonData(from: models, options: .outputFormatting(formatting)))
            == Self.text(try EncoderOracle.data(models, Self.foundation(formatting))))
        #expect(Self.text(try JSONAdapter.jsonData(from: [Profile](), options: .outputFormatting(formatting)))
            == Self.text(try EncoderOracle.data([Profile](), Self.foundation(formatting))))
    }

    @Test("JSON Lines: each line JSONEncoder's bytes, never pretty printed", arguments: sortedFormattings)
    func jsonLines(_ formatting: JSONAdapter.OutputFormatting) throws {
        let models = [Self.profile, Self.other]
        var compact = Self.foundation(formatting)
        compact.remove(.prettyPrinted)
        let expected = try models.map { Self.text(try EncoderOracle.data($0, compact)) + "\n" }.joined()
        #expect(Self.text(try JSONAdapter.jsonLinesData(from: models, options: .outputFormatting(formatting))) == expected)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-options-\(UUID().uuidString).jsonl")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try JSONAdapter.writeJSONLines(models, to: handle, options: .outputFormatting(formatting))
        try handle.close()
        #expect(Self.text(try Data(contentsOf: url)) == expected)
    }

    @Test("without sortedKeys: the mapping's order, laid out as JSONEncoder lays it out")
    func unsorted() throws {
        struct One: JSONSerializing, Codable {
            var link = URL(fileURLWithPath: "/a/b")
            static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
        }
        for formatting: JSONAdapter.OutputFormatting in [[], .prettyPrinted, .withoutEscapingSlashes,
                                                         [.prettyPrinted, .withoutEscapingSlashes]] {
            #expect(Self.text(try JSONAdapter.jsonData(from: One(), options: .outputFormatting(formatting)))
                == Self.text(try EncoderOracle.data(One(), Self.foundation(formatting))))
        }
        // Pretty printed without sorting: the same document as sorted, in the mapping's order.
        let pretty = try JSONAdapter.jsonData(from: Self.profile, options: .outputFormatting(.prettyPrinted))
        let sorted = try JSONAdapter.jsonData(from: Self.profile, options: .outputFormatting([.prettyPrinted, .sortedKeys]))
        #expect(FoundationJSON.canonical(try FoundationJSON.object(pretty)) == FoundationJSON.canonical(try FoundationJSON.object(sorted)))
        #expect(pretty.count == sorted.count)
    }

    @Test("the standard options: compact, slashes as they are, nil as null, the standard configuration")
    func standard() throws {
        let standard = JSONAdapter.EncodingOptions.standard
        #expect(standard.outputFormatting == .withoutEscapingSlashes)
        #expect(!standard.omitsNilValues)
        #expect(standard.usesStandardConfiguration)
        #expect(JSONAdapter.EncodingOptions.outputFormatting(.sortedKeys).outputFormatting == .sortedKeys)
        let text = Self.text(try JSONAdapter.jsonData(from: Self.profile))
        #expect(text.contains(#""homepage":"https://example.com/~kim/a?b=c/d""#))
        #expect(text.contains(#""bio":null"#))
        #expect(!text.contains("\n"))
        let escaped = Self.text(try JSONAdapter.jsonData(from: Self.profile, options: .outputFormatting([])))
        #expect(escaped.contains(#""homepage":"https:\/\/example.com\/~kim\/a?b=c\/d""#))
    }

    @Test("jsonDictionary and jsonArray: the formatting shapes text only")
    func dictionaries() throws {
        let plain = try JSONAdapter.jsonDictionary(from: Self.profile)
        let formatted = try JSONAdapter.jsonDictionary(from: Self.profile, options: .outputFormatting([.prettyPrinted, .sortedKeys]))
        #expect(FoundationJSON.canonical(plain) == FoundationJSON.canonical(formatted))
        #expect(plain["homepage"] as? String == "https://example.com/~kim/a?b=c/d")
        let array = try JSONAdapter.jsonArray(from: [Self.profile], options: .outputFormatting([]))
        #expect(FoundationJSON.canonical(array[0]) == FoundationJSON.canonical(plain))
    }

    @Test("nil handling with any layout; a JSONOptional's null stays")
    func omittingNils() throws {
        let options = JSONAdapter.EncodingOptions(outputFormatting: [.prettyPrinted, .sortedKeys], omitsNilValues: true)
        let text = Self.text(try JSONAdapter.jsonData(from: Self.other, options: options))
        #expect(!text.contains("bio") || text.contains(#""bio" : "b\/c""#))
        #expect(!text.contains("homepage") && !text.contains("\"friend\""))
        let dictionary = try JSONAdapter.jsonDictionary(from: Self.other, options: .omitsNilValues)
        #expect(dictionary["homepage"] == nil && dictionary["friend"] == nil)
        let adapter = try JSONAdapter(modelType: Profile.self)
        #expect(try adapter.jsonDictionary(from: Self.other, options: .omitsNilValues)["homepage"] == nil)
        #expect(try adapter.jsonDictionary(from: Self.other)["homepage"] is NSNull)
    }

    // MARK: Configurations everywhere

    struct Event: JSONSerializing {
        var id = 0
        var at = Date(timeIntervalSince1970: 0)
        var note: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    static let seconds = JSONAdapter.Configuration(dateFormat: .secondsSince1970, keyConversion: .snakeCase)

    @Test("arrays, JSON Lines and merge patches encode under a configuration and decode back", arguments: DecodingPath.allCases)
    func configurations(path: DecodingPath) throws {
        let events = [Event(id: 1, at: Date(timeIntervalSince1970: 1_372_701_600)), Event(id: 2, at: Date(timeIntervalSince1970: 86_400))]
        let decoding = JSONAdapter.DecodingOptions.configuration(Self.seconds)

        let array = try JSONAdapter.jsonData(from: events, options: .configuration(Self.seconds))
        let dictionaries = try JSONAdapter.jsonArray(from: events, options: .configuration(Self.seconds))
        #expect(dictionaries[0]["at"] is Double)
        switch path {
        case .data: #expect(try JSONAdapter.models(of: Event.self, fromJSONData: array, options: decoding) == events)
        case .dictionary: #expect(try JSONAdapter.models(of: Event.self, from: dictionaries, options: decoding) == events)
        case .foundationObjects:
            let objects = dictionaries.map { $0.mapValues(DarwinShapedJSON.objects(from:)) }
            #expect(try JSONAdapter.models(of: Event.self, from: objects, options: decoding) == events)
        }

        let lines = try JSONAdapter.jsonLinesData(from: events, options: .configuration(Self.seconds))
        #expect(try JSONAdapter.models(of: Event.self, fromJSONLines: lines, options: decoding) == events)

        var edited = events[0]
        edited.at = Date(timeIntervalSince1970: 10)
        let patch = try JSONAdapter.mergePatch(from: events[0], to: edited, options: .configuration(Self.seconds))
        #expect(Set(patch.keys) == ["at"] && patch["at"] as? Double == 10)
        let patchData = try JSONAdapter.mergePatchData(from: events[0], to: edited, options: .configuration(Self.seconds))
        var patched = events[0]
        try MergePatchTests.apply(patchData, to: &patched, path: path, options: decoding)
        #expect(patched == edited)

        // An adapter uses its configuration unless the call's options carry another.
        let adapter = try JSONAdapter(modelType: Event.self, configuration: Self.seconds)
        #expect(try adapter.jsonDictionary(from: events[0])["at"] is Double)
        #expect(try adapter.jsonDictionary(from: events[0], options: .configuration(.standard))["at"] is Double)
        let iso = JSONAdapter.Configuration(keyConversion: .kebabCase)
        let other = try adapter.jsonDictionary(from: events[0], options: .configuration(iso))
        #expect(other["at"] as? String == "2013-07-01T18:00:00Z", "\(other)")
    }

    @Test("merge patches: keys always sorted; pretty printing and slashes as the options say")
    func mergePatchText() throws {
        var edited = Self.profile
        edited.login = "a/b"
        edited.bio = "new"
        edited.homepage = nil
        let patch = try JSONAdapter.mergePatch(from: Self.profile, to: edited)
        let oracle = try EncoderOracle.Value(foundation: patch)
        #expect(Self.text(try JSONAdapter.mergePatchData(from: Self.profile, to: edited))
            == (try EncoderOracle.text(oracle, [.sortedKeys, .withoutEscapingSlashes])))
        #expect(Self.text(try JSONAdapter.mergePatchData(from: Self.profile, to: edited, options: .outputFormatting(.prettyPrinted)))
            == (try EncoderOracle.text(oracle, [.sortedKeys, .prettyPrinted])))
        let omitting = try JSONAdapter.mergePatch(from: Self.profile, to: edited, options: .omitsNilValues)
        #expect(omitting["homepage"] is NSNull || omitting["homepage"] == nil)
    }
}
