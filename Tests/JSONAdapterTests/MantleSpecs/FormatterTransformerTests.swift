//
//  FormatterTransformerTests.swift
//  Port of MTLPredefinedTransformerAdditionsSpec.m, continued: the date and
//  number formatter transformers (the port's conventions and name mapping are
//  at the top of PredefinedTransformerTests.swift).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

// MARK: - Formatter transformers

// describe(@"date format transformer")
@Suite("date format transformer")
struct DateFormatTransformerTests {
    let transformer: JSONValueTransformer

    // beforeEach
    init() throws {
        transformer = JSONValueTransformer.date(
            format: "MMMM d, yyyy",
            locale: Locale(identifier: "en_US"),
            timeZone: try #require(TimeZone(identifier: "America/Los_Angeles")))
        #expect(transformer.allowsReverseTransformation)
        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // it(@"should transform strings into dates")
    @Test("should transform strings into dates")
    func forward() throws {
        #expect(try transformer.transformedValue("September 25, 2015") as? Date == Date(timeIntervalSince1970: 1443164400))
    }

    // it(@"should transform dates into strings")
    @Test("should transform dates into strings")
    func reverse() throws {
        #expect(try transformer.reverseTransformedValue(Date(timeIntervalSince1970: 1183135260)) as? String == "June 29, 2007")
    }

    // it(@"should surface date formatter error descriptions")
    @Test("should surface date formatter error descriptions")
    func formatterError() throws {
        let error = try #require(caught(TransformerError.self) {
            _ = try transformer.transformedValue("September 37, 2015")
        })
        #expect(error.code == .invalidInput)
        #expect(MantleSpec.jsonEqual(error.inputValue, "September 37, 2015"))
        #expect(!error.description.isEmpty)
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: NSNull(), invalidReverseInput: NSNull())
    }

    // The defaults (TransformingValues.md): locale en_US_POSIX, time zone UTC.
    @Test("defaults to en_US_POSIX and UTC")
    func defaults() throws {
        let utc = JSONValueTransformer.date(format: "yyyy-MM-dd'T'HH:mm:ss")
        #expect(try utc.transformedValue("1970-01-01T00:00:10") as? Date == Date(timeIntervalSince1970: 10))
        #expect(try utc.reverseTransformedValue(Date(timeIntervalSince1970: 86_400)) as? String == "1970-01-02T00:00:00")
    }
}

// describe(@"number format transformer")
@Suite("number format transformer")
struct NumberFormatTransformerTests {
    let transformer: JSONValueTransformer

    // beforeEach
    init() throws {
        transformer = JSONValueTransformer.number(style: .decimal, locale: Locale(identifier: "en_US"))
        #expect(transformer.allowsReverseTransformation)
        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // it(@"should transform strings into numbers")
    @Test("should transform strings into numbers")
    func forward() throws {
        let value = try #require(try transformer.transformedValue("0.12345"))
        let number = try #require(MantleSpec.numericValue(value))
        #expect(abs(number - 0.12345) < 1e-12)
    }

    // it(@"should transform numbers into strings")
    @Test("should transform numbers into strings")
    func reverse() throws {
        #expect(try transformer.reverseTransformedValue(12345.678) as? String == "12,345.678")
        #expect(try transformer.reverseTransformedValue(NSNumber(value: 12345.678)) as? String == "12,345.678")
    }

    // it(@"should surface number formatter error descriptions")
    @Test("should surface number formatter error descriptions")
    func formatterError() throws {
        let error = try #require(caught(TransformerError.self) {
            _ = try transformer.transformedValue("Apple")
        })
        #expect(error.code == .invalidInput)
        #expect(MantleSpec.jsonEqual(error.inputValue, "Apple"))
        #expect(!error.description.isEmpty)
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: NSNull(), invalidReverseInput: NSNull())
    }
}
