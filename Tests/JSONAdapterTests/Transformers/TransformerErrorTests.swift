import Foundation
import Testing
import JSONAdapter

/// `JSONValueTransformer`'s own rules: its errors read as every package error
/// does, and typed closures get numbers converted exactly to their parameter type.
@Suite("JSONValueTransformer: errors and typed closures")
struct TransformerErrorTests {
    @Test("a TransformerError fills expected and found from its input")
    func transformerError() throws {
        let url = try #require(JSONValueTransformer.named(.url))
        let error = try #require(throws: TransformerError.self) { _ = try url.transformedValue(3) }
        #expect(error.code == .invalidInput && error.found == "number 3")
        #expect(error.description == "expected \(error.expected ?? "?"), found number 3")
        let oneWay = JSONValueTransformer(forward: { $0 })
        let reverse = try #require(throws: TransformerError.self) { _ = try oneWay.reverseTransformedValue("x") }
        #expect(reverse.found == nil)
        #expect(reverse.description == "the transformer does not allow reverse transformation")
    }

    @Test("an array transformer's error keeps the element's error as the underlying error")
    func arrayTransformerError() throws {
        let urls = JSONValueTransformer.arrayMapping(try #require(JSONValueTransformer.named(.url)))
        let error = try #require(throws: TransformerError.self) { _ = try urls.transformedValue(["https://a.b", 3]) }
        let element = try #require(error.underlyingError as? TransformerError)
        #expect(element.found == "number 3")
        #expect(error.expected == "an array of \(element.expected ?? "?")" && error.found == "array of 2")
    }

    @Test("typed closures get any number converted exactly to their parameter type", arguments: [
        1_372_701_600 as any Sendable, NSNumber(value: 1_372_701_600), Int64(1_372_701_600), 1_372_701_600.0,
        UInt32(1_372_701_600), Decimal(1_372_701_600),
    ])
    func typedClosureNumbers(input: any Sendable) throws {
        let toDouble = JSONValueTransformer(forward: { (seconds: Double) in Date(timeIntervalSince1970: seconds) })
        #expect(try toDouble.transformedValue(input) as? Date == Date(timeIntervalSince1970: 1_372_701_600))
        let toInt64 = JSONValueTransformer(forward: { (value: Int64) in value + 1 })
        #expect(try toInt64.transformedValue(input) as? Int64 == 1_372_701_601)
        let toInt8 = JSONValueTransformer(forward: { (value: Int8) in value })
        #expect(throws: TransformerError.self) { try toInt8.transformedValue(input) }
    }

    @Test("typed numeric closures refuse fractions, booleans and non-numbers", arguments: [
        1.5 as any Sendable, true, NSNumber(value: true), "1", NSNull(),
    ])
    func typedClosureRefusals(input: any Sendable) throws {
        let toInt = JSONValueTransformer(forward: { (value: Int) in value })
        let error = try #require(throws: TransformerError.self) { try toInt.transformedValue(input) }
        #expect(error.code == .invalidInput)
    }
}
