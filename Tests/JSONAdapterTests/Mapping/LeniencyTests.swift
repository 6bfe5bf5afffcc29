//  Lenient decoding (`JSONLeniency`) and its report (`JSONLeniencyReport`):
//  each coercion, lossy collections and defaults on both decoding paths,
//  what is left out of the report, per-property choices, and what leniency
//  never absorbs.

import Foundation
import Testing
@testable import JSONAdapter

/// A decode on both paths, with reports: the JSON text and its `JSONSerialization` dictionary.
func decodeLenientlyOnBothPaths<M: JSONSerializing>(
    _ type: M.Type, _ json: String, _ leniency: JSONLeniency,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (model: M, report: JSONLeniencyReport) {
    let configuration = JSONAdapter.Configuration(leniency: leniency)
    let data = Data(json.utf8)
    let fromData = try recordingLeniency { try JSONAdapter.model(of: type, fromJSONData: data, options: .init(configuration: configuration, leniencyRecorder: $0)) }
    let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let fromDictionary = try recordingLeniency { try JSONAdapter.model(of: type, from: dictionary, options: .init(configuration: configuration, leniencyRecorder: $0)) }
    #expect(fromData.model == fromDictionary.model, "the paths decoded different models", sourceLocation: sourceLocation)
    #expect(Set(fromData.report.entries) == Set(fromDictionary.report.entries), "the paths reported differently",
            sourceLocation: sourceLocation)
    return fromData
}

/// `path: action` for each entry, for compact expectations.
func summary(_ report: JSONLeniencyReport) -> [String] {
    report.entries.map { "\($0.jsonKeyPath): \($0.action)" }
}

@Suite("Lenient decoding")
struct LeniencyTests {
    /// A scalar case: the JSON, the leniency, and the model and report it
    /// gives (`nil` when it must fail, at the key of its only member).
    struct ScalarCase: Sendable, CustomTestStringConvertible {
        var json: String
        var leniency: JSONLeniency
        var expected: Scalars?
        var report: [String] = []
        var testDescription: String { "\(json) with \(leniency.rawValue)" }

        static func ok(_ json: String, _ leniency: JSONLeniency, _ report: [String],
                       _ change: (inout Scalars) -> Void) -> ScalarCase {
            var model = Scalars()
            change(&model)
            return ScalarCase(json: json, leniency: leniency, expected: model, report: report)
        }

        static func fails(_ json: String, _ leniency: JSONLeniency) -> ScalarCase {
            ScalarCase(json: json, leniency: leniency, expected: nil)
        }
    }

