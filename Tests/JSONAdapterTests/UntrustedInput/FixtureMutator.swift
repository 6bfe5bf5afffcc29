//
//  FixtureMutator.swift
//  The mutator of the fuzz tests: structural operators on a fixture's JSON
//  tree, then byte operators on its text. The tree is MantleTestSupport's
//  CanonicalJSON, read and written by JSONSerialization (the reference that
//  shares nothing with the library under test); what JSONSerialization cannot
//  write (numbers past every type's range, a key twice in one object, nesting
//  deeper than its own limit) goes in as placeholders replaced by the exact
//  text afterwards.
//

import Foundation
import MantleTestSupport

/// Mutates JSON fixtures deterministically: structural operators on a parsed
/// tree (type swaps at a key, deleted keys, huge and negative numbers, deep
/// nesting at a value, a key repeated), then byte operators on the text (bit
/// flips, truncation, insertion, deletion, duplication).
struct FixtureMutator {
    /// The operators, for statistics.
    enum Operator: String, CaseIterable {
        case swapType, deleteKey, extremeNumber, deepNesting, duplicateKey
        case flipBit, setByte, truncate, insertBytes, deleteBytes, duplicateBytes
    }

    var random: SplitMix64
    /// Operators applied so far, for statistics.
    var applied: [Operator: Int] = [:]
    /// The operators of the last `mutate(_:)`.
    private(set) var lastOperators: [Operator] = []
    /// The exact texts of the placeholders of the current mutation, by index.
    private var rawTexts: [String] = []

    /// Numbers at and past the limits of every integer type and of `Double`.
    /// (Not `1e-400`: `JSONSerialization` reads it as `0.0`, which an integer
    /// property takes while the bytes path refuses the literal — the one
    /// documented difference, tested in `ValueFidelityTests.underflowIntoInt`.)
    static let extremeNumbers = [
        "-1", "-0", "0", "1", "-1.5", "0.5", "1e2", "1E+2", "-9223372036854775808", "-9223372036854775809",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
        "1e400", "-1e400", "1.7976931348623157e308", "4294967296", "-2147483649",
        "123456789012345678901234567890", "9007199254740993", "0.1e1", "-0.0",
    ]

    /// Strings that some property type may or may not accept.
    static let strings = [
        "", "x", "open", "closed", "User", "pending", "2017-10-10T16:00:00Z", "2017-10-10T16:00:00.123+02:00",
        "2017-13-45T99:99:99Z", "not a date", "https://example.com/a", "https://example.com/a b", "://", "é",
        "\u{0}", "12", "true", "null", "\u{1F389}",
    ]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: Trees and text

    /// A fixture's tree, as `JSONSerialization` reads it.
    static func tree(_ data: Data) throws -> CanonicalJSON {
        CanonicalJSON(try JSONSerialization.jsonObject(with: data))
    }

    /// The compact text of a tree without placeholders, as `JSONSerialization` writes it (sorted
    /// keys, so that the same tree always gives the same bytes).
    static func data(of tree: CanonicalJSON) throws -> Data {
        try JSONSerialization.data(withJSONObject: tree.foundationValue, options: [.sortedKeys])
    }

    /// The text of `tree` with every placeholder replaced by its exact text.
    private func text(of tree: CanonicalJSON) throws -> String {
        var text = String(decoding: try Self.data(of: tree), as: UTF8.self)
        for (index, raw) in rawTexts.enumerated() {
            text = text.replacingOccurrences(of: "\"" + Self.marker(index) + "\"", with: raw)
        }
        return text
    }

    /// The string that stands for `rawTexts[index]` until the text is written.
    private static func marker(_ index: Int) -> String { "\u{E000}\(index)\u{E001}" }

    /// A value written as exactly `text` (a number out of every range, deep nesting).
    private mutating func raw(_ text: String) -> CanonicalJSON {
        rawTexts.append(text)
        return .string(Self.marker(rawTexts.count - 1))
    }

    /// A member name written as exactly `key` although the object already has that key.
    private mutating func repeatedKey(_ key: String) -> String {
        let literal = (try? JSONSerialization.data(withJSONObject: [key])).map {
            String(decoding: $0.dropFirst().dropLast(), as: UTF8.self)
        }
        rawTexts.append(literal ?? "\"\"")
        return Self.marker(rawTexts.count - 1)
    }

    /// The kind of `value`, seeing through placeholders.
    private func kind(of value: CanonicalJSON) -> String {
        guard case .string(let string) = value, string.hasPrefix("\u{E000}"),
              let index = Int(string.dropFirst().dropLast()), rawTexts.indices.contains(index) else {
            return value.kindName
        }
        switch rawTexts[index].first {
        case "[": return "array"
        case "{": return "object"
        case "\"": return "string"
        default: return "number"
        }
    }

