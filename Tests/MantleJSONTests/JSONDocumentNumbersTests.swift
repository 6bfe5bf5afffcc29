//  The JSON number parser's conversion of literals to Double (JSONDocument+Numbers): the exact
//  fast path, DecimalToDouble (Eisel–Lemire) for up to 19 significant digits and strtod beyond
//  give the value the standard library's `Double(String)` gives, at the halfway, subnormal,
//  overflow and 20-digit edges and for literals as JSON writers print coordinates; a Float is
//  the literal's Double rounded to Float.

import Foundation
import MantleInternals
import Testing
@testable import MantleJSON
import MantleTestSupport

@Suite("JSON engine: number literals to Double")
struct JSONDocumentNumbersTests {
    /// Literals at the edges: halfway between two doubles (ties to even), the largest double
    /// and just beyond, the normal/subnormal boundary, the smallest subnormal and half of it.
    static let edges: [String] = [
        "9007199254740993e0", "9007199254740995e0", "9007199254740993.0", "90071992547409930e-1",
        "4503599627370496.5", "4503599627370497.5", "1.00000000000000011102230246251565404236316680908203125",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1.8e308",
        "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
        "4.9406564584124654e-324", "2.4703282292062328e-324", "2.4703282292062327e-324", "1e-324",
        "-65.613616999999977", "-0.000000000000000000000000000123456789012345678", "0.1", "0.3",
        "123456789012345678901234567890", "1e23", "8.98846567431158e307", "5e-324", "1e-400", "-1e400",
        "7.0064923216240854e-46", "3.4028235677973366e38", "0.000123456789012345678e10",
        // 20 digits whose significand wraps to 0 in 64 bits; zeros before the first digit that
        // do not count; a zero written with many digits.
        "18446744073709551616e0", "92233720368547758080e0", "-92233720368547758080.5",
        "0.0000000000000000000000000000001234", "-0.000000000000000000000e5", "0.00000000000000000000000",
    ]

    @Test("a zero with an exponent beyond 32 bits (or 64) is the integer zero, without spelling out its zeros",
          arguments: ["0e99999999999", "-0.0e99999999999", "0e-99999999999", "0.000e99999999999999999999999"])
    func zeroWithHugeExponent(literal: String) throws {
        let document = try JSONDocument(text: "[\(literal)]")
        #expect(document.integerDigits(at: 1) == (literal.hasPrefix("-") ? "-0" : "0"))
        let value = document.numberValue(at: 1)
        #expect(value == .floating(literal.hasPrefix("-") ? -0.0 : 0.0))
        #expect(value.exactly(Int.self) == 0)
    }

    @Test("JSON literals at the edges parse to Double(String)'s value", arguments: edges)
    func edge(literal: String) throws {
        let document = try JSONDocument(text: "[\(literal)]")
        guard case .double(let parsed) = document.number(at: 1) else {
            Issue.record("\(literal) is not a floating-point literal here")
            return
        }
        #expect(parsed.bitPattern == (Double(literal) ?? .nan).bitPattern, "\(literal)")
    }

    @Test("random 17-digit literals, as JSON writers print coordinates, parse to Double(String)'s value")
    func randomLiterals() throws {
        var random = SplitMix64(seed: "DecimalToDouble literals")
        var literals: [String] = []
        for _ in 0..<5_000 {
            let integer = random.below(1_000)
            let fraction = String(random.next() % 100_000_000_000_000).leftPadded(to: 14)
            let exponent = random.chance(30) ? "e\(random.below(80) - 40)" : ""
            literals.append("\(random.chance(50) ? "-" : "")\(integer).\(fraction)\(exponent)")
        }
        let document = try JSONDocument(text: "[" + literals.joined(separator: ",") + "]")
        for (index, node) in document.elements(of: 0).enumerated() {
            guard case .double(let parsed) = document.number(at: node) else {
                Issue.record("\(literals[index]) is not a floating-point literal here")
                continue
            }
            #expect(parsed.bitPattern == (Double(literals[index]) ?? .nan).bitPattern, "\(literals[index])")
            // A Float is the literal's Double rounded to Float, as before (nil beyond Float's range).
            let float = Float(Double(literals[index]) ?? .nan)
            #expect(document.floatingValue(at: node, as: Float.self) == (float.isFinite ? float : nil))
        }
    }

}

private extension String {
    /// The string with leading zeros up to `length` characters.
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
