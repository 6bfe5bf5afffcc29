//
//  JSONShapedValueTests.swift
//  One rule for `==` and `hash(into:)` of `Any` values —
//  numbers by value, arrays and dictionaries element-wise whatever their
//  static element type — so that two models that are `==` hash alike.
//

import Foundation
import Testing
@testable import MantleCore

@Suite("Any values compare and hash as the JSON they stand for")
struct JSONShapedValueTests {
    struct Holder: Model {
        var value: Any = NSNull()
    }

    /// A pair of values and whether the rule calls them equal.
    struct Pair: CustomTestStringConvertible, @unchecked Sendable {
        // @unchecked Sendable: test constants, never mutated.
        let name: String
        let left: Any
        let right: Any
        let equal: Bool
        var testDescription: String { name }
    }

    static let pairs: [Pair] = [
        Pair(name: "Int and integral Double", left: 1, right: 1.0, equal: true),
        Pair(name: "Int and NSNumber", left: 42, right: NSNumber(value: 42), equal: true),
        Pair(name: "Double and NSNumber(double)", left: 2.5, right: NSNumber(value: 2.5), equal: true),
        Pair(name: "Int8 and UInt64", left: Int8(7), right: UInt64(7), equal: true),
        Pair(name: "Decimal and Int", left: Decimal(12), right: 12, equal: true),
        Pair(name: "Decimal 8.88 and Double 8.88", left: Decimal(string: "8.88") ?? 0, right: 8.88, equal: true),
        Pair(name: "-0.0 and 0", left: -0.0, right: 0, equal: true),
        Pair(name: "2^53+1 and its nearest Double", left: 9_007_199_254_740_993, right: 9_007_199_254_740_992.0, equal: false),
        Pair(name: "UInt64.max and 2^64 as Double", left: UInt64.max, right: 18_446_744_073_709_551_616.0, equal: false),
        Pair(name: "2^64 as Double and as NSDecimalNumber", left: 18_446_744_073_709_551_616.0,
             right: NSDecimalNumber(string: "18446744073709551616"), equal: true),
        Pair(name: "Bool is not a number", left: true, right: 1, equal: false),
        Pair(name: "Bool and boolean NSNumber", left: true, right: NSNumber(value: true), equal: true),
        Pair(name: "String and NSString", left: "a", right: NSString(string: "a"), equal: true),
        Pair(name: "String is not a number", left: "1", right: 1, equal: false),
        Pair(name: "NSNull and nil", left: NSNull(), right: Optional<Int>.none as Any, equal: true),
        Pair(name: "[Int] and [Any]", left: [1, 2], right: [1, 2.0] as [Any], equal: true),
        Pair(name: "[Int] and NSArray", left: [1, 2], right: NSArray(array: [1, 2]), equal: true),
        Pair(name: "[Int] and [Any] in another order", left: [1, 2], right: [2, 1] as [Any], equal: false),
        Pair(name: "[String: Int] and [String: Any]", left: ["a": 1], right: ["a": 1.0] as [String: Any], equal: true),
        Pair(name: "[String: [Int]] and NSDictionary of NSArray", left: ["a": [1, 2]],
             right: NSDictionary(dictionary: ["a": NSArray(array: [1, 2])]), equal: true),
        Pair(name: "dictionaries with another key", left: ["a": 1], right: ["b": 1] as [String: Any], equal: false),
        Pair(name: "[[Int]] and [Any] of [Any]", left: [[1], [2, 3]], right: [[1] as [Any], [2, 3] as [Any]] as [Any], equal: true),
    ]

    @Test("the rule, with equal hashes wherever values are equal", arguments: pairs)
    func rule(pair: Pair) {
        var left = Holder(), right = Holder()
        left.value = pair.left
        right.value = pair.right
        #expect((left == right) == pair.equal)
        #expect((right == left) == pair.equal)
        if pair.equal {
            #expect(left.hashValue == right.hashValue)
        }
    }

    @Test("models and other non-JSON values keep their own equality inside arrays")
    func nonJSONElements() {
        struct Point: Hashable { var x = 0 }
        var left = Holder(), right = Holder()
        left.value = [Point(x: 1)]
        right.value = [Point(x: 1)] as [Any]
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        right.value = [Point(x: 2)] as [Any]
        #expect(left != right)
    }
}
