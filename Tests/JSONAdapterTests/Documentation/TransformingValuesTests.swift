//
//  TransformingValuesTests.swift
//  TransformingValues.md (and README's "Transformers"): XYUser's typed and
//  composite transformers, failures, JSON null, per-type registration and the
//  predefined transformers.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("TransformingValues.md (and README: Transformers)")
struct TransformingValuesTests {
    @Test("XYUser: typed tint transformer, composite location, default URL")
    func decodeXYUser() throws {
        let json = try FoundationJSON.object("""
            {"name": "Ann", "blog": "https://ann.example", "tint_hex": "#ff8000", "lat": 52.5, "lng": 13.25}
            """)
        let user = try JSONAdapter.model(of: XYUser.self, from: json)
        #expect(user.name == "Ann")
        #expect(user.website == URL(string: "https://ann.example"))
        #expect(user.tint == Color(red: 255, green: 128, blue: 0))
        #expect(user.location == Location(latitude: 52.5, longitude: 13.25))

        // A composite path always hands the transformer a dictionary, with
        // only the paths that are present.
        let partial = try JSONAdapter.model(of: XYUser.self, from: ["lat": 1.5])
        #expect(partial.location == Location(latitude: 1.5, longitude: nil))
        #expect(partial.tint == .black)
    }

    @Test("XYUser encodes tint back to hex; the one-way location transformer writes nothing")
    func encodeXYUser() throws {
        var user = XYUser()
        user.name = "Ann"
        user.tint = Color(red: 0, green: 0x80, blue: 0xff)
        user.location = Location(latitude: 1, longitude: 2)
        let json = try JSONAdapter.jsonDictionary(from: user)
        #expect(json["tint_hex"] as? String == "#0080ff")
        #expect(json["name"] as? String == "Ann")
        #expect(json["blog"] is NSNull)
        #expect(json["lat"] == nil && json["lng"] == nil)
        let reparsed = try #require(JSONSerialization.jsonObject(with: try JSONAdapter.jsonData(from: user)) as? [String: Any])
        #expect(reparsed["tint_hex"] as? String == "#0080ff")
    }

