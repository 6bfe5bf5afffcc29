//
//  RobustnessSupport.swift
//  Shared helpers of the robustness tests (limits, mutation fuzzing,
//  concurrency, atomic failure): a deterministic random number generator, a
//  small independent JSON tree (parser + writer) for structural mutations,
//  and error checks. Everything is prefixed `Robust` so that it cannot collide
//  with helpers of other test files in the target.
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter
import MantleTestSupport

// MARK: - A JSON tree independent of the library

/// A JSON value as written: numbers keep their text, objects keep member
/// order and duplicate keys. Used to mutate fixtures structurally; parsed and
/// written by code that shares nothing with the library under test.
indirect enum RobustJSON: Equatable {
    case null
    case bool(Bool)
    /// The number's text, exactly as it is to be written (may be out of range on purpose).
    case number(String)
    case string(String)
    case array([RobustJSON])
    case object([RobustMember])

    /// The kind's name, for statistics.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Compact JSON text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// UTF-8 JSON text.
    var data: Data { Data(text.utf8) }

    /// Appends compact JSON text. Iterative only in the sense that callers
    /// never build trees deeper than a few thousand levels.
    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal.
    static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `true` when some object has two keys that Swift considers equal
    /// (canonical equivalence, like the dictionaries of `JSONSerialization`).
    var hasDuplicateKeys: Bool {
        switch self {
        case .null, .bool, .number, .string: return false
        case .array(let elements): return elements.contains { $0.hasDuplicateKeys }
        case .object(let members):
            var seen = Set<String>()
            for member in members {
                if !seen.insert(member.key).inserted { return true }
                if member.value.hasDuplicateKeys { return true }
            }
            return false
        }
    }

    /// Nesting depth (a scalar is 0, `[]` is 1).
    var depth: Int {
        switch self {
        case .null, .bool, .number, .string: return 0
        case .array(let elements): return 1 + (elements.map(\.depth).max() ?? 0)
        case .object(let members): return 1 + (members.map(\.value.depth).max() ?? 0)
        }
    }

    // MARK: Paths

    /// One step into a container.
    enum Step: Equatable, CustomStringConvertible {
        case key(String)
        case index(Int)

        var description: String {
            switch self {
            case .key(let key): return "." + key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// The paths of every value that is a member of an object (up to `maximumDepth` deep).
    func memberPaths(maximumDepth: Int = 64) -> [[Step]] {
        var result: [[Step]] = []
        var stack: [(RobustJSON, [Step])] = [(self, [])]
        while let (value, path) = stack.popLast() {
            guard path.count < maximumDepth else { continue }
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() { stack.append((element, path + [.index(index)])) }
            case .object(let members):
                for member in members {
                    let memberPath = path + [.key(member.key)]
                    result.append(memberPath)
                    stack.append((member.value, memberPath))
                }
            default: break
            }
        }
        return result
    }

    /// The value at `path` (the first member of a repeated key).
    func value(at path: ArraySlice<Step>) -> RobustJSON? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.array(let elements), .index(let index)) where elements.indices.contains(index):
            return elements[index].value(at: path.dropFirst())
        case (.object(let members), .key(let key)):
            return members.first(where: { $0.key == key })?.value.value(at: path.dropFirst())
        default: return nil
        }
    }

    /// Replaces the value at `path` with `transform(old)`; `nil` deletes it
    /// (the member or the element). Returns whether the path existed.
    @discardableResult
    mutating func update(at path: ArraySlice<Step>, _ transform: (RobustJSON) -> RobustJSON?) -> Bool {
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
            guard let position = members.firstIndex(where: { $0.key == key }) else { return false }
            if rest.isEmpty {
                if let new = transform(members[position].value) {
                    members[position].value = new
                } else {
                    members.remove(at: position)
                }
                self = .object(members)
                return true
            }
            let found = members[position].value.update(at: rest, transform)
            self = .object(members)
            return found
        default:
            return false
        }
    }

    // MARK: Parsing

    /// Parses strict JSON text; `nil` if it is not valid (for fixtures and for
    /// deciding whether a mutated input has duplicate keys).
    static func parse(_ data: Data) -> RobustJSON? {
        var parser = RobustJSONParser(bytes: [UInt8](data))
        return parser.parseDocument()
    }
}

/// An object member.
struct RobustMember: Equatable {
    var key: String
    var value: RobustJSON
}

