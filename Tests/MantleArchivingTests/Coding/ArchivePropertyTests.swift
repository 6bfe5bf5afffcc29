import Foundation
import Testing
import MantleCore
import MantleTestSupport
@testable import MantleArchiving

/// Property tests: random models (every kind of field, optionals, nested
/// models, collections, `Any`) and random class graphs (cycles, shared
/// objects, weak back-references) survive an archive exactly: every string to
/// the Unicode scalar, every number and date to the bit, every object graph to
/// its shape. And every round trip is `==` to its original and hashes alike.
@Suite("Archiving: property tests")
struct ArchivePropertyTests {
    enum Mood: String, CaseIterable { case calm, wry, unicode = "ünï\u{301}code" }

    final class Node: Model {
        var name = ""
        var rank: Int?
        var next: Node?
        var children: [Node] = []
        var byName: [String: Node] = [:]
        weak var parent: Node?
        required init() {}
    }

    struct Record: Model {
        var text = ""
        var optionalText: String?
        var character: Character = "a"
        var integer = 0
        var small: Int8 = 0
        var unsigned: UInt64 = 0
        var real = 0.0
        var float: Float = 0
        var flag = false
        var date = Date(timeIntervalSinceReferenceDate: 0)
        var bytes = Data()
        var url: URL?
        var uuid: UUID?
        var decimal: Decimal = 0
        var mood = Mood.calm
        var moods: [Mood] = []
        var texts: [String] = []
        var tags: Set<String> = []
        var byKey: [String: String] = [:]
        var nestedOptional: Int?? = nil
        var optionals: [Int?] = []
        var children: [Record] = []
        var node: Node?
        var anything: Any = 0
    }

    // MARK: Generators

    /// Strings that stress spelling: canonically equivalent pairs, combining
    /// marks, emoji, ASCII, the empty string, long strings.
    static func string(_ random: inout SplitMix64) -> String {
        let pieces = ["a", "é", "e\u{301}", "\u{212B}", "\u{C5}", "A\u{30A}", "👩🏽‍💻", "\u{0}", "ß", "\u{FFFD}",
                      "\u{10FFFF}", "ﬁ", "x", " ", "\"", "\\", "\u{301}", "한", "\u{1100}\u{1161}\u{11A8}"]
        if random.chance(10) { return "" }
        if random.chance(5) { return String(repeating: random.pick(pieces), count: 20 + random.below(100)) }
        return (0..<(1 + random.below(6))).map { _ in random.pick(pieces) }.joined()
    }

    /// A double: special values, random bits, ordinary fractions; NaNs
    /// only when `nan` (a NaN makes a model unequal to itself).
    static func double(_ random: inout SplitMix64, nan: Bool) -> Double {
        let value: Double
        switch random.below(8) {
        case 0: value = random.pick([0.0, -0.0, .infinity, -.infinity, .nan, -.nan, .leastNonzeroMagnitude,
                                     .greatestFiniteMagnitude, .ulpOfOne, 0.1])
        case 1: value = Double(bitPattern: random.next())
        default: value = Double(Int(random.below(2_000_001)) - 1_000_000) / Double(1 + random.below(1_000))
        }
        return value.isNaN && !nan ? 1.5 : value
    }

