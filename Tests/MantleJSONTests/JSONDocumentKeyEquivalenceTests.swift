//  Member look-up compares keys as Swift strings do, by canonical equivalence, as the
//  `[String: Any]` of `JSONSerialization` (and `anyValue(at:)`) looks them up: NFC and NFD
//  spellings, raw or escaped, find each other; one key spelled twice keeps the last value;
//  all-ASCII objects keep the byte comparison (no flag); and a key asked for that stands for
//  an ASCII one (the Kelvin sign) finds it there in its ASCII form, as callers look it up.

import Foundation
import Testing
@testable import MantleJSON
import MantleTestSupport

@Suite("JSON engine: keys by canonical equivalence")
struct JSONDocumentKeyEquivalenceTests {
    /// Spellings of one key: precomposed and decomposed, raw and escaped, as JSON source text.
    static let spellings: [(json: String, swift: String)] = [
        ("caf\u{E9}", "caf\u{E9}"), ("cafe\u{301}", "cafe\u{301}"),
        (#"caf\u00e9"#, "caf\u{E9}"), (#"cafe\u0301"#, "cafe\u{301}"),
        ("\u{212B}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m"), ("K", "\u{212A}"), ("\u{212A}", "K"),
        ("\u{1E69}", "s\u{323}\u{307}"), ("s\u{307}\u{323}", "\u{1E69}"),
    ]

    /// The value nodes `key` finds in the root object of `document`, by each look-up, as
    /// callers look keys up: the key, else its ASCII form.
    static func lookups(_ key: String, in document: JSONDocument) -> [Int?] {
        var hint = 0
        var farHint = document.nodeCount - 2
        let asciiForm = JSONDocument.asciiForm(of: key)
        return [document.member(key, in: 0) ?? asciiForm.flatMap { document.member($0, in: 0) },
                document.member(key, in: 0, hint: &hint) ?? asciiForm.flatMap { document.member($0, in: 0, hint: &hint) },
                document.member(key, in: 0, hint: &farHint) ?? asciiForm.flatMap { document.member($0, in: 0) }]
    }

    @Test("the ASCII form of a key: only for keys that are not ASCII but stand for an ASCII one")
    func asciiForms() throws {
        #expect(JSONDocument.asciiForm(of: "\u{212A}elvin") == "Kelvin")
        #expect(JSONDocument.asciiForm(of: "a\u{37E}") == "a;")
        #expect(JSONDocument.asciiForm(of: "\u{1FEF}") == "`")
        #expect(JSONDocument.asciiForm(of: "Kelvin") == nil)
        #expect(JSONDocument.asciiForm(of: "caf\u{E9}") == nil)
        #expect(JSONDocument.asciiForm(of: "cafe\u{301}") == nil)
        // All-ASCII objects are searched by bytes: the Kelvin sign finds `K` only in its ASCII form.
        let document = try JSONDocument(text: #"{"K": 1}"#)
        #expect(document.member("\u{212A}", in: 0) == nil)
        #expect(document.member("K", in: 0) != nil)
    }

    @Test("a key spelled in another normalisation, raw or escaped, is found by every look-up",
          arguments: spellings)
    func found(spelling: (json: String, swift: String)) throws {
        let document = try JSONDocument(text: #"{"a": 0, "\#(spelling.json)": 1, "z": 2}"#)
        for node in Self.lookups(spelling.swift, in: document) {
            #expect(node.map(document.number(at:)) == .int(1))
        }
        let dictionary = try #require(document.anyValue(at: 0) as? [String: Any])
        #expect(dictionary[spelling.swift] as? Int == 1)
        #expect(document.member("a", in: 0).map(document.number(at:)) == .int(0))
        #expect(document.member("z", in: 0).map(document.number(at:)) == .int(2))
    }

    @Test("one key in two normalisations keeps the last value, as the dictionary does", arguments: [
        #"{"caf\u00e9": 1, "x": 0, "cafe\u0301": 2}"#, #"{"cafe\u0301": 1, "caf\u00e9": 2, "x": 0}"#,
        "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", "{\"K\": 1, \"\u{212A}\": 2}", "{\"\u{212A}\": 1, \"K\": 2}",
    ])
    func lastWins(json: String) throws {
        let document = try JSONDocument(text: json)
        let dictionary = try #require(document.anyValue(at: 0) as? [String: Any])
        for key in ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"] where dictionary[key] != nil {
            for node in Self.lookups(key, in: document) {
                #expect(node.map(document.number(at:)) == .int(2), "\(key) in \(json)")
            }
            #expect(dictionary[key] as? Int == 2)
        }
    }

    @Test("only objects with a key that is not all ASCII are flagged; keys that differ stay apart")
    func flags() throws {
        let ascii = try JSONDocument(text: #"{"cafe": 1, "caf\u0065": 2, "b": {"c": 3}}"#)
        #expect(ascii.nodes[0].flags & JSONNode.objectHasNonASCIIKeys == 0)
        let mixed = try JSONDocument(text: #"{"cafe": 1, "b": {"caf\u00e9": 2}, "d": 3}"#)
        #expect(mixed.nodes[0].flags & JSONNode.objectHasNonASCIIKeys == 0)
        let inner = try #require(mixed.member("b", in: 0))
        #expect(mixed.nodes[inner].flags & JSONNode.objectHasNonASCIIKeys != 0)
        #expect(mixed.member("cafe", in: inner) == nil)
        #expect(mixed.member("caf\u{E9}", in: 0) == nil)
        #expect(mixed.member("cafe\u{301}", in: inner).map(mixed.number(at:)) == .int(2))
        #expect(mixed.member("caf\u{E8}", in: inner) == nil)
        #expect(mixed.member("cafe", in: 0).map(mixed.number(at:)) == .int(1))
        // A value string that is not ASCII flags nothing.
        let values = try JSONDocument(text: #"{"name": "caf\u00e9", "city": "Zürich"}"#)
        #expect(values.nodes[0].flags == 0)
    }

    @Test("random keys in several normalisations find what the dictionary finds")
    func agreesWithDictionary() throws {
        let letters = ["a", "e", "\u{E9}", "e\u{301}", "\u{301}", "K", "\u{212A}", "\u{1E69}", "s\u{323}\u{307}", "_"]
        var generator = SplitMix64(seed: 8_0301)
        for _ in 0..<300 {
            let keys = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in letters.randomElement(using: &generator) ?? "" }
                    .joined()
            }
            let json = "{" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ", ") + "}"
            let document = try JSONDocument(text: json)
            let dictionary = try #require(document.anyValue(at: 0) as? [String: Any])
            for key in keys + letters {
                let expected = (dictionary[key] as? Int).map { JSONNumber.int(Int64($0)) }
                for node in Self.lookups(key, in: document) {
                    #expect(node.map(document.number(at:)) == expected, "\(key) in \(json)")
                }
            }
        }
    }
}
