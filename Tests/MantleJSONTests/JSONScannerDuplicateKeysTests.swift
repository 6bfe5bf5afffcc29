//  The scanner's duplicate-key check (JSONScanner+DuplicateKeys): a key that repeats flags its
//  object whatever its length, however it is spelled (escaped or not) and however close it is to
//  the end of the input (keys hash by words read past their end when the input allows), and an
//  object of distinct keys is not flagged.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: duplicate keys")
struct JSONScannerDuplicateKeysTests {
    /// Whether the object at the root of `json` is flagged as possibly holding a key twice.
    static func flagged(_ json: String) throws -> Bool {
        let document = try JSONDocument(text: json)
        return document.nodes[0].flags & JSONNode.objectMayHaveDuplicateKeys != 0
    }

    /// A key of `length` characters: letters that differ by position.
    static func key(_ length: Int, variant: Int = 0) -> String {
        String((0..<length).map { Character(UnicodeScalar(UInt8(97 + ($0 * 7 + variant) % 26))) })
    }

    @Test("a repeated key of any length is found, last in the input or not, escaped or not",
          arguments: Array(0...40))
    func repeated(length: Int) throws {
        let key = Self.key(length)
        #expect(try Self.flagged(#"{"\#(key)":1,"x":2,"\#(key)":3}"#))
        // The repeat is the input's last key: fewer than eight bytes follow its start.
        #expect(try Self.flagged(#"{"\#(key)":1,"\#(key)":2}"#))
        // The same key with its first letter escaped.
        if let first = key.unicodeScalars.first {
            let escaped = String(format: "\\u%04x", first.value) + key.dropFirst()
            #expect(try Self.flagged(#"{"\#(key)":1,"\#(escaped)":2}"#))
            #expect(try JSONDocument(text: #"{"\#(escaped)":1,"\#(key)":2}"#).member(key, in: 0).map { $0 } == 4)
        }
    }

    @Test("keys that differ are not taken for repeats, at any length", arguments: Array(1...40))
    func distinct(length: Int) throws {
        let keys = (0..<8).map { Self.key(length, variant: $0) } + [Self.key(length + 1), Self.key(max(0, length - 1))]
        let json = "{" + keys.enumerated().map { #""\#($0.element)":\#($0.offset)"# }.joined(separator: ",") + "}"
        #expect(try !Self.flagged(json))
    }
}