    @Test("a failing transformer: .invalidValue with the TransformerError and its inputValue underneath")
    func transformerFailure() throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: XYUser.self, fromJSONData: Data(#"{"tint_hex": "zzz"}"#.utf8))
        }
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "tint")
        #expect(error.jsonKeyPath == "tint_hex")
        let underlying = try #require(error.underlyingError as? TransformerError)
        #expect(underlying.code == .invalidInput)
        #expect(underlying.inputValue as? String == "zzz")
        #expect(error.description.hasPrefix(#"XYUser.tint → "tint_hex": "#))
    }

    @Test("typed transformers treat NSNull as invalid input; the adapter hands JSON null over as nil")
    func nullHandling() throws {
        let typed = try #require(XYUser.jsonTransformer(forKey: "tint"))
        let error = #expect(throws: TransformerError.self) { try typed.transformedValue(NSNull()) }
        #expect(error?.code == .invalidInput)
        #expect(try typed.transformedValue(nil) == nil)

        let probe = try JSONAdapter.model(of: NullProbe.self, fromJSONData: Data(#"{"note": null}"#.utf8))
        #expect(probe.note == "got nil")
    }

    @Test("optionalForward: nil is a value (\"\" is no homepage, a tag is no branch); forward: nil is a failure",
          arguments: DecodingPath.allCases)
    func nilIsAValue(path: DecodingPath) throws {
        let none = try path.decode(Repository.self, #"{"homepage": "", "ref": "refs/tags/v1", "website": "https://example.com"}"#)
        #expect(none.homepage == nil && none.branch == nil)
        #expect(none.website == URL(string: "https://example.com"))
        #expect(FoundationJSON.canonical(try path.encode(none))
            == FoundationJSON.canonical(json: #"{"homepage": null, "ref": null, "website": "https://example.com"}"#))

        let some = try path.decode(Repository.self, #"{"homepage": "https://a.example", "ref": "refs/heads/main"}"#)
        #expect(some.homepage == URL(string: "https://a.example") && some.branch == "main")
        let written = try path.encode(some)
        #expect(written["homepage"] as? String == "https://a.example")
        #expect(written["ref"] as? String == "refs/heads/main")

        // The typed forward's nil fails, naming the property, with the TransformerError underneath.
        let error = try #require(adapterError { _ = try path.decode(Repository.self, #"{"website": ""}"#) })
        #expect(error.code == .invalidValue && error.propertyKey == "website")
        #expect((error.underlyingError as? TransformerError)?.code == .invalidInput)
        // Wrong input still throws in optionalForward's closure.
        let bad = try #require(adapterError { _ = try path.decode(Repository.self, #"{"homepage": "http://["}"#) })
        #expect(bad.code == .invalidValue && bad.propertyKey == "homepage")
        #expect((bad.underlyingError as? TransformerError)?.expected == "a URL")
        // JSON null reaches neither closure.
        #expect(try path.decode(Repository.self, #"{"homepage": null, "ref": null}"#) == Repository())
    }

    @Test("optionalForward's nil still fails for a property that cannot be nil", arguments: DecodingPath.allCases)
    func nilForNonOptional(path: DecodingPath) throws {
        #expect(try path.decode(Mirror.self, #"{"url": "https://m.example"}"#).url == URL(string: "https://m.example"))
        let error = try #require(adapterError { _ = try path.decode(Mirror.self, #"{"url": ""}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "url")
    }

    @Test("the two typed forms side by side: the reverse nil is null with optionalForward, a failure with forward")
    func typedForms() throws {
        let lenient = JSONValueTransformer(optionalForward: { (text: String) in Int(text) },
                                           reverse: { (number: Int) in number < 0 ? nil : String(number) })
        let strict = JSONValueTransformer(forward: { (text: String) in Int(text) },
                                          reverse: { (number: Int) in number < 0 ? nil : String(number) })
        #expect(try lenient.transformedValue("x") == nil)
        #expect(try lenient.transformedValue("12") as? Int == 12)
        #expect(try lenient.reverseTransformedValue(-1) == nil)
        #expect(try lenient.reverseTransformedValue(3) as? String == "3")
        #expect(throws: TransformerError.self) { try strict.transformedValue("x") }
        #expect(throws: TransformerError.self) { try strict.reverseTransformedValue(-1) }
        // Input of the wrong type fails in both; nil is nil in both, without calling the closures.
        #expect(throws: TransformerError.self) { try lenient.transformedValue(12) }
        #expect(try lenient.transformedValue(nil) == nil && strict.transformedValue(nil) == nil)
        // A one-way optionalForward, and a numeric input converted exactly.
        let seconds = JSONValueTransformer(optionalForward: { (seconds: Double) in seconds > 0 ? Date(timeIntervalSince1970: seconds) : nil })
        #expect(try seconds.transformedValue(0) == nil)
        #expect(try seconds.transformedValue(1_372_701_600) as? Date == Date(timeIntervalSince1970: 1_372_701_600))
        #expect(!seconds.allowsReverseTransformation)
    }

    @Test("choice order: jsonTransformer(forKey:), then register(_:forType:) (optionals and elements too)")
    func perTypeRegistration() throws {
        let celsius = JSONValueTransformer(forward: { (degrees: Double) in Celsius(degrees: degrees) },
                                       reverse: { (value: Celsius) in value.degrees })
        JSONAdapter.register(celsius, forType: Celsius.self)
        defer { JSONAdapter.register(nil, forType: Celsius.self) }

        let weather = try JSONAdapter.model(of: Weather.self, from: try FoundationJSON.object("""
            {"current": 21.5, "yesterday": 19.5, "forecast": [20.5, 22.5], "record": "38.5C"}
            """))
        #expect(weather.current == Celsius(degrees: 21.5))
        #expect(weather.yesterday == Celsius(degrees: 19.5))
        #expect(weather.forecast == [Celsius(degrees: 20.5), Celsius(degrees: 22.5)])
        #expect(weather.record == Celsius(degrees: 38.5))   // its own transformer wins

        let json = try JSONAdapter.jsonDictionary(from: weather)
        #expect(json["current"] as? Double == 21.5)
        #expect(json["forecast"] as? [Double] == [20.5, 22.5])
        #expect(json["record"] as? String == "38.5C")
    }

    @Test("predefined transformers and the name registry")
    func predefined() throws {
        let url = try #require(JSONValueTransformer.named(.url))
        #expect(try url.transformedValue("https://github.com") as? URL == URL(string: "https://github.com"))
        #expect(try JSONValueTransformer.uuid.transformedValue("E621E1F8-C36C-495A-93FC-0C247A3E6E5F") as? UUID
                == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try JSONValueTransformer.bool.transformedValue(1) as? Bool == true)

        let state = JSONValueTransformer.valueMapping(["open": GitHubWalkthrough.GHIssueState.open, "closed": GitHubWalkthrough.GHIssueState.closed],
                                                  defaultValue: GitHubWalkthrough.GHIssueState.open)
        #expect(try state.transformedValue("closed") as? GitHubWalkthrough.GHIssueState == .closed)
        #expect(try state.transformedValue("other") as? GitHubWalkthrough.GHIssueState == .open)
        #expect(try state.reverseTransformedValue(GitHubWalkthrough.GHIssueState.closed) as? String == "closed")

        let urls = JSONValueTransformer.arrayMapping(.url)
        #expect(try urls.transformedValue(["https://a.example"]) as? [URL] == [URL(string: "https://a.example")!])
        #expect(throws: TransformerError.self) { try JSONValueTransformer.validating(String.self).transformedValue(1) }

        let day = JSONValueTransformer.date(format: "yyyy-MM-dd")
        #expect(try day.transformedValue("2011-04-22") as? Date == (try GitHubWalkthrough.date("2011-04-22T00:00:00Z")))
        let decimal = JSONValueTransformer.number(style: .decimal)
        #expect((try decimal.transformedValue("1234.5") as? NSNumber)?.doubleValue == 1234.5)

        let inverted = JSONValueTransformer.url.inverted
        #expect(try inverted.transformedValue(URL(string: "https://github.com")!) as? String == "https://github.com")

        JSONValueTransformer.register(JSONValueTransformer.bool.inverted, forName: "TransformingValuesInvertedBool")
        #expect(JSONValueTransformer.named("TransformingValuesInvertedBool") != nil)

        let users = JSONAdapter.arrayTransformer(modelType: GitHubWalkthrough.GHUser.self)
        let decoded = try #require(try users.transformedValue([["login": "a"], ["login": "b"]]) as? [GitHubWalkthrough.GHUser])
        #expect(decoded.map(\.login) == ["a", "b"])
        let one = JSONAdapter.dictionaryTransformer(modelType: GitHubWalkthrough.GHUser.self)
        #expect((try one.reverseTransformedValue(decoded[0]) as? [String: Any])?["login"] as? String == "a")
    }
}

// MARK: - Models

extension TransformingValuesTests {
    /// The `Color` README's `XYUser` implies: made from and written as a hex string.
    struct Color: Hashable, Sendable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8

        static let black = Color(red: 0, green: 0, blue: 0)

        init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb` or `rrggbb`; `nil` for anything else.
        init?(hex: String) {
            let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
            guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }

        /// `#rrggbb`.
        var hex: String {
            "#" + [red, green, blue].map { String(format: "%02x", Int($0)) }.joined()
        }
    }

    /// The `Location` README's `XYUser` implies.
    struct Location: Hashable, Sendable {
        var latitude: Double?
        var longitude: Double?
    }

    /// README's `XYUser`.
    struct XYUser: JSONSerializing {
        var name = ""
        var website: URL?
        var tint: Color = .black
        var location: Location?

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "name": "name", "website": "blog", "tint": "tint_hex", "location": ["lat", "lng"],
        ]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "tint":      // typed closures, no Any casts
                return JSONValueTransformer(forward: { (hex: String) in Color(hex: hex) },
                                        reverse: { (color: Color) in color.hex })
            case "location":  // a composite path gives a dictionary keyed by the paths
                return JSONValueTransformer(forward: { (parts: [String: Any]) in
                    Location(latitude: parts["lat"] as? Double, longitude: parts["lng"] as? Double)
                })
            default:
                return nil
            }
        }
    }

    /// TransformingValues.md's `Repository`: `optionalForward` for "no value", `forward` for a failure.
    struct Repository: JSONSerializing {
        var homepage: URL?
        var branch: String?
        var website: URL?

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "homepage": "homepage", "branch": "ref", "website": "website",
        ]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "homepage":   // nil is a value: "" is no homepage
                return JSONValueTransformer(optionalForward: { (string: String) throws -> URL? in
                    if string.isEmpty { return nil }
                    guard let url = URL(string: string) else { throw TransformerError.invalidInput(string, expected: "a URL") }
                    return url
                }, reverse: { (url: URL) in url.absoluteString })
            case "branch":
                return JSONValueTransformer(optionalForward: { (ref: String) in
                    ref.hasPrefix("refs/heads/") ? String(ref.dropFirst("refs/heads/".count)) : nil
                }, reverse: { (branch: String) in "refs/heads/" + branch })
            case "website":    // nil is a failure: "" is an error naming the property
                return JSONValueTransformer(forward: { (string: String) in URL(string: string) },
                                            reverse: { (url: URL) in url.absoluteString })
            default:
                return nil
            }
        }
    }

    /// A non-optional property given an `optionalForward` transformer.
    struct Mirror: JSONSerializing {
        var url = URL(fileURLWithPath: "/")
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["url": "url"]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(optionalForward: { (string: String) in string.isEmpty ? nil : URL(string: string) },
                                 reverse: { (url: URL) in url.absoluteString })
        }
    }

    /// A type used only here, for `JSONAdapter.register(_:forType:)`.
    struct Celsius: Hashable, Sendable {
        var degrees = 0.0
    }

    /// Properties of a registered type: plain, optional, elements, and one with
    /// its own transformer (which wins over the registered one).
    struct Weather: JSONSerializing {
        var current = Celsius()
        var yesterday: Celsius?
        var forecast: [Celsius] = []
        var record = Celsius()

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "current": "current", "yesterday": "yesterday", "forecast": "forecast", "record": "record",
        ]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "record" else { return nil }
            return JSONValueTransformer(forward: { (text: String) in Double(text.dropLast()).map { Celsius(degrees: $0) } },
                                    reverse: { (celsius: Celsius) in "\(celsius.degrees)C" })
        }
    }

    /// A transformer that records the input it is given, to show what the adapter hands it.
    struct NullProbe: JSONSerializing {
        var note = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["note": "note"]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { (value: Any?) -> Any? in value == nil ? "got nil" : "got \(value!)" })
        }
    }
}
