//
//  ValueTransformerSpecTests.swift
//  Port of Mantle's MantleTests/MTLValueTransformerSpec.m and
//  MantleTests/MTLValueTransformerInversionAdditionsSpec.m, plus tests of behaviour
//  that MTLValueTransformer.m / NSValueTransformer+MTLInversionAdditions.m implement
//  but the specs do not exercise (marked "Mantle source:"), and the Swift API's own
//  rules where it differs (marked "Swift:").
//
//  Mantle's `+[transformer.class allowsReverseTransformation]` is the instance
//  property `allowsReverseTransformation`.
//
//  Skipped, because they cannot apply to the Swift API:
//  - nothing from these two specs. (MTLValueTransformerInversionAdditionsSpec's
//    TestTransformer is an NSValueTransformer subclass; the port builds the same
//    constant-returning transformer with `JSONValueTransformer(forward:reverse:)`.)
//

import Foundation
import Testing
@testable import JSONAdapter
import MantleTestSupport

@Suite("MTLValueTransformerSpec")
struct ValueTransformerSpecTests {

    // it(@"should return a forward transformer with a block")
    @Test("should return a forward transformer with a block")
    func forwardTransformer() throws {
        let transformer = JSONValueTransformer(forward: { value in
            (value as? String).map { $0 + "bar" }
        })

        #expect(!transformer.allowsReverseTransformation)

        #expect(try transformer.transformedValue("foo") as? String == "foobar")
        #expect(try transformer.transformedValue("bar") as? String == "barbar")
    }

    // Swift: reverseTransformedValue throws if the transformer is not reversible (Mantle: a plain
    // MTLValueTransformer does not implement -reverseTransformedValue:).
    @Test("a forward transformer throws notReversible when reverse transforming")
    func forwardTransformerIsNotReversible() throws {
        let transformer = JSONValueTransformer(forward: { value in
            (value as? String).map { $0 + "bar" }
        })

        let error = try #require(caught(TransformerError.self) {
            _ = try transformer.reverseTransformedValue("foobar")
        })
        #expect(error.code == .notReversible)
    }

    // it(@"should return a reversible transformer with a block")
    @Test("should return a reversible transformer with a block")
    func reversibleTransformer() throws {
        let transformer = JSONValueTransformer(reversible: { value in
            (value as? String).map { $0 + "bar" }
        })

        #expect(transformer.allowsReverseTransformation)

        #expect(try transformer.transformedValue("foo") as? String == "foobar")
        #expect(try transformer.reverseTransformedValue("foo") as? String == "foobar")
    }

    // it(@"should return a reversible transformer with forward and reverse blocks")
    @Test("should return a reversible transformer with forward and reverse blocks")
    func forwardAndReverseTransformer() throws {
        let transformer = JSONValueTransformer(
            forward: { value in
                (value as? String).map { $0 + "bar" }
            },
            reverse: { value in
                (value as? String).map { String($0.dropLast(3)) }
            })

        #expect(transformer.allowsReverseTransformation)

        #expect(try transformer.transformedValue("foo") as? String == "foobar")
        #expect(try transformer.reverseTransformedValue("foobar") as? String == "foo")
    }

    // Mantle source: the blocks' `BOOL *success, NSError **error` become `throws`; an
    // error thrown by a block reaches the caller unchanged.
    @Test("errors thrown by the blocks propagate from both directions")
    func blockErrorsPropagate() throws {
        struct BlockError: Error, Equatable {}
        let transformer = JSONValueTransformer(
            forward: { _ in throw BlockError() },
            reverse: { _ in throw BlockError() })

        #expect(throws: BlockError()) { _ = try transformer.transformedValue("x") }
        #expect(throws: BlockError()) { _ = try transformer.reverseTransformedValue("x") }
    }
}

@Suite("MTLValueTransformerInversionAdditions")
struct ValueTransformerInversionSpecTests {

    /// `TestTransformer`: reversible, always returns @"forward" / @"reverse".
    let transformer = JSONValueTransformer(
        forward: { _ in "forward" },
        reverse: { _ in "reverse" })

    // beforeEach: expect(transformer).notTo(beNil());
    // it(@"should invert a transformer")
    @Test("should invert a transformer")
    func invert() throws {
        let inverted = transformer.inverted

        #expect(try inverted.transformedValue(nil) as? String == "reverse")
        #expect(try inverted.reverseTransformedValue(nil) as? String == "forward")
    }

    // it(@"should invert an inverted transformer")
    @Test("should invert an inverted transformer")
    func invertTwice() throws {
        let inverted = transformer.inverted.inverted

        #expect(try inverted.transformedValue(nil) as? String == "forward")
        #expect(try inverted.reverseTransformedValue(nil) as? String == "reverse")
    }

    // Mantle source: mtl_invertedTransformer returns a transformer built with
    // transformerUsingForwardBlock:reverseBlock:, i.e. always reversible.
    @Test("the inverted transformer allows reverse transformation")
    func invertedIsReversible() {
        #expect(transformer.inverted.allowsReverseTransformation)
    }

    // Mantle source: for an MTLTransformerErrorHandling transformer the inverted
    // transformer calls -reverseTransformedValue:success:error: / -transformedValue:success:error:,
    // so errors surface through it.
    @Test("an inverted error-handling transformer surfaces errors in both directions")
    func invertedSurfacesErrors() throws {
        let url = try #require(JSONValueTransformer.named(.url))
        let inverted = url.inverted

        // forward of the inverted transformer is the URL -> String direction
        #expect(try inverted.transformedValue(URL(string: "http://github.com/")) as? String == "http://github.com/")
        #expect(try inverted.reverseTransformedValue("http://github.com/") as? URL == URL(string: "http://github.com/"))

        MantleSpec.expectTransformerErrors(inverted, invalidInput: "not a URL object", invalidReverseInput: NSNull())
    }

    // Mantle asserts (NSParameterAssert(self.class.allowsReverseTransformation));
    // Swift: where Mantle asserts or crashes, the Swift API throws. `inverted` cannot throw, so
    // the inverted transformer's forward direction (the original's reverse) throws.
    @Test("inverting a one-way transformer throws notReversible when used forward")
    func invertOneWay() throws {
        let oneWay = JSONValueTransformer(forward: { _ in "forward" })
        let inverted = oneWay.inverted

        let error = try #require(caught(TransformerError.self) {
            _ = try inverted.transformedValue("x")
        })
        #expect(error.code == .notReversible)
    }
}
