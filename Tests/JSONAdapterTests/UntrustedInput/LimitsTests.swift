//
//  LimitsTests.swift
//  Untrusted input at the limits: nesting depth (512), numbers that do not
//  fit the target type, and very large strings and arrays. Every case must
//  return or throw the documented error: never trap, never round silently,
//  never take more than linear time.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

// MARK: - Models used only here

// MARK: - Nesting

@Suite("Untrusted input: limits")
struct LimitsTests {

    /// `{"name":"x","payload": <arrays nested `depth` deep>}`: `depth + 1` containers in all.
    static func holderJSON(arrayDepth depth: Int) -> Data {
        Data(#"{"name":"x","payload":\#(UntrustedInput.nested(depth))}"#.utf8)
    }

    /// The nesting depth of a materialised `[Any]` chain.
    static func arrayDepth(_ value: Any?) -> Int {
        var depth = 0
        var current = value
        while let array = current as? [Any] {
            depth += 1
            current = array.first
        }
        return depth
    }

    @Test("512 levels (root object + 511 arrays) decode into an Any? property, on both paths")
    func depth512Accepted() throws {
        let data = Self.holderJSON(arrayDepth: 511)
        let model = try JSONAdapter.model(of: DeepHolder.self, fromJSONData: data)
        #expect(model.name == "x")
        #expect(Self.arrayDepth(model.payload) == 511)

        // JSONSerialization's limit is 512 too, so the dictionary path sees the same input.
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let viaDictionary = try JSONAdapter.model(of: DeepHolder.self, from: object)
        #expect(viaDictionary.name == "x")
        #expect(Self.arrayDepth(viaDictionary.payload) == 511)
    }

    @Test("A 500-deep array under an Any? property decodes, and so does an unmapped one")
    func depth500Any() throws {
        let model = try JSONAdapter.model(of: DeepHolder.self, fromJSONData: Self.holderJSON(arrayDepth: 500))
        #expect(Self.arrayDepth(model.payload) == 500)

        // The model maps nothing there: 511 levels of objects under an unmapped key.
        let unmapped = Data(#"{"name":"y","ignored":\#(UntrustedInput.nested(511, open: #"{"k":"#, close: "}", inner: "1"))}"#.utf8)
        #expect(try JSONAdapter.model(of: NameOnly.self, fromJSONData: unmapped).name == "y")
    }

    @Test("513 levels are .invalidJSONData through model(of:fromJSONData:), arrays or objects")
    func depth513Rejected() throws {
        let arrays = Self.holderJSON(arrayDepth: 512)
        let error = try #require(adapterError {
            _ = try JSONAdapter.model(of: DeepHolder.self, fromJSONData: arrays)
        })
        #expect(error.code == .invalidJSONData)
        #expect(error.description.contains("512"), "the message names the limit: \(error)")

        let objects = Data(#"{"name":"y","ignored":\#(UntrustedInput.nested(512, open: #"{"k":"#, close: "}", inner: "1"))}"#.utf8)
        #expect(adapterError { _ = try JSONAdapter.model(of: NameOnly.self, fromJSONData: objects) }?
            .code == .invalidJSONData)

        // The same through the array API.
        let array = Data("[\(String(decoding: arrays, as: UTF8.self))]".utf8)
        #expect(adapterError { _ = try JSONAdapter.models(of: DeepHolder.self, fromJSONData: array) }?
            .code == .invalidJSONData)
    }

    @Test("Pathological nesting (100,000 levels, unterminated, mixed) is .invalidJSONData without a crash",
          arguments: [
            UntrustedInput.nested(100_000),
            String(repeating: "[", count: 1_000_000),
            String(repeating: #"{"a":"#, count: 200_000),
            String(repeating: #"{"a":["#, count: 50_000) + String(repeating: "]}", count: 50_000),
            #"{"name":"x","payload":"# + UntrustedInput.nested(600) + "}",
          ])
    func pathologicalNesting(json: String) throws {
        let data = Data(json.utf8)
        #expect(adapterError { _ = try JSONAdapter.model(of: DeepHolder.self, fromJSONData: data) }?
            .code == .invalidJSONData)
        #expect(adapterError { _ = try JSONAdapter.models(of: DeepHolder.self, fromJSONData: data) }?
            .code == .invalidJSONData)
    }

    @Test("A recursive model nested to the limit (256 nodes = 512 containers) decodes, encodes and compares")
    func recursiveModelAtLimit() throws {
        // The limit under test is the nesting the library accepts, so the work runs on a thread
        // whose stack is known to hold it: under AddressSanitizer a debug build's frames are
        // several times larger, and 512 containers outgrew the test runner's thread there.
        // (`DarwinStackSizeTests` covers small stacks: the guard stops before they overflow.)
        let outcome = LimitOutcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            do {
                outcome.checks = try Self.limitChecks(levels: 256)
            } catch {
                outcome.failure = "\(error)"
            }
        }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
        #expect(outcome.failure == nil)
        #expect(outcome.checks.count == 7)
        #expect(outcome.checks.allSatisfy { $0 }, "\(outcome.checks)")
    }

    /// The checks of `recursiveModelAtLimit`, each `true` when it holds.
    private static func limitChecks(levels: Int) throws -> [Bool] {
        var checks: [Bool] = []
        let data = Data(TreeNode.chainJSON(levels).utf8)
        let model = try JSONAdapter.model(of: TreeNode.self, fromJSONData: data)
        checks.append(model.chainLength == levels)
        checks.append(model == TreeNode.chain(levels))

        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [false] }
        checks.append(try JSONAdapter.model(of: TreeNode.self, from: object) == model)

        let encoded = try JSONAdapter.jsonData(from: model)
        checks.append(try JSONAdapter.model(of: TreeNode.self, fromJSONData: encoded) == model)
        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        checks.append(try JSONAdapter.model(of: TreeNode.self, from: dictionary) == model)
        checks.append(Set([model, TreeNode.chain(levels)]).count == 1)

        // One node more is 514 containers.
        let tooDeep = Data(TreeNode.chainJSON(levels + 1).utf8)
        do {
            _ = try JSONAdapter.model(of: TreeNode.self, fromJSONData: tooDeep)
            checks.append(false)
        } catch let error as JSONAdapterError {
            checks.append(error.code == .invalidJSONData)
        }
        return checks
    }

    @Test("A deep value where the model expects a scalar or a nested model names the property")
    func deepValueAtScalar() throws {
        let data = Data(#"{"name":\#(UntrustedInput.nested(300))}"#.utf8)
        let error = try #require(adapterError {
            _ = try JSONAdapter.model(of: NameOnly.self, fromJSONData: data)
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "name")
        #expect(error.jsonKeyPath == "name")

        let intermediate = Data(#"{"a":{"b":\#(UntrustedInput.nested(300))}}"#.utf8)
        let pathError = try #require(adapterError {
            _ = try JSONAdapter.model(of: NameOnly.self, fromJSONData: intermediate)
        })
        #expect(pathError.code == .invalidJSONDictionary)
        #expect(pathError.propertyKey == "inner")
    }

    // MARK: - Numbers

    /// A number literal for one property, and what must come out.
    struct NumberCase: Sendable, CustomTestStringConvertible {
        let key: String
        let literal: String
        /// The expected value, or `nil` for `.invalidValue`.
        let expected: Expected?

        enum Expected: Sendable, Equatable {
            case int(Int), int64(Int64), int8(Int8), uint(UInt), uint64(UInt64), double(Double), float(Float)
        }

        var testDescription: String { "\(literal) into \(key) → \(expected.map { "\($0)" } ?? ".invalidValue")" }

        static func invalid(_ literal: String, into key: String) -> NumberCase {
            NumberCase(key: key, literal: literal, expected: nil)
        }
    }

    static let hugeInteger = "1" + String(repeating: "0", count: 400)

    static let numberCases: [NumberCase] = [
        .invalid("1e400", into: "double"),
        .invalid("-1e400", into: "double"),
        .invalid("1e400", into: "int"),
        .invalid("1e400", into: "uint64"),
        .invalid("1e39", into: "float"),
        .invalid("18446744073709551616", into: "uint64"),
        .invalid("18446744073709551616", into: "uint"),
        .invalid("18446744073709551616", into: "int"),
        .invalid(hugeInteger, into: "int"),
        .invalid("-" + hugeInteger, into: "int64"),
        .invalid("-1", into: "uint"),
        .invalid("-1", into: "uint64"),
        .invalid("-9223372036854775808", into: "uint64"),
        .invalid("9223372036854775808", into: "int64"),
        .invalid("9223372036854775808", into: "int"),
        .invalid("-9223372036854775809", into: "int64"),
        .invalid("300", into: "int8"),
        .invalid("-129", into: "int8"),
        .invalid("3.5", into: "int"),
        .invalid("9007199254740993.5", into: "int64"),
        NumberCase(key: "int", literal: "9007199254740993", expected: .int(9_007_199_254_740_993)),
        NumberCase(key: "int", literal: "-9007199254740993", expected: .int(-9_007_199_254_740_993)),
        NumberCase(key: "int64", literal: "9223372036854775807", expected: .int64(.max)),
        NumberCase(key: "int64", literal: "-9223372036854775808", expected: .int64(.min)),
        NumberCase(key: "uint64", literal: "18446744073709551615", expected: .uint64(.max)),
        NumberCase(key: "uint64", literal: "9223372036854775808", expected: .uint64(9_223_372_036_854_775_808)),
        NumberCase(key: "uint", literal: "-0", expected: .uint(0)),
        NumberCase(key: "int8", literal: "-128", expected: .int8(-128)),
        NumberCase(key: "double", literal: "9007199254740993", expected: .double(9_007_199_254_740_992)),
        NumberCase(key: "double", literal: "18446744073709551616", expected: .double(18_446_744_073_709_551_616)),
        .invalid("1e-50", into: "float"),  // nonzero, rounds to zero (1e-400 for a Double: FloatingPointReadingTests)
        NumberCase(key: "double", literal: "1.7976931348623157e308", expected: .double(.greatestFiniteMagnitude)),
        NumberCase(key: "float", literal: "3.4028235e38", expected: .float(.greatestFiniteMagnitude)),
    ]

    /// The value of `key` in `model`, as an `Expected`.
    static func value(of key: String, in model: LimitModels.Numbers) -> NumberCase.Expected? {
        switch key {
        case "int": return .int(model.int)
        case "int64": return .int64(model.int64)
        case "int8": return .int8(model.int8)
        case "uint": return .uint(model.uint)
        case "uint64": return .uint64(model.uint64)
        case "double": return .double(model.double)
        case "float": return .float(model.float)
        default: return nil
        }
    }

    @Test("Numbers that do not fit are .invalidValue naming the property; those that fit are exact",
          arguments: numberCases)
    func numberFit(_ number: NumberCase) throws {
        let data = Data(#"{"\#(number.key)": \#(number.literal)}"#.utf8)
        // JSONSerialization refuses some literals (1e400); those have only the data path.
        let object = FoundationJSON.parsed(data) as? [String: Any]
        var paths: [(String, () throws -> LimitModels.Numbers)] = [
            ("data", { try JSONAdapter.model(of: LimitModels.Numbers.self, fromJSONData: data) }),
        ]
        if let object {
            paths.append(("dictionary", { try JSONAdapter.model(of: LimitModels.Numbers.self, from: object) }))
        }
        for (path, decode) in paths {
            if let expected = number.expected {
                let model = try decode()
                #expect(Self.value(of: number.key, in: model) == expected, "\(path) path")
            } else {
                let error = try #require(adapterError { _ = try decode() }, "\(path) path must throw")
                #expect(error.code == .invalidValue, "\(path) path: \(error)")
                #expect(error.propertyKey == number.key, "\(path) path: \(error)")
                #expect(error.jsonKeyPath == number.key, "\(path) path: \(error)")
            }
        }
    }

    @Test("A number that does not fit inside an array names its index", arguments: ["1e400", "18446744073709551616", "-9223372036854775809", "0.5"])
    func numberInArray(literal: String) throws {
        let data = Data(#"{"ints": [1, 2, \#(literal), 4]}"#.utf8)
        var decoders: [() throws -> Void] = [{ _ = try JSONAdapter.model(of: LimitModels.Numbers.self, fromJSONData: data) }]
        if let object = FoundationJSON.parsed(data) as? [String: Any] {
            decoders.append { _ = try JSONAdapter.model(of: LimitModels.Numbers.self, from: object) }
        }
        for decode in decoders {
            let error = try #require(adapterError(decode))
            #expect(error.code == .invalidValue)
            #expect(error.propertyKey == "ints")
            #expect(error.jsonKeyPath == "ints[2]")
        }
    }

    // MARK: - Size

    @Test("A 10 MB JSON string decodes into a String property, on both paths")
    func tenMegabyteString() throws {
        // A repeating block of ASCII, escapes and multi-byte characters.
        let block = #"abcdefghij0123456789 \"quoted\" back\\slash \n\t caf\u00e9 é 日本 🎉 "#
        let expectedBlock = "abcdefghij0123456789 \"quoted\" back\\slash \n\t café é 日本 🎉 "
        let repeats = 10_000_000 / block.utf8.count + 1
        var json = #"{"text":""#
        json.reserveCapacity(repeats * block.utf8.count + 16)
        for _ in 0..<repeats { json += block }
        json += #""}"#
        let data = Data(json.utf8)
        #expect(data.count > 10_000_000)
        let expectedCount = repeats * expectedBlock.utf8.count

        let model = try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: data)
        #expect(model.text.utf8.count == expectedCount)
        #expect(model.text.hasPrefix(expectedBlock + expectedBlock))
        #expect(model.text.hasSuffix(expectedBlock))

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let viaDictionary = try JSONAdapter.model(of: LimitModels.BigString.self, from: object)
        #expect(viaDictionary.text.utf8.count == expectedCount)
        #expect(viaDictionary.text.utf8.elementsEqual(model.text.utf8))

        // And back out.
        let encoded = try JSONAdapter.jsonData(from: model)
        #expect(try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: encoded).text.utf8.count == expectedCount)
    }

    @Test("A 1,000,000-element array decodes into [Int], on both paths")
    func millionElementArray() throws {
        let count = 1_000_000
        var json = #"{"values":["#
        json.reserveCapacity(count * 8)
        for index in 0..<count {
            if index > 0 { json += "," }
            json += String(index % 2 == 0 ? index : -index)
        }
        json += "]}"
        let data = Data(json.utf8)
        // Sum of 0 - 1 + 2 - 3 … - 999_999.
        let expectedSum = -count / 2

        let model = try JSONAdapter.model(of: BigArray.self, fromJSONData: data)
        #expect(model.values.count == count)
        #expect(model.values.reduce(0, +) == expectedSum)
        #expect(model.values.last == -(count - 1))

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let viaDictionary = try JSONAdapter.model(of: BigArray.self, from: object)
        #expect(viaDictionary.values.count == count)
        #expect(viaDictionary.values.reduce(0, +) == expectedSum)

        // One bad element at the end fails the whole array, naming it.
        let bad = Data((json.dropLast(2) + #","x"]}"#).utf8)
        let error = try #require(adapterError { _ = try JSONAdapter.model(of: BigArray.self, fromJSONData: bad) })
        #expect(error.jsonKeyPath == "values[\(count)]")
    }

    // Many distinct keys in one object: see FuzzFindingsTests.manyDistinctKeysInOneObject
    // (parsing is quadratic in their number, so this test keeps it at 5,000).
    @Test("100,000 repeated keys and 5,000 unmapped keys decode (the last of repeated keys wins, on both paths)")
    func manyKeys() throws {
        var repeated = #"{"text":"first""#
        for _ in 0..<100_000 { repeated += #","text":"again""# }
        repeated += #","text":"last"}"#
        let data = Data(repeated.utf8)
        #expect(try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: data).text == "last")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try JSONAdapter.model(of: LimitModels.BigString.self, from: object).text == "last")

        var unmapped = "{"
        for index in 0..<5_000 { unmapped += #""k\#(index)":\#(index),"# }
        unmapped += #""text":"found"}"#
        #expect(try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: Data(unmapped.utf8)).text == "found")
    }
}

@Suite("Untrusted input: configurable depth limit")
struct ConfigurableDepthTests {
    /// `{"text": "x", "extra": [[…]]}` with `depth` containers in all.
    static func nested(_ depth: Int) -> Data {
        let arrays = depth - 1
        return Data(("{\"text\": \"x\", \"extra\": " + String(repeating: "[", count: arrays)
            + String(repeating: "]", count: arrays) + "}").utf8)
    }

    @Test("maximumDepth lowers and raises the limit", arguments: [(10, 10, true), (11, 10, false), (600, 1000, true), (600, 512, false)])
    func depthLimit(depth: Int, limit: Int, accepted: Bool) throws {
        let data = Self.nested(depth)
        if accepted {
            let model = try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: data, options: .init(maximumDepth: limit))
            #expect(model.text == "x")
        } else {
            let error = #expect(throws: JSONAdapterError.self) {
                try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: data, options: .init(maximumDepth: limit))
            }
            #expect(error?.code == .invalidJSONData)
        }
    }
}

// MARK: - Models

extension LimitsTests {
    /// An `Any?` property that takes whatever JSON is there.
    struct DeepHolder: JSONSerializing {
        var payload: Any?
        var name = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["payload": "payload", "name": "name"]
    }

    /// A model that reads one nested path and ignores everything else.
    struct NameOnly: JSONSerializing {
        var name = ""
        var inner: String?

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "inner": "a.b.c"]
    }

    /// A recursive model: each node holds an array of nodes.
    struct TreeNode: JSONSerializing {
        var name = ""
        var children: [TreeNode] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "children": "children"]

        /// A chain of `levels` nodes, each the only child of the previous one.
        static func chain(_ levels: Int) -> TreeNode {
            var node = TreeNode()
            node.name = "n\(levels - 1)"
            for level in stride(from: levels - 2, through: 0, by: -1) {
                var parent = TreeNode()
                parent.name = "n\(level)"
                parent.children = [node]
                node = parent
            }
            return node
        }

        /// The JSON text of `chain(levels)`: `levels` objects and `levels` arrays, nested.
        static func chainJSON(_ levels: Int) -> String {
            var text = ""
            for level in 0..<levels { text += "{\"name\":\"n\(level)\",\"children\":[" }
            text += String(repeating: "]}", count: levels)
            return text
        }

        /// How many nodes deep the first-child chain goes.
        var chainLength: Int {
            var count = 1
            var node = self
            while let first = node.children.first {
                count += 1
                node = first
            }
            return count
        }
    }

    /// One big array.
    struct BigArray: JSONSerializing {
        var values: [Int] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["values": "values"]
    }
}

/// What `recursiveModelAtLimit`'s thread found: written before it signals, read after the wait.
private final class LimitOutcome: @unchecked Sendable {
    var checks: [Bool] = []
    var failure: String?
}