    /// The exact text of a number value, or `nil` when `value` is no number.
    private func numberText(_ value: CanonicalJSON?) -> String? {
        switch value {
        case .int(let int)?: return "\(int)"
        case .uint(let uint)?: return "\(uint)"
        case .double(let double)?: return "\(double)"
        case .string(let string)? where kind(of: .string(string)) == "number":
            return Int(string.dropFirst().dropLast()).map { rawTexts[$0] }
        default: return nil
        }
    }

    // MARK: Structural operators

    /// A replacement value of a different kind than `old`.
    mutating func differentKind(than old: CanonicalJSON, in root: CanonicalJSON) -> CanonicalJSON {
        while true {
            let candidate: CanonicalJSON
            switch random.below(6) {
            case 0: candidate = .string(random.pick(Self.strings))
            case 1: candidate = raw(random.pick(Self.extremeNumbers))
            case 2: candidate = .bool(random.chance(50))
            case 3: candidate = .null
            case 4:
                switch random.below(3) {
                case 0: candidate = .object([:])
                case 1: candidate = .object(["login": .int(1), "name": .null])
                default:
                    // Some other object of the same document.
                    let paths = root.memberPaths()
                    let objects = paths.compactMap { path -> CanonicalJSON? in
                        if case .object = root.value(at: path[...]) { return root.value(at: path[...]) }
                        return nil
                    }
                    candidate = objects.isEmpty ? .object([:]) : random.pick(objects)
                }
            default:
                switch random.below(3) {
                case 0: candidate = .array([])
                case 1: candidate = .array([.int(1), .string("a"), .null])
                default: candidate = .array([.object([:]), .array([])])
                }
            }
            if kind(of: candidate) != kind(of: old) { return candidate }
        }
    }

    /// A value nested `depth` deep, arrays, objects or both.
    mutating func deepValue() -> CanonicalJSON {
        let depth = random.pick([2, 16, 100, 255, 300, 509, 510, 511, 512, 513, 600, 1_000, 3_000])
        let style = random.below(3)
        let innermost = random.chance(50) ? "1" : "\"deep\""
        var openers: [String] = []
        var closers: [String] = []
        for level in 0..<depth {
            let useObject = style == 1 || (style == 2 && level % 2 == 0)
            openers.append(useObject ? "{\"login\":" : "[")
            closers.append(useObject ? "}" : "]")
        }
        return raw(openers.reversed().joined() + innermost + closers.joined())
    }

    /// One member path, mostly one whose key some model reads.
    mutating func memberPath(in tree: CanonicalJSON) -> [JSONStep]? {
        let paths = tree.memberPaths()
        guard !paths.isEmpty else { return nil }
        if random.chance(75) {
            let mapped = paths.filter {
                if case .key(let key)? = $0.last { return UntrustedInput.mappedGitHubKeys.contains(key) }
                return false
            }
            if !mapped.isEmpty { return random.pick(mapped) }
        }
        return random.pick(paths)
    }

    /// Applies one structural operator; returns it, or `nil` when nothing applied.
    mutating func mutateTree(_ tree: inout CanonicalJSON) -> Operator? {
        guard let path = memberPath(in: tree) else { return nil }
        let op: Operator = random.pick([.swapType, .swapType, .deleteKey, .extremeNumber, .extremeNumber,
                                        .deepNesting, .duplicateKey])
        let root = tree
        switch op {
        case .swapType:
            guard let old = tree.value(at: path[...]) else { return nil }
            let new = differentKind(than: old, in: root)
            tree.update(at: path[...]) { _ in new }
        case .deleteKey:
            tree.update(at: path[...]) { _ in nil }
        case .extremeNumber:
            let old = numberText(tree.value(at: path[...]))
            let new: String
            if let text = old, random.chance(40) {
                new = text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text
            } else {
                new = random.pick(Self.extremeNumbers)
            }
            let value = raw(new)
            tree.update(at: path[...]) { _ in value }
        case .deepNesting:
            let new = deepValue()
            tree.update(at: path[...]) { _ in new }
        case .duplicateKey:
            // The same key again with another value in the same object,
            // written after it (the last one wins, on both paths).
            guard case .key(let key)? = path.last, let old = tree.value(at: path[...]) else { return nil }
            let new = differentKind(than: old, in: root)
            let repeated = repeatedKey(key)
            tree.update(at: path.dropLast()) { parent in
                guard case .object(var members) = parent else { return parent }
                members[repeated] = new
                return .object(members)
            }
        default:
            return nil
        }
        return op
    }

    // MARK: Byte operators

