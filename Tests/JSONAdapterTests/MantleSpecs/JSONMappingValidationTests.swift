//
//  JSONMappingValidationTests.swift
//  `JSONAdapter(modelType:)` validates `jsonKeyPathsByPropertyKey` up front.
//
//  Mantle (-[MTLJSONAdapter initWithModelClass:]) asserts instead:
//      if (![propertyKeys containsObject:mappedPropertyKey]) {
//          NSAssert(NO, @"%@ is not a property of %@.", mappedPropertyKey, modelClass);
//          return nil;
//      }
//  and asserts that every value is an NSString or an NSArray of NSStrings.
//  Where Mantle asserts or crashes, the Swift API throws: `.invalidJSONMapping`, from
//  `JSONAdapter(modelType:)` and from every call that builds an adapter, for:
//  a mapped key that is not in `propertyKeys` (computed properties included), and the
//  malformed paths `""`, `"a..b"`, `".a"`, `"a."`, `[]`, `["a", ""]`.
//
//  Each case uses its own tiny model type, so that one bad entry cannot hide another.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

// MARK: - One model per malformed mapping

// MARK: - Cases

@Suite("JSONAdapter mapping validation")
struct JSONMappingValidationTests {

    @Test("JSONAdapter(modelType:) throws invalidJSONMapping", arguments: MalformedMappingCase.allCases)
    func adapterInitThrows(_ testCase: MalformedMappingCase) throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter(modelType: testCase.modelType)
        })
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == testCase.offendingKey)
    }

    @Test("every convenience call that builds an adapter throws invalidJSONMapping", arguments: MalformedMappingCase.allCases)
    func conveniencesThrow(_ testCase: MalformedMappingCase) throws {
        let type = testCase.modelType
        let model = type.init()
        let json: [String: Any] = ["name": "foo", "a": "foo"]
        let data = Data(#"{"name":"foo","a":"foo"}"#.utf8)
        let arrayData = Data(#"[{"name":"foo","a":"foo"}]"#.utf8)

        let calls: [(String, () throws -> Void)] = [
            ("model(of:from:)", { _ = try JSONAdapter.model(of: type, from: json) }),
            ("models(of:from:)", { _ = try JSONAdapter.models(of: type, from: [json]) }),
            ("jsonDictionary(from:)", { _ = try JSONAdapter.jsonDictionary(from: model) }),
            ("jsonArray(from:)", { _ = try JSONAdapter.jsonArray(from: [model]) }),
            ("model(of:fromJSONData:)", { _ = try JSONAdapter.model(of: type, fromJSONData: data) }),
            ("models(of:fromJSONData:)", { _ = try JSONAdapter.models(of: type, fromJSONData: arrayData) }),
            ("jsonData(from: model)", { _ = try JSONAdapter.jsonData(from: model) }),
            ("jsonData(from: [model])", { _ = try JSONAdapter.jsonData(from: [model]) }),
        ]

        for (name, call) in calls {
            let error = caught(JSONAdapterError.self) { try call() }
            #expect(error?.code == .invalidJSONMapping, "\(name)")
        }
    }

    @Test("a dictionary or array transformer for such a model fails when used", arguments: MalformedMappingCase.allCases)
    func transformersThrow(_ testCase: MalformedMappingCase) {
        let json: [String: Any] = ["name": "foo", "a": "foo"]
        #expect(throws: (any Error).self) {
            _ = try JSONAdapter.dictionaryTransformer(modelType: testCase.modelType).transformedValue(json)
        }
        #expect(throws: (any Error).self) {
            _ = try JSONAdapter.arrayTransformer(modelType: testCase.modelType).transformedValue([json])
        }
    }

    // Control, so that the cases above cannot pass by rejecting everything.
    @Test("well-formed paths, nested paths and composite paths are accepted")
    func wellFormedMapping() throws {
        _ = try JSONAdapter(modelType: WellFormedMappingModel.self)

        let model = try JSONAdapter.model(of: WellFormedMappingModel.self, from: [
            "a": "foo",
            "a2": ["b": "bar"],
            "x": 1,
            "y": ["z": 2],
        ])
        #expect(model.name == "foo")
        #expect(model.nestedName == "bar")
        #expect(MantleSpec.jsonEqual(model.pair, ["x": 1, "y.z": 2]))
    }
}

// MARK: - Models

extension JSONMappingValidationTests {
    struct EmptyPathModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": .path("")] }
    }

    struct DoubleDotPathModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "a..b"] }
    }

    struct LeadingDotPathModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": ".a"] }
    }

    struct TrailingDotPathModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "a."] }
    }

    struct EmptyCompositeModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": .composite([])] }
    }

    struct CompositeWithEmptyPathModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": ["a", ""]] }
    }

    /// "%@ is not a property of %@." — the mapped key names no property at all.
    struct UnknownPropertyModel: JSONSerializing {
        var name: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name", "missing": "missing"]
        }
    }

    /// A computed property is not in `propertyKeys` either.
    struct ComputedPropertyModel: JSONSerializing {
        var name: String?
        var shouted: String? { name?.uppercased() }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name", "shouted": "shouted"]
        }
    }

    /// Control: the same shape with well-formed paths.
    struct WellFormedMappingModel: JSONSerializing {
        var name: String?
        var nestedName: String?
        var pair: [String: Any]?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "a", "nestedName": "a2.b", "pair": ["x", "y.z"]]
        }
    }

    enum MalformedMappingCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case emptyPath
        case doubleDot
        case leadingDot
        case trailingDot
        case emptyComposite
        case compositeWithEmptyPath
        case unknownProperty
        case computedProperty

        var modelType: any JSONSerializing.Type {
            switch self {
            case .emptyPath: EmptyPathModel.self
            case .doubleDot: DoubleDotPathModel.self
            case .leadingDot: LeadingDotPathModel.self
            case .trailingDot: TrailingDotPathModel.self
            case .emptyComposite: EmptyCompositeModel.self
            case .compositeWithEmptyPath: CompositeWithEmptyPathModel.self
            case .unknownProperty: UnknownPropertyModel.self
            case .computedProperty: ComputedPropertyModel.self
            }
        }

        /// The property key whose mapping is at fault.
        var offendingKey: String {
            switch self {
            case .unknownProperty: "missing"
            case .computedProperty: "shouted"
            default: "name"
            }
        }

        var testDescription: String {
            switch self {
            case .emptyPath: #"name: """#
            case .doubleDot: #"name: "a..b""#
            case .leadingDot: #"name: ".a""#
            case .trailingDot: #"name: "a.""#
            case .emptyComposite: "name: []"
            case .compositeWithEmptyPath: #"name: ["a", ""]"#
            case .unknownProperty: "missing: not a property"
            case .computedProperty: "shouted: a computed property"
            }
        }
    }
}
