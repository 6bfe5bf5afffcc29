//  `JSONAdapter.Configuration`: date formats, key conversion, transformers by
//  type and options for one adapter or one call, independent of one another
//  and of the process-wide registry; the Twitter corpus decoded with
//  snake_case keys and the Twitter date format, with no per-model code.

import Foundation
import Testing
@testable import JSONAdapter
import MantleTestSupport

@Suite("JSONAdapter.Configuration")
struct ConfigurationTests {
    static let twitterFormat = "EEE MMM dd HH:mm:ss Z yyyy"

    /// The event JSON in snake_case with dates written as `text`.
    static func eventJSON(start: String, end: String) -> Data {
        Data(#"{"event_id": 7, "starts_at": \#(start), "ends_at": \#(end), "venue": {"venue_name": "Hall", "home_page": "https://example.com/"}}"#.utf8)
    }

    /// Checks: every date format decodes its form and encodes back to it, with snake_case keys throughout.
    @Test("date formats and key conversion, nested models included", arguments: [
        (JSONAdapter.Configuration.DateFormat.iso8601, #""2014-08-31T00:29:15Z""#, #""2014-08-31T00:29:16.500Z""#),
        (.pattern("yyyy-MM-dd HH:mm:ss"), #""2014-08-31 00:29:15""#, #""2014-08-31 00:29:16""#),
        (.pattern(twitterFormat), #""Sun Aug 31 00:29:15 +0000 2014""#, #""Sun Aug 31 00:29:16 +0000 2014""#),
        (.secondsSince1970, "1409444955", "1409444956.5"),
        (.millisecondsSince1970, "1409444955000", "1409444956500"),
    ])
    func dateFormats(format: JSONAdapter.Configuration.DateFormat, start: String, end: String) throws {
        let configuration = JSONAdapter.Configuration(dateFormat: format, keyConversion: .snakeCase)
        let event = try JSONAdapter.model(of: Event.self, fromJSONData: Self.eventJSON(start: start, end: end),
                                          options: .configuration(configuration))
        #expect(event.eventID == 7)
        #expect(event.startsAt == Date(timeIntervalSince1970: 1_409_444_955))
        let endsAt = try #require(event.endsAt)
        #expect(abs(endsAt.timeIntervalSince1970 - 1_409_444_956.5) <= 0.5)
        #expect(event.venue.venueName == "Hall")
        #expect(event.venue.homePage == URL(string: "https://example.com/"))
        // Encoding writes the same keys and date form, and reads back equal.
        let data = try JSONAdapter.jsonData(from: event, options: .configuration(configuration))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""starts_at":\#(start)"#))
        #expect(text.contains(#""venue_name":"Hall""#))
        #expect(try JSONAdapter.model(of: Event.self, fromJSONData: data, options: .configuration(configuration)) == event)
        // Without the configuration the same JSON maps nothing but defaults (and `venue` is absent).
        let plain = try JSONAdapter.model(of: Event.self, fromJSONData: Self.eventJSON(start: start, end: end))
        #expect(plain == Event())
    }

    /// Checks: a date in another form is .invalidValue naming the property and the converted key.
    @Test("a date in the wrong form names the property and the JSON key")
    func wrongDate() throws {
        let configuration = JSONAdapter.Configuration(dateFormat: .secondsSince1970, keyConversion: .snakeCase)
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: Event.self, fromJSONData: Self.eventJSON(start: #""2014-08-31T00:29:15Z""#, end: "null"),
                                  options: .configuration(configuration))
        }
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "startsAt")
        #expect(error.jsonKeyPath == "starts_at")
    }

    /// Checks: a configuration's transformer by type applies to it alone, ahead of the process-wide registry.
    @Test("transformers by type are per configuration")
    func transformersByType() throws {
        var shouting = JSONAdapter.Configuration(keyConversion: .snakeCase)
        shouting.setTransformer(JSONValueTransformer(forward: { (text: String) in text.uppercased() },
                                                 reverse: { (text: String) in text.lowercased() }),
                                forType: String.self)
        #expect(shouting.transformer(forType: String.self) != nil)
        let data = Data(#"{"event_id": 1, "starts_at": "2014-08-31T00:29:15Z", "note": "quiet", "venue": {"venue_name": "hall"}}"#.utf8)
        let loud = try JSONAdapter.model(of: Event.self, fromJSONData: data, options: .configuration(shouting))
        #expect(loud.note == "QUIET")
        #expect(loud.venue.venueName == "HALL")
        let quiet = try JSONAdapter.model(of: Event.self, fromJSONData: data,
                                          options: .configuration(JSONAdapter.Configuration(keyConversion: .snakeCase)))
        #expect(quiet.note == "quiet")
        #expect(String(decoding: try JSONAdapter.jsonData(from: loud, options: .configuration(shouting)), as: UTF8.self)
            .contains(#""note":"quiet""#))
    }

    /// Checks: an adapter instance keeps its configuration; a call's options add nil handling.
    @Test("an adapter instance with a configuration")
    func instance() throws {
        let configuration = JSONAdapter.Configuration(dateFormat: .millisecondsSince1970, keyConversion: .kebabCase)
        let adapter = try JSONAdapter(modelType: Event.self, configuration: configuration)
        #expect(adapter.configuration.dateFormat == .millisecondsSince1970)
        let data = Data(#"{"event-id": 3, "starts-at": 1000, "venue": {"venue-name": "x"}}"#.utf8)
        let event = try #require(try adapter.model(fromJSONData: data) as? Event)
        #expect(event.eventID == 3 && event.startsAt == Date(timeIntervalSince1970: 1) && event.venue.venueName == "x")
        #expect(String(decoding: try adapter.jsonData(from: event), as: UTF8.self).contains(#""ends-at":null"#))
        let written = String(decoding: try adapter.jsonData(from: event, options: .omitsNilValues), as: UTF8.self)
        #expect(written.contains(#""starts-at":1000"#))
        #expect(!written.contains("ends-at"))
        #expect(!written.contains("note"))
    }

    /// Checks: a configuration's compiled mappings go when the configuration goes (no cycle through them).
    @Test("compiled mappings are freed with their configuration")
    func noCycle() throws {
        weak var context: MappingContext?
        do {
            let configuration = JSONAdapter.Configuration(dateFormat: .secondsSince1970, keyConversion: .snakeCase)
            context = configuration.context
            let event = try JSONAdapter.model(of: Event.self, fromJSONData: Self.eventJSON(start: "1", end: "2"),
                                              options: .configuration(configuration))
            #expect(event.venue.venueName == "Hall")
            #expect(configuration.context.mappings.cachedValue(for: Venue.self) != nil)
            let adapter = try JSONAdapter(modelType: Event.self, configuration: configuration)
            #expect(adapter.configuration.dateFormat == .secondsSince1970)
        }
        #expect(context == nil)
    }

    /// Checks: two configurations with different date formats decode side by side from concurrent tasks.
    @Test("configurations used from concurrent tasks do not interfere")
    func concurrent() async throws {
        let seconds = JSONAdapter.Configuration(dateFormat: .secondsSince1970, keyConversion: .snakeCase)
        let pattern = JSONAdapter.Configuration(dateFormat: .pattern("yyyy-MM-dd HH:mm:ss"), keyConversion: .snakeCase)
        let secondsJSON = Self.eventJSON(start: "1409444955", end: "null")
        let patternJSON = Self.eventJSON(start: #""2014-08-31 00:29:15""#, end: "null")
        let expected = Date(timeIntervalSince1970: 1_409_444_955)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<100 {
                        let event = task.isMultiple(of: 2)
                            ? try JSONAdapter.model(of: Event.self, fromJSONData: secondsJSON, options: .configuration(seconds))
                            : try JSONAdapter.model(of: Event.self, fromJSONData: patternJSON, options: .configuration(pattern))
                        guard event.startsAt == expected else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 })
    }

    /// Checks: the Twitter corpus decodes with snake_case keys and the Twitter date format set on the
    /// configuration alone, to the same values as JSONDecoder with the equivalent strategies.
    @Test("twitter.json with snake_case and an adapter-scoped date format")
    func twitterCorpus() throws {
        let url = RepositoryFiles.url("Tests/JSONAdapterTests/Fixtures/corpora/twitter.json")
        let data = try Data(contentsOf: url)
        let configuration = JSONAdapter.Configuration(dateFormat: .pattern(Self.twitterFormat), keyConversion: .snakeCase)
        let search = try JSONAdapter.model(of: TwitterSearch.self, fromJSONData: data, options: .configuration(configuration))
        #expect(search.statuses.count == 100)
        #expect(search.statuses.allSatisfy { $0.createdAt != nil && $0.user.createdAt != nil && $0.idStr == String($0.id) })

        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let formatter = DateFormatter()
        formatter.dateFormat = Self.twitterFormat
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        decoder.dateDecodingStrategy = .formatted(formatter)
        let reference = try decoder.decode(TwitterSearch.self, from: data)
        #expect(search == reference)

        // The same from a JSONSerialization dictionary, and back through the writer.
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try JSONAdapter.model(of: TwitterSearch.self, from: dictionary, options: .configuration(configuration)) == search)
        let written = try JSONAdapter.jsonData(from: search, options: .configuration(configuration))
        #expect(String(decoding: written, as: UTF8.self).contains(#""screen_name":"#))
        #expect(try JSONAdapter.model(of: TwitterSearch.self, fromJSONData: written, options: .configuration(configuration)) == search)
    }
}

// MARK: - Models

extension ConfigurationTests {
    /// A model whose mapping is its property keys as written (camelCase).
    struct Event: JSONSerializing, Equatable {
        var eventID = 0
        var startsAt = Date(timeIntervalSince1970: 0)
        var endsAt: Date?
        var venue = Venue()
        var note: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A nested model, which the outer configuration applies to as well.
    struct Venue: JSONSerializing, Equatable {
        var venueName = ""
        var homePage: URL?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The Twitter corpus with no per-model code: key paths as written, dates by the adapter.
    struct TwitterUser: JSONSerializing, Codable {
        var id = 0
        var name = ""
        var screenName = ""
        var followersCount = 0
        var createdAt: Date?
        var verified = false
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A status of the Twitter corpus.
    struct TwitterStatus: JSONSerializing, Codable {
        var id = 0
        var idStr = ""
        var text = ""
        var createdAt: Date?
        var user = TwitterUser()
        var retweetCount = 0
        var favoriteCount = 0
        var lang = ""
        var inReplyToStatusId: Int?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The search response of the Twitter corpus.
    struct TwitterSearch: JSONSerializing, Codable {
        var statuses: [TwitterStatus] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