    /// Bytes worth inserting: structure, escapes, invalid UTF-8, controls.
    static let interestingBytes: [UInt8] = Array("{}[]\",:\\0123456789-+.eE tfn".utf8)
        + [0x00, 0x1F, 0x7F, 0x80, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    /// Applies one byte operator.
    mutating func mutateBytes(_ bytes: inout [UInt8]) -> Operator {
        if bytes.isEmpty {
            bytes.append(random.pick(Self.interestingBytes))
            return .insertBytes
        }
        let op: Operator = random.pick([.flipBit, .flipBit, .setByte, .truncate, .insertBytes, .deleteBytes,
                                        .duplicateBytes])
        let position = random.below(bytes.count)
        switch op {
        case .flipBit:
            bytes[position] ^= 1 << UInt8(random.below(8))
        case .setByte:
            bytes[position] = random.pick(Self.interestingBytes)
        case .truncate:
            bytes.removeSubrange(position...)
        case .insertBytes:
            let count = 1 + random.below(8)
            let inserted = (0..<count).map { _ in
                random.chance(70) ? random.pick(Self.interestingBytes) : UInt8(truncatingIfNeeded: random.next())
            }
            bytes.insert(contentsOf: inserted, at: position)
        case .deleteBytes:
            let count = min(1 + random.below(16), bytes.count - position)
            bytes.removeSubrange(position..<position + count)
        case .duplicateBytes:
            let count = min(1 + random.below(32), bytes.count - position)
            bytes.insert(contentsOf: bytes[position..<position + count], at: position)
        default:
            break
        }
        return op
    }

    /// One mutated input: 1–3 structural and/or byte operators.
    mutating func mutate(_ tree: CanonicalJSON) throws -> Data {
        var tree = tree
        rawTexts = []
        lastOperators = []
        let shape = random.below(10)
        let treeOps = shape < 5 ? 1 + random.below(2) : (shape < 8 ? 0 : 1)
        let byteOps = shape < 5 ? 0 : 1 + random.below(2)
        for _ in 0..<treeOps {
            if let op = mutateTree(&tree) { lastOperators.append(op) }
        }
        var bytes = Array(try text(of: tree).utf8)
        for _ in 0..<byteOps {
            lastOperators.append(mutateBytes(&bytes))
        }
        for op in lastOperators { applied[op, default: 0] += 1 }
        return Data(bytes)
    }
}

// MARK: - Paths in a tree

/// One step into a JSON container.
enum JSONStep: Equatable, CustomStringConvertible {
    case key(String)
    case index(Int)

    var description: String {
        switch self {
        case .key(let key): return "." + key
        case .index(let index): return "[\(index)]"
        }
    }
}

extension CanonicalJSON {
    /// The kind's name, for statistics and for choosing a value of another kind.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int, .uint, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .unknown: return "unknown"
        }
    }

    /// The value as `JSONSerialization` takes it.
    var foundationValue: Any {
        switch self {
        case .null, .unknown: return NSNull()
        case .bool(let bool): return bool
        case .int(let int): return int
        case .uint(let uint): return uint
        case .double(let double): return double
        case .string(let string): return string
        case .array(let elements): return elements.map(\.foundationValue)
        case .object(let members): return members.mapValues(\.foundationValue)
        }
    }

    /// The paths of every value that is a member of an object (up to `maximumDepth` deep), in
    /// the same order in every run (members by sorted key).
    func memberPaths(maximumDepth: Int = 64) -> [[JSONStep]] {
        var result: [[JSONStep]] = []
        var stack: [(CanonicalJSON, [JSONStep])] = [(self, [])]
        while let (value, path) = stack.popLast() {
            guard path.count < maximumDepth else { continue }
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() { stack.append((element, path + [.index(index)])) }
            case .object(let members):
                for key in members.keys.sorted() {
                    let memberPath = path + [.key(key)]
                    result.append(memberPath)
                    if let member = members[key] { stack.append((member, memberPath)) }
                }
            default: break
            }
        }
        return result
    }

    /// The value at `path`.
    func value(at path: ArraySlice<JSONStep>) -> CanonicalJSON? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.array(let elements), .index(let index)) where elements.indices.contains(index):
            return elements[index].value(at: path.dropFirst())
        case (.object(let members), .key(let key)):
            return members[key]?.value(at: path.dropFirst())
        default: return nil
        }
    }

    /// Replaces the value at `path` with `transform(old)`; `nil` deletes it
    /// (the member or the element). Returns whether the path existed.
    @discardableResult
    mutating func update(at path: ArraySlice<JSONStep>, _ transform: (CanonicalJSON) -> CanonicalJSON?) -> Bool {
        guard let step = path.first else {
            if let new = transform(self) { self = new }
            return true
        }
        let rest = path.dropFirst()
        switch (self, step) {
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            if rest.isEmpty {
                if let new = transform(elements[index]) { elements[index] = new } else { elements.remove(at: index) }
                self = .array(elements)
                return true
            }
            let found = elements[index].update(at: rest, transform)
            self = .array(elements)
            return found
        case (.object(var members), .key(let key)):
            guard var member = members[key] else { return false }
            if rest.isEmpty {
                members[key] = transform(member)
                self = .object(members)
                return true
            }
            let found = member.update(at: rest, transform)
            members[key] = member
            self = .object(members)
            return found
        default:
            return false
        }
    }
}
