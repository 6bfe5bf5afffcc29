import Foundation
import MantleTestSupport
import Testing
@testable import MantleCore

// Models with a property for each kind of step of `EqualityPlan`, and plain
// `Hashable` twins whose synthesized `==` is the oracle.

/// One run of bytes covering the whole struct: an array of it compares as one run.
private struct PlanPoint: Model {
    var x = 0
    var y: Int32 = 0
    var z: UInt32 = 0
}

private struct PlanLeaf: Model {
    var flag = false          // a run of its own: padding follows
    var id = 0
    var small: Int8 = 0
    var label = ""
    var note: String?
    var ratio = 0.0
    var numbers: [Int] = []
    var link: URL?
    var seen: Date?
    var tags: Set<String> = []  // through its accessor
}

private final class PlanObject: Model {
    var name = ""
    required init() {}
}

private struct PlanTree: Model {
    var leaf = PlanLeaf()
    var maybe: PlanLeaf?
    var points: [PlanPoint] = []
    var children: [PlanTree] = []
    var byNumber: [Int: PlanLeaf] = [:]
    var byName: [String: PlanLeaf] = [:]
    var object: PlanObject?
}

/// Optional models with and without spare bits in the payload: `PlanPoint?` keeps its case in
/// a byte after the point, `PlanLeaf?` in the leaf's own bytes.
private struct PlanOptionals: Model {
    var point: PlanPoint?
    var leaf: PlanLeaf?
}

private struct LeafTwin: Hashable {
    var flag: Bool, id: Int, small: Int8, label: String, note: String?, ratio: Double, numbers: [Int]
    var link: URL?, seen: Date?, tags: Set<String>
    init(_ leaf: PlanLeaf) {
        (flag, id, small, label, note) = (leaf.flag, leaf.id, leaf.small, leaf.label, leaf.note)
        (ratio, numbers, link, seen, tags) = (leaf.ratio, leaf.numbers, leaf.link, leaf.seen, leaf.tags)
    }
}

private struct PointTwin: Hashable {
    var x: Int, y: Int32, z: UInt32
}

private struct TreeTwin: Equatable {
    var leaf: LeafTwin, maybe: LeafTwin?, points: [PointTwin], children: [TreeTwin]
    var byNumber: [Int: LeafTwin], byName: [String: LeafTwin], object: ObjectIdentifier?
    init(_ tree: PlanTree) {
        byNumber = tree.byNumber.mapValues(LeafTwin.init)
        byName = tree.byName.mapValues(LeafTwin.init)
        leaf = LeafTwin(tree.leaf)
        maybe = tree.maybe.map(LeafTwin.init)
        points = tree.points.map { PointTwin(x: $0.x, y: $0.y, z: $0.z) }
        children = tree.children.map(TreeTwin.init)
        object = tree.object.map(ObjectIdentifier.init)
    }
}

/// A struct model with its own `==` and `hash(into:)`, by `id` alone.
private struct ByIdentifier: Model {
    var id = 0
    var name = ""
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

private struct HoldsByIdentifier: Model {
    var item = ByIdentifier()
    var maybe: ByIdentifier?
    var items: [ByIdentifier] = []
}

/// Nested types used nowhere but inside `OnlyOuter`: their plans are built
/// with `OnlyOuter`'s and retained by it alone.
private struct OnlyInner: Model {
    var value = 0
    var text = ""
}

private struct OnlyMiddle: Model {
    var inner = OnlyInner()
    var inners: [OnlyInner] = []
}

private struct OnlyOuter: Model {
    var middle = OnlyMiddle()
    var middles: [OnlyMiddle]?
    var optional: OnlyMiddle?
}

/// Types compared nowhere else, so that their plans are first built by the concurrent test.
private struct RaceInner: Model {
    var value = 0
    var label = ""
}

private struct RaceOuter: Model {
    var inner = RaceInner()
    var inners: [RaceInner] = []
    var maybe: RaceInner?
}

private struct PlanChain: Model {
    var id = 0
    var next: [PlanChain] = []
}

/// Fields whose same bits are the same value, covering every byte: two arrays
/// of it with the same bits are equal without their steps being walked.
private struct PlanArea: Model {
    var id = 0
    var name = ""
    var note: String?
    var blocks: [Int] = []
}

private struct AreaTwin: Hashable {
    var id: Int, name: String, note: String?, blocks: [Int]
    init(_ area: PlanArea) { (id, name, note, blocks) = (area.id, area.name, area.note, area.blocks) }
}

/// A `Double`, whose NaN is unequal to itself whatever its bits.
private struct PlanReading: Model {
    var id = 0
    var value = 0.0
}

/// Padding after `flag`, whose bits are unspecified.
private struct PlanFlagged: Model {
    var flag = false
    var id = 0
}

private struct PlanAreas: Model {
    var areas: [PlanArea] = []
    var readings: [PlanReading] = []
}

extension RaceOuter {
    fileprivate var withoutMaybe: RaceOuter {
        var copy = self
        copy.maybe = nil
        return copy
    }
}

/// Results appended from several threads.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Bool] = []
    func append(_ value: Bool) { lock.withLock { stored.append(value) } }
    var values: [Bool] { lock.withLock { stored } }
}