/// A recursive-descent JSON parser (fixtures are shallow; deeper than 600 levels is refused).
private struct RobustJSONParser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseDocument() -> RobustJSON? {
        skipWhitespace()
        guard let value = parseValue() else { return nil }
        skipWhitespace()
        return position == bytes.count ? value : nil
    }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func literal(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            return false
        }
        position += utf8.count
        return true
    }

    mutating func parseValue() -> RobustJSON? {
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "\""): return parseString().map(RobustJSON.string)
        case UInt8(ascii: "["):
            depth += 1
            defer { depth -= 1 }
            guard depth <= 600 else { return nil }
            position += 1
            var elements: [RobustJSON] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                guard let element = parseValue() else { return nil }
                elements.append(element)
                skipWhitespace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
                return nil
            }
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            guard depth <= 600 else { return nil }
            position += 1
            var members: [RobustMember] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = parseString() else {
                    return nil
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                skipWhitespace()
                guard let value = parseValue() else { return nil }
                members.append(RobustMember(key: key, value: value))
                skipWhitespace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                return nil
            }
        default:
            return parseNumber()
        }
    }

    mutating func parseNumber() -> RobustJSON? {
        let start = position
        func digits() -> Int {
            let begin = position
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
            return position - begin
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { return nil }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { return nil }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { return nil }
        }
        return .number(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    mutating func hex4() -> UInt32? {
        guard bytes.count - position >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    mutating func parseString() -> String? {
        position += 1  // the quote
        var raw: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // Refuse invalid UTF-8 rather than repair it.
                return String(validating: raw, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                var scalarValue: UInt32
                switch escape {
                case UInt8(ascii: "\""): scalarValue = 0x22
                case UInt8(ascii: "\\"): scalarValue = 0x5C
                case UInt8(ascii: "/"): scalarValue = 0x2F
                case UInt8(ascii: "b"): scalarValue = 0x08
                case UInt8(ascii: "f"): scalarValue = 0x0C
                case UInt8(ascii: "n"): scalarValue = 0x0A
                case UInt8(ascii: "r"): scalarValue = 0x0D
                case UInt8(ascii: "t"): scalarValue = 0x09
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return nil }
                    scalarValue = unit
                    if (0xD800...0xDBFF).contains(unit) {
                        guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        return nil
                    }
                default: return nil
                }
                guard let scalar = Unicode.Scalar(scalarValue) else { return nil }
                raw.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                guard byte >= 0x20 else { return nil }
                raw.append(byte)
                position += 1
            }
        }
        return nil
    }
}

// MARK: - Errors

enum Robust {
    /// The adapter error thrown by `body`, or `nil` when it returned (or threw something else).
    static func adapterError(_ body: () throws -> Void) -> JSONAdapterError? {
        do {
            try body()
            return nil
        } catch let error as JSONAdapterError {
            return error
        } catch {
            return nil
        }
    }

    /// Why `error` is not an acceptable failure of decoding untrusted JSON, or
    /// `nil` when it is: it must be a ``JSONAdapterError`` that either names
    /// the property and the JSON key path, or is one of the codes about the
    /// JSON as a whole (`.invalidJSONData`, `.invalidJSONDictionary`, `.noClassFound`).
    static func problem(with error: any Error) -> String? {
        guard let error = error as? JSONAdapterError else {
            return "threw \(type(of: error)), not JSONAdapterError: \(error)"
        }
        if error.description.isEmpty { return "empty description" }
        switch error.code {
        case .invalidJSONData, .invalidJSONDictionary, .noClassFound:
            return nil
        case .invalidJSONMapping:
            return "a fixed model reported .invalidJSONMapping: \(error)"
        case .invalidValue:
            guard error.propertyKey != nil, error.jsonKeyPath != nil else {
                return "no property key or JSON key path: \(error)"
            }
            return nil
        }
    }

    /// The JSON as parsed by `JSONSerialization`, or `nil` when it refuses the bytes.
    static func foundationObject(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data)
    }

    /// `String(repeating: open)…String(repeating: close)` with `inner` inside.
    static func nested(_ depth: Int, open: String = "[", close: String = "]", inner: String = "") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    /// The JSON keys the GitHub models read (every component of every mapped key path).
    static let mappedGitHubKeys: Set<String> = {
        let types: [any JSONSerializing.Type] = [
            GHIssue.self, GHSearchResult.self, GHRepository.self, GHOrganization.self, GHLabel.self, GHUser.self,
            GHRelease.self, GHAsset.self, GHCombinedStatus.self, GHStatus.self, GHValidationError.self,
            GHValidationError.Detail.self,
        ]
        var keys = Set<String>()
        for type in types {
            for keyPath in type.jsonKeyPathsByPropertyKey.values {
                switch keyPath {
                case .path(let path): keys.formUnion(path.split(separator: ".").map(String.init))
                case .composite(let paths), .alternatives(let paths):
                    for path in paths { keys.formUnion(path.split(separator: ".").map(String.init)) }
                }
            }
        }
        return keys
    }()
}

