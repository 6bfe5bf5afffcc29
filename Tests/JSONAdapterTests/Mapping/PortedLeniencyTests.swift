//  The leniency that code ported from ObjectMapper and KakaJSON relies on:
//  a lone JSON object where an array of models is expected
//  (`.singleObjectAsArray`), and a numeric string into a `Date` written as a
//  number (`.numberStringCoercion` under `.secondsSince1970` and
//  `.millisecondsSince1970`). Both off by default, per call or per
//  property, reported, the same on both decoding paths.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Lenient decoding: what ObjectMapper and KakaJSON ports rely on")
struct PortedLeniencyTests {
    struct Label: JSONSerializing {
        var name = ""
        var color: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    struct Issue: JSONSerializing {
        var title = ""
        var labels: [Label] = []
        var tags: Set<Label> = []
        var assignees: [Label]?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    /// Takes a lone object for `labels` by its own choice, whatever the configuration says.
    struct OptedIn: JSONSerializing {
        var labels: [Label] = []
        var others: [Label] = []
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { key == "labels" ? .singleObjectAsArray : nil }
    }

    struct Event: JSONSerializing {
        var at = Date(timeIntervalSince1970: 0)
        var until: Date?
        var history: [Date] = []
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    /// Takes a numeric string for `at` by its own choice.
    struct OptedInEvent: JSONSerializing {
        var at = Date(timeIntervalSince1970: 0)
        var other = Date(timeIntervalSince1970: 0)
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { key == "at" ? .numberStringCoercion : nil }
    }

    /// Decodes `json` on both paths with `configuration`, requiring the same model and report.
    func decodeOnBothPaths<M: JSONSerializing>(_ type: M.Type, _ json: String,
                                               _ configuration: JSONAdapter.Configuration,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws -> (M, [String]) {
        let data = Data(json.utf8)
        let fromData = try recordingLeniency {
            try JSONAdapter.model(of: type, fromJSONData: data, options: .init(configuration: configuration, leniencyRecorder: $0))
        }
        let fromDictionary = try recordingLeniency {
            try JSONAdapter.model(of: type, from: FoundationJSON.object(json),
                                  options: .init(configuration: configuration, leniencyRecorder: $0))
        }
        #expect(fromData.model == fromDictionary.model, sourceLocation: sourceLocation)
        #expect(fromData.report == fromDictionary.report, sourceLocation: sourceLocation)
        return (fromData.model, summary(fromData.report))
    }

    static let lenient = JSONAdapter.Configuration(leniency: .singleObjectAsArray)

    // MARK: A lone object for an array of models

    @Test("a lone object is an array of one model, for arrays, sets and optionals, reported")
    func singleObject() throws {
        let json = #"{"title": "t", "labels": {"name": "bug"}, "tags": {"name": "x"}, "assignees": {"name": "kim"}}"#
        let (issue, report) = try decodeOnBothPaths(Issue.self, json, Self.lenient)
        #expect(issue.labels == [Label(name: "bug")])
        #expect(issue.tags == [Label(name: "x")])
        #expect(issue.assignees == [Label(name: "kim")])
        #expect(report.count == 3)
        #expect(Set(report) == ["labels: coerced to [Label]", "tags: coerced to Set<Label>", "assignees: coerced to [Label]"])
        // The same model as the array of one, which needs (and reports) nothing.
        let (arrays, none) = try decodeOnBothPaths(
            Issue.self, #"{"title": "t", "labels": [{"name": "bug"}], "tags": [{"name": "x"}], "assignees": [{"name": "kim"}]}"#,
            Self.lenient)
        #expect(arrays == issue)
        #expect(none.isEmpty)
    }

    @Test("off by default, and only for objects where models are expected", arguments: DecodingPath.allCases)
    func strictByDefault(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Issue.self, #"{"labels": {"name": "bug"}}"#) })
        #expect(error.code == .invalidValue && error.propertyKey == "labels")
        // A string or number is still refused, leniency or not.
        let other = try #require(adapterError {
            _ = try path.decode(Issue.self, #"{"labels": "bug"}"#, configuration: Self.lenient)
        })
        #expect(other.propertyKey == "labels")
    }

    @Test("the lone object decodes as an element would; its errors name its own path", arguments: DecodingPath.allCases)
    func loneObjectErrors(path: DecodingPath) throws {
        let error = try #require(adapterError {
            _ = try path.decode(Issue.self, #"{"labels": {"name": 7}}"#, configuration: Self.lenient)
        })
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == "labels.name")
    }

