//
//  ValueKindArchivingTests.swift
//  Every kind of value (`ValueKindSample`, one per `ValueKind` case) through
//  the archive encoder and decoder: kept exactly, or refused. A new kind
//  fails to compile in the table below until its answer is written down.
//

import Foundation
import Testing
import MantleCore
import MantleTestSupport
@testable import MantleArchiving

@Suite("ValueKind: one answer per kind in archives")
struct ValueKindArchivingTests {
    /// A model with one optional property of type `Value`.
    struct Holder<Value>: Model {
        var value: Value?
    }

    /// What archiving a property holding `value` does: `kept` when
    /// unarchiving gives the value back (as its description shows it) and
    /// archiving that again gives the same bytes, or the error code.
    private static func outcome<T>(_: T.Type, _ value: Any) -> String {
        var holder = Holder<T>()
        holder.value = value as? T
        do {
            let data = try ModelArchiver.archivedData(with: holder)
            let back = try ModelArchiver.unarchive(Holder<T>.self, from: data)
            let again = try ModelArchiver.archivedData(with: back)
            let same = String(describing: back.value) == String(describing: holder.value)
            return again == data && same ? "kept" : "changed: \(String(describing: back.value))"
        } catch let error as ModelArchiverError {
            return "\(error.code)"
        } catch {
            return "\(type(of: error))"
        }
    }

    /// Checks: each kind is kept exactly, or refused with an archive error.
    @Test("archives", arguments: ValueKindSample.allCases)
    func archives(kind: ValueKindSample) {
        let expected = switch kind {
        case .any: "kept"
        case .string: "kept"
        case .substring: "kept"
        case .character: "kept"
        case .bool: "kept"
        case .integer: "kept"
        case .floating: "kept"
        case .decimal: "kept"
        case .url: "kept"
        case .uuid: "kept"
        case .date: "kept"
        case .data: "kept"
        case .optional: "kept"
        case .jsonOptional: "kept"
        case .array: "kept"
        case .set: "kept"
        case .stringKeyedDictionary: "kept"
        case .keyedDictionary: "unsupportedValue"
        case .model: "kept"
        case .rawRepresentable: "kept"
        // The archive's null is `NSNull` and `nil` alike; an optional reads it as `nil`.
        case .null: "changed: nil"
        case .foundationNumber: "kept"
        case .foundationString: "kept"
        case .foundationArray: "kept"
        case .foundationDictionary: "kept"
        case .codable: "unsupportedValue"
        case .other: "unsupportedValue"
        }
        let (type, value) = kind.sample
        let outcome = Self.outcome(type, value)
        #expect(outcome == expected)
    }
}