/// Random values from small domains, so that equal pairs are frequent.
private struct PlanValues {
    var random: SplitMix64
    let objects: [PlanObject]

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

    mutating func leaf() -> PlanLeaf {
        var leaf = PlanLeaf()
        leaf.flag = pick([false, true])
        leaf.id = pick([0, 1])
        leaf.small = pick([0, -1])
        leaf.label = pick(["", "a", "\u{E9}", "e\u{301}"])  // the last two are == as Strings
        leaf.note = pick([nil, "", "b"])
        leaf.ratio = pick([0.0, -0.0, 1.5, .nan])
        leaf.numbers = pick([[], [1], [1, 2]])
        leaf.link = pick([nil, URL(string: "https://a.example/1"), URL(string: "https://a.example/2")])
        leaf.seen = pick([nil, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1.5)])
        leaf.tags = pick([[], ["t"]])
        return leaf
    }

    mutating func tree(depth: Int) -> PlanTree {
        var tree = PlanTree()
        tree.leaf = leaf()
        tree.maybe = pick([false, true]) ? leaf() : nil
        tree.points = (0..<Int(random.next() % 3)).map { _ in
            PlanPoint(x: pick([0, 1]), y: pick([0, -1]), z: pick([0, 7]))
        }
        if depth > 0 { tree.children = (0..<Int(random.next() % 3)).map { _ in self.tree(depth: depth - 1) } }
        for key in 0..<Int(random.next() % 3) { tree.byNumber[pick([key, key + 10])] = leaf() }
        for key in 0..<Int(random.next() % 3) { tree.byName[pick(["k\(key)", "key \(key)"])] = leaf() }
        tree.object = pick([nil, objects[0], objects[1]])
        return tree
    }
}

@Suite("Model: equality plans")
struct EqualityPlanTests {
    @Test("== and hash agree with the synthesized ones on random models of every kind of step", arguments: 0..<4)
    func differential(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let objects = [PlanObject(), PlanObject()]
        var equalPairs = 0
        for _ in 0..<400 {
            // The same tree built twice, so that no storage is shared, then one field of one
            // part of it drawn again, half of the time.
            let treeSeed = random.next()
            var leftValues = PlanValues(random: SplitMix64(seed: treeSeed), objects: objects)
            let left = leftValues.tree(depth: 2)
            var values = PlanValues(random: SplitMix64(seed: treeSeed), objects: objects)
            var right = values.tree(depth: 2)
            switch random.next() % 8 {
            case 0: right.leaf = values.leaf()
            case 1: right.maybe = values.pick([false, true]) ? values.leaf() : nil
            case 2 where !right.points.isEmpty: right.points[0].y = values.pick([0, -1])
            case 3 where !right.children.isEmpty: right.children[0].leaf.numbers = values.pick([[], [1]])
            case 4 where !right.byNumber.isEmpty: right.byNumber[values.pick(Array(right.byNumber.keys))] = values.leaf()
            case 5: right.byName[values.pick(["k0", "k9"])] = values.pick([nil, values.leaf()])
            default: break
            }
            let expected = TreeTwin(left) == TreeTwin(right)
            #expect((left == right) == expected)
            #expect((right == left) == expected)
            if expected {
                equalPairs += 1
                #expect(left.hashValue == right.hashValue)
            }
        }
        #expect(equalPairs > 5)
    }

