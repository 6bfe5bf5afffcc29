//
//  PredefinedTransformerTests.swift
//  Port of Mantle's MantleTests/MTLPredefinedTransformerAdditionsSpec.m and of the
//  `describe(@"JSON transformers")` block of MTLJSONAdapterSpec.m (dictionary and
//  array transformers for models), plus tests of behaviour that
//  NSValueTransformer+MTLPredefinedTransformerAdditions.m and MTLJSONAdapter.m
//  implement but the specs do not exercise (marked "Mantle source:").
//
//  The shared example `itBehavesLike(MTLTransformerErrorExamples, ...)` is
//  `MantleSpec.expectTransformerErrors(_:invalidInput:invalidReverseInput:)`:
//  TransformerError with code `.invalidInput` and `inputValue` == the bad input.
//
//  Mapping of names:
//    MTLURLValueTransformerName / MTLUUIDValueTransformerName / MTLBooleanValueTransformerName
//      -> JSONValueTransformer.named(.url) / .named(.uuid) / .named(.bool)
//    mtl_arrayMappingTransformerWithTransformer:            -> .arrayMapping(_:)
//    mtl_valueMappingTransformerWithDictionary:defaultValue:reverseDefaultValue:
//                                                           -> .valueMapping(_:defaultValue:reverseDefaultValue:)
//    mtl_validatingTransformerForClass:                     -> .validating(_:)
//    mtl_dateTransformerWithDateFormat:calendar:locale:timeZone:defaultDate:
//                                                           -> .date(format:locale:timeZone:)
//    mtl_numberTransformerWithNumberStyle:locale:           -> .number(style:locale:)
//    +[MTLJSONAdapter dictionaryTransformerWithModelClass:] -> JSONAdapter.dictionaryTransformer(modelType:)
//    +[MTLJSONAdapter arrayTransformerWithModelClass:]      -> JSONAdapter.arrayTransformer(modelType:)
//
//  Adapted:
//  - The Boolean transformer spec checks `beIdenticalTo(kCFBooleanTrue)`; in Swift the
//    result must be a `Bool` (not the integer it was given).
//  - The date transformer spec passes an explicit Gregorian calendar and
//    `defaultDate:nil`; `.date(format:locale:timeZone:)` has neither parameter
//    (en_US uses the Gregorian calendar).
//  - "should surface date/number formatter error descriptions" checks
//    NSLocalizedFailureReasonErrorKey; TransformerError has no user info, so the port
//    checks the code, the input value and a non-empty description.
//  - In the spec the array-mapping `itBehavesLike` runs with whichever transformer the
//    last nested beforeEach left behind; the port runs it with the reversible URL one.
//
//  Skipped, because they cannot apply to the Swift API: none. (The spec's
//  `MTLPredefinedTransformerAdditionsSpecEnum` values are plain Ints here.)
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

// MARK: - Named transformers

// describe(@"The URL transformer")
@Suite("The URL transformer")
struct URLTransformerTests {
    let transformer: JSONValueTransformer

    // beforeEach: transformer is registered and allows reverse transformation
    init() throws {
        transformer = try #require(JSONValueTransformer.named(.url))
        #expect(transformer.allowsReverseTransformation)
    }

    // it(@"should convert NSStrings to NSURLs and back")
    @Test("should convert NSStrings to NSURLs and back")
    func convert() throws {
        let urlString = "http://www.github.com/"
        #expect(try transformer.transformedValue(urlString) as? URL == URL(string: urlString))
        #expect(try transformer.reverseTransformedValue(URL(string: urlString)) as? String == urlString)

        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        // Note: Mantle's spec used "not a valid URL", which +[NSURL URLWithString:]
        // and URL(string:) of current Foundation percent-encode into a
        // relative URL (as this transformer does); an unclosed IPv6 host is
        // refused by both.
        MantleSpec.expectTransformerErrors(transformer, invalidInput: "http://[::1", invalidReverseInput: NSNull())
    }

    // Mantle source: "if (![str isKindOfClass:NSString.class])" -> invalid input
    @Test("a non-string input is invalid")
    func nonString() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: 666, invalidReverseInput: "http://github.com")
    }
}

// describe(@"The UUID transformer")
@Suite("The UUID transformer")
struct UUIDTransformerTests {
    let transformer: JSONValueTransformer

    init() throws {
        transformer = try #require(JSONValueTransformer.named(.uuid))
        #expect(transformer.allowsReverseTransformation)
    }