    static func date(_ random: inout SplitMix64) -> Date {
        var seconds = double(&random, nan: false)
        if seconds.isNaN { seconds = 1 }  // NaN dates are refused when archiving
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// A random `Any` made of values the archive describes exactly by type.
    static func anything(_ random: inout SplitMix64, depth: Int, nan: Bool) -> Any {
        switch random.below(depth > 2 ? 4 : 6) {
        case 0: return Int(bitPattern: UInt(random.next()))
        case 1: return string(&random)
        case 2: return random.chance(50)
        case 3: return double(&random, nan: nan)
        case 4: return (0..<random.below(4)).map { _ in anything(&random, depth: depth + 1, nan: nan) }
        default:
            return Dictionary((0..<random.below(4)).map { _ in (string(&random), anything(&random, depth: depth + 1, nan: nan)) },
                              uniquingKeysWith: { first, _ in first })
        }
    }

    static func record(_ random: inout SplitMix64, depth: Int, nodes: [Node], nan: Bool) -> Record {
        var record = Record()
        record.text = string(&random)
        record.optionalText = random.chance(30) ? nil : string(&random)
        record.character = Character(random.pick(["a", "é", "e\u{301}", "👩🏽‍💻", "\u{1100}\u{1161}"]))
        record.integer = Int(bitPattern: UInt(random.next()))
        record.small = Int8(truncatingIfNeeded: random.next())
        record.unsigned = random.next()
        record.real = double(&random, nan: nan)
        record.float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        if record.float.isNaN, !nan { record.float = 2.5 }
        record.flag = random.chance(50)
        record.date = date(&random)
        record.bytes = Data((0..<random.below(40)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        record.url = random.chance(30) ? nil
            : URL(string: random.pick(["https://example.com/a?b=c#d", "relative/path", "file:///tmp/x%20y"]))
        record.uuid = random.chance(30) ? nil : UUID()
        record.decimal = Decimal(string: random.pick(["0", "-1.5", "12345678901234567890.123", "1e-20"])) ?? 0
        record.mood = random.pick(Mood.allCases)
        record.moods = (0..<random.below(4)).map { _ in random.pick(Mood.allCases) }
        record.texts = (0..<random.below(5)).map { _ in string(&random) }
        record.tags = Set((0..<random.below(5)).map { _ in string(&random) })
        record.byKey = Dictionary((0..<random.below(5)).map { _ in (string(&random), string(&random)) },
                                  uniquingKeysWith: { first, _ in first })
        record.nestedOptional = random.pick([nil, .some(nil), .some(.some(random.below(9)))])
        record.optionals = (0..<random.below(5)).map { _ in random.chance(40) ? nil : random.below(100) }
        if depth < 3 {
            record.children = (0..<random.below(3)).map { _ in ArchivePropertyTests.record(&random, depth: depth + 1, nodes: nodes, nan: nan) }
        }
        record.node = nodes.isEmpty || random.chance(30) ? nil : random.pick(nodes)
        record.anything = anything(&random, depth: 0, nan: nan)
        return record
    }

    /// A random graph of `count` nodes: links, children and named links drawn
    /// among all nodes (cycles, shared nodes), parents pointing back weakly.
    static func graph(_ random: inout SplitMix64, count: Int) -> [Node] {
        let nodes = (0..<count).map { _ in Node() }
        for node in nodes {
            node.name = string(&random)
            node.rank = random.chance(50) ? nil : random.below(5)
            node.next = random.chance(60) ? random.pick(nodes) : nil
            node.children = (0..<random.below(3)).map { _ in random.pick(nodes) }
            for child in node.children where random.chance(50) { child.parent = node }
            if random.chance(30) { node.byName[string(&random)] = random.pick(nodes) }
        }
        return nodes
    }

    static func unlink(_ nodes: [Node]) {
        for node in nodes {
            node.next = nil
            node.children = []
            node.byName = [:]
        }
    }

    // MARK: Exact fingerprints

    /// Every value of a record or graph, exactly: strings as scalars,
    /// numbers and dates as bits, objects by their order of discovery (so
    /// the graph's shape is part of it).
    struct Fingerprint {
        var parts: [String] = []
        var objects: [ObjectIdentifier: Int] = [:]
        var pending: [Node] = []

        mutating func add(_ part: String) { parts.append(part) }

        static func scalars(_ string: String) -> String {
            string.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        }

        mutating func object(_ node: Node?) -> String {
            guard let node else { return "nil" }
            if let index = objects[ObjectIdentifier(node)] { return "#\(index)" }
            objects[ObjectIdentifier(node)] = objects.count
            pending.append(node)
            return "#\(objects.count - 1)"
        }

        mutating func any(_ value: Any) -> String {
            switch value {
            case let integer as Int: return "Int \(integer)"
            case let string as String: return "String \(Self.scalars(string))"
            case let bool as Bool: return "Bool \(bool)"
            case let double as Double: return "Double \(double.bitPattern)"
            case let array as [Any]: return "[" + array.map { any($0) }.joined(separator: ", ") + "]"
            case let dictionary as [String: Any]:
                return "[" + dictionary.map { (Self.scalars($0.key), any($0.value)) }.sorted { $0.0 < $1.0 }
                    .map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "]"
            default: return "? \(type(of: value))"
            }
        }

        mutating func record(_ record: Record) {
            add(Self.scalars(record.text))
            add(record.optionalText.map(Self.scalars) ?? "nil")
            add(Self.scalars(String(record.character)))
            // A signaling NaN turns quiet when the hardware converts it (Float to Double): the quiet bit is not compared.
            let float = record.float.isNaN ? record.float.bitPattern | 0x40_0000 : record.float.bitPattern
            add("\(record.integer) \(record.small) \(record.unsigned) \(record.real.bitPattern) \(float)")
            add("\(record.flag) \(record.date.timeIntervalSinceReferenceDate.bitPattern) \(Array(record.bytes))")
            add("\(record.url.map { "\($0.relativeString) \($0.baseURL?.absoluteString ?? "-")" } ?? "nil")")
            add("\(record.uuid?.uuidString ?? "nil") \(record.decimal) \(record.mood) \(record.moods)")
            add(record.texts.map(Self.scalars).joined(separator: " | "))
            add(record.tags.map(Self.scalars).sorted().joined(separator: " | "))
            add(record.byKey.map { "\(Self.scalars($0.key)) = \(Self.scalars($0.value))" }.sorted().joined(separator: " | "))
            add(String(describing: record.nestedOptional as Any) + " \(record.optionals)")
            add("children \(record.children.count)")
            for child in record.children { self.record(child) }
            add("node " + object(record.node))
            add(any(record.anything))
        }

        /// The objects met so far and those they reach, numbered in discovery
        /// order (named links by their keys' scalars), then described.
        mutating func objectsReached() {
            func namedLinks(_ node: Node) -> [(String, Node)] {
                node.byName.map { (Self.scalars($0.key), $0.value) }.sorted { $0.0 < $1.0 }
            }
            var cursor = 0
            while cursor < pending.count {
                let node = pending[cursor]
                cursor += 1
                _ = object(node.next)
                for child in node.children { _ = object(child) }
                for (_, target) in namedLinks(node) { _ = object(target) }
            }
            for node in pending {
                add("node \(Self.scalars(node.name)) \(node.rank.map(String.init) ?? "nil") next \(object(node.next))")
                add("children " + node.children.map { object($0) }.joined(separator: " "))
                add("named " + namedLinks(node).map { "\($0.0)=\(object($0.1))" }.joined(separator: " "))
                // A weak parent is archived conditionally: kept when the parent
                // is in the archive through a strong path, dropped otherwise.
                add("parent " + (node.parent.flatMap { objects[ObjectIdentifier($0)].map { "#\($0)" } } ?? "nil"))
            }
        }
    }

    static func fingerprint(_ record: Record) -> [String] {
        var print = Fingerprint()
        print.record(record)
        print.objectsReached()
        return print.parts
    }

    // MARK: Properties

    @Test("random records and graphs come back exact to the scalar and the bit, == and hashing alike")
    func randomRoundTrips() throws {
        var random = SplitMix64(seed: "archive property test")
        var roundTrips = 0, objectsArchived = 0, equalChecked = 0
        for round in 0..<400 {
            let nodes = Self.graph(&random, count: random.below(8))
            defer { Self.unlink(nodes) }
            // Odd rounds have no NaN, so that `==` and the hash can be checked too.
            let record = Self.record(&random, depth: 0, nodes: nodes, nan: round % 2 == 0)
            let data = try ModelArchiver.archivedData(with: record)
            let copy = try ModelArchiver.unarchive(Record.self, from: data)
            defer {
                var copies: [Node] = []
                var print = Fingerprint()
                _ = print.object(copy.node)
                for child in copy.children { _ = print.object(child.node) }
                print.objectsReached()
                copies = print.pending
                Self.unlink(copies)
            }
            let before = Self.fingerprint(record), after = Self.fingerprint(copy)
            let difference = before == after ? nil
                : zip(before, after).first { $0 != $1 }.map { "\($0) → \($1)" } ?? "\(before.count) → \(after.count) parts"
            #expect(difference == nil, "round \(round)")
            if round % 2 == 1 {
                #expect(copy == record, "round \(round)")
                #expect(copy.hashValue == record.hashValue, "round \(round)")
                equalChecked += 1
            }
            roundTrips += 1
            objectsArchived += try archiveObjects(data).count
        }
        #expect(roundTrips == 400 && equalChecked == 200)
        print("archive property test: \(roundTrips) round trips exact, \(equalChecked) of them == and hashing alike; "
              + "\(objectsArchived) object-table entries")
    }

    @Test("a graph archived from each of its nodes keeps its shape")
    func randomGraphs() throws {
        var random = SplitMix64(seed: "archive graph property test")
        var archived = 0
        for _ in 0..<300 {
            let nodes = Self.graph(&random, count: 1 + random.below(10))
            defer { Self.unlink(nodes) }
            for root in nodes {
                let copy = try archiveRoundTrip(root)
                var before = Fingerprint(), after = Fingerprint()
                _ = before.object(root)
                _ = after.object(copy)
                before.objectsReached()
                after.objectsReached()
                #expect(before.parts == after.parts)
                #expect(copy == root && copy.hashValue == root.hashValue)
                Self.unlink(after.pending)
                archived += 1
            }
        }
        print("archive graph property test: \(archived) graphs")
        #expect(archived > 1_000)
    }
}
