//
//  MissingNullValidationTests.swift
//  A missing key (or missing intermediate of a dotted path) leaves the property
//  at its default; JSON null sets an optional property to nil and is
//  .invalidValue for a non-optional one; keys that are not mapped are ignored;
//  validate() errors propagate unchanged. Plus: a null intermediate gives nil,
//  a non-dictionary intermediate is .invalidJSONDictionary.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Missing keys, null and validation")
struct MissingNullValidationTests {

    static let cases: [DefaultsCase] = [
        DefaultsCase("{}") { _ in },
        DefaultsCase(#"{"address": {}}"#) { _ in },
        DefaultsCase(#"{"address": {"other": 1}, "postal": {}}"#) { _ in },
        DefaultsCase(#"{"name": "n", "count": 1}"#) { $0.name = "n"; $0.count = 1 },
        DefaultsCase(#"{"nickname": null}"#) { $0.nickname = nil },
        DefaultsCase(#"{"address": {"city": null}}"#) { $0.city = nil },
        DefaultsCase(#"{"address": {"city": "Oslo"}}"#) { $0.city = "Oslo" },
        // A null intermediate gives nil to every optional below it.
        DefaultsCase(#"{"address": null}"#) { $0.city = nil; $0.street = nil },
        DefaultsCase(#"{"postal": {"code": "0150"}}"#) { $0.zip = "0150" },
        // A literal key containing a dot is not a dotted path.
        DefaultsCase(#"{"address.city": "Oslo", "postal.code": "0150"}"#) { _ in },
        // Keys that are not mapped are ignored, including one named like an unmapped property.
        DefaultsCase(#"{"unmapped": "changed", "unknown": [1, 2], "city": "not here", "name": "n"}"#) { $0.name = "n" },
    ]

    @Test("missing keys keep defaults, null gives nil, unmapped keys are ignored",
          arguments: DecodingPath.allCases, cases)
    func decodes(path: DecodingPath, testCase: DefaultsCase) throws {
        let model = try path.decode(ValueModels.Defaults.self, testCase.json)
        let expected = testCase.expected()
        #expect(model == expected)
        // `==` covers every permanent property, but spell out the ones that matter.
        #expect(model.unmapped == "keep")
        #expect(model.city == expected.city)
        #expect(model.nickname == expected.nickname)
    }

    static let nullCases: [TypeDrivenDecodingTests.InvalidCase] = [
        TypeDrivenDecodingTests.InvalidCase(#"{"name": null}"#, "name", "name"),
        TypeDrivenDecodingTests.InvalidCase(#"{"count": null}"#, "count", "count"),
        TypeDrivenDecodingTests.InvalidCase(#"{"postal": {"code": null}}"#, "zip", "postal.code"),
    ]

    @Test("null for a non-optional property is .invalidValue", arguments: DecodingPath.allCases, nullCases)
    func nullForNonOptional(path: DecodingPath, testCase: TypeDrivenDecodingTests.InvalidCase) throws {
        let error = try #require(adapterError { _ = try path.decode(ValueModels.Defaults.self, testCase.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
    }

    static let intermediateCases: [TypeDrivenDecodingTests.InvalidCase] = [
        TypeDrivenDecodingTests.InvalidCase(#"{"address": "Paris"}"#, "city", "address.city"),
        TypeDrivenDecodingTests.InvalidCase(#"{"address": [{"city": "Paris"}]}"#, "city", "address.city"),
        TypeDrivenDecodingTests.InvalidCase(#"{"address": 12}"#, "city", "address.city"),
        TypeDrivenDecodingTests.InvalidCase(#"{"address": true}"#, "city", "address.city"),
        TypeDrivenDecodingTests.InvalidCase(#"{"postal": "75001"}"#, "zip", "postal.code"),
    ]

    @Test("a key path running through a non-object is .invalidJSONDictionary",
          arguments: DecodingPath.allCases, intermediateCases)
    func nonDictionaryIntermediate(path: DecodingPath, testCase: TypeDrivenDecodingTests.InvalidCase) throws {
        let error = try #require(adapterError { _ = try path.decode(ValueModels.Defaults.self, testCase.json) })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath?.hasPrefix("address") == true || error.jsonKeyPath?.hasPrefix("postal") == true)
        #expect((error as NSError).code == 3)
    }

    @Test("validate() may normalise the decoded values", arguments: DecodingPath.allCases)
    func validateNormalises(path: DecodingPath) throws {
        let model = try path.decode(ValidatedModels.Validated.self, #"{"name": "  Ann  ", "age": 30}"#)
        #expect(model.name == "Ann")
        #expect(model.age == 30)
    }

    static let validationFailures: [(json: String, error: ValidatedModels.ValidationError)] = [
        (#"{"name": "   "}"#, .emptyName),
        ("{}", .emptyName),
        (#"{"name": "abcdefghijkl"}"#, .tooLong(12)),
    ]

    @Test("validate() errors propagate unchanged (same type, same value)",
          arguments: DecodingPath.allCases, validationFailures.indices)
    func validateErrorsPropagate(path: DecodingPath, index: Int) throws {
        let (json, expected) = Self.validationFailures[index]
        let error = caught(ValidatedModels.ValidationError.self) { _ = try path.decode(ValidatedModels.Validated.self, json) }
        #expect(error == expected)
    }

    @Test("validate() errors of nested models and array elements propagate unchanged", arguments: DecodingPath.allCases)
    func nestedValidateErrorsPropagate(path: DecodingPath) throws {
        let owner = caught(ValidatedModels.ValidationError.self) {
            _ = try path.decode(ValidatedModels.ValidatedHolder.self, #"{"title": "t", "owner": {"name": " "}}"#)
        }
        #expect(owner == .emptyName)

        let member = caught(ValidatedModels.ValidationError.self) {
            _ = try path.decode(ValidatedModels.ValidatedHolder.self, #"{"members": [{"name": "a"}, {"name": "abcdefghijklmno"}]}"#)
        }
        #expect(member == .tooLong(15))

        let element = caught(ValidatedModels.ValidationError.self) {
            _ = try path.decodeArray(ValidatedModels.Validated.self, #"[{"name": "ok"}, {"name": ""}]"#)
        }
        #expect(element == .emptyName)

        let holder = try path.decode(ValidatedModels.ValidatedHolder.self, #"{"owner": {"name": " Bo "}, "members": [{"name": "x "}]}"#)
        #expect(holder.owner?.name == "Bo")
        #expect(holder.members.map(\.name) == ["x"])
    }

    @Test("a dictionary with NSNull built in code sets optionals to nil")
    func nsNullInNativeDictionary() throws {
        let model = try JSONAdapter.model(of: ValueModels.Defaults.self, from: ["nickname": NSNull(), "address": ["city": NSNull()]])
        #expect(model.nickname == nil)
        #expect(model.city == nil)
        #expect(model.street == "Main Street")
        let error = try #require(adapterError { _ = try JSONAdapter.model(of: ValueModels.Defaults.self, from: ["count": NSNull()]) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "count")
    }
}

// MARK: - Models

extension MissingNullValidationTests {
    /// JSON for `Defaults` and the model it must give.
    struct DefaultsCase: Sendable, CustomTestStringConvertible {
        let json: String
        let expected: @Sendable () -> ValueModels.Defaults

        init(_ json: String, _ expected: @escaping @Sendable (inout ValueModels.Defaults) -> Void) {
            self.json = json
            self.expected = {
                var model = ValueModels.Defaults()
                expected(&model)
                return model
            }
        }

        var testDescription: String { json }
    }
}
