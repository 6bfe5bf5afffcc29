//
//  NumericConversionTests.swift
//  Every numeric type (Int128, UInt128 and Float16 included) converts to and
//  from every other exactly; `Int??` holding `.some(nil)` survives
//  `init(dictionary: dictionaryValue)`. (Typed transformer closures:
//  JSONAdapterTests' TransformerErrorTests.)
//

import Foundation
import Testing
@testable import MantleCore
import MantleInternals

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private func wideCases() -> [NumericConversionTests.Case] {
    let twoTo100 = Int128(1) << 100
    return [
        // Int128 / UInt128 as sources.
        .convert(Int128(42), to: Int.self, 42),
        .convert(Int128(-1), to: UInt.self, nil),
        .convert(Int128(Int64.min), to: Int64.self, .min),
        .convert(Int128(Int64.min) - 1, to: Int64.self, nil),
        .convert(twoTo100, to: Double.self, 0x1p100),
        .convert(twoTo100, to: Float.self, 0x1p100),
        .convert(twoTo100, to: UInt128.self, UInt128(1) << 100),
        .convert(-twoTo100, to: UInt128.self, nil),
        .convert(Int128.min, to: Int128.self, .min),
        .convert(Int128.min, to: Double.self, -0x1p127),
        .convert(UInt128.max, to: Int128.self, nil),
        .convert(UInt128.max, to: Double.self, 0x1p128),
        .convert(UInt128.max, to: Float.self, nil),  // beyond Float's range
        .convert(UInt128(UInt64.max) + 1, to: Int128.self, Int128(UInt64.max) + 1),
        // Correct rounding: 2^64 + 1 and 2^100 + 2^47 (a tie, to even) into Double.
        .convert(UInt128(UInt64.max) + 2, to: Double.self, 0x1p64),
        .convert(twoTo100 + (1 << 47), to: Double.self, 0x1p100),
        .convert(twoTo100 + (1 << 47) + 1, to: Double.self, 0x1p100 + 0x1p48),
        // Int128 / UInt128 as targets.
        .convert(7, to: Int128.self, 7),
        .convert(UInt64.max, to: Int128.self, Int128(UInt64.max)),
        .convert(-1, to: UInt128.self, nil),
        .convert(0x1p100, to: Int128.self, twoTo100),
        .convert(1.5, to: Int128.self, nil),
        .convert(NSNumber(value: UInt64.max), to: UInt128.self, UInt128(UInt64.max)),
        .convert(Decimal(string: "1267650600228229401496703205376")!, to: Int128.self, twoTo100),
        .convert(NSDecimalNumber(string: "-1267650600228229401496703205376"), to: Int128.self, -twoTo100),
        .convert(true, to: Int128.self, nil),
    ]
}

#if !(os(macOS) && arch(x86_64))
private let float16Cases: [NumericConversionTests.Case] = [
    .convert(Float16(1.5), to: Double.self, 1.5),
    .convert(Float16(1.5), to: Int.self, nil),
    .convert(Float16(-2048), to: Int16.self, -2048),
    .convert(Float16(65504), to: UInt16.self, 65504),
    .convert(Float16.infinity, to: Double.self, nil),
    .convert(2048, to: Float16.self, 2048),
    .convert(0.1, to: Float16.self, Float16(0.1)),
    .convert(65520.0, to: Float16.self, nil),  // rounds beyond Float16's range
    .convert(NSNumber(value: 3), to: Float16.self, 3),
    .convert(Float(0.5), to: Float16.self, 0.5),
]
#else
private let float16Cases: [NumericConversionTests.Case] = []
#endif

