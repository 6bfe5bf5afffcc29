//
//  CodableConfigurationTests.swift
//  The configuration inside `Codable` property values: its date format (and
//  a transformer set for `Date`), its leniency (which stops at the value's
//  edge), and one configuration shared by concurrent decodes.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Codable property values: the configuration inside")
struct CodableConfigurationTests {
    /// A `Codable` value with a date.
    struct Event: Codable, Equatable {
        var name: String
        var startsAt: Date
    }

    /// A model with one event, and a list of them.
    struct Agenda: JSONSerializing, Equatable {
        var event: Event?
        var events: [Event] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Checks: dates inside Codable values follow the configuration's date format, both ways, as JSONDecoder's strategies do.
    @Test("date formats apply inside", arguments: DecodingPath.allCases, [
        (JSONAdapter.Configuration.DateFormat.secondsSince1970, "1507651200.5"),
        (.millisecondsSince1970, "1507651200500"),
        (.iso8601, #""2017-10-10T16:00:00.500Z""#),
        (.pattern("yyyy-MM-dd HH:mm:ss.SSS"), #""2017-10-10 16:00:00.500""#),
    ])
    func dateFormats(path: DecodingPath, row: (format: JSONAdapter.Configuration.DateFormat, literal: String)) throws {
        let configuration = JSONAdapter.Configuration(dateFormat: row.format)
        let json = #"{"event": {"name": "launch", "startsAt": \#(row.literal)}}"#
        let calendar = try path.decode(Agenda.self, json, configuration: configuration)
        #expect(calendar.event == Event(name: "launch", startsAt: Date(timeIntervalSince1970: 1_507_651_200.5)))
        let encoded = try path.encode(calendar, configuration: configuration)
        #expect(FoundationJSON.canonical((encoded["event"] as? [String: Any])?["startsAt"]) == FoundationJSON.canonical(json: row.literal))
    }

    /// Checks: the results equal JSONDecoder's with the matching strategy.
    @Test("seconds since 1970 as JSONDecoder reads them", arguments: DecodingPath.allCases)
    func secondsLikeJSONDecoder(path: DecodingPath) throws {
        let json = #"{"event": {"name": "a", "startsAt": 1409444956.25}}"#
        let calendar = try path.decode(Agenda.self, json, configuration: .init(dateFormat: .secondsSince1970))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(calendar.event == (try decoder.decode([String: Event].self, from: Data(json.utf8)))["event"])
    }

    /// Checks: a transformer the configuration sets for `Date` applies inside Codable values too.
    @Test("a transformer set for Date applies inside", arguments: DecodingPath.allCases)
    func dateTransformer(path: DecodingPath) throws {
        var configuration = JSONAdapter.Configuration()
        configuration.setTransformer(JSONValueTransformer(forward: { (days: Int) in Date(timeIntervalSince1970: Double(days) * 86_400) },
                                                      reverse: { (date: Date) in Int(date.timeIntervalSince1970 / 86_400) }),
                                     forType: Date.self)
        let calendar = try path.decode(Agenda.self, #"{"event": {"name": "d", "startsAt": 2}}"#, configuration: configuration)
        #expect(calendar.event?.startsAt == Date(timeIntervalSince1970: 172_800))
        let encoded = try path.encode(calendar, configuration: configuration)
        #expect(FoundationJSON.number((encoded["event"] as? [String: Any])?["startsAt"]) == 2)
    }

    /// Checks: a date in the wrong form names the path and what the format expects.
    @Test("a bad date inside", arguments: DecodingPath.allCases)
    func badDate(path: DecodingPath) throws {
        let error = try #require(adapterError {
            _ = try path.decode(Agenda.self, #"{"event": {"name": "a", "startsAt": "yesterday"}}"#)
        })
        #expect(error.description == #"Agenda.event → "event.startsAt": expected an ISO 8601 date string, found string "yesterday""#)
    }

    /// Checks: leniency applies to the property and to collections of Codable values, not inside a value.
    @Test("leniency stops at the value's edge", arguments: DecodingPath.allCases)
    func leniency(path: DecodingPath) throws {
        let configuration = JSONAdapter.Configuration(leniency: .all)
        let json = #"""
            {"event": {"name": "a", "startsAt": "2017-10-10T16:00:00Z", "extra": 1},
             "events": [{"name": "b", "startsAt": "2017-10-10T16:00:00Z"}, {"name": 5, "startsAt": "2017-10-10T16:00:00Z"}]}
            """#
        let calendar = try path.decode(Agenda.self, json, configuration: configuration)
        #expect(calendar.event?.name == "a")
        #expect(calendar.events.map(\.name) == ["b"], "the bad element is left out")
        // Inside the value, no coercion: the number 5 is no name; the property keeps its default.
        let strict = try path.decode(Agenda.self, #"{"event": {"name": 5, "startsAt": "2017-10-10T16:00:00Z"}}"#,
                                     configuration: configuration)
        #expect(strict.event == nil)
        #expect(throws: JSONAdapterError.self) {
            _ = try path.decode(Agenda.self, #"{"event": {"name": 5, "startsAt": "2017-10-10T16:00:00Z"}}"#)
        }
    }

    /// Checks: one configuration with a key conversion serves concurrent decodes (its key cache is shared).
    @Test("concurrent decodes share one configuration")
    func concurrency() async throws {
        struct Profile: Codable, Equatable {
            var displayName: String
            var followerCount: Int
        }
        struct Account: JSONSerializing, Equatable {
            var mainProfile: Profile?
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        }
        let configuration = JSONAdapter.Configuration(keyConversion: .snakeCase)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let json = #"{"main_profile": {"display_name": "n\#(index)", "follower_count": \#(index)}}"#
                    for _ in 0..<50 {
                        let account = try JSONAdapter.model(of: Account.self, fromJSONData: Data(json.utf8),
                                                            options: .configuration(configuration))
                        guard account.mainProfile == Profile(displayName: "n\(index)", followerCount: index) else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }
}
