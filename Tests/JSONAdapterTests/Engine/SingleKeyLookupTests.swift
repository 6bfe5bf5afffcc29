//  A property whose key path is one key is looked up by that key's UTF-8 bytes, made once when
//  its mapping is compiled (`TypedPropertyMapping.singleKeyUTF8`), and the property being
//  decoded is tracked by its index: keys of every length around the small-string limit,
//  non-ASCII and escaped keys, a key with a literal dot, keys out of the declared order and
//  repeated keys are found on both paths as `JSONDecoder` finds them; errors name the
//  property that failed wherever it is declared; mappings compiled in a configuration that
//  goes away free their keys.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("One-key property look-up")
struct SingleKeyLookupTests {
    /// Keys of 1, 15, 16 and 43 bytes (small strings hold 15), a non-ASCII key and one with a dot.
    struct Keys: JSONSerializing, Equatable {
        var a = 0
        var fifteenByteKey1 = 0
        var sixteenByteKey12 = 0
        var aKeyLongerThanAnySmallStringCanHoldInline = 0
        var café = ""
        var dotted = 0
        var absent: Int?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = {
            var paths = jsonKeyPaths()
            paths["dotted"] = .key("a.b")
            return paths
        }()
    }

    /// ``Keys`` for `JSONDecoder`, the oracle.
    struct KeysTwin: Decodable, Equatable {
        var a = 0
        var fifteenByteKey1 = 0
        var sixteenByteKey12 = 0
        var aKeyLongerThanAnySmallStringCanHoldInline = 0
        var café = ""
        var dotted = 0
        var absent: Int?

        enum CodingKeys: String, CodingKey {
            case a, fifteenByteKey1, sixteenByteKey12, aKeyLongerThanAnySmallStringCanHoldInline, café
            case dotted = "a.b", absent
        }
    }

    static let inputs = [
        #"{"a": 1, "fifteenByteKey1": 15, "sixteenByteKey12": 16, "aKeyLongerThanAnySmallStringCanHoldInline": 43, "café": "x", "a.b": 2}"#,
        // Out of order, escaped, and the non-ASCII key decomposed.
        #"{"a.b": 2, "caf\u0065\u0301": "x", "aKeyLongerThanAnySmallStringCanHoldInlin\u0065": 43, "\u0061": 1, "sixteenByteKey12": 16, "fifteenByteKey1": 15}"#,
        // Repeated keys: the last wins.
        #"{"a": 0, "fifteenByteKey1": 0, "a": 1, "sixteenByteKey12": 16, "fifteenByteKey1": 15, "aKeyLongerThanAnySmallStringCanHoldInline": 43, "café": "x", "a.b": 2}"#,
    ]

    @Test("keys of every kind are found on both paths as JSONDecoder finds them", arguments: DecodingPath.allCases, inputs)
    func found(path: DecodingPath, json: String) throws {
        let model = try path.decode(Keys.self, json)
        #expect(model == Keys(a: 1, fifteenByteKey1: 15, sixteenByteKey12: 16,
                              aKeyLongerThanAnySmallStringCanHoldInline: 43, café: "x", dotted: 2, absent: nil))
        if !json.contains(#""a": 0"#) {  // JSONDecoder keeps the first of repeated keys
            let oracle = try JSONDecoder().decode(KeysTwin.self, from: Data(json.utf8))
            #expect(oracle == KeysTwin(a: model.a, fifteenByteKey1: model.fifteenByteKey1,
                                       sixteenByteKey12: model.sixteenByteKey12,
                                       aKeyLongerThanAnySmallStringCanHoldInline: model.aKeyLongerThanAnySmallStringCanHoldInline,
                                       café: model.café, dotted: model.dotted, absent: model.absent))
        }
        #expect("fifteenByteKey1".utf8.count == 15 && "sixteenByteKey12".utf8.count == 16)
    }

    /// A model whose second and last properties can fail.
    struct Three: JSONSerializing {
        var first = 0
        var second = 0
        var third = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A model holding ``Three`` in an array.
    struct Outer: JSONSerializing {
        var name = ""
        var threes: [Three] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    @Test("an error names the property that failed, first, middle or last, nested too", arguments: DecodingPath.allCases, [
        (#"{"first": "x", "second": 2, "third": "z"}"#, "first", "first"),
        (#"{"first": 1, "second": "y", "third": "z"}"#, "second", "second"),
        (#"{"first": 1, "second": 2, "third": 3}"#, "third", "third"),
    ])
    func errorNamesProperty(path: DecodingPath, input: (json: String, key: String, keyPath: String)) throws {
        let options = JSONAdapter.DecodingOptions(maximumErrorCount: 1)
        let error = try #require(adapterError {
            switch path {
            case .data: _ = try JSONAdapter.model(of: Three.self, fromJSONData: Data(input.json.utf8), options: options)
            case .dictionary, .foundationObjects:
                _ = try JSONAdapter.model(of: Three.self, from: path.jsonObject(input.json), options: options)
            }
        })
        #expect(error.propertyKey == input.key)
        #expect(error.jsonKeyPath == input.keyPath)
        let nested = try #require(adapterError { _ = try path.decode(Outer.self, #"{"name": "n", "threes": [\#(input.json)]}"#) })
        #expect(nested.propertyKey == "threes")
        #expect(nested.jsonKeyPath == "threes[0].\(input.keyPath)")
    }

    @Test("mappings compiled in configurations that go away free their keys, and each decodes alike")
    func configurationsComeAndGo() throws {
        let json = Data(Self.inputs[1].utf8)
        let expected = try JSONAdapter.model(of: Keys.self, fromJSONData: json)
        for _ in 0..<50 {
            let configuration = JSONAdapter.Configuration(leniency: .numberStringCoercion)
            #expect(try JSONAdapter.model(of: Keys.self, fromJSONData: json,
                                          options: .init(configuration: configuration)) == expected)
        }
    }
}