    // it(@"should convert NSStrings to NSUUIDs and back")
    @Test("should convert NSStrings to NSUUIDs and back")
    func convert() throws {
        let uuidString = "4A275FBD-8217-4397-964B-403F4C2B8545"
        #expect(try transformer.transformedValue(uuidString) as? UUID == UUID(uuidString: uuidString))
        #expect(try transformer.reverseTransformedValue(UUID(uuidString: uuidString)) as? String == uuidString)

        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: "not a valid UUID", invalidReverseInput: NSNull())
    }
}

// describe(@"The number transformer") — MTLBooleanValueTransformerName
@Suite("The Boolean transformer")
struct BoolTransformerTests {
    let transformer: JSONValueTransformer

    init() throws {
        transformer = try #require(JSONValueTransformer.named(.bool))
        #expect(transformer.allowsReverseTransformation)
    }

    // it(@"it convert int- to boolean-backed NSNumbers and back")
    @Test("it convert int- to boolean-backed NSNumbers and back")
    func convert() throws {
        // Back these numbers with ints, rather than booleans,
        // to ensure that the value transformers are actually transforming.
        let booleanYES = 1
        let booleanNO = 0

        let forwardYES = try #require(try transformer.transformedValue(booleanYES))
        #expect(forwardYES is Bool)
        #expect(forwardYES as? Bool == true)

        let reverseYES = try #require(try transformer.reverseTransformedValue(booleanYES))
        #expect(reverseYES is Bool)
        #expect(reverseYES as? Bool == true)

        let forwardNO = try #require(try transformer.transformedValue(booleanNO))
        #expect(forwardNO is Bool)
        #expect(forwardNO as? Bool == false)

        let reverseNO = try #require(try transformer.reverseTransformedValue(booleanNO))
        #expect(reverseNO is Bool)
        #expect(reverseNO as? Bool == false)

        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // Same, with the NSNumbers that JSONSerialization produces.
    @Test("it converts NSNumbers to Bool")
    func convertNSNumber() throws {
        #expect(try transformer.transformedValue(NSNumber(value: 1)) as? Bool == true)
        #expect(try transformer.transformedValue(NSNumber(value: 0)) as? Bool == false)
        #expect(try transformer.transformedValue(true) as? Bool == true)
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: NSNull(), invalidReverseInput: NSNull())
    }
}

// NSValueTransformer +setValueTransformer:forName: / +valueTransformerForName:
@Suite("Named transformer registry")
struct TransformerRegistryTests {
    @Test("a registered transformer can be looked up by name; an unknown name gives nil")
    func registerAndLookUp() throws {
        let name: JSONValueTransformer.Name = "MantleSpec.PredefinedTransformerTests.uppercase"
        JSONValueTransformer.register(
            JSONValueTransformer(forward: { ($0 as? String)?.uppercased() }),
            forName: name)

        let found = try #require(JSONValueTransformer.named(name))
        #expect(try found.transformedValue("mantle") as? String == "MANTLE")
        #expect(!found.allowsReverseTransformation)

        #expect(JSONValueTransformer.named("MantleSpec.PredefinedTransformerTests.never-registered") == nil)
    }
}

// MARK: - +mtl_arrayMappingTransformerWithTransformer:

// describe(@"+mtl_arrayMappingTransformerWithTransformer:")
@Suite("+mtl_arrayMappingTransformerWithTransformer:")
struct ArrayMappingTransformerTests {

    // describe(@"when called with a reversible transformer")
    @Suite("when called with a reversible transformer")
    struct Reversible {
        let transformer: JSONValueTransformer

        init() throws {
            let appliedTransformer = try #require(JSONValueTransformer.named(.url))
            transformer = JSONValueTransformer.arrayMapping(appliedTransformer)
        }

        // it(@"should allow reverse transformation")
        @Test("should allow reverse transformation")
        func allowsReverse() {
            #expect(transformer.allowsReverseTransformation)
        }

        // it(@"should apply the transformer to each element")
        @Test("should apply the transformer to each element")
        func forward() throws {
            #expect(try transformer.transformedValue(Fixtures.urlStrings) as? [URL] == Fixtures.urls)
        }

        // it(@"should apply the transformer to each element in reverse")
        @Test("should apply the transformer to each element in reverse")
        func reverse() throws {
            #expect(try transformer.reverseTransformedValue(Fixtures.urls) as? [String] == Fixtures.urlStrings)
        }

        // itBehavesLike(MTLTransformerErrorExamples, ...)
        @Test("MTLTransformerErrorExamples")
        func errors() {
            MantleSpec.expectTransformerErrors(transformer, invalidInput: NSNull(), invalidReverseInput: NSNull())
        }