#if (os(Linux) || os(macOS)) && arch(x86_64)
/// Float80 holds integers beyond `Double`'s precision: they convert exactly.
private let float80Cases: [NumericConversionTests.Case] = [
    .convert(Float80(9_007_199_254_740_993), to: Int.self, 9_007_199_254_740_993),
    .convert(Float80(UInt64.max), to: UInt64.self, .max),
    .convert(-Float80(UInt64.max) - 2, to: Double.self, -0x1p64),
    .convert(Float80(0.1), to: Int.self, nil),
    .convert(Float80(2.5), to: Double.self, 2.5),
]
#else
private let float80Cases: [NumericConversionTests.Case] = []
#endif

private func allNumericCases() -> [NumericConversionTests.Case] {
    var cases = float16Cases + float80Cases
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { cases += wideCases() }
    return cases
}

@Suite("Numeric conversions and nested optionals")
struct NumericConversionTests {

    @Test("128-bit integers and Float16 convert to and from other numeric types exactly", arguments: allNumericCases())
    func numericConversion(_ testCase: Case) {
        #expect(testCase.check(testCase.source) == true)
    }

    @Test("Int?? holding .some(nil) survives init(dictionary: dictionaryValue)", arguments: [
        (Int??.some(nil), Int???.some(.some(nil))),
        (Int??.none, Int???.some(nil)),
        (Int??.some(7), Int???.none),
        (Int??.some(.some(0)), Int???.some(.some(.some(3)))),
    ])
    func nestedOptionalRoundTrip(nested: Int??, triple: Int???) throws {
        var model = NestedOptionalModel()
        model.nested = nested
        model.triple = triple
        let restored = try NestedOptionalModel(dictionary: model.dictionaryValue)
        #expect(restored.nested == nested)
        #expect(restored.triple == triple)
        #expect(restored.plain == 1)
    }

    @Test("an outer nil is NSNull in dictionaryValue; an inner nil is the inner Optional.none")
    func nestedOptionalDictionaryValue() throws {
        var model = NestedOptionalModel()
        model.nested = .none
        #expect(model.dictionaryValue["nested"] is NSNull)
        model.nested = .some(nil)
        let inner = try #require(model.dictionaryValue["nested"])
        #expect(type(of: inner) == Optional<Int>.self)
        model.nested = 4
        #expect(model.dictionaryValue["nested"] as? Int == 4)
        model.plain = nil
        #expect(model.dictionaryValue["plain"] is NSNull)
    }

    @Test("init(dictionary:) puts NSNull in the outer level and an Optional.none in the inner one")
    func nestedOptionalFromDictionary() throws {
        #expect(try NestedOptionalModel(dictionary: ["nested": NSNull()]).nested == .none)
        #expect(try NestedOptionalModel(dictionary: ["nested": Optional<Int>.none as Any]).nested == .some(nil))
        #expect(try NestedOptionalModel(dictionary: ["nested": 3]).nested == .some(3))
        #expect(throws: ModelError.self) { try NestedOptionalModel(dictionary: ["nested": "3"]) }
    }
}

// MARK: - Models

extension NumericConversionTests {
    /// One conversion: a source value, the target type, and the expected result
    /// (`nil` when the conversion must fail).
    struct Case: CustomTestStringConvertible, @unchecked Sendable {
        let source: Any
        let check: @Sendable (Any) -> Bool?
        let label: String

        var testDescription: String { label }

        /// A case converting `source` to `T`, expecting `expected` (`nil`: must fail).
        static func convert<T: Equatable & Sendable>(_ source: Any, to: T.Type, _ expected: T?) -> Case {
            Case(source: source, check: { value in
                let result = try? ValueConversion.converter(to: T.self).convert(value)
                return result == expected
            }, label: "\(type(of: source)) \(source) → \(T.self): \(expected.map { "\($0)" } ?? "fails")")
        }
    }

    /// `Int??` and friends, for the nested-optional round trip.
    struct NestedOptionalModel: Model {
        var nested: Int?? = 5
        var triple: Int??? = nil
        var plain: Int? = 1
    }

    /// A model with one property of each typed-closure input.
    struct ClosureInputModel: Model {
        var date: Date?
        var count: Int64 = 0
    }
}
