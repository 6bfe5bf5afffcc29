//
//  DifferentialModels.swift
//  The differential test's models: `Sample`, a model with a property of every
//  supported kind (every integer and floating-point width the platform has,
//  Bool, String, Character, Decimal, URL, UUID, Date, Data, raw-value enums,
//  optionals, arrays, sets, dictionaries keyed by String, Int, UUID and
//  Double, nested models and Codable values), and `SampleTwin`, the Codable
//  struct with the same fields that JSONEncoder and JSONDecoder read and write.
//

import Foundation
@testable import JSONAdapter

enum Differential {
    enum Suit: String, Codable, Hashable, CaseIterable {
        case hearts, spades, clubs
        case diamonds = "♦︎ diamonds"
    }

    enum Level: Int, Codable, Hashable, CaseIterable {
        case low = -1
        case middle = 0
        case high = 9_007_199_254_740_993
    }

    enum Ratio: Double, Codable, Hashable, CaseIterable {
        case tenth = 0.1
        case half = 0.5
        case million = 1_000_000
        case tiny = 1e-300
    }

    /// A `Codable` value held by the model: the library reads and writes it with its own
    /// `JSONValueDecoder`/`JSONValueEncoder`, JSONDecoder and JSONEncoder directly.
    struct Geo: Codable, Hashable {
        var latitude: Double
        var longitude: Float
        var name: String
        var tags: [String]
        var amount: Decimal
        var count: Int64
        var small: Int8
        var unsigned: UInt64
        var when: Date?
        var ratio: Ratio
        var counts: [String: Int]
        var byNumber: [Int: Double]
        #if os(Linux) || os(Windows) || os(Android)
        var half: Float16
        var wide: Int128
        #endif
    }

    /// A nested model.
    struct Inner: JSONSerializing {
        var name = ""
        var value = 0.0
        var level = Level.middle

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// `Inner` for JSONEncoder and JSONDecoder.
    struct InnerTwin: Codable {
        var name: String
        var value: Double
        var level: Level
    }

    /// A property of every supported kind; JSON keys are the property keys.
    struct Sample: JSONSerializing {
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
        #if os(Linux) || os(Windows) || os(Android)
        // Int128/UInt128 need macOS 15 / iOS 18 and Float16 is not on macOS x86_64: covered
        // where the platform has them unconditionally (see CONTRIBUTING.md).
        var int128: Int128 = 0
        var uint128: UInt128 = 0
        var float16: Float16 = 0
        var halves: [Float16] = []
        #endif
        var double = 0.0
        var float: Float = 0
        var bool = false
        var string = ""
        var character: Character = " "
        var decimal: Decimal = 0
        var url = URL(fileURLWithPath: "/")
        var uuid = UUID()
        var date = Date(timeIntervalSince1970: 0)
        var data = Data()
        var suit = Suit.hearts
        var level = Level.middle
        var ratio = Ratio.half
        var optionalInt: Int?
        var optionalDouble: Double?
        var optionalFloat: Float?
        var optionalString: String?
        var optionalDecimal: Decimal?
        var ints: [Int] = []
        var doubles: [Double] = []
        var floats: [Float] = []
        var strings: [String] = []
        var decimals: [Decimal] = []
        var uint64s: [UInt64] = []
        var matrix: [[Double]] = []
        var suits: [Suit] = []
        var intSet: Set<Int> = []
        var stringSet: Set<String> = []
        var countsByName: [String: Int] = [:]
        var doublesByName: [String: Double] = [:]
        var floatsByName: [String: Float] = [:]
        var namesByNumber: [Int: String] = [:]
        var countsByID: [UUID: Int] = [:]
        var namesByDouble: [Double: String] = [:]
        var inner = Inner()
        var inners: [Inner] = []
        var optionalInner: Inner?
        var geo: Geo?
        var geos: [Geo] = []

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// `Sample` for JSONEncoder and JSONDecoder: the same fields, `Character` as a `String`,
    /// without the dictionaries whose keys are neither strings nor integers (`countsByID`,
    /// `namesByDouble`), which JSONEncoder writes as arrays of keys and values where the
    /// library writes objects keyed by the keys' text (see `DictionaryCodec`).
    struct SampleTwin: Codable {
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        #if os(Linux) || os(Windows) || os(Android)
        var int128: Int128 = 0
        var uint128: UInt128 = 0
        var float16: Float16 = 0
        var halves: [Float16] = []
        #endif
        var double: Double
        var float: Float
        var bool: Bool
        var string: String
        var character: String
        var decimal: Decimal
        var url: URL
        var uuid: UUID
        var date: Date
        var data: Data
        var suit: Suit
        var level: Level
        var ratio: Ratio
        var optionalInt: Int?
        var optionalDouble: Double?
        var optionalFloat: Float?
        var optionalString: String?
        var optionalDecimal: Decimal?
        var ints: [Int]
        var doubles: [Double]
        var floats: [Float]
        var strings: [String]
        var decimals: [Decimal]
        var uint64s: [UInt64]
        var matrix: [[Double]]
        var suits: [Suit]
        var intSet: Set<Int>
        var stringSet: Set<String>
        var countsByName: [String: Int]
        var doublesByName: [String: Double]
        var floatsByName: [String: Float]
        var namesByNumber: [Int: String]
        var inner: InnerTwin
        var inners: [InnerTwin]
        var optionalInner: InnerTwin?
        var geo: Geo?
        var geos: [Geo]
    }
}
