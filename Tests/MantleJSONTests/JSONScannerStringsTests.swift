//  The scanner's string scan (JSONScanner+Strings): the sixteen-byte vector search finds
//  the first byte a string needs to look at, and strings whose closing quote or special
//  byte falls at every offset around the sixteen- and eight-byte steps scan as they did
//  byte by byte.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: string scan")
struct JSONScannerStringsTests {
    /// Whether the string scan stops at `byte`.
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80
    }

    @Test("the first special byte of sixteen is found, for every byte value at every position")
    func firstSpecialByte() {
        for position in 0..<16 {
            for value in 0...255 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
                bytes[position] = UInt8(value)
                let found = bytes.withUnsafeBufferPointer { buffer in
                    // SAFETY: the buffer holds exactly the sixteen bytes read.
                    buffer.baseAddress.map { JSONScanner.firstSpecialByte($0) } ?? -1
                }
                #expect(found == (Self.isSpecial(UInt8(value)) ? position : 16), "byte \(value) at \(position)")
            }
        }
        let plain = [UInt8](repeating: UInt8(ascii: "z"), count: 16)
        #expect(plain.withUnsafeBufferPointer { $0.baseAddress.map { JSONScanner.firstSpecialByte($0) } } == 16)
    }

    @Test("strings of every length up to 40 with an escape, a non-ASCII letter or a control byte at every place",
          arguments: Array(0...40))
    func everyOffset(length: Int) throws {
        let body = String(repeating: "x", count: length)
        let document = try JSONDocument(text: #"["\#(body)",1]"#)
        #expect(document.nodes[1].textLength == length)
        #expect(document.kind(at: 2) == .number)
        for place in 0...length {
            let prefix = String(body.prefix(place)), suffix = String(body.dropFirst(place))
            let escaped = try JSONDocument(text: #"["\#(prefix)\n\#(suffix)"]"#)
            #expect(escaped.nodes[1].flags & JSONNode.stringHasEscapes != 0)
            #expect(escaped.nodes[1].textLength == length + 2)
            let accented = try JSONDocument(text: #"{"\#(prefix)é\#(suffix)":0}"#)
            #expect(accented.nodes[1].flags & JSONNode.stringHasNonASCII != 0)
            let control = Array("[\"\(prefix)\t\(suffix)\"]".utf8)
            #expect(throws: JSONDataError.self) { try JSONDocument(bytes: control) }
            // Cut short just after the place: an unterminated string, whatever follows.
            #expect(throws: JSONDataError.self) { try JSONDocument(text: #"["\#(prefix)"#) }
        }
    }

    @Test("multi-byte UTF-8 is accepted exactly when Swift's decoder accepts it: every lead byte with every second byte, with four bytes left or fewer",
          arguments: Array(UInt8(0x80)...UInt8(0xFF)))
    func utf8(lead: UInt8) {
        for second in UInt8(0)...UInt8(255) {
            for third: UInt8 in [0x80, 0xBF, 0x41] {
                let sequence = [lead, second, third]
                // Many bytes after the sequence: the four-byte word check.
                let long = Array(#"[""#.utf8) + sequence + Array(#"a and more text","x"]"#.utf8)
                let valid = String(validating: sequence, as: UTF8.self) != nil
                #expect(((try? JSONDocument(bytes: long)) != nil) == valid, "\(sequence)")
            }
            // Fewer than four bytes from the lead to the end: byte by byte.
            let short = [UInt8(ascii: "\""), lead, second, UInt8(ascii: "\"")]
            let valid = String(validating: [lead, second], as: UTF8.self) != nil
            #expect(((try? JSONDocument(bytes: short)) != nil) == valid, "\([lead, second])")
        }
    }

    @Test("pairs of three-byte UTF-8 sequences (read two at a time) are accepted exactly when Swift's decoder accepts them",
          arguments: Array(UInt8(0xE0)...UInt8(0xEF)))
    func utf8Pairs(lead: UInt8) {
        let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE3]
        for second in seconds {
            for third in seconds {
                let sequence: [UInt8] = [lead, second, third]
                let valid = String(validating: sequence, as: UTF8.self) != nil
                // The sequence first in the pair, then second, each beside a valid one ("あ").
                for pair in [sequence + [0xE3, 0x81, 0x82], [0xE3, 0x81, 0x82] + sequence] {
                    let json = Array(#"[""#.utf8) + pair + Array(#"x and more text"]"#.utf8)
                    #expect(((try? JSONDocument(bytes: json)) != nil) == valid, "\(pair)")
                }
            }
        }
    }
}
