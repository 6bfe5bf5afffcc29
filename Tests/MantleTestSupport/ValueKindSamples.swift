//  One sample type (and value) for every case of `ValueKind`, for the tests
//  that ask each consumer of the kinds (conversion, type names, the JSON
//  codecs and schemas, the archive) for its answer to every kind. The
//  switches below are exhaustive: a new `ValueKind` case fails to compile
//  here until it has a name and a sample, and `ValueKindTests` checks that
//  each sample is of the kind it stands for.

import Foundation
import MantleCore

/// The cases of `ValueKind` without their payloads, with a sample of each.
package enum ValueKindSample: String, CaseIterable, Sendable, CustomStringConvertible {
    case any, string, substring, character, bool, integer, floating, decimal, url, uuid, date, data
    case optional, jsonOptional, array, set, stringKeyedDictionary, keyedDictionary
    case model, rawRepresentable, null
    case foundationNumber, foundationString, foundationArray, foundationDictionary
    case codable, other

    /// The case of `kind`.
    package init(_ kind: ValueKind) {
        switch kind {
        case .any: self = .any
        case .string: self = .string
        case .substring: self = .substring
        case .character: self = .character
        case .bool: self = .bool
        case .integer: self = .integer
        case .floating: self = .floating
        case .decimal: self = .decimal
        case .url: self = .url
        case .uuid: self = .uuid
        case .date: self = .date
        case .data: self = .data
        case .optional: self = .optional
        case .jsonOptional: self = .jsonOptional
        case .array: self = .array
        case .set: self = .set
        case .stringKeyedDictionary: self = .stringKeyedDictionary
        case .keyedDictionary: self = .keyedDictionary
        case .model: self = .model
        case .rawRepresentable: self = .rawRepresentable
        case .null: self = .null
        case .foundationNumber: self = .foundationNumber
        case .foundationString: self = .foundationString
        case .foundationArray: self = .foundationArray
        case .foundationDictionary: self = .foundationDictionary
        case .codable: self = .codable
        case .other: self = .other
        }
    }

    package var description: String { rawValue }

    /// A type of this kind, and a value of that type (for `.any`, a `String`
    /// inside `Any`: no value's own type is `Any`).
    package var sample: (type: Any.Type, value: Any) {
        switch self {
        case .any: (Any.self, "text" as Any)
        case .string: (String.self, "text")
        case .substring: (Substring.self, Substring("sub"))
        case .character: (Character.self, Character("c"))
        case .bool: (Bool.self, true)
        case .integer: (Int16.self, Int16(-7))
        case .floating: (Float.self, Float(1.5))
        case .decimal: (Decimal.self, Decimal(125) / 100)
        case .url: (URL.self, URL(fileURLWithPath: "/tmp/sample"))
        case .uuid: (UUID.self, UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))
        case .date: (Date.self, Date(timeIntervalSince1970: 1_000_000))
        case .data: (Data.self, Data([1, 2, 3]))
        case .optional: (Int?.self, Int?.some(3) as Any)
        case .jsonOptional: (JSONOptional<Int>.self, JSONOptional<Int>.value(3))
        case .array: ([Int].self, [1, 2])
        case .set: (Set<String>.self, Set(["a"]))
        case .stringKeyedDictionary: ([String: Int].self, ["a": 1])
        case .keyedDictionary: ([Int: String].self, [1: "a"])
        case .model: (SampleModel.self, SampleModel())
        case .rawRepresentable: (SampleLevel.self, SampleLevel.high)
        case .null: (NSNull.self, NSNull())
        case .foundationNumber: (NSNumber.self, NSNumber(value: 3))
        case .foundationString: (NSString.self, NSString(string: "ns"))
        case .foundationArray: (NSArray.self, NSArray(array: [1]))
        case .foundationDictionary: (NSDictionary.self, NSDictionary(dictionary: ["k": 1]))
        case .codable: (SamplePoint.self, SamplePoint(x: 1, y: 2))
        case .other: (SampleOpaque.self, SampleOpaque())
        }
    }

    /// A model with one property (`.model`'s sample).
    package struct SampleModel: Model {
        package var name = "sample"
        package init() {}
    }

    /// A raw-value enum that is not a model (`.rawRepresentable`'s sample).
    package enum SampleLevel: String, Sendable {
        case low, high
    }

    /// A `Codable` struct that no other rule covers (`.codable`'s sample).
    package struct SamplePoint: Codable, Hashable, Sendable {
        package var x: Int
        package var y: Int
        package init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// A class the package has no rule for (`.other`'s sample).
    package final class SampleOpaque: Hashable, @unchecked Sendable {
        // @unchecked Sendable: no stored state.
        package init() {}
        package static func == (lhs: SampleOpaque, rhs: SampleOpaque) -> Bool { lhs === rhs }
        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}