    @Test("fields that differ in one step only are unequal", arguments: [
        "flag", "id", "small", "label", "note", "ratio", "numbers", "link", "seen", "tags",
    ])
    func eachStep(key: String) throws {
        let base = PlanTree()
        var changed = PlanTree()
        try changed.leaf.setValue(
            ["flag": true, "id": 1, "small": Int8(1), "label": "x", "note": "x", "ratio": 2.0,
             "numbers": [3], "link": URL(string: "https://x.example") as Any, "seen": Date(timeIntervalSince1970: 9),
             "tags": Set(["x"])][key], forKey: key)
        #expect(base != changed)
        var inMaybe = base, changedMaybe = base
        inMaybe.maybe = base.leaf
        changedMaybe.maybe = changed.leaf
        #expect(inMaybe != changedMaybe)
        var inChildren = base, changedChildren = base
        inChildren.children = [base, base]
        changedChildren.children = [base, changed]
        #expect(inChildren != changedChildren)
    }

    /// Elements of `PlanTree` in one block of the walk (see `EqualityPlan.blockLength`).
    private static let treesPerBlock = 4096 / MemoryLayout<PlanTree>.stride

    @Test("arrays are walked a block at a time, step by step: every element of every block is compared and hashed",
          arguments: [1, 2, treesPerBlock - 1, treesPerBlock, treesPerBlock + 1, 3 * treesPerBlock + 2])
    func blocks(count: Int) {
        func trees() -> [PlanTree] {
            (0..<count).map { index in
                var tree = PlanTree()
                tree.leaf.id = index
                tree.leaf.label = "leaf \(index)"
                tree.leaf.numbers = [index]
                tree.maybe = index.isMultiple(of: 2) ? tree.leaf : nil
                return tree
            }
        }
        var left = PlanTree(), right = PlanTree()
        left.children = trees()
        right.children = trees()
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        // One step of one element changed, at the start, either side of each block boundary and the end.
        let positions = Set([0, count - 1] + stride(from: Self.treesPerBlock, to: count, by: Self.treesPerBlock)
            .flatMap { [$0 - 1, $0] })
        for position in positions.sorted() {
            for change in 0..<4 {
                var changed = right
                switch change {
                case 0: changed.children[position].leaf.id = -1
                case 1: changed.children[position].leaf.label = "changed"
                case 2: changed.children[position].leaf.numbers = []
                default: changed.children[position].maybe = changed.children[position].maybe == nil ? PlanLeaf() : nil
                }
                #expect(left != changed, "element \(position), change \(change)")
                #expect(TreeTwin(left) != TreeTwin(changed))
            }
        }
    }

    @Test("[Int] fields with the same storage are equal without being read; with other storage, by their elements")
    func integerArraysByRepresentation() {
        let shared = [1, 2, 3]
        var left = PlanTree(), right = PlanTree()
        left.leaf.numbers = shared
        right.leaf.numbers = shared            // the same buffer: equal by their bits
        #expect(left == right)
        right.leaf.numbers = Array(1...3)      // another buffer, the same elements
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        right.leaf.numbers = Array(shared.prefix(2))
        #expect(left != right)
        left.leaf.numbers = []
        right.leaf.numbers = Array(shared.dropFirst(3))  // empty, whatever buffer it has
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
    }

