import Foundation
import MantleCore

/// The models that several archiving suites share; models used by one suite
/// are nested in that suite.
enum Sample {
    enum Color: String { case red, green, blue }
    enum Priority: Int { case low = 1, high = 9 }

    struct Options: OptionSet, Hashable {
        let rawValue: UInt8
        static let bold = Options(rawValue: 1)
        static let italic = Options(rawValue: 2)
    }

    struct Point: Model {
        var x = 0.0
        var y = 0.0
    }

    /// A class node for graphs: strong `next` and `children`, weak `parent`.
    final class Node: Model {
        var name = ""
        var next: Node?
        var children: [Node] = []
        weak var parent: Node?
        required init() {}

        convenience init(_ name: String) {
            self.init()
            self.name = name
        }
    }

    /// Every kind of value the format supports.
    struct Everything: Model {
        var string = ""
        var bool = false
        var int = 0
        var int8: Int8 = 0
        var int16: Int16 = 0
        var int32: Int32 = 0
        var int64: Int64 = 0
        var uint: UInt = 0
        var uint8: UInt8 = 0
        var uint16: UInt16 = 0
        var uint32: UInt32 = 0
        var uint64: UInt64 = 0
        var float: Float = 0
        var double = 0.0
        var url: URL?
        var uuid: UUID?
        var date = Date(timeIntervalSinceReferenceDate: 0)
        var data = Data()
        var decimal: Decimal = 0
        var color = Color.red
        var priority: Priority?
        var options: Options = []
        var optionalString: String? = "default"
        var ints: [Int] = []
        var optionalInts: [Int?] = []
        var tags: Set<String> = []
        var scores: [String: Double] = [:]
        var nested: [String: [Int]] = [:]
        var colors: [Color] = []
        var point = Point()
        var points: [Point] = []
        var pointsByName: [String: Point] = [:]
        var optionalPoint: Point?
        var node: Node?
        var anything: Any = 0
    }

    /// One change to ``Everything`` per supported kind of value.
    enum ValueCase: String, CaseIterable, Sendable {
        case string, unicodeString, longString, bool, intExtremes, smallIntegers, uint64Max, float, double
        case infinity, negativeZero, absoluteURL, relativeURL, fileURL, uuid, date, data, decimal, decimalNegative
        case stringEnum, intEnum, optionSet, optionalNil, optionalNonNil, array, arrayOfOptionals, set
        case dictionary, nestedCollections, enumArray, nestedStruct, structArray, structDictionary
        case optionalStruct, nestedClass, anyString, anyArray, anyDictionary

        func apply(to model: inout Everything) {
            switch self {
            case .string: model.string = "foobar"
            case .unicodeString: model.string = "héllo wörld 😀 — 漢字"
            case .longString: model.string = String(repeating: "abc", count: 500)
            case .bool: model.bool = true
            case .intExtremes: model.int = .min; model.int64 = .max
            case .smallIntegers:
                model.int8 = .min; model.int16 = .min; model.int32 = .max
                model.uint8 = .max; model.uint16 = .max; model.uint32 = .max; model.uint = 300
            case .uint64Max: model.uint64 = .max
            case .float: model.float = 0.1
            case .double: model.double = 1.0 / 3.0
            case .infinity: model.double = -.infinity; model.float = .greatestFiniteMagnitude
            case .negativeZero: model.double = -0.0
            case .absoluteURL: model.url = URL(string: "https://github.com/Mantle/Mantle?q=1#top")
            case .relativeURL: model.url = URL(string: "b%20c?x=1", relativeTo: URL(string: "https://example.com/a/"))
            case .fileURL: model.url = URL(fileURLWithPath: "/tmp/some file.txt")
            case .uuid: model.uuid = UUID(uuidString: "4A275FBD-8217-4397-964B-403F4C2B8545")
            case .date: model.date = Date(timeIntervalSince1970: 1_507_651_200.125)
            case .data: model.data = Data((0..<300).map { UInt8($0 % 256) })
            case .decimal: model.decimal = Decimal(string: "12345678901234567890.123456789") ?? 0
            case .decimalNegative: model.decimal = Decimal(string: "-0.000001") ?? 0
            case .stringEnum: model.color = .blue
            case .intEnum: model.priority = .high
            case .optionSet: model.options = [.bold, .italic]
            case .optionalNil: model.optionalString = nil
            case .optionalNonNil: model.optionalString = "set"
            case .array: model.ints = Array(0..<20)
            case .arrayOfOptionals: model.optionalInts = [1, nil, 3]
            case .set: model.tags = ["a", "b", "c"]
            case .dictionary: model.scores = ["x": 1.5, "y": -2]
            case .nestedCollections: model.nested = ["primes": [2, 3, 5], "empty": []]
            case .enumArray: model.colors = [.green, .red]
            case .nestedStruct: model.point = Point(x: 1, y: 2)
            case .structArray: model.points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
            case .structDictionary: model.pointsByName = ["origin": Point(), "one": Point(x: 1, y: 1)]
            case .optionalStruct: model.optionalPoint = Point(x: 5, y: 6)
            case .nestedClass: model.node = Node("leaf")
            case .anyString: model.anything = "text"
            case .anyArray: model.anything = [1, 2, 3]
            case .anyDictionary: model.anything = ["k": "v"]
            }
        }
    }
}
