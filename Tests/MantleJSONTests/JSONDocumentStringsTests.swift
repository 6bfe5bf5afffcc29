//  Unescaped strings of a document are made from their bytes without a second UTF-8 check
//  (`uncheckedString(fromUTF8:isASCII:)`), trusting the scanner's validation and its
//  `stringHasNonASCII` flag: each is the string `String(decoding:as:)` makes from the same
//  bytes, character for character, scalar for scalar, equal and hashing alike; and bytes that
//  are not UTF-8 never reach it (the scanner's own tests cover every lead and second byte).

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: strings made without a second check")
struct JSONDocumentStringsTests {
    /// ASCII and not, around the small-string limit (15 bytes), composed and decomposed.
    static let texts = [
        "", "a", "fifteen bytes!!", "sixteen bytes!!!", String(repeating: "long ascii ", count: 9),
        "é", "cafe\u{301}", "日本語のテキスト", "emoji 👩‍👩‍👧 and \u{10FFFF}", String(repeating: "ü", count: 40),
        "ascii for fifteen bytes then é", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
    ]

    @Test("an unescaped string is the string String(decoding:) makes of its bytes", arguments: texts)
    func sameString(text: String) throws {
        let document = try JSONDocument(bytes: Array("[\"".utf8) + Array(text.utf8) + Array("\"]".utf8))
        let node = document.firstChild(of: document.rootIndex)
        #expect(document.nodes[node].flags & JSONNode.stringHasEscapes == 0)
        #expect((document.nodes[node].flags & JSONNode.stringHasNonASCII == 0) == text.utf8.allSatisfy { $0 < 0x80 })
        let made = document.string(at: node)
        let reference = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(made == reference)
        #expect(Array(made.utf8) == Array(text.utf8))
        #expect(made.count == reference.count)
        #expect(Array(made.unicodeScalars) == Array(reference.unicodeScalars))
        #expect(made.hashValue == reference.hashValue)
        #expect(made.lowercased() == reference.lowercased())
        #expect(!(made < reference) && !(reference < made))
    }

    /// Escaped texts: one-letter escapes, `\u` escapes below and above 0x80, surrogate pairs, raw
    /// non-ASCII bytes beside escapes, around eight-byte steps and the small-string limit.
    static let escaped = [
        #"a\nb"#, #"\u0041\u00e9"#, #"tab\there, quote \" and slash \/ end"#, #"\ud83d\ude00 smile"#,
        #"caf\u00e9 and café"#, #"\u0000\u001f\u007f\u0080\u07ff\u0800\uffff"#,
        String(repeating: #"\u00fc"#, count: 20), String(repeating: #"ascii\\"#, count: 9), #"seven!\u00e9"#,
        #"eight!!\u00e9"#, #"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\""#,
    ]

    @Test("an escaped string is the string JSONSerialization reads, ASCII or not", arguments: escaped)
    func escapedString(text: String) throws {
        let json = "[\"\(text)\"]"
        let document = try JSONDocument(text: json)
        let node = document.firstChild(of: document.rootIndex)
        #expect(document.nodes[node].flags & JSONNode.stringHasEscapes != 0)
        #expect(document.nodes[node].flags & JSONNode.stringHasNonASCII == 0)
        let made = document.string(at: node)
        let reference = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])?.first as? String)
        #expect(made == reference)
        #expect(Array(made.utf8) == Array(reference.utf8))
        #expect(made.count == reference.count)
        #expect(Array(made.unicodeScalars) == Array(reference.unicodeScalars))
        #expect(made.hashValue == reference.hashValue)
        #expect(made.lowercased() == reference.lowercased())
    }

    @Test("bytes that are not UTF-8 inside a string are refused before any string is made", arguments: [
        [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC3], [0x80],
    ] as [[UInt8]])
    func malformed(bytes: [UInt8]) {
        #expect(throws: JSONDataError.self) { try JSONDocument(bytes: Array("[\"a".utf8) + bytes + Array("\"]".utf8)) }
    }
}