    @Test("[Int] fields compare their counts, then every element, as the synthesized == does",
          arguments: [0, 1, 2, 31, 1000])
    func integerArrayElements(count: Int) {
        let values = [Int.min, -1, 0, 1, Int.max]
        let numbers = (0..<count).map { values[$0 % values.count] &+ $0 }
        var left = PlanTree(), right = PlanTree()
        left.leaf.numbers = numbers
        right.leaf.numbers.reserveCapacity(count + 9)      // other storage, spare capacity
        right.leaf.numbers.append(contentsOf: numbers)
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        for position in Set([0, count / 2, count - 1]) where count > 0 {
            for delta in [1, Int.min] {
                var changed = right
                changed.leaf.numbers[position] = changed.leaf.numbers[position] &+ delta
                #expect(left != changed, "element \(position), delta \(delta)")
                #expect(LeafTwin(left.leaf) != LeafTwin(changed.leaf))
            }
        }
        var longer = right
        longer.leaf.numbers.append(0)
        #expect(left != longer)
        #expect(longer != left)
    }

    @Test("optional models are told apart by their case read in place, whatever holds the case",
          arguments: [(false, false), (false, true), (true, false), (true, true)])
    func optionalCases(pointPresent: Bool, leafPresent: Bool) {
        func make(_ pointPresent: Bool, _ leafPresent: Bool, id: Int = 0) -> PlanOptionals {
            PlanOptionals(point: pointPresent ? PlanPoint(x: id) : nil, leaf: leafPresent ? PlanLeaf(id: id) : nil)
        }
        let value = make(pointPresent, leafPresent)
        #expect(value == make(pointPresent, leafPresent))
        #expect(value.hashValue == make(pointPresent, leafPresent).hashValue)
        #expect(value != make(!pointPresent, leafPresent))
        #expect(value != make(pointPresent, !leafPresent))
        if pointPresent || leafPresent {
            #expect(value != make(pointPresent, leafPresent, id: 1))   // present values are compared
        }
        var hashes = Set<Int>()
        for other in [(false, false), (false, true), (true, false), (true, true)] {
            hashes.insert(make(other.0, other.1).hashValue)
        }
        #expect(hashes.count == 4)
    }

    @Test("an array of padding-free models compares and hashes its elements as bytes")
    func wholeBytes() {
        var left = PlanTree(), right = PlanTree()
        left.points = (0..<50).map { PlanPoint(x: $0, y: Int32($0), z: UInt32($0)) }
        right.points = (0..<50).map { PlanPoint(x: $0, y: Int32($0), z: UInt32($0)) }
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        right.points[49].z = 0
        #expect(left != right)
        right.points[49].z = 49
        right.points.append(PlanPoint())
        #expect(left != right)
    }

    @Test("same bits show equality only for models of integers, strings and [Int] with no padding; other bits show inequality only for one run of bytes")
    func sameBitsStride() {
        #expect(EqualityPlan.of(PlanArea.self).sameBitsStride == MemoryLayout<PlanArea>.stride)
        #expect(EqualityPlan.of(PlanPoint.self).sameBitsStride == MemoryLayout<PlanPoint>.stride)
        #expect(EqualityPlan.of(PlanReading.self).sameBitsStride == 0)
        #expect(EqualityPlan.of(PlanFlagged.self).sameBitsStride == 0)
        #expect(EqualityPlan.of(PlanLeaf.self).sameBitsStride == 0)
        #expect(EqualityPlan.of(PlanPoint.self).bitsDecide && !EqualityPlan.of(PlanArea.self).bitsDecide)
    }

    @Test("arrays of such models with the same bits are equal; with other bits, by their steps", arguments: [2, 3, 40])
    func sameBits(count: Int) {
        let long = String(repeating: "area ", count: 8)  // not a small string: its storage is shared
        func areas(copying: Bool) -> [PlanArea] {
            (0..<count).map { index in
                PlanArea(id: index, name: copying ? String(long.utf8.map { Character(UnicodeScalar($0)) }) : long,
                         note: index.isMultiple(of: 2) ? nil : "\(long)\(index)",
                         blocks: copying ? Array(0..<index) : Array(repeating: 7, count: index))
            }
        }
        let shared = areas(copying: false)
        var left = PlanAreas(), right = PlanAreas()
        left.areas = shared
        right.areas = shared.map { $0 }  // another buffer, the same element bits
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        var other = PlanAreas()
        other.areas = areas(copying: false).enumerated().map { index, area in
            var area = area
            area.name = String(long.utf8.map { Character(UnicodeScalar($0)) })  // the same text, another storage
            area.blocks = Array(repeating: 7, count: index)
            return area
        }
        #expect(left == other)
        #expect(left.hashValue == other.hashValue)
        for position in [0, count / 2, count - 1] {
            for change in 0..<4 {
                var changed = right
                switch change {
                case 0: changed.areas[position].id = -1
                case 1: changed.areas[position].name = "changed"
                case 2: changed.areas[position].note = changed.areas[position].note == nil ? "" : nil
                default: changed.areas[position].blocks.append(1)
                }
                #expect(left != changed, "element \(position), change \(change)")
                #expect(left.areas.map(AreaTwin.init) != changed.areas.map(AreaTwin.init))
            }
        }
    }

