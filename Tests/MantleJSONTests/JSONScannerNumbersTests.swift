//  The scanner's eight-bytes-at-a-time digit helpers (JSONScanner+Numbers), which the number
//  grammar check and the number parser use: the first non-digit of a word is found exactly
//  whatever the bytes around it, and eight digits read as their value.

import Foundation
import Testing
@testable import MantleJSON
import MantleTestSupport

@Suite("JSON engine: digits eight at a time")
struct JSONScannerNumbersTests {
    /// Eight bytes as `JSONScanner.load` reads them (the first in the lowest bits).
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test("the lowest byte that is not a digit is the first one marked, for every byte value and position")
    func nonDigitMask() {
        var random = SplitMix64(seed: "nonDigitMask")
        for position in 0..<8 {
            for value in 0...255 {
                // Digits before `position`, the byte under test, then anything.
                var bytes = (0..<8).map { _ in UInt8(ascii: "0") + UInt8(random.below(10)) }
                bytes[position] = UInt8(value)
                for later in (position + 1)..<8 { bytes[later] = UInt8(random.below(256)) }
                let mask = JSONScanner.nonDigitMask(Self.word(bytes))
                let isDigit = (0x30...0x39).contains(value)
                if isDigit {
                    // Then the first marked byte (if any) is a later non-digit.
                    let first = bytes.firstIndex { !(0x30...0x39).contains($0) }
                    #expect(mask == 0 ? first == nil : mask.trailingZeroBitCount / 8 == first, "\(bytes)")
                } else {
                    #expect(mask.trailingZeroBitCount / 8 == position, "\(bytes)")
                }
            }
        }
    }

    @Test("eight digits read as their value")
    func eightDigits() {
        var random = SplitMix64(seed: "eightDigits")
        var cases = ["00000000", "99999999", "12345678", "00000001", "10000000"]
        for _ in 0..<1_000 { cases.append(String(String(random.next() % 100_000_000 + 100_000_000).dropFirst())) }
        for text in cases {
            #expect(JSONScanner.eightDigits(Self.word(Array(text.utf8))) == UInt64(text), "\(text)")
        }
    }
}
