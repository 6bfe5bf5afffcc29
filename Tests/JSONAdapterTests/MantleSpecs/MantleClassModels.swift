//
//  MantleClassModels.swift
//  The class hierarchies of Mantle's MantleTests/MTLTestModel.h/.m that
//  MTLJSONAdapterSpec uses: a substituting class, URL and UUID models with a
//  subclass, and a class cluster. Conventions as in MantleTestModels.swift.
//

import Foundation
import MantleTestSupport
@testable import JSONAdapter

// MARK: - MTLSubstitutingTestModel

/// `@interface MTLSubstitutingTestModel : MTLModel <MTLJSONSerializing>` —
/// "Parses MTLTestModel objects from JSON instead."
///
/// `classForParsing` may only return `Self` or a subclass (an
/// unrelated type is `.noClassFound`), so the substituted class is
/// `MTLSubstitutedTestModel`, a subclass with exactly MTLTestModel's properties,
/// mapping, transformer and validation.
class MTLSubstitutingTestModel: JSONSerializing {
    required init() {}

    /// `[NSDictionary mtl_identityPropertyMapWithModel:self]` — the class has no properties.
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }

    class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }

    /// `if (JSONDictionary[@"username"] == nil) return nil; else return MTLTestModel.class;`
    class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        jsonDictionary["username"] == nil ? nil : MTLSubstitutedTestModel.self
    }

    func validate() throws {}
}

/// Stands in for MTLTestModel as the class MTLSubstitutingTestModel parses.
final class MTLSubstitutedTestModel: MTLSubstitutingTestModel {
    var name: String?
    var count: Int = 1
    var nestedName: String?

    required init() {
        super.init()
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        MTLTestModel.jsonKeyPathsByPropertyKey
    }

    override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        MTLTestModel.jsonTransformer(forKey: key)
    }

    override class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        self
    }

    override func validate() throws {
        if let name, name.utf16.count >= 10 {
            throw MTLTestModelError.nameTooLong
        }
    }
}

// MARK: - MTLURLModel / MTLURLSubclassModel

/// `@interface MTLURLModel : MTLModel <MTLJSONSerializing>`
class MTLURLModel: JSONSerializing {
    /// Defaults to http://github.com. "URL" in JSON.
    var url: URL? = URL(string: "http://github.com")

    required init() {}

    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["url": "URL"]
    }

    class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }
}

/// `@interface MTLURLSubclassModel : MTLURLModel`
final class MTLURLSubclassModel: MTLURLModel {
    /// Defaults to http://github.com/Mantle/Mantle.
    var otherURL: URL? = URL(string: "http://github.com/Mantle/Mantle")

    required init() {
        super.init()
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["otherURL": "otherURL"]) { $1 }
    }

    override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        // Not provided transformer for self.url
        key == "otherURL" ? JSONValueTransformer.named(.url) : nil
    }
}

// MARK: - MTLUUIDModel / MTLUUIDSubclassModel

/// `@interface MTLUUIDModel : MTLModel <MTLJSONSerializing>`
class MTLUUIDModel: JSONSerializing {
    /// Defaults to 4A275FBD-8217-4397-964B-403F4C2B8545. "UUID" in JSON.
    var uuid: UUID? = UUID(uuidString: "4A275FBD-8217-4397-964B-403F4C2B8545")

    required init() {}

    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["uuid": "UUID"]
    }

    class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }
}

/// `@interface MTLUUIDSubclassModel : MTLUUIDModel`
final class MTLUUIDSubclassModel: MTLUUIDModel {
    /// Defaults to 593246D2-A290-43D5-9070-A299A489AE29.
    var otherUUID: UUID? = UUID(uuidString: "593246D2-A290-43D5-9070-A299A489AE29")

    required init() {
        super.init()
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["otherUUID": "otherUUID"]) { $1 }
    }

    override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        // Not provided transformer for self.uuid
        key == "otherUUID" ? JSONValueTransformer.named(.uuid) : nil
    }
}

// MARK: - MTLClassClusterModel / chocolate / strawberry

/// `@interface MTLClassClusterModel : MTLModel <MTLJSONSerializing>`
class MTLClassClusterModel: JSONSerializing {
    /// Mantle's subclasses override the getter to return a constant; here each
    /// subclass sets the stored value in `init()`.
    var flavor: String?

    required init() {}

    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["flavor": "flavor"]
    }

    class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }

    class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        switch MantleSpec.flattened(jsonDictionary["flavor"]) as? String {
        case "chocolate": MTLChocolateClassClusterModel.self
        case "strawberry": MTLStrawberryClassClusterModel.self
        default: nil
        }
    }

    func validate() throws {}
}

/// `@interface MTLChocolateClassClusterModel : MTLClassClusterModel`
final class MTLChocolateClassClusterModel: MTLClassClusterModel {
    /// Associated with the "chocolate_bitterness" JSON key and transformed to a string.
    var bitterness: Int = 0

    required init() {
        super.init()
        flavor = "chocolate"
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["bitterness": "chocolate_bitterness"]) { $1 }
    }

    /// `+bitternessJSONTransformer`: forward `[formatter numberFromString:string]`,
    /// reverse `[value description]`.
    override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
        guard key == "bitterness" else { return super.jsonTransformer(forKey: key) }
        return JSONValueTransformer(
            forward: { value in
                (MantleSpec.flattened(value) as? String).flatMap { Int($0) }
            },
            reverse: { value in
                MantleSpec.flattened(value).map { String(describing: $0) }
            })
    }
}

/// `@interface MTLStrawberryClassClusterModel : MTLClassClusterModel`
final class MTLStrawberryClassClusterModel: MTLClassClusterModel {
    /// Associated with the "strawberry_freshness" JSON key.
    var freshness: Int = 0

    required init() {
        super.init()
        flavor = "strawberry"
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["freshness": "strawberry_freshness"]) { $1 }
    }
}