    @Test("dictionaries of models compare by key and hash alike in any order and capacity; the same storage is equal")
    func dictionaries() {
        func leaf(_ id: Int) -> PlanLeaf {
            var leaf = PlanLeaf()
            leaf.id = id
            leaf.label = "leaf \(id) of a label too long to be a small string"
            return leaf
        }
        var left = PlanTree(), right = PlanTree()
        for key in 0..<200 { left.byNumber[key] = leaf(key) }
        right.byNumber.reserveCapacity(1000)                   // another capacity, another order
        for key in (0..<200).reversed() { right.byNumber[key] = leaf(key) }
        for key in ["a", "b", "c"] { left.byName[key] = leaf(key.count) }
        for key in ["c", "a", "b"] { right.byName[key] = leaf(key.count) }
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        #expect(TreeTwin(left) == TreeTwin(right))
        var changed = right
        changed.byNumber[199]?.id = -1
        #expect(left != changed)
        changed = right
        changed.byNumber[199] = nil
        changed.byNumber[200] = leaf(199)                      // the same count, another key
        #expect(left != changed)
        changed = right
        changed.byName["d"] = leaf(1)
        #expect(left != changed)
        // A NaN makes a value unequal to itself, except within the same storage (`Dictionary.==`).
        var nan = PlanTree()
        nan.byNumber[1] = leaf(1)
        nan.byNumber[1]?.ratio = .nan
        let shared = nan
        #expect(nan == shared)
        let numbers = [1: Double.nan], sharedNumbers = numbers
        #expect(numbers == sharedNumbers)                      // the standard library's rule
        var rebuilt = PlanTree()
        rebuilt.byNumber = Dictionary(uniqueKeysWithValues: nan.byNumber.map { ($0.key, $0.value) })
        #expect(nan != rebuilt)
        #expect(TreeTwin(nan) != TreeTwin(rebuilt))
    }

    @Test("a dictionary of models walked in its storage object gives the answers of its own API's walk")
    func dictionaryWalks() throws {
        #expect([Int: PlanLeaf].walkedAs != [Int: PlanLeaf].self)   // the layout checked out here
        var base = [Int: PlanLeaf]()
        for key in 0..<40 { base[key * 31] = PlanLeaf(id: key, label: "leaf \(key)", numbers: [key]) }
        var reordered = [Int: PlanLeaf](minimumCapacity: 500)
        for (key, value) in base.sorted(by: { $0.key > $1.key }) { reordered[key] = value }
        var changedValue = base, otherKey = base, shorter = base, withNaN = base
        changedValue[31]?.numbers = [2]
        otherKey[0] = nil
        otherKey[1] = base[0]
        shorter[62] = nil
        withNaN[93]?.ratio = .nan
        let plan = EqualityPlan.of(PlanLeaf.self)
        let state = RecursionGuard.current
        let dictionaries = [base, reordered, changedValue, otherKey, shorter, withNaN, [:]]
        func walk(_ container: any InPlaceModelContainer.Type, _ lhs: [Int: PlanLeaf], _ rhs: [Int: PlanLeaf])
            -> (equal: Bool, lhsHash: Int) {
            withUnsafePointer(to: lhs) { left in
                withUnsafePointer(to: rhs) { right in
                    var hasher = Hasher()
                    container.hashElements(at: left, plan, into: &hasher, state)
                    return (container.elementsEqual(left, right, plan, state), hasher.finalize())
                }
            }
        }
        var equalPairs = 0
        for (left, lhs) in dictionaries.enumerated() {
            for (right, rhs) in dictionaries.enumerated() {
                let inStorage = walk([Int: PlanLeaf].walkedAs, lhs, rhs)
                let throughAPI = walk([Int: PlanLeaf].self, lhs, rhs)
                #expect(inStorage.equal == throughAPI.equal)
                #expect(inStorage.lhsHash == throughAPI.lhsHash)
                // The same storage is equal even holding a NaN, as `Dictionary.==` has it.
                let expected = left == right || lhs.mapValues(LeafTwin.init) == rhs.mapValues(LeafTwin.init)
                #expect(inStorage.equal == expected, "\(left), \(right)")
                if inStorage.equal { equalPairs += 1 }
            }
        }
        #expect(equalPairs == dictionaries.count + 2)   // each with itself, and base and reordered
    }