    @Test("a model opts in per property through jsonLeniency(forKey:)", arguments: DecodingPath.allCases)
    func perProperty(path: DecodingPath) throws {
        let model = try path.decode(OptedIn.self, #"{"labels": {"name": "a"}, "others": [{"name": "b"}]}"#)
        #expect(model.labels == [Label(name: "a")] && model.others == [Label(name: "b")])
        let error = try #require(adapterError { _ = try path.decode(OptedIn.self, #"{"others": {"name": "b"}}"#) })
        #expect(error.propertyKey == "others")
    }

    @Test("models(of:) takes a lone top-level object (or one at the key path), reported at its path")
    func topLevel() throws {
        let object = Data(#"{"name": "bug"}"#.utf8)
        let (labels, report) = try recordingLeniency {
            try JSONAdapter.models(of: Label.self, fromJSONData: object,
                                   options: .init(configuration: Self.lenient, leniencyRecorder: $0))
        }
        #expect(labels == [Label(name: "bug")])
        #expect(summary(report) == [": coerced to [Label]"])
        #expect(report.entries.first?.found == "object")

        let envelope = #"{"data": {"items": {"name": "bug"}}}"#
        let fromText = try recordingLeniency {
            try JSONAdapter.models(of: Label.self, fromJSONData: Data(envelope.utf8),
                                   options: .init(configuration: Self.lenient, keyPath: "data.items", leniencyRecorder: $0))
        }
        #expect(fromText.model == [Label(name: "bug")])
        #expect(summary(fromText.report) == ["data.items: coerced to [Label]"])

        // Strict by default: the shape error of an array.
        let error = try #require(adapterError { _ = try JSONAdapter.models(of: Label.self, fromJSONData: object) })
        #expect(error.code == .invalidJSONDictionary)
    }

    /// DecodingMessyJSON's sample model.
    struct Report: JSONSerializing {
        var labels: [Label] = []
        var created = Date(timeIntervalSince1970: 0)
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = jsonKeyPaths()
    }

    @Test("DecodingMessyJSON's legacy configuration: both bends, two entries")
    func articleSample() throws {
        let legacy = JSONAdapter.Configuration(dateFormat: .secondsSince1970,
                                               leniency: [.numberStringCoercion, .singleObjectAsArray])
        let (bent, report) = try decodeOnBothPaths(Report.self, #"{"labels": {"name": "bug"}, "created": "1372701600"}"#, legacy)
        let (plain, none) = try decodeOnBothPaths(Report.self, #"{"labels": [{"name": "bug"}], "created": 1372701600}"#, legacy)
        #expect(bent == plain && none.isEmpty)
        #expect(Set(report) == ["labels: coerced to [Label]", "created: coerced to Date"])
    }

    // MARK: Numeric strings into dates

    static let dateCases: [(format: JSONAdapter.Configuration.DateFormat, strategy: JSONDecoder.DateDecodingStrategy,
                            text: String)] = [
        (.secondsSince1970, .secondsSince1970, "1372701600"),
        (.secondsSince1970, .secondsSince1970, "1372701600.25"),
        (.secondsSince1970, .secondsSince1970, "-86400"),
        (.millisecondsSince1970, .millisecondsSince1970, "1372701600500"),
        (.millisecondsSince1970, .millisecondsSince1970, "1.5e3"),
    ]

    @Test("a numeric string into a Date written as a number: the date JSONDecoder gives for the number",
          arguments: 0..<dateCases.count)
    func numericStringDate(_ index: Int) throws {
        let (format, strategy, text) = Self.dateCases[index]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        let expected = try decoder.decode([String: Date].self, from: Data(#"{"at": \#(text)}"#.utf8))["at"]

        let configuration = JSONAdapter.Configuration(dateFormat: format, leniency: .numberStringCoercion)
        let (event, report) = try decodeOnBothPaths(
            Event.self, #"{"at": "\#(text)", "until": "\#(text)", "history": ["\#(text)", \#(text)]}"#, configuration)
        #expect(event.at == expected && event.until == expected && event.history == [expected, expected])
        #expect(report == ["at: coerced to Date", "until: coerced to Date", "history[0]: coerced to Date"])
        // The number itself needs nothing.
        let (plain, none) = try decodeOnBothPaths(Event.self, #"{"at": \#(text)}"#, configuration)
        #expect(plain.at == expected && none.isEmpty)
    }

    @Test("numeric date strings: off by default, only numbers, only for the number formats", arguments: DecodingPath.allCases)
    func numericStringDateRefusals(path: DecodingPath) throws {
        let seconds = JSONAdapter.Configuration(dateFormat: .secondsSince1970)
        #expect(adapterError { _ = try path.decode(Event.self, #"{"at": "12"}"#, configuration: seconds) }?.propertyKey == "at")
        let lenient = JSONAdapter.Configuration(dateFormat: .secondsSince1970, leniency: .numberStringCoercion)
        for text in [" 12", "12s", "0x10", "", "NaN", "-"] {
            let error = adapterError { _ = try path.decode(Event.self, #"{"at": "\#(text)"}"#, configuration: lenient) }
            #expect(error?.propertyKey == "at", "\(text)")
        }
        // ISO 8601 dates are strings already: a numeric string is no date there.
        let iso = JSONAdapter.Configuration(leniency: .numberStringCoercion)
        #expect(adapterError { _ = try path.decode(Event.self, #"{"at": "1372701600"}"#, configuration: iso) } != nil)
        // Per property, through jsonLeniency(forKey:).
        let model = try path.decode(OptedInEvent.self, #"{"at": "10"}"#, configuration: seconds)
        #expect(model.at == Date(timeIntervalSince1970: 10))
        #expect(adapterError { _ = try path.decode(OptedInEvent.self, #"{"other": "10"}"#, configuration: seconds) }?
            .propertyKey == "other")
    }
}
