//  JSONOptional in archives: an absent property is left out of `$values` (and
//  decodes as its default, `.absent`), null is written as `{"$null": true}`,
//  a value as that value; inside a collection absent has no form.

import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

@Suite("Archiving: JSONOptional")
struct JSONOptionalArchivingTests {
    /// Three fields in the three states, and collections of them.
    struct Patch: Model {
        var name = JSONOptional<String>()
        var bio = JSONOptional<String>()
        var age = JSONOptional<Int>()
        var scores: [JSONOptional<Int>] = []
        var nested = JSONOptional<Point>()
    }

    /// A struct model inside a `JSONOptional`.
    struct Point: Model {
        var x = 0
        var y = 0
    }

    static let samples: [Patch] = {
        var full = Patch()
        full.name = .value("Kim")
        full.bio = .null
        full.age = .value(-7)
        full.scores = [.null, .value(3)]
        full.nested = .value(Point(x: 1, y: 2))
        var nullNested = Patch()
        nullNested.nested = .null
        return [Patch(), full, nullNested]
    }()

    @Test("absent, null and values round-trip", arguments: samples)
    func roundTrip(patch: Patch) throws {
        #expect(try archiveRoundTrip(patch) == patch)
    }

    @Test("absent is left out of $values, null is {$null: true}, a value is itself")
    func layout() throws {
        var patch = Patch()
        patch.bio = .null
        patch.age = .value(5)
        let values = try archiveValues(ModelArchiver.archivedData(with: patch))
        #expect(values["name"] == nil)
        #expect(values["bio"] == .dictionary(["$null": .bool(true)]))
        #expect(values["age"] == .integer(5))
    }

    @Test("an absent element of a collection has no archived form")
    func absentInCollection() throws {
        var patch = Patch()
        patch.scores = [.value(1), .absent]
        let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.archivedData(with: patch) }
        #expect(error.code == .unsupportedValue)
        #expect(error.description.contains("absent JSONOptional"))
    }
}