    static let scalarCases: [ScalarCase] = [
        // Numbers from strings: the strict rules of the type, on the literal the string holds.
        .ok(#"{"count": "42"}"#, .numberStringCoercion, ["count: coerced to Int"]) { $0.count = 42 },
        .ok(#"{"count": "-7"}"#, .numberStringCoercion, ["count: coerced to Int"]) { $0.count = -7 },
        .fails(#"{"count": "42"}"#, []),
        .fails(#"{"count": "42"}"#, [.boolCoercion, .lossyCollections]),
        .fails(#"{"count": "4.5"}"#, .numberStringCoercion),
        .ok(#"{"count": "1e2"}"#, .numberStringCoercion, ["count: coerced to Int"]) { $0.count = 100 },
        .fails(#"{"count": " 42"}"#, .numberStringCoercion),
        .fails(#"{"count": "0x10"}"#, .numberStringCoercion),
        .ok(#"{"small": "-12"}"#, .numberStringCoercion, ["small: coerced to Int8"]) { $0.small = -12 },
        .fails(#"{"small": "300"}"#, .numberStringCoercion),
        .ok(#"{"ratio": "1.5"}"#, .numberStringCoercion, ["ratio: coerced to Double"]) { $0.ratio = 1.5 },
        .ok(#"{"ratio": "-2e3"}"#, .numberStringCoercion, ["ratio: coerced to Double"]) { $0.ratio = -2000 },
        .fails(#"{"ratio": "NaN"}"#, .numberStringCoercion),
        .fails(#"{"ratio": "1e999"}"#, .numberStringCoercion),
        .ok(#"{"price": "12.30"}"#, .numberStringCoercion, ["price: coerced to Decimal"]) {
            $0.price = Decimal(string: "12.3", locale: nil) ?? 0
        },
        // Strings from numbers: the shortest text.
        .ok(#"{"name": 42}"#, .numberStringCoercion, ["name: coerced to String"]) { $0.name = "42" },
        .ok(#"{"name": 1.5}"#, .numberStringCoercion, ["name: coerced to String"]) { $0.name = "1.5" },
        .ok(#"{"name": -3.0}"#, .numberStringCoercion, ["name: coerced to String"]) { $0.name = "-3" },
        .fails(#"{"name": true}"#, .numberStringCoercion),
        .fails(#"{"name": 42}"#, .boolCoercion),
        // Booleans from "true"/"false" and 0/1.
        .ok(#"{"flag": "true"}"#, .boolCoercion, ["flag: coerced to Bool"]) { $0.flag = true },
        .ok(#"{"flag": "false"}"#, .boolCoercion, ["flag: coerced to Bool"]) { $0.flag = false },
        .ok(#"{"flag": 1}"#, .boolCoercion, ["flag: coerced to Bool"]) { $0.flag = true },
        .ok(#"{"flag": 0}"#, .boolCoercion, ["flag: coerced to Bool"]) { $0.flag = false },
        .fails(#"{"flag": 2}"#, .boolCoercion),
        .fails(#"{"flag": 1.0}"#, .boolCoercion),
        .fails(#"{"flag": "yes"}"#, .boolCoercion),
        .fails(#"{"flag": "TRUE"}"#, .boolCoercion),
        .fails(#"{"flag": "true"}"#, .numberStringCoercion),
        // Raw-value enums follow their raw type.
        .ok(#"{"level": "2"}"#, .numberStringCoercion, ["level: coerced to Int"]) { $0.level = .high },
        .fails(#"{"level": 3}"#, .numberStringCoercion),
        // Defaults: null for a non-optional, the wrong type, an unknown raw value.
        .ok(#"{"count": null}"#, .defaultOnFailure, ["count: used the default"]) { _ in },
        .ok(#"{"count": [1]}"#, .defaultOnFailure, ["count: used the default"]) { _ in },
        .ok(#"{"color": "blue", "count": 3}"#, .defaultOnFailure, ["color: used the default"]) { $0.count = 3 },
        .ok(#"{"level": 3}"#, .defaultOnFailure, ["level: used the default"]) { _ in },
        .ok(#"{"optionalCount": "x"}"#, .all, ["optionalCount: used the default"]) { _ in },
        .ok(#"{"optionalCount": "5"}"#, .all, ["optionalCount: coerced to Int"]) { $0.optionalCount = 5 },
        .fails(#"{"color": "blue"}"#, [.numberStringCoercion, .boolCoercion, .lossyCollections]),
        // JSON that needs no leniency gives an empty report.
        .ok(#"{"count": 1, "name": "a", "flag": true, "optionalCount": null}"#, .all, []) {
            $0.count = 1
            $0.name = "a"
            $0.flag = true
        },
    ]

    @Test("Scalars bend only as the leniency allows, the same on both paths", arguments: scalarCases)
    func scalar(_ testCase: ScalarCase) throws {
        guard let expected = testCase.expected else {
            let key = try #require(try JSONSerialization.jsonObject(with: Data(testCase.json.utf8)) as? [String: Any]).keys.first
            #expect {
                _ = try decodeLenientlyOnBothPaths(Scalars.self, testCase.json, testCase.leniency)
            } throws: { error in
                (error as? JSONAdapterError)?.propertyKey == key
            }
            return
        }
        let (model, report) = try decodeLenientlyOnBothPaths(Scalars.self, testCase.json, testCase.leniency)
        #expect(model == expected)
        #expect(summary(report) == testCase.report)
        #expect(report.entries.allSatisfy { $0.modelTypeName == "Scalars" && $0.propertyKey == $0.jsonKeyPath })
    }

    @Test("An entry says what was found and why a value was refused")
    func entryDetails() throws {
        let (_, report) = try decodeLenientlyOnBothPaths(
            Scalars.self, #"{"count": "42", "color": "blue"}"#, .all)
        #expect(report.entries == [
            JSONLeniencyReport.Entry(modelTypeName: "Scalars", propertyKey: "count", jsonKeyPath: "count",
                                     found: "string \"42\"", action: .coerced(toType: "Int")),
            JSONLeniencyReport.Entry(modelTypeName: "Scalars", propertyKey: "color", jsonKeyPath: "color",
                                     found: "string \"blue\"", action: .usedDefault,
                                     reason: "expected a raw value of Color, found string \"blue\""),
        ])
        #expect(report.description == """
            Scalars.count → "count": found string "42", coerced to Int
            Scalars.color → "color": found string "blue", used the default \
            (expected a raw value of Color, found string "blue")
            """)
    }

    /// A collection case: the JSON, the leniency, what it decodes to, and the report.
    struct CollectionCase: Sendable, CustomTestStringConvertible {
        var json: String
        var leniency: JSONLeniency
        var expected: Collections
        var report: [String]
        var testDescription: String { json }

        init(_ json: String, _ leniency: JSONLeniency, _ report: [String], _ change: (inout Collections) -> Void) {
            self.json = json
            self.leniency = leniency
            self.report = report
            var model = Collections()
            change(&model)
            expected = model
        }
    }

    static let collectionCases: [CollectionCase] = [
        .init(#"{"numbers": [1, "x", 3]}"#, .lossyCollections, ["numbers[1]: skipped"]) { $0.numbers = [1, 3] },
        .init(#"{"numbers": [1, "2", "x"]}"#, [.lossyCollections, .numberStringCoercion],
              ["numbers[1]: coerced to Int", "numbers[2]: skipped"]) { $0.numbers = [1, 2] },
        .init(#"{"tags": ["a", 1, null]}"#, .lossyCollections, ["tags[1]: skipped", "tags[2]: skipped"]) { $0.tags = ["a"] },
        .init(#"{"matrix": [[1, "x"], [2]]}"#, .lossyCollections, ["matrix[0][1]: skipped"]) { $0.matrix = [[1], [2]] },
        .init(#"{"byID": {"1": "a", "x": "b"}}"#, .lossyCollections, ["byID.x: skipped"]) { $0.byID = [1: "a"] },
        .init(#"{"byID": {"2": 5}}"#, .lossyCollections, ["byID.2: skipped"]) { _ in },
        .init(#"{"byID": {"2": 5}}"#, [.lossyCollections, .numberStringCoercion], ["byID.2: coerced to String"]) {
            $0.byID = [2: "5"]
        },
        // Inside nested models, the innermost model and property are named.
        .init(#"{"items": [{"id": "1", "name": "a"}, {"id": "x"}]}"#, [.lossyCollections, .numberStringCoercion],
              ["items[0].id: coerced to Int", "items[1]: skipped"]) { $0.items = [Item(id: 1, name: "a")] },
        // What was bent inside a dropped value is not reported; the drop is.
        .init(#"{"items": [{"id": "2", "name": null}]}"#, [.lossyCollections, .numberStringCoercion],
              ["items[0]: skipped"]) { _ in },
        .init(#"{"coercingItem": {"id": "2", "name": null}}"#, .defaultOnFailure,
              ["coercingItem: used the default"]) { _ in },
        .init(#"{"item": {"id": "2", "name": null}}"#, .all, ["item.id: coerced to Int", "item.name: used the default"]) {
            $0.item = Item(id: 2, name: "")
        },
        // A collection of the wrong type is no element to skip.
        .init(#"{"numbers": {"a": 1}}"#, [.lossyCollections, .defaultOnFailure], ["numbers: used the default"]) { _ in },
    ]

    @Test("Lossy collections leave out what fails, at its index or key", arguments: collectionCases)
    func collection(_ testCase: CollectionCase) throws {
        let (model, report) = try decodeLenientlyOnBothPaths(Collections.self, testCase.json, testCase.leniency)
        #expect(model == testCase.expected)
        #expect(summary(report) == testCase.report)
    }

    @Test("Entries in nested models name the innermost model and property")
    func nestedAttribution() throws {
        let (_, report) = try decodeLenientlyOnBothPaths(
            Collections.self, #"{"items": [{"id": 1}, {"id": "2"}]}"#, .numberStringCoercion)
        let entry = try #require(report.entries.first)
        #expect(report.entries.count == 1)
        #expect(entry.modelTypeName == "Item")
        #expect(entry.propertyKey == "id")
        #expect(entry.jsonKeyPath == "items[1].id")
    }

    @Test("Without lossyCollections, a failing element fails the collection, naming its index")
    func strictCollections() throws {
        #expect {
            _ = try decodeLenientlyOnBothPaths(Collections.self, #"{"numbers": [1, "x"]}"#, .numberStringCoercion)
        } throws: { error in
            (error as? JSONAdapterError)?.jsonKeyPath == "numbers[1]"
        }
    }

    @Test("Top-level arrays of models are lossy too, on both paths")
    func topLevelArray() throws {
        let json = #"[{"id": 1}, 7, {"id": "x"}, {"id": "4"}]"#
        let configuration = JSONAdapter.Configuration(leniency: .all)
        let (models, report) = try recordingLeniency { try JSONAdapter.models(of: Item.self, fromJSONData: Data(json.utf8),
                                                                options: .init(configuration: configuration, leniencyRecorder: $0)) }
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let (fromArray, arrayReport) = try recordingLeniency { try JSONAdapter.models(of: Item.self, from: array,
                                                                        options: .init(configuration: configuration, leniencyRecorder: $0)) }
        #expect(models.map(\.id) == [1, 0, 4])
        #expect(fromArray == models)
        #expect(arrayReport == report)
        #expect(summary(report) == ["[1]: skipped", "[2].id: used the default", "[3].id: coerced to Int"])
        #expect(report.entries[0].modelTypeName == nil && report.entries[0].found == "number 7")

        let lossyOnly = JSONAdapter.Configuration(leniency: .lossyCollections)
        let (kept, lossyReport) = try recordingLeniency { try JSONAdapter.models(of: Item.self, fromJSONData: Data(json.utf8),
                                                                   options: .init(configuration: lossyOnly, leniencyRecorder: $0)) }
        #expect(kept.map(\.id) == [1])
        #expect(summary(lossyReport) == ["[1]: skipped", "[2]: skipped", "[3]: skipped"])
        #expect(lossyReport.entries[2].reason == #"Item.id → "id": expected Int, found string "4""#)
    }

    @Test("A model's per-property leniency takes the place of the configuration's")
    func perProperty() throws {
        let (model, report) = try recordingLeniency { try JSONAdapter.model(
            of: PerProperty.self, fromJSONData: Data(#"{"count": "5", "strictCount": 6}"#.utf8),
            options: .init(configuration: .standard, leniencyRecorder: $0)) }
        #expect(model.count == 5 && model.strictCount == 6)
        #expect(summary(report) == ["count: coerced to Int"])
        #expect {
            _ = try JSONAdapter.model(of: PerProperty.self, fromJSONData: Data(#"{"strictCount": "6"}"#.utf8),
                                      options: .configuration(JSONAdapter.Configuration(leniency: .all)))
        } throws: { error in
            (error as? JSONAdapterError)?.propertyKey == "strictCount"
        }
    }

    @Test("Leniency applies without a report too: per call, per adapter, and on the plain methods")
    func withoutReport() throws {
        let lenient = JSONAdapter.Configuration(leniency: .all)
        let data = Data(#"{"count": "42", "color": "blue"}"#.utf8)
        #expect(try JSONAdapter.model(of: Scalars.self, fromJSONData: data, options: .configuration(lenient)).count == 42)
        let adapter = try JSONAdapter(modelType: Scalars.self, configuration: lenient)
        #expect(adapter.configuration.leniency == .all)
        #expect((try adapter.model(fromJSONData: data) as? Scalars)?.count == 42)
        let (model, report) = try recordingLeniency { try adapter.model(fromJSONData: data, options: .init(leniencyRecorder: $0)) }
        #expect((model as? Scalars)?.count == 42)
        #expect(summary(report) == ["count: coerced to Int", "color: used the default"])
        let dictionary: [String: Any] = ["count": "42", "color": "blue"]
        #expect(try recordingLeniency { try adapter.model(from: dictionary, options: .init(leniencyRecorder: $0)) }.report == report)
        // The process-wide default stays strict.
        #expect(throws: JSONAdapterError.self) { try JSONAdapter.model(of: Scalars.self, fromJSONData: data) }
        #expect(JSONAdapter.Configuration.standard.leniency == [])
    }

    @Test("Leniency never absorbs a broken mapping")
    func brokenMapping() throws {
        #expect {
            _ = try JSONAdapter.model(of: HoldsBroken.self, fromJSONData: Data(#"{"broken": {"id": 1}}"#.utf8),
                                      options: .configuration(JSONAdapter.Configuration(leniency: .all)))
        } throws: { error in
            (error as? JSONAdapterError)?.code == .invalidJSONMapping
        }
    }

    @Test("A transformer's property is not coerced, but can keep its default")
    func transformer() throws {
        let (model, report) = try decodeLenientlyOnBothPaths(Transformed.self, #"{"code": 12}"#, .all)
        #expect(model.code == 0)
        #expect(summary(report) == ["code: used the default"])
        let (hex, empty) = try decodeLenientlyOnBothPaths(Transformed.self, #"{"code": "ff"}"#, .all)
        #expect(hex.code == 255 && empty.isEmpty)
    }

    @Test("Concurrent reporting decodes keep their reports apart")
    func concurrentReports() async throws {
        let lenient = JSONAdapter.Configuration(leniency: .all)
        try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let json = index.isMultiple(of: 2) ? #"{"count": "\#(index)"}"# : #"{"name": \#(index)}"#
                    let (_, report) = try recordingLeniency { try JSONAdapter.model(of: Scalars.self, fromJSONData: Data(json.utf8),
                                                                      options: .init(configuration: lenient, leniencyRecorder: $0)) }
                    return (index, summary(report))
                }
            }
            for try await (index, report) in group {
                #expect(report == [index.isMultiple(of: 2) ? "count: coerced to Int" : "name: coerced to String"])
            }
        }
    }
}

// MARK: - Models

extension LeniencyTests {
    enum Color: String, Sendable {
        case red, green
    }

    enum Level: Int, Sendable {
        case low = 1, high = 2
    }

    /// One property of each scalar kind that leniency bends.
    struct Scalars: JSONSerializing, Sendable {
        var count = 0
        var ratio = 0.0
        var small: Int8 = 0
        var price = Decimal(0)
        var name = ""
        var flag = false
        var color = Color.red
        var level = Level.low
        var optionalCount: Int? = nil
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A nested model for collections.
    struct Item: JSONSerializing, Sendable {
        var id = 0
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A nested model that only ever coerces, whatever the configuration says.
    struct CoercingItem: JSONSerializing, Sendable {
        var id = 0
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { .numberStringCoercion }
    }

    /// Collections of every kind.
    struct Collections: JSONSerializing, Sendable {
        var numbers: [Int] = []
        var tags: Set<String> = []
        var byID: [Int: String] = [:]
        var matrix: [[Int]] = []
        var items: [Item] = []
        var item = Item()
        var coercingItem = CoercingItem()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A model that chooses leniency per property.
    struct PerProperty: JSONSerializing {
        var count = 0
        var strictCount = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonLeniency(forKey key: String) -> JSONLeniency? {
            switch key {
            case "count": return .numberStringCoercion
            case "strictCount": return []
            default: return nil
            }
        }
    }

    /// A model whose mapping is broken, nested in one that is lenient.
    struct BrokenMapping: JSONSerializing {
        var id = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "missing": "missing"] }
    }

    struct HoldsBroken: JSONSerializing {
        var broken: BrokenMapping? = nil
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A property with an explicit transformer.
    struct Transformed: JSONSerializing {
        var code = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { (text: String) -> Int in
                guard let value = Int(text, radix: 16) else { throw TransformerError.invalidInput(text, expected: "hexadecimal") }
                return value
            })
        }
    }
}
