//
//  JSONValueTexts.swift
//  JSON text as the flat list of its scalars by path, numbers as written:
//  for comparing the library's output with JSONEncoder's value by value and
//  number literals byte by byte, whatever the order of members.
//

import Foundation
@testable import JSONAdapter
import MantleJSON

/// One scalar of a JSON text: its kind and, for numbers, the literal as written.
enum JSONScalarText: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case string(String)
    /// A number literal, byte for byte.
    case number(String)
    /// An empty array or object (`[]`, `{}`), which has no scalar of its own.
    case empty(String)

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let bool): return "\(bool)"
        case .string(let string): return string.debugDescription
        case .number(let literal): return literal
        case .empty(let text): return text
        }
    }
}

/// The scalars of JSON `data` by their path (`a.b[2]`); members in any order.
func jsonScalarTexts(_ data: Data) throws -> [String: JSONScalarText] {
    let document = try JSONDocument(bytes: Array(data))
    var result: [String: JSONScalarText] = [:]
    func visit(_ node: Int, _ path: String) {
        switch document.kind(at: node) {
        case .null: result[path] = .null
        case .bool: result[path] = .bool(document.bool(at: node))
        case .string: result[path] = .string(document.string(at: node))
        case .number: result[path] = .number(document.numberText(at: node))
        case .array:
            if document.count(at: node) == 0 { result[path] = .empty("[]") }
            for (index, element) in document.elements(of: node).enumerated() { visit(element, "\(path)[\(index)]") }
        case .object:
            if document.count(at: node) == 0 { result[path] = .empty("{}") }
            for (key, value) in document.members(of: node) {
                let name = document.string(at: key)
                visit(value, path.isEmpty ? name : "\(path).\(name)")
            }
        }
    }
    visit(document.rootIndex, "")
    return result
}

/// The differences between two texts' scalars (`path: ours ≠ theirs`), for paths `include` accepts.
func jsonScalarDifferences(_ ours: Data, _ theirs: Data, include: (String) -> Bool = { _ in true }) throws -> [String] {
    jsonScalarDifferences(try jsonScalarTexts(ours), try jsonScalarTexts(theirs), include: include)
}

/// The differences between two texts' scalars (``jsonScalarTexts(_:)``), for paths `include` accepts.
func jsonScalarDifferences(_ ours: [String: JSONScalarText], _ theirs: [String: JSONScalarText],
                           include: (String) -> Bool = { _ in true }) -> [String] {
    let left = ours.filter { include($0.key) }
    let right = theirs.filter { include($0.key) }
    var differences: [String] = []
    for path in Set(left.keys).union(right.keys).sorted() where left[path] != right[path] {
        differences.append("\(path): \(left[path].map(\.description) ?? "absent") ≠ \(right[path].map(\.description) ?? "absent")")
    }
    return differences
}
