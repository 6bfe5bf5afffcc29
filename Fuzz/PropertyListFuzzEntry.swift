//
//  PropertyListFuzzEntry.swift
//  libFuzzer entry point for the binary property-list reader and the model
//  archive decoder. `Fuzz/run.sh --plist` compiles it together with the
//  sources of MantleCore and MantleArchiving as ONE module (their `import`
//  lines are stripped), so nothing here imports them.
//
//  Every input is read with `BinaryPropertyListReader.value(from:maximumDepth:)`
//  and unarchived with `ModelArchiver.unarchive` as `PlistFuzzSink` (a property
//  of every kind an archive holds) and as `PlistFuzzNode` (a class graph). The
//  oracle traps (and libFuzzer saves the input) when:
//  - a property list that was read does not come back identical (to the bit)
//    from `BinaryPropertyListWriter` → reader;
//  - unarchiving throws anything but an `ModelArchiverError` with a description;
//  - an unarchived model cannot be archived again, or its archive does not
//    unarchive to an equal model (models holding NaN are not compared).
//  Crashes, hangs and sanitizer reports are found by libFuzzer itself.
//
//  `LLVMFuzzerInitialize` writes seed archives into `$MANTLE_PLIST_SEEDS`
//  when it is set (run.sh sets it), so no binary seeds live in the repository.
//

import Foundation

// MARK: - Models with every kind of archived value

final class PlistFuzzNode: Model {
    var name = ""
    var rank: Int?
    var next: PlistFuzzNode?
    var kids: [PlistFuzzNode] = []
    weak var parent: PlistFuzzNode?
    required init() {}
}

enum PlistFuzzLevel: Int {
    case low = 0, high = 1
}

struct PlistFuzzSink: Model {
    var s = ""
    var c: Character = "a"
    var i = 0
    var i8: Int8 = 0
    var u64: UInt64 = 0
    var d = 0.0
    var f: Float = 0
    var b = false
    var date: Date?
    var data = Data()
    var url: URL?
    var uuid: UUID?
    var decimal: Decimal = 0
    var level = PlistFuzzLevel.low
    var twice: Int?? = nil
    var json: JSONOptional<Int> = .absent
    var ints: [Int] = []
    var tags: Set<String> = []
    var map: [String: Int] = [:]
    var anything: Any = 0
    var list: [Any] = []
    var node: PlistFuzzNode?
    var kids: [PlistFuzzSink] = []
    #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
    var f80: Float80 = 0
    #endif
}

// MARK: - Oracle

enum PlistFuzzOracle {
    static func fail(_ message: String, _ data: Data) -> Never {
        fatalError("FUZZ ORACLE: \(message)\n--- input: \(data.count) bytes: \(data.prefix(200).map { String(format: "%02x", $0) }.joined())")
    }

