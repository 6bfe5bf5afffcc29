//
//  SchemaCorpusTree.swift
//  The JSON tree the schema corpus builds and mutates documents in: numbers
//  kept as their literal text (so `1e400` and 20-digit integers reach both the
//  decoder and the Python validator exactly as written), members in order.
//

import Foundation
import MantleJSON

/// A JSON value whose numbers are their literal text.
indirect enum SchemaCorpusTree: Equatable {
    case null
    case bool(Bool)
    /// A number, as its literal text (`1`, `1.5`, `1e400`).
    case number(String)
    case string(String)
    case array([SchemaCorpusTree])
    /// An object's members, in order (keys unique).
    case object([(key: String, value: SchemaCorpusTree)])

    /// The tree of a JSON text; `nil` when it is not JSON.
    init?(parsing data: Data) {
        guard let document = try? JSONDocument(bytes: data) else { return nil }
        self.init(document, document.rootIndex)
    }

    /// The tree of a document's node.
    private init(_ document: JSONDocument, _ node: Int) {
        switch document.kind(at: node) {
        case .null: self = .null
        case .bool: self = .bool(document.bool(at: node))
        case .number: self = .number(document.numberText(at: node))
        case .string: self = .string(document.string(at: node))
        case .array: self = .array(document.elements(of: node).map { SchemaCorpusTree(document, $0) })
        case .object:
            var members: [(key: String, value: SchemaCorpusTree)] = []
            for (key, value) in document.members(of: node) {
                let name = document.string(at: key)
                members.removeAll { $0.key == name }  // the last of a repeated key, as decoding reads
                members.append((name, SchemaCorpusTree(document, value)))
            }
            self = .object(members)
        }
    }

    static func == (lhs: SchemaCorpusTree, rhs: SchemaCorpusTree) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)), let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The compact JSON text.
    var text: String {
        var writer = JSONWriter()
        write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Writes the tree.
    private func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let bool): writer.write(bool)
        case .number(let text): writer.writeIntegerText(text)
        case .string(let string): writer.write(string)
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.writeKey(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    /// A text equal for values JSON Schema calls equal (numbers by value,
    /// object members in any order), for `uniqueItems`.
    var jsonSchemaKey: String {
        switch self {
        case .number(let text): return Double(text).map { "\($0)" } ?? text
        case .array(let elements): return "[" + elements.map(\.jsonSchemaKey).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.jsonSchemaKey)" }
                .joined(separator: ",") + "}"
        default: return text
        }
    }

    /// The JSON kind's name (`object`, `number`, …).
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The value at `path` (object keys; array positions as digits), or `nil`.
    func value(at path: ArraySlice<String>) -> SchemaCorpusTree? {
        guard let step = path.first else { return self }
        switch self {
        case .object(let members):
            return members.first { $0.key == step }?.value.value(at: path.dropFirst())
        case .array(let elements):
            guard let index = Int(step), elements.indices.contains(index) else { return nil }
            return elements[index].value(at: path.dropFirst())
        default:
            return nil
        }
    }

    /// The tree with the value at `path` replaced by `replacement` (`nil`
    /// removes a member); unchanged when the path does not lead anywhere.
    func replacing(at path: ArraySlice<String>, with replacement: SchemaCorpusTree?) -> SchemaCorpusTree {
        guard let step = path.first else { return replacement ?? self }
        switch self {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.key == step }) else {
                guard path.count == 1, let replacement else { return self }
                members.append((step, replacement))
                return .object(members)
            }
            if path.count == 1, replacement == nil {
                members.remove(at: index)
            } else {
                members[index].value = members[index].value.replacing(at: path.dropFirst(), with: replacement)
            }
            return .object(members)
        case .array(var elements):
            guard let index = Int(step), elements.indices.contains(index) else { return self }
            elements[index] = elements[index].replacing(at: path.dropFirst(), with: replacement)
            return .array(elements)
        default:
            return self
        }
    }

    /// The tree with `value` set at `path`, creating the objects on the way.
    func setting(_ value: SchemaCorpusTree, at path: ArraySlice<String>) -> SchemaCorpusTree {
        guard let step = path.first else { return value }
        guard case .object(var members) = self else {
            return SchemaCorpusTree.object([]).setting(value, at: path)
        }
        if let index = members.firstIndex(where: { $0.key == step }) {
            members[index].value = members[index].value.setting(value, at: path.dropFirst())
        } else {
            members.append((step, SchemaCorpusTree.object([]).setting(value, at: path.dropFirst())))
        }
        return .object(members)
    }
}
