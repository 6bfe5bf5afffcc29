import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// Round trips that must keep values exactly, beyond what `==` sees: the
/// spelling of strings, a nested optional's `.some(nil)`, the type of an `Any`
/// value, every bit of a `Float80`.
@Suite("Archiving: exact round trips")
struct ExactRoundTripTests {
    struct Spellings: Model {
        var first = ""
        var second = ""
        var optional: String?
        var list: [String] = []
        var set: Set<String> = []
        var byKey: [String: String] = [:]
        var nested: [Spellings] = []
        var anything: Any = 0
    }

    /// The Unicode scalars of every string of a ``Spellings``, in a fixed order.
    static func scalars(_ model: Spellings) -> [[UInt32]] {
        func of(_ string: String) -> [UInt32] { string.unicodeScalars.map(\.value) }
        var result = [of(model.first), of(model.second), model.optional.map(of) ?? []]
        result += model.list.map(of)
        result += model.set.map(of).sorted { $0.lexicographicallyPrecedes($1) }
        for key in model.byKey.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            result += [of(key), of(model.byKey[key] ?? "")]
        }
        for nested in model.nested { result += scalars(nested) }
        if let strings = model.anything as? [String] { result += strings.map(of) }
        return result
    }

    @Test("canonically equivalent strings keep their own spelling everywhere")
    func spellings() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        var model = Spellings()
        model.first = composed
        model.second = decomposed
        model.optional = decomposed
        model.list = [composed, decomposed]
        model.set = [decomposed]
        model.byKey = [decomposed: composed, "k": decomposed]
        model.nested = [Spellings(first: decomposed, second: composed, optional: composed)]
        model.anything = [composed, decomposed] as [String]
        let copy = try archiveRoundTrip(model)
        #expect(Self.scalars(copy) == Self.scalars(model))
        #expect(Array(copy.second.unicodeScalars) == Array(decomposed.unicodeScalars))
        #expect(copy.byKey.keys.contains { $0.unicodeScalars.elementsEqual(decomposed.unicodeScalars) })
    }

    @Test("the property-list writer shares a string object only between identical strings")
    func writerSharing() throws {
        let list = PropertyListValue.array([.string("\u{E9}"), .string("e\u{301}"), .string("\u{E9}"),
                                            .string("\u{212B}"), .string("\u{C5}")])
        let back = try BinaryPropertyListReader.value(from: BinaryPropertyListWriter.data(for: list), maximumDepth: 8)
        guard case .array(let items) = back else { throw UnexpectedArchiveShape(expected: "an array") }
        let scalars = items.map { item -> [UInt32] in
            if case .string(let string) = item { return string.unicodeScalars.map(\.value) }
            return []
        }
        #expect(scalars == [[0xE9], [0x65, 0x301], [0xE9], [0x212B], [0xC5]])
    }

    struct NestedOptionals: Model {
        var twice: Int?? = .some(nil)
        var thrice: Int??? = .some(.some(nil))
        var outerNil: Int?? = nil
        var value: Int?? = 5
        var elements: [Int??] = [.some(nil), nil, 3]
        var byKey: [String: Int??] = ["a": .some(nil), "b": nil]
        var jsonValueNil: JSONOptional<Int?> = .value(nil)
        var jsonNull: JSONOptional<Int?> = .null
    }

    /// The optional layers of a nested optional: how many `.some` before the
    /// `nil` (or `-1` for a value).
    static func layers<T>(_ value: T) -> Int {
        var current: Any = value
        var count = 0
        while let optional = current as? any OptionalProbe {
            guard let inner = optional.probedWrapped else { return count }
            count += 1
            current = inner
        }
        return -1
    }

    @Test("a nested optional's .some(nil) is kept, in properties and collections")
    func nestedOptionals() throws {
        let copy = try archiveRoundTrip(NestedOptionals())
        #expect(Self.layers(copy.twice) == 1)
        #expect(Self.layers(copy.thrice) == 2)
        #expect(Self.layers(copy.outerNil) == 0)
        #expect(copy.value == 5)
        #expect(copy.elements.map(Self.layers) == [1, 0, -1])
        #expect(Self.layers(copy.byKey["a"]) == 2 && Self.layers(copy.byKey["b"]) == 1)
        #expect(copy.jsonValueNil == .value(nil))
        #expect(copy.jsonNull == .null)
        #expect(copy == NestedOptionals())

        // The archive says it: {"$some": {"$null": true}}.
        let values = try archiveValues(ModelArchiver.archivedData(with: NestedOptionals()), object: 0)
        #expect(values["twice"] == .dictionary(["$some": .dictionary(["$null": .bool(true)])]))
        #expect(values["outerNil"] == .dictionary(["$null": .bool(true)]))
    }

    @Test("a $some read where the property is now a plain optional gives nil")
    func someIntoPlainOptional() throws {
        struct Plain: Model { var twice: Int? = 1 }
        let data = try ModelArchiver.archivedData(with: NestedOptionals())
        ModelArchiver.register(Plain.self, forTypeName: ModelArchiver.archivedTypeName(of: NestedOptionals.self))
        #expect(try ModelArchiver.unarchive(Plain.self, from: data).twice == nil)
    }

    struct Untyped: Model {
        var value: Any = 0
        var list: [Any] = []
        var byKey: [String: Any] = [:]
        var optional: Any?
        var hashables: Set<AnyHashable> = []
    }

    enum Suit: String { case hearts }

    /// What an `Any` may not hold, because it would come back as another type.
    static let typeChangingValues: [(value: any Sendable, type: String)] = [
        (Character("x"), "Character"),
        (Substring("ab"), "Substring"),
        (Set([1, 2]), "Set<Int>"),
        (Set(["a"]), "Set<String>"),
        (Suit.hearts, "Suit"),
        ([Character("y")], "Character"),
        (["k": Suit.hearts], "Suit"),
        (JSONOptional<Int>.value(1), "JSONOptional<Int>"),
    ]

    @Test("an Any value that would come back as another type is refused, naming the property and type",
          arguments: 0..<typeChangingValues.count)
    func typeChangingAny(index: Int) throws {
        let (value, typeName) = Self.typeChangingValues[index]
        let placements: [(String, (inout Untyped) -> Void)] = [
            ("value", { $0.value = value }),
            ("list", { $0.list = [1, value] }),
            ("byKey", { $0.byKey = ["k": value] }),
            ("optional", { $0.optional = value }),
        ]
        for (key, place) in placements {
            var model = Untyped()
            place(&model)
            let error = try #require(throws: ModelArchiverError.self) { try ModelArchiver.archivedData(with: model) }
            #expect(error.code == .unsupportedValue)
            #expect(error.propertyKey == key)
            #expect(error.found?.contains(typeName) == true, "\(error)")
        }
    }

    @Test("Any values the archive describes come back equal")
    func describedAny() throws {
        var model = Untyped()
        model.value = Int8(3)
        model.list = [1, "two", 3.5, true, Date(timeIntervalSinceReferenceDate: 7), Data([1]), [1, 2] as [Int],
                      ["a": 1] as [String: Int], Decimal(string: "1.25") as Any, UUID() as Any, NSNull()]
        model.byKey = ["url": URL(string: "https://example.com/a") as Any, "float": Float(0.5)]
        model.optional = Optional<Int>.none as Any
        model.hashables = [1, "a", 2.5]
        let copy = try archiveRoundTrip(model)
        #expect(copy == model)
    }

    #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
    struct Extended: Model {
        var number: Float80 = 0
        var list: [Float80] = []
        var anything: Any = 0
    }

    static let float80Values: [Float80] = [
        1 / 3, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
        .pi, 0.1, -0.0, 1, .infinity, -.infinity, .nan, -.nan, Float80(UInt64.max), 0x1p70, -0x1p200,
    ]

    @Test("Float80 values come back with every bit", arguments: float80Values)
    func float80(number: Float80) throws {
        let model = Extended(number: number, list: [number, 1 / 7], anything: number)
        let copy = try archiveRoundTrip(model)
        func bits(_ value: Float80) -> [UInt64] {
            [UInt64(value.sign == .minus ? 1 : 0), UInt64(value.exponentBitPattern), value.significandBitPattern]
        }
        #expect(bits(copy.number) == bits(number))
        #expect(copy.list.map(bits) == model.list.map(bits))
        // In an `Any`, a number a Double or an integer holds comes back as one (equal as JSON numbers).
        let anything = try #require((copy.anything as? Float80) ?? (copy.anything as? Double).map { Float80($0) }
                                    ?? (copy.anything as? Int64).map { Float80($0) }
                                    ?? (copy.anything as? Int).map { Float80($0) }
                                    ?? (copy.anything as? UInt64).map { Float80($0) })
        #expect(bits(anything) == bits(number))
    }

    @Test("a Float80 a Double holds is archived as a real, any other as its 80 bits")
    func float80Layout() throws {
        let values = try archiveValues(ModelArchiver.archivedData(with: Extended(number: 0.5, list: [1 / 3])), object: 0)
        #expect(values["number"] == .real(0.5))
        guard case .array(let list)? = values["list"], case .dictionary(let tagged)? = list.first,
              case .data(let bytes)? = tagged["$float80"] else {
            throw UnexpectedArchiveShape(expected: "[{\"$float80\": data}]")
        }
        #expect(bytes.count == 10)

        // Into a Double (a declaration that changed), the package's conversion rule rounds to nearest.
        struct Narrow: Model { var list: [Double] = [] }
        ModelArchiver.register(Narrow.self, forTypeName: ModelArchiver.archivedTypeName(of: Extended.self))
        let narrow = try ModelArchiver.unarchive(Narrow.self, from: ModelArchiver.archivedData(with: Extended(list: [1 / 3])))
        #expect(narrow.list == [1.0 / 3])
    }
    #endif

    @Test("a $float80 that is not 10 bytes, or whose fraction has 64 bits, is corrupt")
    func malformedFloat80() throws {
        #expect(ExtendedReal(data: Data(count: 9)) == nil)
        #expect(ExtendedReal(data: Data([0x3F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0])) == nil)
        let number = try #require(ExtendedReal(data: Data([0x3F, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 1])))
        #expect(number.signAndExponent == 0x3FFF && number.fraction == 0x4000_0000_0000_0001)
        #expect(number.data == Data([0x3F, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 1]))
    }
}

/// Reads a nested optional's layers without knowing its `Wrapped` type.
protocol OptionalProbe {
    /// The wrapped value, `nil` for `.none`.
    var probedWrapped: Any? { get }
}

extension Optional: OptionalProbe {
    var probedWrapped: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}
