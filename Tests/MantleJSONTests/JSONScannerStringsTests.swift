//  The scanner's string scan (JSONScanner+Strings): the sixteen-byte vector search finds
//  the first byte a string needs to look at, and strings whose closing quote or special
//  byte falls at every offset around the sixteen- and eight-byte steps scan as they did
//  byte by byte; runs of three-byte UTF-8, checked fifteen bytes at a time, are accepted
//  and refused (at the bad sequence's first byte) wherever they start and end.

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

    /// Whether `bytes` (fifteen or more) start with five three-byte sequences whose lead is
    /// `E1`…`EC`, `EE` or `EF`: the vector check's rule, byte by byte.
    static func fivePlainThreeByteSequences(_ bytes: [UInt8]) -> Bool {
        (0..<5).allSatisfy { k in
            let lead = bytes[3 * k]
            return ((0xE1...0xEC).contains(lead) || lead == 0xEE || lead == 0xEF)
                && (0x80...0xBF).contains(bytes[3 * k + 1]) && (0x80...0xBF).contains(bytes[3 * k + 2])
        }
    }

    @Test("five three-byte sequences on one vector: every byte value in every lane of a valid run")
    func fiveThreeByteSequences() {
        let valid: [UInt8] = [0xE3, 0x81, 0x82, 0xE1, 0x80, 0xBF, 0xEC, 0xBF, 0x80, 0xEE, 0x80, 0x80,
                              0xEF, 0xBF, 0xBF, UInt8(ascii: "x")]
        for lane in 0..<16 {
            for value in 0...255 {
                var bytes = valid
                bytes[lane] = UInt8(value)
                let found = bytes.withUnsafeBufferPointer { buffer in
                    // SAFETY: the buffer holds exactly the sixteen bytes read.
                    buffer.baseAddress.map {
                        JSONScanner.startsWithFiveThreeByteSequences(
                            UnsafeRawPointer($0).loadUnaligned(as: SIMD16<UInt8>.self))
                    }
                }
                #expect(found == Self.fivePlainThreeByteSequences(bytes), "byte \(value) in lane \(lane)")
            }
        }
    }

    @Test("runs of three-byte UTF-8 at every offset from the string's start and the input's end, ending in every kind of byte",
          arguments: Array(0...17))
    func threeByteRuns(offset: Int) throws {
        let kana: [UInt8] = [0xE3, 0x81, 0x82]  // あ
        let tails: [[UInt8]] = [[], Array("é".utf8), Array("😀".utf8), Array("a".utf8), Array(#"\n"#.utf8),
                                [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], Array("漢".utf8)]
        let prefix = [UInt8](repeating: UInt8(ascii: "x"), count: offset)
        for count in 0...12 {
            let run = Array([[UInt8]](repeating: kana, count: count).joined())
            for tail in tails {
                for suffix in [Array(#""]"#.utf8), Array(#"","and more text after it"]"#.utf8)] {
                    let content = prefix + run + tail
                    let document = try JSONDocument(bytes: Array(#"[""#.utf8) + content + suffix)
                    #expect(document.nodes[1].textLength == content.count, "\(offset) \(count) \(tail)")
                }
                // Cut short: the string is unterminated, at its opening quote.
                let error = parseError(bytes: Array(#"[""#.utf8) + prefix + run + tail)
                #expect(error == JSONDataError("unterminated string", at: 1), "\(offset) \(count) \(tail)")
            }
            // A bad sequence in place of each character: refused at its first byte.
            let bad: [[UInt8]] = [[0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x41, 0x82], [0xE3, 0x81, 0xC0],
                                  [0xE3, 0x81], [0xC0, 0x80, 0x80], [0xF5, 0x80, 0x80]]
            for place in 0..<count {
                for sequence in bad {
                    var content = prefix + run
                    content.replaceSubrange((offset + 3 * place)..<(offset + 3 * place + 3), with: sequence)
                    for suffix in [Array(#""]"#.utf8), Array(#"","and more text after it"]"#.utf8)] {
                        let error = parseError(bytes: Array(#"[""#.utf8) + content + suffix)
                        #expect(error == JSONDataError("invalid UTF-8 in string", at: 2 + offset + 3 * place),
                                "\(offset) \(count) \(place) \(sequence)")
                    }
                }
            }
        }
    }

    /// The error `bytes` are refused with, or `nil` when they parse.
    func parseError(bytes: [UInt8]) -> JSONDataError? {
        do {
            _ = try JSONDocument(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }
}
