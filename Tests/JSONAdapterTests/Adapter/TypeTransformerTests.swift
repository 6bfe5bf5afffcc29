//
//  SemTransformerTests.swift
//  Per-type transformer registration (`JSONAdapter.register(_:forType:)`), the
//  typed `ValueTransformer(forward:reverse:)` through the adapter, and
//  transformer errors surfacing as `.invalidValue` with the `TransformerError`.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Semantics: transformers")
struct SemTransformerTests {

    static let paletteJSON = ##"{"primary": "#ff8000", "accents": ["#000000", "#0a0b0c"], "highlight": "#ffffff", "named": "red"}"##

    /// Registration is process-wide: only this test uses `SemColor`, and it
    /// runs every step in order (register, use, override, unregister).
    @Test("a transformer registered for a type serves properties of T, [T] and T?; a property's own transformer wins")
    func perTypeRegistration() throws {
        JSONAdapter.register(SemColor.hexTransformer, forType: SemColor.self)
        var unregistered = false
        defer { if !unregistered { JSONAdapter.register(nil, forType: SemColor.self) } }

        for path in DecodingPath.allCases {
            let palette = try path.decode(SemPalette.self, Self.paletteJSON)
            #expect(palette.primary == SemColor(red: 255, green: 128, blue: 0), "\(path)")
            #expect(palette.accents == [SemColor(red: 0, green: 0, blue: 0), SemColor(red: 10, green: 11, blue: 12)], "\(path)")
            #expect(palette.highlight == SemColor(red: 255, green: 255, blue: 255), "\(path)")
            // `jsonTransformer(forKey:)` wins over the registered one: "red" is no hex string.
            #expect(palette.named == SemColor(red: 255, green: 0, blue: 0), "\(path)")

            let nullHighlight = try path.decode(SemPalette.self, #"{"highlight": null}"#)
            #expect(nullHighlight.highlight == nil, "\(path)")

            let json = try path.encode(palette)
            #expect(json["primary"] as? String == "#ff8000", "\(path)")
            #expect(json["accents"] as? [String] == ["#000000", "#0a0b0c"], "\(path)")
            #expect(json["highlight"] as? String == "#ffffff", "\(path)")
            #expect(json["named"] as? String == "red", "\(path)")
            #expect(try JSONAdapter.model(of: SemPalette.self, fromJSONData: JSONAdapter.jsonData(from: palette)) == palette)

            var empty = SemPalette()
            empty.named = SemColor(red: 255, green: 255, blue: 255)
            empty.highlight = nil
            #expect(FoundationJSON.isNull(try path.encode(empty)["highlight"]), "\(path)")

            // The registered transformer's errors are .invalidValue with the TransformerError.
            let bad = try #require(adapterError { _ = try path.decode(SemPalette.self, ##"{"accents": ["#123456", "blue"]}"##) })
            #expect(bad.code == .invalidValue)
            #expect(bad.propertyKey == "accents")
            #expect(bad.jsonKeyPath == "accents[1]")
            let underlying = try #require(bad.underlyingError as? TransformerError)
            #expect(underlying.inputValue as? String == "blue")
        }

        // Removing it: a SemColor property can no longer be read from a string.
        JSONAdapter.register(nil, forType: SemColor.self)
        unregistered = true
        for path in DecodingPath.allCases {
            let error = try #require(adapterError { _ = try path.decode(SemPalette.self, ##"{"primary": "#ff8000"}"##) })
            #expect(error.code == .invalidValue, "\(path)")
            #expect(error.propertyKey == "primary", "\(path)")
            // The property's own transformer still works.
            #expect(try path.decode(SemPalette.self, #"{"named": "white"}"#).named == SemColor(red: 255, green: 255, blue: 255))
        }
    }

    @Test("the typed ValueTransformer works through the adapter", arguments: DecodingPath.allCases)
    func typedTransformer(path: DecodingPath) throws {
        let link = try path.decode(SemLink.self, #"{"title": "t", "href": "https://example.com/x"}"#)
        #expect(link.target == URL(string: "https://example.com/x"))
        #expect(try path.encode(link)["href"] as? String == "https://example.com/x")

        let null = try path.decode(SemLink.self, #"{"href": null}"#)
        #expect(null.target == nil)
        #expect(FoundationJSON.isNull(try path.encode(null)["href"]))
        #expect(try path.decode(SemLink.self, "{}").target == nil)
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
        let error = try #require(adapterError { _ = try path.decode(SemLink.self, json) })
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
        var link = SemLink()
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
        let dictionaryTransformer = JSONAdapter.dictionaryTransformer(modelType: SemLeaf.self)
        let leaf = try dictionaryTransformer.transformedValue(["name": "a", "size": 2]) as? SemLeaf
        #expect(leaf == SemLeaf(name: "a", size: 2))
        let back = try dictionaryTransformer.reverseTransformedValue(SemLeaf(name: "b")) as? [String: Any]
        #expect(back?["name"] as? String == "b")

        let arrayTransformer = JSONAdapter.arrayTransformer(modelType: SemLeaf.self)
        let leaves = try arrayTransformer.transformedValue([["name": "x"], ["name": "y"]]) as? [Any]
        #expect(leaves?.compactMap { ($0 as? SemLeaf)?.name } == ["x", "y"])
        let invalid = caught(TransformerError.self) { _ = try arrayTransformer.transformedValue("nope") }
        #expect(invalid?.inputValue as? String == "nope")
    }
}