        // Mantle source: "if (values == nil) return nil;"
        @Test("nil maps to nil")
        func nilInput() throws {
            #expect(try transformer.transformedValue(nil) == nil)
            #expect(try transformer.reverseTransformedValue(nil) == nil)
        }

        // Mantle source: "if (value == NSNull.null) { [transformedValues addObject:NSNull.null]; continue; }"
        @Test("NSNull elements are kept as NSNull in both directions")
        func nullElements() throws {
            let forward = try #require(try transformer.transformedValue(["https://github.com/", NSNull()] as [Any]) as? [Any])
            #expect(forward.count == 2)
            #expect(forward.first as? URL == URL(string: "https://github.com/"))
            #expect(forward.last is NSNull)

            let reverse = try #require(try transformer.reverseTransformedValue([NSNull(), URL(string: "http://apple.com")!] as [Any]) as? [Any])
            #expect(reverse.count == 2)
            #expect(reverse.first is NSNull)
            #expect(reverse.last as? String == "http://apple.com")
        }

        // Mantle source: an element error fails the whole transformation with
        // MTLTransformerErrorHandlingErrorInvalidInput and the whole array as input value.
        @Test("an element that fails to transform fails the array with the array as input")
        func elementFailure() throws {
            let input: [Any] = ["https://github.com/", 5]
            let error = try #require(caught(TransformerError.self) {
                _ = try transformer.transformedValue(input)
            })
            #expect(error.code == .invalidInput)
            #expect(MantleSpec.jsonEqual(error.inputValue, input))

            let reverseInput: [Any] = [URL(string: "https://github.com/")!, "not a URL"]
            let reverseError = try #require(caught(TransformerError.self) {
                _ = try transformer.reverseTransformedValue(reverseInput)
            })
            #expect(reverseError.code == .invalidInput)
            #expect(MantleSpec.jsonEqual(reverseError.inputValue, reverseInput))
        }
    }

    // describe(@"when called with a non-reversible transformer")
    @Suite("when called with a non-reversible transformer")
    struct NonReversible {
        let transformer = JSONValueTransformer.arrayMapping(JSONValueTransformer(forward: { value in
            (value as? String).flatMap { URL(string: $0) }
        }))

        // it(@"should not allow reverse transformation")
        @Test("should not allow reverse transformation")
        func doesNotAllowReverse() {
            #expect(!transformer.allowsReverseTransformation)
        }

        // it(@"should apply the transformer to each element")
        @Test("should apply the transformer to each element")
        func forward() throws {
            #expect(try transformer.transformedValue(Fixtures.urlStrings) as? [URL] == Fixtures.urls)
        }

        // Mantle source: "if (transformedValue == nil) continue;"
        @Test("elements transformed to nil are left out")
        func nilElementsDropped() throws {
            let dropping = JSONValueTransformer.arrayMapping(JSONValueTransformer(forward: { value in
                (value as? String) == "drop" ? nil : value
            }))
            let result = try #require(try dropping.transformedValue(["a", "drop", "b"]) as? [String])
            #expect(result == ["a", "b"])
        }
    }
}

// MARK: - +mtl_valueMappingTransformerWithDictionary:

// enum MTLPredefinedTransformerAdditionsSpecEnum

// describe(@"value mapping transformer")
@Suite("value mapping transformer")
struct ValueMappingTransformerTests {
    static var dictionary: [AnyHashable: Any] {
        [
            "negative": MTLPredefinedTransformerAdditionsSpecEnum.negative,
            AnyHashable(["zero"]): MTLPredefinedTransformerAdditionsSpecEnum.zero,
            "positive": MTLPredefinedTransformerAdditionsSpecEnum.positive,
        ]
    }

    let transformer = JSONValueTransformer.valueMapping(Self.dictionary)

    // it(@"should transform enum values into strings")
    @Test("should transform enum values into strings")
    func forward() throws {
        #expect(try transformer.transformedValue("negative") as? Int == MTLPredefinedTransformerAdditionsSpecEnum.negative)
        #expect(try transformer.transformedValue(["zero"]) as? Int == MTLPredefinedTransformerAdditionsSpecEnum.zero)
        #expect(try transformer.transformedValue("positive") as? Int == MTLPredefinedTransformerAdditionsSpecEnum.positive)
    }

    // it(@"should transform strings into enum values")
    @Test("should transform strings into enum values")
    func reverse() throws {
        #expect(transformer.allowsReverseTransformation)

        #expect(try transformer.reverseTransformedValue(MTLPredefinedTransformerAdditionsSpecEnum.negative) as? String == "negative")
        #expect(try transformer.reverseTransformedValue(MTLPredefinedTransformerAdditionsSpecEnum.zero) as? [String] == ["zero"])
        #expect(try transformer.reverseTransformedValue(MTLPredefinedTransformerAdditionsSpecEnum.positive) as? String == "positive")
    }

