import Foundation
import Testing
@testable import MantleCore

/// Reads a property of either scalar model variant.
private func property<T>(_ model: any Model, _ key: String, as: T.Type) -> T? {
    model.value(forKey: key) as? T
}

private let conversionCases: [ModelConversionTests.Case] = [
    .accepts("int", 3) { property($0, "int", as: Int.self) == 3 },
    .accepts("int", 3.0) { property($0, "int", as: Int.self) == 3 },
    .accepts("int", NSNumber(value: 42)) { property($0, "int", as: Int.self) == 42 },
    .accepts("int", UInt8(7)) { property($0, "int", as: Int.self) == 7 },
    .rejects("int", 3.5, .typeMismatch),
    .rejects("int", "3", .typeMismatch),
    .rejects("int", true, .typeMismatch),
    .rejects("int", NSNumber(value: true), .typeMismatch),
    .rejects("int", UInt64.max, .typeMismatch),
    .rejects("int", NSNull(), .nilForNonOptional),
    .rejects("int", nil, .nilForNonOptional),
    .accepts("int8", 127) { property($0, "int8", as: Int8.self) == 127 },
    .rejects("int8", 300, .typeMismatch),
    .rejects("int8", -129, .typeMismatch),
    .rejects("uint8", -1, .typeMismatch),
    .accepts("uint8", 255.0) { property($0, "uint8", as: UInt8.self) == 255 },
    .accepts("int64", Int64.min) { property($0, "int64", as: Int64.self) == .min },
    .accepts("uint64", UInt64.max) { property($0, "uint64", as: UInt64.self) == .max },
    .accepts("uint64", NSNumber(value: UInt64.max)) { property($0, "uint64", as: UInt64.self) == .max },
    .rejects("uint64", 1e20, .typeMismatch),
    .accepts("double", 2) { property($0, "double", as: Double.self) == 2.0 },
    .accepts("double", NSNumber(value: 2.5)) { property($0, "double", as: Double.self) == 2.5 },
    .accepts("double", Float(0.5)) { property($0, "double", as: Double.self) == 0.5 },
    .rejects("double", "2.5", .typeMismatch),
    .accepts("float", 0.1) { property($0, "float", as: Float.self) == Float(0.1) },
    .rejects("float", 1e300, .typeMismatch),
    .accepts("bool", true) { property($0, "bool", as: Bool.self) == true },
    .accepts("bool", NSNumber(value: true)) { property($0, "bool", as: Bool.self) == true },
    .rejects("bool", 1, .typeMismatch),
    .rejects("bool", NSNumber(value: 1), .typeMismatch),
    .accepts("string", "text") { property($0, "string", as: String.self) == "text" },
    .accepts("string", NSString(string: "bridged")) { property($0, "string", as: String.self) == "bridged" },
    .rejects("string", 1, .typeMismatch),
    .accepts("optionalInt", 5) { property($0, "optionalInt", as: Int.self) == 5 },
    .accepts("optionalInt", NSNull()) { $0.value(forKey: "optionalInt") == nil },
    .rejects("optionalInt", 5.5, .typeMismatch),
    .accepts("ints", [1, 2, 3]) { property($0, "ints", as: [Int].self) == [1, 2, 3] },
    .accepts("ints", [1, 2.0] as [Any]) { property($0, "ints", as: [Int].self) == [1, 2] },
    .accepts("ints", NSArray(array: [1, 2])) { property($0, "ints", as: [Int].self) == [1, 2] },
    .rejects("ints", [1, "2"] as [Any], .typeMismatch),
    .rejects("ints", 1, .typeMismatch),
    .accepts("tags", ["a", "b", "a"]) { property($0, "tags", as: Set<String>.self) == ["a", "b"] },
    .accepts("counts", ["a": 1] as [String: Any]) { property($0, "counts", as: [String: Int].self) == ["a": 1] },
    .rejects("counts", ["a": "1"], .typeMismatch),
    .accepts("anything", "any value") { property($0, "anything", as: String.self) == "any value" },
    .accepts("anything", NSNull()) { $0.value(forKey: "anything") is NSNull },
    .accepts("url", URL(string: "https://github.com")) { property($0, "url", as: URL.self)?.host == "github.com" },
    .rejects("url", "https://github.com", .typeMismatch),
    .rejects("missing", 1, .unknownPropertyKey),
]

@Suite("Type checks of init(dictionary:)")
struct ModelConversionTests {
    @Test("struct conversions", arguments: conversionCases)
    func structConversion(_ example: Case) throws {
        try check(example, ScalarModel.self)
    }

    @Test("class conversions", arguments: conversionCases)
    func classConversion(_ example: Case) throws {
        try check(example, ScalarClassModel.self)
    }

    private func check(_ example: Case, _ type: any Model.Type) throws {
        var dictionary: [String: Any] = [:]
        dictionary[example.key] = example.value ?? Optional<Any>.none as Any
        if let code = example.error {
            let error = try #require(throws: ModelError.self) { try type.init(dictionary: dictionary) }
            #expect(error.code == code)
            #expect(error.propertyKey == example.key)
            #expect(error.description.contains(example.key))
        } else {
            let model = try type.init(dictionary: dictionary)
            #expect(example.check(model))
        }
    }

    @Test("a mismatch names the model, the property, the expected type and what was found")
    func errorDescription() {
        let error = #expect(throws: ModelError.self) { try ScalarModel(dictionary: ["int8": 300]) }
        #expect(error?.description == "ScalarModel.int8: expected Int8, found number 300")
        let nilError = #expect(throws: ModelError.self) { try ScalarModel(dictionary: ["ints": NSNull()]) }
        #expect(nilError?.code == .nilForNonOptional)
        #expect(nilError?.description.contains("[Int]") == true)
    }

    @Test("constants are never written")
    func constants() {
        let error = #expect(throws: ModelError.self) { try DynamicPropertyModel(dictionary: ["identifier": 9]) }
        #expect(error?.code == .unknownPropertyKey)
        #expect(DynamicPropertyModel().identifier == 7)
    }

    @Test("setValue leaves the model unchanged when it throws")
    func atomicSetValue() {
        var model = ScalarModel()
        model.int = 4
        #expect(throws: ModelError.self) { try model.setValue(4.5, forKey: "int") }
        #expect(model.int == 4)
    }
}

// MARK: - Models

extension ModelConversionTests {
    /// One init(dictionary:) case: a key, a value, and what must come of it.
    struct Case: CustomTestStringConvertible, @unchecked Sendable {
        let key: String
        let value: Any?
        /// `nil` when the value must be accepted.
        let error: ModelError.Code?
        /// Checks the stored value when accepted.
        let check: @Sendable (any Model) -> Bool

        var testDescription: String { "\(key) = \(String(describing: value))" }

        static func accepts(_ key: String, _ value: Any?, _ check: @escaping @Sendable (any Model) -> Bool) -> Self {
            Case(key: key, value: value, error: nil, check: check)
        }

        static func rejects(_ key: String, _ value: Any?, _ code: ModelError.Code) -> Self {
            Case(key: key, value: value, error: code, check: { _ in true })
        }
    }
}
