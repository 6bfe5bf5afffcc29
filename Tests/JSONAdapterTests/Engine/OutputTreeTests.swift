//
//  OutputTreeTests.swift
//  Writing through an `OutputTree`, whose steps hold their property mappings
//  unretained: trees whose mappings only a short-lived configuration keeps
//  write every member, nested objects, stored scalars and codec-written
//  values alike (ASan runs this in CI: a mapping freed before its tree's
//  last read would be reported).
//

import Foundation
import Testing
@testable import JSONAdapter
import MantleTestSupport

private struct Shipment: JSONSerializing, Equatable {
    var id = 0
    var label: String?
    var weight = 0.0
    var destination: URL?
    var city = ""
    var zip: Int?
    var parts: [Int] = []

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["id": "id", "label": "label", "weight": "weight", "destination": "destination",
         "city": "address.city", "zip": "address.zip", "parts": "parts"]
    }
}

@Suite("Engine: writing through output trees")
struct OutputTreeTests {
    @Test("trees whose mappings only a released configuration kept write every member")
    func mappingsOutliveTheirReads() throws {
        let shipment = Shipment(id: 42, label: "fragile", weight: 1.5, destination: URL(string: "https://example.com/d"),
                                city: "Oslo", zip: nil, parts: [3, 1, 2])
        let expected = try JSONAdapter.jsonData(from: shipment)
        let members = try FoundationJSON.object(expected)
        #expect(members["id"] as? Int == 42 && members["label"] as? String == "fragile")
        #expect(members["weight"] as? Double == 1.5 && members["parts"] as? [Int] == [3, 1, 2])
        #expect(members["destination"] as? String == "https://example.com/d")
        let address = try #require(members["address"] as? [String: Any])
        #expect(address["city"] as? String == "Oslo" && address["zip"] is NSNull)
        for round in 0..<20 {
            // A new configuration compiles its own mappings; nothing else retains them, and the
            // configuration is released at the end of each round.
            let configuration = JSONAdapter.Configuration(keyConversion: round.isMultiple(of: 2) ? .identity : .snakeCase)
            let data = try JSONAdapter.jsonData(from: shipment, options: .configuration(configuration))
            #expect(data == expected, "round \(round)")  // the keys are the same in snake_case
            #expect(try JSONAdapter.model(of: Shipment.self, fromJSONData: data,
                                          options: .configuration(configuration)) == shipment)
        }
    }
}
