//  A nested model read from a parsed document goes through its mapping's own loop
//  (`ModelMapping.decode(_:in:object:)`): struct and class models, empty and filled arrays of
//  them, a failure at any property (first, middle, last) naming the property and the JSON path,
//  a lossy array leaving a failing model out, a property that keeps its default, `validate()`,
//  and mappings compiled in configurations that go away (the loop walks the properties without
//  retaining them) decode on the bytes path as on the dictionary paths.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Nested models from a document")
struct NestedDocumentDecodingTests {
    struct Area: JSONSerializing, Equatable {
        var areaId = 0
        var blockIds: [Int] = []
        var label = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    final class Seat: JSONSerializing, Equatable {
        var seatId = 0
        var areas: [Area] = []
        var note: String?
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func == (lhs: Seat, rhs: Seat) -> Bool {
            lhs.seatId == rhs.seatId && lhs.areas == rhs.areas && lhs.note == rhs.note
        }
    }

    struct Venue: JSONSerializing, Equatable {
        var seats: [Seat] = []
        var main: Area?
        var names: [Int: String] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct LossyVenue: JSONSerializing, Equatable {
        var areas: [Area] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { .lossyCollections }
    }

    struct Lenient: JSONSerializing, Equatable {
        var count = 7
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { key == "count" ? .defaultOnFailure : nil }
    }

    struct Holder: JSONSerializing, Equatable {
        var items: [Lenient] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    struct Checked: JSONSerializing, Equatable {
        var low = 0
        var high = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        func validate() throws {
            guard low <= high else { throw CheckFailure() }
        }
    }

    struct CheckFailure: Error {}

    struct Range: JSONSerializing {
        var checks: [Checked] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    static let venueJSON = #"""
        {"seats": [{"seatId": 1, "areas": [{"areaId": 10, "blockIds": [], "label": "a"},
                                         {"label": "b", "blockIds": [3, 4], "areaId": 11}]},
                   {"seatId": 2, "areas": [], "note": "n"},
                   {"areas": [{"areaId": 12, "blockIds": []}], "seatId": 3, "note": null}],
         "main": {"areaId": 9, "blockIds": [1]}, "names": {"1": "one", "20": "twenty"}}
        """#

    @Test("struct and class models, empty and filled arrays, keys in any order", arguments: DecodingPath.allCases)
    func decodes(path: DecodingPath) throws {
        let venue = try path.decode(Venue.self, Self.venueJSON)
        #expect(venue.seats.map(\.seatId) == [1, 2, 3])
        #expect(venue.seats[0].areas == [Area(areaId: 10, blockIds: [], label: "a"),
                                         Area(areaId: 11, blockIds: [3, 4], label: "b")])
        #expect(venue.seats[1].areas.isEmpty)
        #expect(venue.seats[1].note == "n")
        #expect(venue.seats[2].areas == [Area(areaId: 12)])
        #expect(venue.seats[2].note == nil)
        #expect(venue.main == Area(areaId: 9, blockIds: [1]))
        #expect(venue.names == [1: "one", 20: "twenty"])
        #expect(venue == (try DecodingPath.dictionary.decode(Venue.self, Self.venueJSON)))
    }

    @Test("a failure names the property and the path, wherever the property is", arguments: [
        (#"{"seats": [{"seatId": "1"}]}"#, "seats[0].seatId"),
        (#"{"seats": [{"seatId": 1, "areas": [{"areaId": 1}, {"areaId": 2, "blockIds": [1, "x"]}]}]}"#,
         "seats[0].areas[1].blockIds[1]"),
        (#"{"seats": [{"seatId": 1}, {"seatId": 2, "note": 5}]}"#, "seats[1].note"),
        (#"{"main": {"areaId": 1, "label": 2}}"#, "main.label"),
        (#"{"main": []}"#, "main"),
        (#"{"seats": [{"seatId": 1}, 3]}"#, "seats[1]"),
    ], DecodingPath.allCases)
    func failure(_ row: (json: String, keyPath: String), path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Venue.self, row.json) })
        #expect(error.propertyKey == String(row.keyPath.prefix { $0 != "[" && $0 != "." }))
        #expect(error.jsonKeyPath == row.keyPath)
    }

    @Test("a lossy array leaves out a model that fails, and keeps the rest in order", arguments: DecodingPath.allCases)
    func lossy(path: DecodingPath) throws {
        let venue = try path.decode(LossyVenue.self, #"""
            {"areas": [{"areaId": 1}, {"areaId": "x"}, {"areaId": 3, "blockIds": [true]}, {"areaId": 4}]}
            """#)
        #expect(venue.areas.map(\.areaId) == [1, 4])
    }

    @Test("a property that fails keeps its default inside a nested model", arguments: DecodingPath.allCases)
    func keepsDefault(path: DecodingPath) throws {
        let holder = try path.decode(Holder.self, #"{"items": [{"count": "x", "name": "a"}, {"count": 2, "name": "b"}]}"#)
        #expect(holder.items == [Lenient(count: 7, name: "a"), Lenient(count: 2, name: "b")])
    }

    @Test("validate() runs on every nested model, its error passed through", arguments: DecodingPath.allCases)
    func validates(path: DecodingPath) throws {
        #expect(try path.decode(Range.self, #"{"checks": [{"low": 1, "high": 2}]}"#).checks.count == 1)
        #expect(throws: CheckFailure.self) {
            _ = try path.decode(Range.self, #"{"checks": [{"low": 1, "high": 2}, {"low": 3, "high": 2}]}"#)
        }
    }

    @Test("mappings compiled in configurations that go away decode nested models alike")
    func configurationsComeAndGo() throws {
        let json = Data(Self.venueJSON.utf8)
        let expected = try JSONAdapter.model(of: Venue.self, fromJSONData: json)
        for _ in 0..<50 {
            let configuration = JSONAdapter.Configuration(leniency: .numberStringCoercion)
            #expect(try JSONAdapter.model(of: Venue.self, fromJSONData: json,
                                          options: .init(configuration: configuration)) == expected)
        }
    }
}
