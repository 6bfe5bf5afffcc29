//
//  BooleanValueTests.swift
//  What counts as a boolean among Foundation values (ValueConversion.exactBool and
//  boolPropertyValue): a Swift Bool, a boolean NSNumber, a Bool inside an optional or an
//  AnyHashable; never a number, a string or a number NSNumber, whatever the order the checks run.
//

import Foundation
import Testing
@testable import MantleInternals

@Suite("Booleans among Foundation values")
struct BooleanValueTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        nonisolated(unsafe) let value: Any
        let exact: Bool?
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Bool true", value: true, exact: true),
        Case(label: "Bool false", value: false, exact: false),
        Case(label: "NSNumber(value: true)", value: NSNumber(value: true), exact: true),
        Case(label: "NSNumber(value: false)", value: NSNumber(value: false), exact: false),
        Case(label: "JSONSerialization's true", value: jsonTrue(), exact: true),
        Case(label: "NSNumber(value: 1)", value: NSNumber(value: 1), exact: nil),
        Case(label: "NSNumber(value: 0.0)", value: NSNumber(value: 0.0), exact: nil),
        Case(label: "Int 1", value: 1, exact: nil),
        Case(label: "String \"true\"", value: "true", exact: nil),
        Case(label: "NSString \"true\"", value: NSString(string: "true"), exact: nil),
        Case(label: "Bool? .some(true)", value: Optional(true) as Any, exact: true),
        Case(label: "AnyHashable(false)", value: AnyHashable(false), exact: false),
        Case(label: "NSNull", value: NSNull(), exact: nil),
    ]

    /// The value `JSONSerialization` makes of `true`.
    static func jsonTrue() -> Any {
        (try? JSONSerialization.jsonObject(with: Data("[true]".utf8)) as? [Any])?.first ?? NSNull()
    }

    @Test("exactBool takes booleans only, and a Bool property takes the same", arguments: cases)
    func exactBool(_ testCase: Case) {
        #expect(ValueConversion.exactBool(from: testCase.value) == testCase.exact)
        // A Bool property also takes a "c" NSNumber of 0 or 1 (an Objective-C BOOL), which no
        // case here is: on Linux NSNumber(value: 1) is an "i" number.
        #expect(ValueConversion.boolPropertyValue(from: testCase.value) == testCase.exact)
    }
}
