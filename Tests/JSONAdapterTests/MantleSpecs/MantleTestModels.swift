//
//  MantleTestModels.swift
//  Swift counterparts of the models in Mantle's MantleTests/MTLTestModel.h/.m that
//  MTLJSONAdapterSpec and MTLPredefinedTransformerAdditionsSpec use (the class
//  hierarchies are in MantleClassModels.swift; the models that pin down
//  behaviour of Mantle's sources the specs do not cover are nested in
//  JSONAdapterSourceSemanticsTests).
//
//  Conventions of the port:
//  - Names keep Mantle's class names (MTL…), so a failing test points straight at
//    the Objective-C original. Property names are Swift-cased where Mantle's were
//    all-caps (`URL` -> `url`, `UUID` -> `uuid`); the JSON keys stay "URL"/"UUID".
//  - `+JSONKeyPathsByPropertyKey` built with `mtl_identityPropertyMapWithModel:`
//    is written out as an explicit identity map.
//  - A `+<key>JSONTransformer` / `+JSONTransformerForKey:` becomes
//    `jsonTransformer(forKey:)`. Properties whose Mantle transformer was implicit
//    (NSURL, NSUUID, BOOL, nested MTLJSONSerializing models) get none: the adapter
//    picks one from the declared Swift type.
//  - `-validate<Key>:error:` becomes `validate()`.
//  - Class hierarchies (class clusters, subclass models) are Swift classes whose
//    base class declares every overridable JSONSerializing / Model requirement as
//    a `class` member, so subclasses' overrides are reached through the protocol.
//
//  Not ported (no JSON spec needs them, or Swift cannot express them):
//  - MTLTestModel.weakModel / dynamicName's KVC-only use, modelVersion and the
//    NSCoding hooks (covered by the archiving specs, not here). `dynamicName`
//    is kept as a computed property, which must stay out of the JSON.
//  - MTLSubclassTestModel, MTLSelfValidatingModel, MTLStorageBehaviorModel(+Subclass),
//    MTLOptionalPropertyModel: only used by MTLModelSpec / MTLModelValidationSpec.
//  - MTLNonPropertyModel: overrides +propertyKeys with a method-backed key
//    ("homepage"). Swift reflection cannot read computed properties, and the adapter
//    makes mapping a computed property `.invalidJSONMapping`
//    (see JSONMappingValidationTests).
//

import Foundation
import MantleTestSupport
@testable import JSONAdapter

// MARK: - MTLTestModelErrorDomain

/// MTLTestModelErrorDomain: MTLTestModelNameTooLong = 1, MTLTestModelNameMissing = 2.
enum MTLTestModelError: Error, Equatable {
    case nameTooLong
    case nameMissing
}

// MARK: - Shared transformers

enum MTLTestTransformers {
    /// `+[MTLTestModel countJSONTransformer]`:
    ///   forward `^(NSString *str, ...) { return @(str.integerValue); }`
    ///   reverse `^(NSNumber *num, ...) { return num.stringValue; }`
    /// `nil.integerValue` is 0, so a JSON null (handed to the transformer as nil)
    /// becomes 0.
    static var count: JSONValueTransformer {
        JSONValueTransformer(
            forward: { value in
                guard let string = MantleSpec.flattened(value) as? String else { return 0 }
                return Int(string.trimmingCharacters(in: .whitespaces)) ?? 0
            },
            reverse: { value in
                guard let number = MantleSpec.flattened(value) else { return nil }
                return String(describing: number)
            })
    }

    /// Integer value of a JSON number, 0 for nil/NSNull/anything else
    /// (like `-[NSNumber unsignedIntegerValue]` sent to nil).
    static func integer(_ value: Any?) -> Int {
        guard let value = MantleSpec.flattened(value), let number = MantleSpec.numericValue(value) else { return 0 }
        return Int(number)
    }
}

// MARK: - MTLEmptyTestModel

/// `@interface MTLEmptyTestModel : MTLModel` — a Model that is *not* JSONSerializing.
struct MTLEmptyTestModel: Model {}

// MARK: - MTLTestModel

/// `@interface MTLTestModel : MTLModel <MTLJSONSerializing>`
struct MTLTestModel: JSONSerializing {
    /// Must be less than 10 characters. Associated with the "username" key in JSON.
    var name: String?

    /// Defaults to 1. This property is a string in JSON.
    var count: Int = 1

    /// Associated with the "nested.name" key path in JSON.
    var nestedName: String?

    /// Should not be stored in the dictionary value or JSON.
    var dynamicName: String? { name }

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        // identity map minus weakModel, plus name/nestedName remapped
        [
            "name": "username",
            "count": "count",
            "nestedName": "nested.name",
        ]
    }

    static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        key == "count" ? MTLTestTransformers.count : nil
    }

    /// `-validateName:error:`: `if ([*name length] < 10) return YES;` else MTLTestModelNameTooLong.
    mutating func validate() throws {
        if let name, name.utf16.count >= 10 {
            throw MTLTestModelError.nameTooLong
        }
    }
}

// MARK: - MTLArrayTestModel

/// `@interface MTLArrayTestModel : MTLModel <MTLJSONSerializing>`
struct MTLArrayTestModel: JSONSerializing {
    /// Associated with a "users.name" key path in JSON.
    var names: String?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["names": "users.name"]
    }
}

// MARK: - MTLValidationModel

