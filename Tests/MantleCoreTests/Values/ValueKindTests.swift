//
//  ValueKindTests.swift
//  `ValueKind`: the sample table of the tests matches the enum, the exact
//  types (the `Codable` bridge's table) agree with the cached kinds, and
//  every consumer in the model layer has an answer for every kind.
//

import Foundation
import Testing
import MantleTestSupport
@testable import MantleCore
import MantleInternals

@Suite("ValueKind: one answer per kind in every consumer of the model layer")
struct ValueKindTests {
    /// Checks: each sample is of the kind it stands for, by type and by value.
    @Test("the sample table matches the enum", arguments: ValueKindSample.allCases)
    func sampleTable(kind: ValueKindSample) {
        let (type, value) = kind.sample
        #expect(ValueKindSample(ValueKind.of(type)) == kind)
        // No value's own type is `Any`; the others' values are of their kind.
        if kind != .any { #expect(ValueKindSample(ValueKind.of(value: value)) == kind) }
    }

    /// Checks: `exactKind(of:)` answers as `of(_:)` where it answers, and of
    /// the numbers names only `Int`, `Double` and `Float16` (what the
    /// `Codable` bridge relies on).
    @Test("exact kinds agree with the cached kinds")
    func exactKinds() {
        var exact: [Any.Type] = [String.self, Int.self, Double.self, Bool.self, Date.self, Data.self, Decimal.self,
                                 URL.self, UUID.self, Substring.self, Character.self, Any.self]
        #if !(os(macOS) && arch(x86_64))
        exact.append(Float16.self)
        #endif
        for type in exact {
            guard let kind = ValueKind.exactKind(of: type) else {
                Issue.record("\(type) has no exact kind")
                continue
            }
            #expect(ValueKindSample(kind) == ValueKindSample(ValueKind.of(type)), "\(type)")
        }
        let others: [Any.Type] = [Int64.self, UInt.self, Int32.self, Float.self, Int?.self, [Int].self, NSNumber.self,
                                  NSString.self, ValueKindSample.SamplePoint.self, ValueKindSample.SampleModel.self]
        for type in others { #expect(ValueKind.exactKind(of: type) == nil, "\(type)") }
        for kind in ValueKindSample.allCases {
            guard let exact = ValueKind.exactKind(of: kind.sample.type) else { continue }
            #expect(ValueKindSample(exact) == kind)
        }
        if case .integer(let integer) = ValueKind.exactKind(of: Int.self) {
            #expect(ObjectIdentifier(integer) == ObjectIdentifier(Int.self))
        }
        if case .floating(let floating) = ValueKind.exactKind(of: Double.self) {
            #expect(ObjectIdentifier(floating) == ObjectIdentifier(Double.self))
        }
    }

    /// Checks: error messages name every kind's type as Swift writes it.
    @Test("type names", arguments: ValueKindSample.allCases)
    func typeNames(kind: ValueKindSample) {
        let expected = switch kind {
        case .optional: "Int?"
        case .jsonOptional: "JSONOptional<Int>"
        case .array: "[Int]"
        case .set: "Set<String>"
        case .stringKeyedDictionary: "[String: Int]"
        case .keyedDictionary: "[Int: String]"
        case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .model, .rawRepresentable, .null, .foundationNumber, .foundationString, .foundationArray,
             .foundationDictionary, .codable, .other:
            String(describing: kind.sample.type)
        }
        #expect(ValueDescription.typeName(kind.sample.type) == expected)
    }

    /// Checks: a value of each kind converts to its own type unchanged
    /// (`init(dictionary:)`'s conversion; `NSNull` is a nil, refused), and the numeric conversion is
    /// there for the numbers alone.
    @Test("conversion", arguments: ValueKindSample.allCases)
    func conversion(kind: ValueKindSample) throws {
        let (type, value) = kind.sample
        func convert<T>(_: T.Type) throws -> Any { try ValueConversion.converter(to: T.self).convert(value) }
        func hasNumericConverter<T>(_: T.Type) -> Bool { ValueConversion.numericConverter(to: T.self) != nil }
        if kind == .null {
            // Null is a nil, which only an optional (or `Any`) takes.
            #expect(throws: ConversionFailure.self) { try convert(type) }
        } else {
            let converted = try convert(type)
            #expect(String(describing: ValueConversion.readableValue(converted) ?? converted)
                    == String(describing: ValueConversion.readableValue(value) ?? value))
        }
        let isNumber = switch kind {
        case .integer, .floating: true
        case .any, .string, .substring, .character, .bool, .decimal, .url, .uuid, .date, .data, .optional,
             .jsonOptional, .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .null,
             .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .codable, .other:
            false
        }
        #expect(hasNumericConverter(type) == isNumber)
    }

    /// Checks: which kinds of value are JSON-shaped (`Any` properties'
    /// equality and hashing go by it).
    @Test("JSON-shaped values", arguments: ValueKindSample.allCases)
    func jsonShaped(kind: ValueKindSample) {
        let isJSONShaped = switch kind {
        case .any, .string, .bool, .integer, .floating, .decimal, .optional, .array, .stringKeyedDictionary, .null,
             .foundationNumber, .foundationString, .foundationArray, .foundationDictionary:
            true
        case .substring, .character, .url, .uuid, .date, .data, .jsonOptional, .set, .keyedDictionary, .model,
             .rawRepresentable, .codable, .other:
            false
        }
        #expect((JSONShapedValue(kind.sample.value) != nil) == isJSONShaped)
    }
}
