//  Integer literals of up to 18 digits are read without overflow checks
//  (`JSONDocument.smallInteger`): every length from 1 to 20 digits, both signs, `-0`, and the
//  types' limits read as `Int64(_:)` reads the text, into `Int`, `Int8`, `UInt8` and `UInt64`.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: short integer literals")
struct JSONDocumentSmallIntegerTests {
    /// Literals of every length around 18 digits, with both signs and the limits.
    static let literals: [String] = (1...20).flatMap { length -> [String] in
        let nines = String(repeating: "9", count: length)
        let mixed = String((0..<length).map { Character(String(($0 * 7 + 1) % 10)) })
        let leading = length == 1 ? "7" : "1" + String(mixed.dropFirst())
        return [nines, "-" + nines, leading, "-" + leading]
    } + ["0", "-0", "127", "-128", "128", "255", "256", "9223372036854775807", "-9223372036854775808",
         "9223372036854775808", "18446744073709551615", "18446744073709551616"]

    @Test("an integer literal reads as its text does, in every type", arguments: literals)
    func readsAsText(literal: String) throws {
        let document = try JSONDocument(text: "[\(literal)]")
        let node = document.firstChild(of: document.rootIndex)
        #expect(document.integerValue(at: node, as: Int.self) == Int(literal))
        #expect(document.integerValue(at: node, as: Int64.self) == Int64(literal))
        #expect(document.integerValue(at: node, as: Int8.self) == Int8(literal))
        #expect(document.integerValue(at: node, as: UInt8.self) == (literal == "-0" ? 0 : UInt8(literal)))
        #expect(document.integerValue(at: node, as: UInt64.self) == (literal == "-0" ? 0 : UInt64(literal)))
    }
}