    /// `true` when two property lists are identical, reals and dates to the bit.
    static func identical(_ lhs: PropertyListValue, _ rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.real(let left), .real(let right)), (.date(let left), .date(let right)):
            return left.bitPattern == right.bitPattern
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy(identical)
        case (.dictionary(let left), .dictionary(let right)):
            return left.count == right.count && left.allSatisfy { key, value in
                right[key].map { identical(value, $0) } ?? false
            }
        case (.string(let left), .string(let right)):
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        default:
            return lhs == rhs
        }
    }

    /// `true` when two graphs have the same shape and values, compared
    /// without recursion (`==` on a chain deeper than the stack answers "unequal").
    static func sameGraph(_ lhs: PlistFuzzNode?, _ rhs: PlistFuzzNode?) -> Bool {
        var numbers: [ObjectIdentifier: Int] = [:]
        var pairs: [(PlistFuzzNode, PlistFuzzNode)] = []
        func number(_ left: PlistFuzzNode?, _ right: PlistFuzzNode?) -> Bool {
            guard let left, let right else { return left == nil && right == nil }
            if let known = numbers[ObjectIdentifier(left)] { return numbers[ObjectIdentifier(right)] == known }
            guard numbers[ObjectIdentifier(right)] == nil else { return false }
            numbers[ObjectIdentifier(left)] = pairs.count
            numbers[ObjectIdentifier(right)] = pairs.count
            pairs.append((left, right))
            return true
        }
        guard number(lhs, rhs) else { return false }
        var cursor = 0
        while cursor < pairs.count {
            let (left, right) = pairs[cursor]
            cursor += 1
            guard left.name.unicodeScalars.elementsEqual(right.name.unicodeScalars), left.rank == right.rank,
                  number(left.next, right.next), left.kids.count == right.kids.count,
                  zip(left.kids, right.kids).allSatisfy(number) else { return false }
        }
        // Weak parents: kept when the parent was archived, so numbered alike.
        return pairs.allSatisfy { left, right in
            left.parent.map { numbers[ObjectIdentifier($0)] } == right.parent.map { numbers[ObjectIdentifier($0)] }
        }
    }

    /// `sink` without its graphs (compared by ``sameGraph(_:_:)``).
    static func detached(_ sink: PlistFuzzSink) -> PlistFuzzSink {
        var copy = sink
        copy.node = nil
        copy.kids = sink.kids.map(detached)
        return copy
    }

    /// Breaks the links of every node reachable from `root`, so graphs do not leak across runs.
    static func unlink(_ root: PlistFuzzNode?) {
        var pending = root.map { [$0] } ?? []
        var seen: Set<ObjectIdentifier> = []
        while let node = pending.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            pending += node.kids
            if let next = node.next { pending.append(next) }
            node.next = nil
            node.kids = []
        }
    }

    static func unarchive<M: Model>(_ modelType: M.Type, _ data: Data, compare: (M, M) -> Bool, cleanUp: (M) -> Void) {
        let model: M
        do {
            model = try ModelArchiver.unarchive(M.self, from: data)
        } catch let error as ModelArchiverError {
            if error.description.isEmpty { fail("an ModelArchiverError without a description", data) }
            return
        } catch {
            fail("unarchive(\(M.self)) threw \(type(of: error)), not ModelArchiverError: \(error)", data)
        }
        defer { cleanUp(model) }
        do {
            let again = try ModelArchiver.unarchive(M.self, from: ModelArchiver.archivedData(with: model))
            defer { cleanUp(again) }
            if !compare(model, again) {
                fail("the archive of an unarchived \(M.self) gives another model:\n  \(model)\n  \(again)", data)
            }
        } catch {
            fail("an unarchived \(M.self) does not survive archiving again: \(error)", data)
        }
    }

    static func run(_ data: Data) {
        if let value = try? BinaryPropertyListReader.value(from: data, maximumDepth: ArchiveFormat.maximumDepth) {
            do {
                let back = try BinaryPropertyListReader.value(from: BinaryPropertyListWriter.data(for: value),
                                                              maximumDepth: ArchiveFormat.maximumDepth)
                if !identical(value, back) { fail("the writer does not give back what the reader read", data) }
            } catch {
                fail("the reader refuses what the writer wrote: \(error)", data)
            }
        }
        unarchive(PlistFuzzSink.self, data, compare: { left, right in
            sameGraph(left.node, right.node) && (detached(left) == detached(right) || "\(left)".contains("nan"))
        }, cleanUp: { sink in
            unlink(sink.node)
            for kid in sink.kids { unlink(kid.node) }
        })
        unarchive(PlistFuzzNode.self, data, compare: sameGraph, cleanUp: { unlink($0) })
    }

    /// Seed archives: the sink with values of every kind, and graphs.
    static func writeSeeds(to folder: String) {
        var sink = PlistFuzzSink()
        sink.s = "e\u{301} é 👩🏽‍💻"
        sink.c = "é"
        sink.i = -42
        sink.u64 = .max
        sink.d = 0.1
        sink.date = Date(timeIntervalSinceReferenceDate: 12)
        sink.data = Data([1, 2, 3])
        sink.url = URL(string: "https://example.com/a?b#c")
        sink.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        sink.decimal = Decimal(string: "12.5") ?? 0
        sink.level = .high
        sink.twice = .some(nil)
        sink.json = .null
        sink.ints = [1, 2, 3]
        sink.tags = ["a", "b"]
        sink.map = ["k": 1]
        sink.anything = ["x": [1, "y", true]] as [String: Any]
        sink.list = [1.5, "z"]
        #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
        sink.f80 = 1 / 3
        #endif
        let a = PlistFuzzNode(), b = PlistFuzzNode(), c = PlistFuzzNode()
        a.name = "a"
        b.name = "b"
        c.name = "c"
        a.next = b
        b.next = c
        c.next = a
        a.kids = [b, c]
        b.parent = a
        sink.node = a
        sink.kids = [PlistFuzzSink(), sink]
        let seeds: [(String, Data?)] = [
            ("sink", try? ModelArchiver.archivedData(with: sink)),
            ("graph", try? ModelArchiver.archivedData(with: a)),
            ("plain", try? ModelArchiver.archivedData(with: PlistFuzzSink())),
            ("list", BinaryPropertyListWriter.data(for: .array([.integer(1), .real(2.5), .string("é"),
                                                               .dictionary(["k": .data(Data([0]))])]))),
        ]
        unlink(a)
        for (name, data) in seeds {
            guard let data else { continue }
            _ = FileManager.default.createFile(atPath: "\(folder)/\(name).bplist", contents: data)
        }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["MANTLE_PLIST_SEEDS"] {
        PlistFuzzOracle.writeSeeds(to: folder)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    PlistFuzzOracle.run(data)
    return 0
}