    @Test("arrays of models holding NaN are unequal even with the same bits, as the synthesized == says")
    func notANumber() {
        var left = PlanAreas(), right = PlanAreas()
        left.readings = [PlanReading(id: 1, value: 1), PlanReading(id: 2, value: .nan)]
        right.readings = left.readings.map { $0 }  // another buffer, the same element bits
        #expect(left != right)
        #expect(left.readings.map(\.value) != right.readings.map(\.value))
    }

    @Test("a nested struct model's own == and hash(into:) are used, in place or in a container")
    func ownEquality() {
        #expect(!ModelEquality.usesModelEquality(ByIdentifier.self))
        #expect(ModelEquality.usesModelEquality(PlanLeaf.self))
        var left = HoldsByIdentifier(), right = HoldsByIdentifier()
        left.item.name = "a"
        right.item.name = "b"
        left.maybe = ByIdentifier(id: 1, name: "a")
        right.maybe = ByIdentifier(id: 1, name: "b")
        left.items = [ByIdentifier(id: 2, name: "a")]
        right.items = [ByIdentifier(id: 2, name: "b")]
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        right.items[0].id = 3
        #expect(left != right)
    }

    @Test("nested plans built with their outer type's are kept alive by it")
    func nestedPlansLive() {
        #expect(EqualityPlan.of(OnlyOuter.self) === EqualityPlan.of(OnlyOuter.self))
        func make(_ text: String) -> OnlyOuter {
            var outer = OnlyOuter()
            outer.middle.inner.text = text
            outer.middle.inners = [OnlyInner(value: 1, text: text)]
            outer.middles = [outer.middle, outer.middle]
            outer.optional = outer.middle
            return outer
        }
        for _ in 0..<3 {
            #expect(make("a") == make("a"))
            #expect(make("a").hashValue == make("a").hashValue)
            #expect(make("a") != make("b"))
        }
    }

    @Test("plans first built on many threads at once give every thread the same answers")
    func concurrentBuild() {
        let outcomes = LockedResults()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            var left = RaceOuter(), right = RaceOuter()
            left.inners = [RaceInner(value: index, label: "x")]
            right.inners = [RaceInner(value: index, label: "x")]
            right.maybe = RaceInner()
            var different = left
            different.inners[0].label = "y"
            outcomes.append(left == right.withoutMaybe && left != right && left != different
                && left.hashValue == right.withoutMaybe.hashValue)
        }
        #expect(outcomes.values == Array(repeating: true, count: 8))
    }

    #if os(macOS) || os(Linux) || os(Windows)
    @Test("== and hash of struct models nested 200,000 deep in arrays stop at the stack guard")
    func deepArrays() async {
        await #expect(processExitsWith: .success) {
            func chain() -> PlanChain {
                var node = PlanChain()
                for id in 0..<200_000 { node = PlanChain(id: id, next: [node]) }
                return node
            }
            let left = chain(), right = chain()
            // Past the stack budget the comparison stops with "unequal" (documented).
            guard left != right else { exit(1) }
            _ = left.hashValue
            exit(0)  // before the chains are destroyed, which recurses as deep
        }
    }
    #endif
}