    // describe(@"default values")
    @Suite("default values")
    struct DefaultValues {
        let transformer = JSONValueTransformer.valueMapping(
            ValueMappingTransformerTests.dictionary,
            defaultValue: MTLPredefinedTransformerAdditionsSpecEnum.default,
            reverseDefaultValue: "default")

        // it(@"should transform unknown strings into the default enum value")
        @Test("should transform unknown strings into the default enum value")
        func forwardDefault() throws {
            #expect(try transformer.transformedValue("unknown") as? Int == MTLPredefinedTransformerAdditionsSpecEnum.default)
        }

        // it(@"should transform the default enum value into the default string")
        @Test("should transform the default enum value into the default string")
        func reverseDefault() throws {
            #expect(try transformer.reverseTransformedValue(MTLPredefinedTransformerAdditionsSpecEnum.default) as? String == "default")
        }

        // Mantle source: "?: defaultValue" also covers nil input with no NSNull key.
        @Test("nil input without an NSNull key gives the default values")
        func nilGivesDefaults() throws {
            #expect(try transformer.transformedValue(nil) as? Int == MTLPredefinedTransformerAdditionsSpecEnum.default)
            #expect(try transformer.reverseTransformedValue(nil) as? String == "default")
        }
    }

    // Mantle source: without defaults an unknown value maps to nil, not to an error.
    @Test("unknown values map to nil without defaults")
    func unknownWithoutDefaults() throws {
        #expect(try transformer.transformedValue("unknown") == nil)
        #expect(try transformer.reverseTransformedValue(7) == nil)
    }

    // Mantle source: "return dictionary[key ?: NSNull.null] ?: defaultValue;" — nil is
    // looked up as NSNull, so a mapping can give JSON null a value; and the reverse
    // direction finds NSNull as a key like any other.
    @Test("nil input is looked up under the NSNull key")
    func nilLooksUpNSNull() throws {
        let transformer = JSONValueTransformer.valueMapping([
            NSNull(): "none",
            "a": "first",
        ])
        #expect(try transformer.transformedValue(nil) as? String == "none")
        #expect(try transformer.transformedValue(NSNull()) as? String == "none")
        #expect(try transformer.reverseTransformedValue("none") is NSNull)
        #expect(try transformer.reverseTransformedValue("first") as? String == "a")
    }
}

// MARK: - +mtl_validatingTransformerForClass: (no spec in Mantle; from the source)

@Suite("validating transformer")
struct ValidatingTransformerTests {
    let transformer = JSONValueTransformer.validating(String.self)

    // Mantle source: built with transformerUsingForwardBlock: only.
    @Test("is one-way")
    func oneWay() {
        #expect(!transformer.allowsReverseTransformation)
    }

    // Mantle source: "if (value != nil && ![value isKindOfClass:modelClass])" -> error, else value
    @Test("passes values of the type and nil through unchanged")
    func passThrough() throws {
        #expect(try transformer.transformedValue("foo") as? String == "foo")
        #expect(try transformer.transformedValue(nil) == nil)
    }

    @Test("rejects values of another type with invalidInput")
    func rejects() throws {
        let error = try #require(caught(TransformerError.self) {
            _ = try transformer.transformedValue(666)
        })
        #expect(error.code == .invalidInput)
        #expect(MantleSpec.jsonEqual(error.inputValue, 666))
    }

    @Test("works for other types")
    func otherTypes() throws {
        let urlValidator = JSONValueTransformer.validating(URL.self)
        #expect(try urlValidator.transformedValue(URL(string: "http://github.com")) as? URL == URL(string: "http://github.com"))
        #expect(throws: TransformerError.self) { _ = try urlValidator.transformedValue("http://github.com") }
    }
}

// MARK: - Fixtures

extension ArrayMappingTransformerTests {
    enum Fixtures {
        static let urlStrings = [
            "https://github.com/",
            "https://github.com/MantleFramework",
            "http://apple.com",
        ]
        static let urls = [
            URL(string: "https://github.com/")!,
            URL(string: "https://github.com/MantleFramework")!,
            URL(string: "http://apple.com")!,
        ]
    }
}

extension ValueMappingTransformerTests {
    enum MTLPredefinedTransformerAdditionsSpecEnum {
        static let negative = -1
        static let zero = 0
        static let positive = 1
        static let `default` = 42
    }
}
