//
//  DarwinShapedInputTests.swift
//  JSON as the Foundation objects Apple's `JSONSerialization` returns
//  (`DarwinShapedJSON`): the helper's shape, models from those objects equal
//  to and hashing like models from bytes and from this platform's dictionaries
//  (archived too), and Objective-C `BOOL`s made with `numberWithChar:`.
//

import Foundation
import Testing
import MantleArchiving
import MantleCore
import MantleTestSupport
@testable import JSONAdapter
import MantleInternals

@Suite("Darwin-shaped input: JSONSerialization's objects as Apple's platforms return them")
struct DarwinShapedInputTests {
    /// Every kind of JSON value, nested.
    static let everyKind = #"""
        {"s": "x", "t": true, "f": false, "i": 1234, "negative": -7, "big": 18446744073709551615,
         "d": 1.5, "n": null, "a": [1, "y", {"k": false}], "o": {"p": [true, 2.25]}}
        """#

    /// The class of the boolean objects (`__NSCFBoolean`).
    static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    // MARK: The helper

    @Test("the helper gives Foundation objects all the way down, with Apple's number types")
    func helperShape() throws {
        let value = try DarwinShapedJSON.value(Self.everyKind)
        #expect(DarwinShapedJSON.isFoundationShaped(value))
        let object = try #require(value as? NSDictionary)
        func member(_ key: String) -> Any? { object.object(forKey: NSString(string: key)) }
        #expect(member("s") is NSString)
        for key in ["t", "f"] {
            let boolean = try #require(member(key) as? NSNumber)
            #expect(ObjectIdentifier(type(of: boolean)) == Self.booleanClass, "\(key)")
        }
        let integer = try #require(member("i") as? NSNumber)
        #expect(String(cString: integer.objCType) == "q" && integer.int64Value == 1234)
        #expect(member("big") is NSDecimalNumber)
        #expect(String(cString: try #require(member("d") as? NSNumber).objCType) == "d")
        #expect(member("n") is NSNull)
        #expect(member("a") is NSArray && member("o") is NSDictionary)
        // The top-level dictionary of `object(_:)` holds the same objects.
        let top = try DarwinShapedJSON.object(Self.everyKind)
        #expect(top.values.allSatisfy(DarwinShapedJSON.isFoundationShaped))
        #if !canImport(Darwin)
        // What the helper stands in for: this platform's `JSONSerialization` gives Swift containers.
        #expect(!DarwinShapedJSON.isFoundationShaped(try FoundationJSON.value(Self.everyKind)))
        #endif
    }

    @Test("the helper keeps every value: its objects are the same JSON as JSONSerialization's")
    func helperKeepsValues() throws {
        let shaped = try DarwinShapedJSON.value(Self.everyKind)
        #expect(FoundationJSON.canonical(shaped) == FoundationJSON.canonical(try FoundationJSON.value(Self.everyKind)))
    }

    // MARK: Equal models, equal hashes

    /// Decodes `json` on every path and expects equal models with equal hashes.
    static func expectAgreement<M: JSONSerializing>(_ type: M.Type, _ json: String,
                                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let models = try DecodingPath.allCases.map { try $0.decode(type, json) }
        for (path, model) in zip(DecodingPath.allCases, models).dropFirst() {
            #expect(model == models[0], "\(path) differs from \(DecodingPath.allCases[0])", sourceLocation: sourceLocation)
            #expect(model.hashValue == models[0].hashValue, "\(path) hashes differently", sourceLocation: sourceLocation)
        }
    }

    @Test("a model of every property type decoded from Foundation objects is == and hashes alike")
    func everyTypeAgrees() throws {
        let json = String(decoding: try JSONAdapter.jsonData(from: EncodingTests.fullTypes), as: UTF8.self)
        try Self.expectAgreement(ValueModels.EveryType.self, json)
        #expect(try DecodingPath.foundationObjects.decode(ValueModels.EveryType.self, json) == EncodingTests.fullTypes)
    }

    @Test("Any properties get Swift values from Foundation objects, equal and hashing alike", arguments: [
        #""x""#, "true", "false", "0", "12", "-7", "1.5", "18446744073709551615", "null",
        #"[1, "y", true, null, 2.5]"#, #"{"k": [false, {"deep": "z"}]}"#, "[]", "{}",
    ])
    func anyValuesAgree(json: String) throws {
        let text = #"{"value": \#(json), "maybe": \#(json)}"#
        try Self.expectAgreement(ValueModels.AnyHolder.self, text)
        let model = try DecodingPath.foundationObjects.decode(ValueModels.AnyHolder.self, text)
        // Converted to Swift values, as on the other paths: no NSString, NSArray or NSDictionary kept.
        #expect(!(type(of: model.value) is AnyObject.Type) || model.value is NSNull || model.value is NSNumber)
        #expect(FoundationJSON.canonical(try JSONAdapter.jsonDictionary(from: model)["value"])
                == FoundationJSON.canonical(json: json))
    }

    @Test("Codable property values decoded from Foundation objects are == and hash alike")
    func codableValuesAgree() throws {
        try Self.expectAgreement(CodableDecodingTests.ScalarHolder.self, CodableDecodingTests.scalarsJSON("text", #""t""#))
        try Self.expectAgreement(CodableDecodingTests.ScalarHolder.self, CodableDecodingTests.scalarsJSON("flag", "false"))
    }

    // MARK: Archiving

    @Test("models decoded from Foundation objects archive and unarchive to equal models, as from bytes")
    func archiving() throws {
        let json = String(decoding: try JSONAdapter.jsonData(from: EncodingTests.fullTypes), as: UTF8.self)
        let fromObjects = try DecodingPath.foundationObjects.decode(ValueModels.EveryType.self, json)
        let restored = try ModelArchiver.unarchive(ValueModels.EveryType.self,
                                                   from: ModelArchiver.archivedData(with: fromObjects))
        #expect(restored == fromObjects)
        #expect(restored == (try DecodingPath.data.decode(ValueModels.EveryType.self, json)))

        let anyText = #"{"value": {"k": [1, "y", true, null]}, "maybe": 18446744073709551615}"#
        let anyModel = try DecodingPath.foundationObjects.decode(ValueModels.AnyHolder.self, anyText)
        let anyRestored = try ModelArchiver.unarchive(ValueModels.AnyHolder.self,
                                                      from: ModelArchiver.archivedData(with: anyModel))
        #expect(anyRestored == anyModel)
        #expect(anyRestored.hashValue == anyModel.hashValue)
        #expect(anyRestored == (try DecodingPath.data.decode(ValueModels.AnyHolder.self, anyText)))
    }

    @Test("an Any property set to Foundation objects in code encodes, archives and compares as the same JSON")
    func anySetToObjects() throws {
        var model = ValueModels.AnyHolder()
        model.value = try DarwinShapedJSON.value(Self.everyKind)
        model.maybe = try DarwinShapedJSON.array(#"[true, 1, "s", [null, 2.5]]"#)
        var swift = ValueModels.AnyHolder()
        swift.value = try FoundationJSON.value(Self.everyKind)
        swift.maybe = try FoundationJSON.array(#"[true, 1, "s", [null, 2.5]]"#)
        #expect(model == swift && model.hashValue == swift.hashValue)

        let encoded = try JSONAdapter.jsonData(from: model)
        #expect(FoundationJSON.canonical(try FoundationJSON.object(encoded))
                == FoundationJSON.canonical(try FoundationJSON.object(JSONAdapter.jsonData(from: swift))))
        #expect(FoundationJSON.canonical(try JSONAdapter.jsonDictionary(from: model)["value"])
                == FoundationJSON.canonical(json: Self.everyKind))

        let restored = try ModelArchiver.unarchive(ValueModels.AnyHolder.self, from: ModelArchiver.archivedData(with: model))
        #expect(restored == model && restored.hashValue == model.hashValue)
    }

    // MARK: Objective-C BOOLs made with numberWithChar:

    /// `numberWithChar:` numbers: what Key-Value Coding gives for a `BOOL` on Intel Macs.
    static func char(_ value: Int8) -> NSNumber { NSNumber(value: value) }

    @Test("numberWithChar: numbers are char numbers (objCType \"c\"), not the boolean objects; Linux shares -1...12")
    func charNumbersPremise() {
        for value: Int8 in [13, -2, .max, .min] {
            #expect(String(cString: Self.char(value).objCType) == "c", "\(value)")
            #expect(ObjectIdentifier(type(of: Self.char(value))) != Self.booleanClass)
        }
        #if canImport(Darwin)
        #expect(String(cString: Self.char(0).objCType) == "c" && String(cString: Self.char(1).objCType) == "c")
        #else
        // swift-corelibs-foundation hands out one shared "i" object for each of -1...12, whatever
        // the type asked for: a "c" 0 or 1 cannot be made here, so the rule below is tested on
        // its own and through the adapter only on Apple platforms.
        #expect(String(cString: Self.char(0).objCType) == "i" && String(cString: Self.char(1).objCType) == "i")
        #endif
    }

    @Test("the rule: a char number (\"c\") that is 0 or 1 is a boolean, every other number is not", arguments: [
        ("c", 0, false), ("c", 1, true), ("c", 2, nil), ("c", -1, nil), ("c", 127, nil), ("c", -128, nil),
        ("C", 1, nil), ("i", 1, nil), ("q", 0, nil), ("s", 1, nil), ("B", 1, nil), ("d", 1, nil),
    ] as [(String, Int64, Bool?)])
    func charBoolRule(objCType: String, value: Int64, expected: Bool?) {
        #expect(ValueConversion.charBool(objCType: objCType.utf8.first ?? 0, value: value) == expected)
    }

    #if canImport(Darwin)
    @Test("a Bool property takes a numberWithChar: 0 or 1, from the adapter, init(dictionary:) and Codable values",
          arguments: [(Int8(0), false), (Int8(1), true)])
    func boolTakesCharZeroOrOne(char: Int8, expected: Bool) throws {
        let number = Self.char(char)
        let strict = try JSONAdapter.model(of: ValueModels.Strict.self, from: ["flag": number])
        #expect(strict.flag == expected)
        #expect(try ValueModels.Strict(dictionary: ["flag": number]).flag == expected)
        let codable = try JSONAdapter.model(of: CodableDecodingTests.ScalarHolder.self, from: [
            "scalars": NSDictionary(dictionary: ["int": 1, "int8": 1, "uint64": 1, "double": 1, "float": 1,
                                                 "flag": number, "text": "t"]),
        ])
        #expect(codable.scalars.flag == expected)
        // The same model as from the JSON boolean.
        #expect(strict == (try JSONAdapter.model(of: ValueModels.Strict.self, from: ["flag": NSNumber(value: expected)])))
    }
    #endif

    @Test("a Bool property refuses every other number: a char that is not 0 or 1, other integer types, floating point",
          arguments: [Self.char(2), Self.char(-1), Self.char(13), Self.char(-2), Self.char(Int8.max), Self.char(Int8.min), NSNumber(value: Int64(1)), NSNumber(value: UInt8(1)),
                      NSNumber(value: Int32(0)), NSNumber(value: 1.0), NSDecimalNumber(string: "1")])
    func boolRefusesOtherNumbers(number: NSNumber) throws {
        let error = try #require(adapterError { _ = try JSONAdapter.model(of: ValueModels.Strict.self, from: ["flag": number]) })
        #expect(error.code == .invalidValue && error.propertyKey == "flag")
        #expect(throws: (any Error).self) { _ = try ValueModels.Strict(dictionary: ["flag": number]) }
    }

    @Test("an Int8 property still takes numberWithChar: numbers, and an Any property keeps them as numbers",
          arguments: [Int8(0), 1, -5, 13, .max, .min])
    func charStaysANumberElsewhere(char: Int8) throws {
        let number = Self.char(char)
        #expect(try JSONAdapter.model(of: ValueModels.EveryType.self, from: ["int8": number]).int8 == char)
        #expect(try JSONAdapter.model(of: ValueModels.EveryType.self, from: ["int": number]).int == Int(char))
        let any = try JSONAdapter.model(of: ValueModels.AnyHolder.self, from: ["value": number])
        #expect(!(any.value is Bool) && (any.value as? Int) == Int(char))
        #expect(FoundationJSON.canonical(try JSONAdapter.jsonDictionary(from: any)["value"]) == "\(char)")
        // The boolean objects are still no integers.
        #expect(adapterError { _ = try JSONAdapter.model(of: ValueModels.EveryType.self, from: ["int8": NSNumber(value: true)]) }?
            .code == .invalidValue)
    }
}
