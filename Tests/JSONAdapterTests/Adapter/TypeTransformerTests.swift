//
//  TypeTransformerTests.swift
//  Per-type transformer registration (`JSONAdapter.register(_:forType:)`), the
//  typed `JSONValueTransformer(forward:reverse:)` through the adapter, and
//  transformer errors surfacing as `.invalidValue` with the `TransformerError`.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Per-type and typed transformers through the adapter")
struct TypeTransformerTests {

    static let paletteJSON = ##"{"primary": "#ff8000", "accents": ["#000000", "#0a0b0c"], "highlight": "#ffffff", "named": "red"}"##

    /// Registration is process-wide: only this test uses `Color`, and it
    /// runs every step in order (register, use, override, unregister).
    @Test("a transformer registered for a type serves properties of T, [T] and T?; a property's own transformer wins")
    func perTypeRegistration() throws {
        JSONAdapter.register(Color.hexTransformer, forType: Color.self)
        var unregistered = false
        defer { if !unregistered { JSONAdapter.register(nil, forType: Color.self) } }

        for path in DecodingPath.allCases {
            let palette = try path.decode(Palette.self, Self.paletteJSON)
            #expect(palette.primary == Color(red: 255, green: 128, blue: 0), "\(path)")
            #expect(palette.accents == [Color(red: 0, green: 0, blue: 0), Color(red: 10, green: 11, blue: 12)], "\(path)")
            #expect(palette.highlight == Color(red: 255, green: 255, blue: 255), "\(path)")
            // `jsonTransformer(forKey:)` wins over the registered one: "red" is no hex string.
            #expect(palette.named == Color(red: 255, green: 0, blue: 0), "\(path)")

            let nullHighlight = try path.decode(Palette.self, #"{"highlight": null}"#)
            #expect(nullHighlight.highlight == nil, "\(path)")

            let json = try path.encode(palette)
            #expect(json["primary"] as? String == "#ff8000", "\(path)")
            #expect(json["accents"] as? [String] == ["#000000", "#0a0b0c"], "\(path)")
            #expect(json["highlight"] as? String == "#ffffff", "\(path)")
            #expect(json["named"] as? String == "red", "\(path)")
            #expect(try JSONAdapter.model(of: Palette.self, fromJSONData: JSONAdapter.jsonData(from: palette)) == palette)

            var empty = Palette()
            empty.named = Color(red: 255, green: 255, blue: 255)
            empty.highlight = nil
            #expect(FoundationJSON.isNull(try path.encode(empty)["highlight"]), "\(path)")

            // The registered transformer's errors are .invalidValue with the TransformerError.
            let bad = try #require(adapterError { _ = try path.decode(Palette.self, ##"{"accents": ["#123456", "blue"]}"##) })
            #expect(bad.code == .invalidValue)
            #expect(bad.propertyKey == "accents")
            #expect(bad.jsonKeyPath == "accents[1]")
            let underlying = try #require(bad.underlyingError as? TransformerError)
            #expect(underlying.inputValue as? String == "blue")
        }

        // Removing it: a Color property can no longer be read from a string.
        JSONAdapter.register(nil, forType: Color.self)
        unregistered = true
        for path in DecodingPath.allCases {
            let error = try #require(adapterError { _ = try path.decode(Palette.self, ##"{"primary": "#ff8000"}"##) })
            #expect(error.code == .invalidValue, "\(path)")
            #expect(error.propertyKey == "primary", "\(path)")
            // The property's own transformer still works.
            #expect(try path.decode(Palette.self, #"{"named": "white"}"#).named == Color(red: 255, green: 255, blue: 255))
        }
    }

    @Test("the typed JSONValueTransformer works through the adapter", arguments: DecodingPath.allCases)
    func typedTransformer(path: DecodingPath) throws {
        let link = try path.decode(Link.self, #"{"title": "t", "href": "https://example.com/x"}"#)
        #expect(link.target == URL(string: "https://example.com/x"))
        #expect(try path.encode(link)["href"] as? String == "https://example.com/x")

        let null = try path.decode(Link.self, #"{"href": null}"#)
        #expect(null.target == nil)
        #expect(FoundationJSON.isNull(try path.encode(null)["href"]))
        #expect(try path.decode(Link.self, "{}").target == nil)
    }

    static let badInputs: [(json: String, input: String)] = [
        (#"{"href": 42}"#, "42"),
        (#"{"href": "ftp-less text"}"#, #""ftp-less text""#),
        (#"{"href": ["https://a.example"]}"#, #"["https://a.example"]"#),
        (#"{"href": true}"#, "true"),
    ]

    @Test("a transformer error surfaces as .invalidValue whose underlyingError is the TransformerError",
          arguments: DecodingPath.allCases, badInputs.indices)
    func transformerErrorOnDecoding(path: DecodingPath, index: Int) throws {
        let (json, input) = Self.badInputs[index]
        let error = try #require(adapterError { _ = try path.decode(Link.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "target")
        #expect(error.jsonKeyPath == "href")
        let underlying = try #require(error.underlyingError as? TransformerError)
        #expect(underlying.code == .invalidInput)
        #expect(FoundationJSON.canonical(underlying.inputValue) == FoundationJSON.canonical(json: input))
        #expect((error as NSError).userInfo[NSUnderlyingErrorKey] != nil)
    }

    @Test("a reverse transformation error surfaces as .invalidValue when encoding", arguments: DecodingPath.allCases)
    func transformerErrorOnEncoding(path: DecodingPath) throws {
        var link = Link()
        link.target = URL(string: "http://insecure.example")
        let error = try #require(adapterError { _ = try path.encode(link) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "target")
        let underlying = try #require(error.underlyingError as? TransformerError)
        #expect(underlying.code == .invalidInput)
        #expect(underlying.inputValue as? URL == URL(string: "http://insecure.example"))
    }

    @Test("the explicit model transformers convert dictionaries and arrays of them")
    func explicitModelTransformers() throws {
        let dictionaryTransformer = JSONAdapter.dictionaryTransformer(modelType: ValueModels.Leaf.self)
        let leaf = try dictionaryTransformer.transformedValue(["name": "a", "size": 2]) as? ValueModels.Leaf
        #expect(leaf == ValueModels.Leaf(name: "a", size: 2))
        let back = try dictionaryTransformer.reverseTransformedValue(ValueModels.Leaf(name: "b")) as? [String: Any]
        #expect(back?["name"] as? String == "b")

        let arrayTransformer = JSONAdapter.arrayTransformer(modelType: ValueModels.Leaf.self)
        let leaves = try arrayTransformer.transformedValue([["name": "x"], ["name": "y"]]) as? [Any]
        #expect(leaves?.compactMap { ($0 as? ValueModels.Leaf)?.name } == ["x", "y"])
        let invalid = caught(TransformerError.self) { _ = try arrayTransformer.transformedValue("nope") }
        #expect(invalid?.inputValue as? String == "nope")
    }
}

// MARK: - Models

extension TypeTransformerTests {
    /// A colour written as "#rrggbb"; JSON has no such type, so it needs a
    /// transformer registered for the type. Only `TypeTransformerTests` uses it.
    struct Color: Hashable, Sendable, CustomStringConvertible {
        var red: UInt8 = 0
        var green: UInt8 = 0
        var blue: UInt8 = 0

        init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        init?(hex: String) {
            guard hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }

        var hex: String {
            "#" + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
        }

        var description: String { hex }

        /// "#rrggbb" ↔ `Color`.
        static let hexTransformer = JSONValueTransformer(
            forward: { (string: String) in Color(hex: string) },
            reverse: { (color: Color) in color.hex })
    }

    /// Properties of `Color`, `[Color]` and `Color?`, and one with its own transformer.
    struct Palette: JSONSerializing {
        var primary = Color(red: 0, green: 0, blue: 0)
        var accents: [Color] = []
        var highlight: Color?
        var named = Color(red: 0, green: 0, blue: 0)

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "primary": "primary", "accents": "accents", "highlight": "highlight", "named": "named",
        ]

        /// `named` takes colour names: a property's own transformer wins over the per-type one.
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "named" else { return nil }
            return JSONValueTransformer(
                forward: { (name: String) -> Color? in
                    switch name {
                    case "red": return Color(red: 255, green: 0, blue: 0)
                    case "white": return Color(red: 255, green: 255, blue: 255)
                    default: return nil
                    }
                },
                reverse: { (color: Color) -> String? in
                    switch color {
                    case Color(red: 255, green: 0, blue: 0): return "red"
                    case Color(red: 255, green: 255, blue: 255): return "white"
                    default: return nil
                    }
                })
        }
    }

    /// A typed transformer (String ↔ URL) used through the adapter.
    struct Link: JSONSerializing {
        var title = ""
        var target: URL?

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title", "target": "href"]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "target" else { return nil }
            return JSONValueTransformer(
                forward: { (string: String) in string.hasPrefix("http") ? URL(string: string) : nil },
                reverse: { (url: URL) in url.scheme == "https" ? url.absoluteString : nil })
        }
    }
}
