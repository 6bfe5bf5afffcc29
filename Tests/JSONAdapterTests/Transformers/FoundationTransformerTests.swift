//
//  FoundationTransformerTests.swift
//  Foundation's `ValueTransformer` (NSValueTransformer) as a property's transformer. It exists on
//  Apple platforms only; the Linux CI runs these tests against its simulation
//  (`.ci/check-darwin-names`, which defines MANTLE_SIMULATED_DARWIN). `Palette` is the model of
//  TransformingValues.md, "Use Foundation's transformers".
//

#if canImport(ObjectiveC) || MANTLE_SIMULATED_DARWIN
import Foundation
import Testing
import MantleTestSupport
import JSONAdapter

@Suite("Foundation's ValueTransformer as a property's transformer")
struct FoundationTransformerTests {
    /// `"#rrggbb"` ↔ the colour's integer value, both ways, as an Objective-C transformer would.
    final class HexColorTransformer: ValueTransformer {
        override class func allowsReverseTransformation() -> Bool { true }
        override func transformedValue(_ value: Any?) -> Any? {
            guard let text = value as? String, text.hasPrefix("#") else { return nil }
            return Int(text.dropFirst(), radix: 16)
        }
        override func reverseTransformedValue(_ value: Any?) -> Any? {
            guard let rgb = value as? Int else { return nil }
            return "#" + String(rgb, radix: 16)
        }
    }

    /// One way only: text to its length.
    final class LengthTransformer: ValueTransformer {
        override class func allowsReverseTransformation() -> Bool { false }
        override func transformedValue(_ value: Any?) -> Any? { (value as? String)?.count }
    }

    /// Records what it was given: JSON null must arrive as `nil`.
    final class RecordingTransformer: ValueTransformer {
        nonisolated(unsafe) static var inputs: [String] = []
        override class func allowsReverseTransformation() -> Bool { false }
        override func transformedValue(_ value: Any?) -> Any? {
            Self.inputs.append(value.map { "\($0)" } ?? "nil")
            return value
        }
    }

    struct Palette: JSONSerializing {
        var color = 0
        var accent: Int?
        var nameLength = 0
        var negated = false

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["color": "color", "accent": "accent", "nameLength": "name", "negated": "flag"]
        }

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "color", "accent": return JSONValueTransformer(HexColorTransformer())
            case "nameLength": return JSONValueTransformer(LengthTransformer())
            case "negated": return JSONValueTransformer(forName: .negateBooleanTransformerName)
            default: return nil
            }
        }
    }

    @Test("a Foundation transformer decodes, and encodes back when it allows reverse transformation",
          arguments: DecodingPath.allCases)
    func roundTrip(path: DecodingPath) throws {
        let json = ##"{"color":"#ff8800","accent":null,"name":"octocat","flag":true}"##
        let palette = try path.decode(Palette.self, json)
        #expect(palette.color == 0xFF8800 && palette.accent == nil)
        #expect(palette.nameLength == 7 && palette.negated == false)
        let encoded = try path.encode(palette)
        #expect(encoded["color"] as? String == "#ff8800")
        #expect(encoded["accent"] is NSNull)
        // One-way: the value passes through unchanged, as for every one-way transformer.
        #expect(encoded["name"] as? Int == 7)
        #expect(encoded["flag"] as? Bool == true)
    }

    @Test("a nil result is nil: an error naming the property for a non-optional one",
          arguments: DecodingPath.allCases)
    func nilResult(path: DecodingPath) throws {
        let error = adapterError { _ = try path.decode(Palette.self, #"{"color":"orange"}"#) }
        #expect(error?.code == .invalidValue && error?.propertyKey == "color" && error?.jsonKeyPath == "color")
        let palette = try path.decode(Palette.self, #"{"accent":"orange"}"#)
        #expect(palette.accent == nil)
    }

    @Test("JSON null reaches the Foundation transformer as nil, as in Mantle")
    func nullIsNil() throws {
        struct Recorded: JSONSerializing {
            var value: String?
            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
            static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
                JSONValueTransformer(RecordingTransformer())
            }
        }
        RecordingTransformer.inputs = []
        for path in DecodingPath.allCases {
            _ = try path.decode(Recorded.self, #"{"value":null}"#)
            _ = try path.decode(Recorded.self, #"{"value":"x"}"#)
        }
        #expect(RecordingTransformer.inputs == Array(repeating: ["nil", "x"], count: DecodingPath.allCases.count).flatMap { $0 })
    }

    @Test("a transformer registered with Foundation is found by name; an unknown name gives nil")
    func registeredByName() throws {
        let name = NSValueTransformerName("MantleTests.HexColor")
        #expect(JSONValueTransformer(forName: name) == nil)
        ValueTransformer.setValueTransformer(HexColorTransformer(), forName: name)
        defer { ValueTransformer.setValueTransformer(nil, forName: name) }
        let transformer = try #require(JSONValueTransformer(forName: name))
        #expect(transformer.allowsReverseTransformation)
        #expect(try transformer.transformedValue("#10") as? Int == 16)
        #expect(try transformer.reverseTransformedValue(16) as? String == "#10")
        let oneWay = JSONValueTransformer(LengthTransformer())
        #expect(!oneWay.allowsReverseTransformation)
    }
}
#endif
