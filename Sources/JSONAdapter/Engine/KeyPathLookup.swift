import Foundation
import MantleJSON

/// Finds key paths in JSON objects with Mantle's rules: a missing key or
/// intermediate gives nothing (the property keeps its default), a `null`
/// intermediate gives null (the property becomes `nil`), and an intermediate
/// that is not an object is an ``JSONAdapterError/Code/invalidJSONDictionary`` error.
enum KeyPathLookup {
    /// The value at `path` in `dictionary`, or `nil` when it is missing.
    @inline(__always)
    static func value(at path: ParsedKeyPath, in dictionary: [String: Any]) throws(ValueFailure) -> Any? {
        var object = dictionary
        let last = path.components.count - 1
        for (index, component) in path.components.enumerated() {
            guard let value = object[component] else { return nil }
            if index == last || ValueConversion.isNull(value) { return value }
            guard let next = value as? [String: Any] else {
                throw intermediateFailure(path, index, found: ValueDescription.describe(value))
            }
            object = next
        }
        return nil
    }

    /// The node at `path` in the object `node`, or `nil` when it is missing.
    /// `hint` speeds up finding the first key (see `JSONDocument.member(_:in:hint:)`).
    @inline(__always)
    static func node(at path: ParsedKeyPath, in document: JSONDocument, object node: Int,
                     hint: inout Int) throws(ValueFailure) -> Int? {
        guard var current = document.member(path.components[0], in: node, hint: &hint) else { return nil }
        var index = 1
        while index < path.components.count {
            switch document.kind(at: current) {
            case .null: return current
            case .object: break
            default: throw intermediateFailure(path, index - 1, found: describe(document, current))
            }
            guard let next = document.member(path.components[index], in: current) else { return nil }
            current = next
            index += 1
        }
        return current
    }

    /// The failure for a key path running through something that is not an object.
    private static func intermediateFailure(_ path: ParsedKeyPath, _ index: Int, found: String) -> ValueFailure {
        let prefix = path.components[...index].joined(separator: ".")
        return ValueFailure(code: .invalidJSONDictionary,
                            reason: "expected an object at \"\(prefix)\", found \(found)",
                            found: "\(found) at \"\(prefix)\"")
    }
}
