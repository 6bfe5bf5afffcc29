//  The scanner's duplicate-key check (JSONScanner+DuplicateKeys): a key that repeats flags its
//  object whatever its length, however it is spelled (escaped or not) and however close it is to
//  the end of the input (keys hash by words read past their end when the input allows), and an
//  object of distinct keys is not flagged; every byte value in every lane of a key's vectors
//  is part of the key, ends it or is refused at its offset.

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

    @Test("around the size where an object's keys are checked when it closes, a repeat is found wherever it is",
          arguments: [1, 2, 62, 63, 64, 65, 66, 100, 200])
    func objectSizes(count: Int) throws {
        let keys = (0..<count).map { "\"key\($0)\":\($0)" }
        #expect(try !Self.flagged("{" + keys.joined(separator: ",") + "}"))
        for repeated in Set([0, count / 2, count - 1]) {
            for place in Set([1, count / 2, count]) {
                var members = keys
                members.insert("\"key\(repeated)\":true", at: place)
                #expect(try Self.flagged("{" + members.joined(separator: ",") + "}"), "\(repeated) at \(place)")
            }
        }
    }

    @Test("a key hashes alike far from the input's end, near it (byte by byte) and escaped, at every length and distance from the end",
          arguments: Array(0...40))
    func plainKeyHash(length: Int) throws {
        let key = Self.key(length)
        let escaped = key.isEmpty ? "" : String(format: "\\u%04x", key.unicodeScalars.first?.value ?? 0) + key.dropFirst()
        for padding in 0...20 {
            let tail = String(repeating: " ", count: padding)
            // The first copy is hashed by words read past its end, the second, the input's
            // last key, by words or byte by byte; and the escaped spelling, unescaped.
            #expect(try Self.flagged(#"{"\#(key)":1,"\#(key)":2}"# + tail))
            #expect(try Self.flagged(#"{"\#(escaped)":1,"\#(key)":2}"# + tail))
            #expect(try Self.flagged(#"{"\#(key)":1,"\#(escaped)":2}"# + tail))
            if length > 0 {
                #expect(try !Self.flagged(#"{"\#(key)":1,"\#(Self.key(length, variant: 1))":2}"# + tail))
            }
        }
    }

    @Test("every byte value in every lane of a key's vectors: plain bytes are part of it, the rest end it or are refused where they are",
          arguments: Array(0..<34))
    func keyLanes(place: Int) throws {
        let key = Array(Self.key(34).utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            var changed = key
            changed[place] = byte
            // Forty bytes of padding: every vector of the key lies inside the input.
            let bytes = Array(#"{""#.utf8) + changed + Array(#"":1,""#.utf8) + changed + Array(#"":2}"#.utf8)
                + [UInt8](repeating: 0x20, count: 40)
            let offset = 2 + place
            if byte == UInt8(ascii: "\\") {
                // An escape with the next letter, valid or not (in the last place, of the
                // closing quote, so that the string goes on).
                do {
                    let document = try JSONDocument(bytes: bytes)
                    #expect(document.nodes[1].flags & JSONNode.stringHasEscapes != 0)
                } catch {
                    #expect(error.offset == offset || place == key.count - 1, "\(error)")
                }
            } else if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\"") {
                let document = try JSONDocument(bytes: bytes)
                #expect(document.nodes[0].flags == JSONNode.objectMayHaveDuplicateKeys, "byte \(value) at \(place)")
                #expect(document.nodes[1].textLength == 34 && document.nodes[1].flags == JSONNode.stringIsKey)
            } else {
                do {
                    _ = try JSONDocument(bytes: bytes)
                    Issue.record("byte \(value) at \(place) accepted")
                } catch {
                    // A quote ends the key: what follows it is not ':'.
                    #expect(error.offset == (byte == UInt8(ascii: "\"") ? offset + 1 : offset), "byte \(value) at \(place): \(error)")
                }
            }
        }
    }

    @Test("keys that differ are not taken for repeats, at any length", arguments: Array(1...40))
    func distinct(length: Int) throws {
        let keys = (0..<8).map { Self.key(length, variant: $0) } + [Self.key(length + 1), Self.key(max(0, length - 1))]
        let json = "{" + keys.enumerated().map { #""\#($0.element)":\#($0.offset)"# }.joined(separator: ",") + "}"
        #expect(try !Self.flagged(json))
    }
}