/// `@interface MTLValidationModel : MTLModel <MTLJSONSerializing>`
struct MTLValidationModel: JSONSerializing {
    /// Defaults to nil, which is not considered valid.
    var name: String?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["name": "name"]
    }

    /// `if (*name != nil) return YES;` else MTLTestModelNameMissing.
    mutating func validate() throws {
        if name == nil { throw MTLTestModelError.nameMissing }
    }
}

// MARK: - MTLConformingModel

/// `@interface MTLConformingModel : NSObject <MTLJSONSerializing>` — "Conforms to
/// MTLJSONSerializing but does not inherit from the MTLModel class."
///
/// Swift has no MTLModel base class; the equivalent is a model that implements the
/// Model requirements itself instead of relying on the reflective defaults.
struct MTLConformingModel: JSONSerializing {
    var name: String?

    init() {}

    /// `_name = dictionaryValue[@"name"];`
    init(dictionary: [String: Any]) throws {
        name = MantleSpec.flattened(dictionary["name"]) as? String
    }

    static var propertyKeys: Set<String> { ["name"] }

    /// `if (self.name == nil) return @{}; return @{ @"name": self.name };`
    var dictionaryValue: [String: Any] {
        guard let name else { return [:] }
        return ["name": name]
    }

    mutating func validate() throws {}

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["name": "name"]
    }

    static func == (lhs: MTLConformingModel, rhs: MTLConformingModel) -> Bool {
        lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    var description: String {
        "MTLConformingModel(name: \(name ?? "nil"))"
    }
}

// MARK: - MTLBoolModel / MTLStringModel / MTLIDModel

/// `@interface MTLBoolModel : MTLModel <MTLJSONSerializing>`
struct MTLBoolModel: JSONSerializing {
    var flag: Bool = false

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["flag": "flag"]
    }
}

/// `@interface MTLStringModel : MTLModel <MTLJSONSerializing>`
struct MTLStringModel: JSONSerializing {
    var string: String?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["string": "string"]
    }
}

/// `@interface MTLIDModel : MTLModel <MTLJSONSerializing>` — `id anyObject`.
struct MTLIDModel: JSONSerializing {
    var anyObject: Any?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["anyObject": "anyObject"]
    }
}

// MARK: - MTLMultiKeypathModel

/// `@interface MTLMultiKeypathModel : MTLModel <MTLJSONSerializing>`
struct MTLMultiKeypathModel: JSONSerializing {
    /// Associated with the "location" and "length" keys in JSON.
    var range = NSRange(location: 0, length: 0)

    /// Associated with the "nested.location" and "nested.length" keys in JSON.
    var nestedRange = NSRange(location: 0, length: 0)

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        [
            "range": ["location", "length"],
            "nestedRange": ["nested.location", "nested.length"],
        ]
    }

    static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        switch key {
        case "range": rangeTransformer(location: "location", length: "length")
        case "nestedRange": rangeTransformer(location: "nested.location", length: "nested.length")
        default: nil
        }
    }

    /// `+rangeJSONTransformer` / `+nestedRangeJSONTransformer`: the value is a
    /// dictionary keyed by the (dotted) JSON key paths of the composite mapping.
    private static func rangeTransformer(location: String, length: String) -> JSONValueTransformer {
        JSONValueTransformer(
            forward: { value in
                let dictionary = MantleSpec.flattened(value) as? [String: Any] ?? [:]
                return NSRange(
                    location: MTLTestTransformers.integer(dictionary[location]),
                    length: MTLTestTransformers.integer(dictionary[length]))
            },
            reverse: { value in
                guard let range = MantleSpec.flattened(value) as? NSRange else { return nil }
                return [location: range.location, length: range.length]
            })
    }
}

// MARK: - MTLRecursiveUserModel / MTLRecursiveGroupModel

/// `@interface MTLRecursiveUserModel : MTLModel <MTLJSONSerializing>`
struct MTLRecursiveUserModel: JSONSerializing {
    var name: String?
    var groups: [MTLRecursiveGroupModel]?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["name": "name", "groups": "groups"]
    }

    /// `+groupsJSONTransformer`
    static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        key == "groups" ? JSONAdapter.arrayTransformer(modelType: MTLRecursiveGroupModel.self) : nil
    }
}

/// `@interface MTLRecursiveGroupModel : MTLModel <MTLJSONSerializing>`
struct MTLRecursiveGroupModel: JSONSerializing {
    var owner: MTLRecursiveUserModel?
    var users: [MTLRecursiveUserModel]?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["owner": "owner", "users": "users"]
    }

    /// `+ownerJSONTransformer` / `+usersJSONTransformer`
    static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        switch key {
        case "owner": JSONAdapter.dictionaryTransformer(modelType: MTLRecursiveUserModel.self)
        case "users": JSONAdapter.arrayTransformer(modelType: MTLRecursiveUserModel.self)
        default: nil
        }
    }
}

// MARK: - MTLPropertyDefaultAdapterModel

/// `@interface MTLPropertyDefaultAdapterModel : MTLModel<MTLJSONSerializing>`
struct MTLPropertyDefaultAdapterModel: JSONSerializing {
    var nonConformingMTLJSONSerializingProperty: MTLEmptyTestModel?
    var conformingMTLJSONSerializingProperty: MTLTestModel?
    var property: String?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        [
            "conformingMTLJSONSerializingProperty": "conformingMTLJSONSerializingProperty",
            "nonConformingMTLJSONSerializingProperty": "nonConformingMTLJSONSerializingProperty",
            "property": "property",
        ]
    }
}
