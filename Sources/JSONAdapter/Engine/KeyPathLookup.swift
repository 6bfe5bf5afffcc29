import Foundation
import MantleInternals
import MantleJSON

/// Finds key paths in JSON objects with Mantle's rules: a missing key or
/// intermediate gives nothing (the property keeps its default), a `null`
/// intermediate gives null (the property becomes `nil`), and an intermediate
/// that is not an object is an ``JSONAdapterError/Code/invalidJSONDictionary`` error.
///
/// A key made of digits (``ParsedKeyPath/arrayIndexes``) applied to an array
/// takes its element at that index; an index past the end is missing, like a
/// missing key. A key that is missing is looked for in its ASCII form and its
/// other spellings, when the path has them (``KeyFallback``).
enum KeyPathLookup {
    /// The value at `path` in `dictionary`, or `nil` when it is missing.
    @inline(__always)
    static func value(at path: ParsedKeyPath, in dictionary: [String: Any]) throws(ValueFailure) -> Any? {
        let components = path.components
        guard var value = dictionary[components[0]] else {
            return path.fallbacks == nil ? nil : try spelledValue(at: path, in: dictionary)
        }
        var index = 1
        while index < components.count {
            if ValueConversion.isNull(value) { return value }
            if let object = value as? [String: Any] {
                guard let next = object[components[index]] else {
                    return path.fallbacks == nil ? nil : try spelledValue(at: path, in: dictionary)
                }
                value = next
            } else if let position = path.arrayIndexes[index], let element = element(at: position, of: value) {
                guard let element else { return nil }
                value = element
            } else {
                throw intermediateFailure(path, index - 1, found: ValueDescription.describe(value))
            }
            index += 1
        }
        return value
    }

    /// ``value(at:in:)`` for a path whose keys have fallbacks (``KeyFallback``), one of them
    /// missing: the walk again, each missing key looked for in its other spellings.
    @inline(never)
    private static func spelledValue(at path: ParsedKeyPath, in dictionary: [String: Any]) throws(ValueFailure) -> Any? {
        let components = path.components
        guard var value = dictionary[components[0]] ?? path.otherSpelling(at: 0, in: dictionary) else { return nil }
        var index = 1
        while index < components.count {
            if ValueConversion.isNull(value) { return value }
            if let object = value as? [String: Any] {
                guard let next = object[components[index]] ?? path.otherSpelling(at: index, in: object) else { return nil }
                value = next
            } else if let position = path.arrayIndexes[index], let element = element(at: position, of: value) {
                guard let element else { return nil }
                value = element
            } else {
                throw intermediateFailure(path, index - 1, found: ValueDescription.describe(value))
            }
            index += 1
        }
        return value
    }

    /// The element at `position` when `value` is an array (`.some(nil)` past
    /// its end), or `nil` when it is not an array. A Foundation array's
    /// nested containers are taken as they are (``FoundationContainers``).
    private static func element(at position: Int, of value: Any) -> Any?? {
        guard let array = FoundationContainers.arrayElements(of: value) else { return nil }
        return .some(position < array.count ? array[position] : nil)
    }

    /// The node at `path` in the object `node`, or `nil` when it is missing.
    /// `hint` speeds up finding the first key (see `JSONDocument.member(_:in:hint:)`).
    @inline(__always)
    static func node(at path: ParsedKeyPath, in document: JSONDocument, object node: Int,
                     hint: inout Int) throws(ValueFailure) -> Int? {
        guard var current = document.member(path.components[0], in: node, hint: &hint) else {
            return path.fallbacks == nil ? nil : try spelledNode(at: path, in: document, object: node)
        }
        var index = 1
        while index < path.components.count {
            switch document.kind(at: current) {
            case .null:
                return current
            case .object:
                guard let next = document.member(path.components[index], in: current) else {
                    return path.fallbacks == nil ? nil : try spelledNode(at: path, in: document, object: node)
                }
                current = next
            case .array where path.arrayIndexes[index] != nil:
                guard let position = path.arrayIndexes[index], position < document.count(at: current) else {
                    return nil
                }
                var elements = document.elements(of: current).dropFirst(position).makeIterator()
                guard let next = elements.next() else { return nil }
                current = next
            default:
                throw intermediateFailure(path, index - 1, found: describe(document, current))
            }
            index += 1
        }
        return current
    }

    /// ``node(at:in:object:hint:)`` for a path whose keys have fallbacks (``KeyFallback``), one
    /// of them missing: the walk again, each missing key looked for in its ASCII form and its
    /// other spellings.
    @inline(never)
    private static func spelledNode(at path: ParsedKeyPath, in document: JSONDocument,
                                    object node: Int) throws(ValueFailure) -> Int? {
        guard var current = document.member(path.components[0], in: node)
            ?? path.otherSpelling(at: 0, in: document, object: node) else { return nil }
        var index = 1
        while index < path.components.count {
            switch document.kind(at: current) {
            case .null:
                return current
            case .object:
                guard let next = document.member(path.components[index], in: current)
                    ?? path.otherSpelling(at: index, in: document, object: current) else { return nil }
                current = next
            case .array where path.arrayIndexes[index] != nil:
                guard let position = path.arrayIndexes[index], position < document.count(at: current) else {
                    return nil
                }
                var elements = document.elements(of: current).dropFirst(position).makeIterator()
                guard let next = elements.next() else { return nil }
                current = next
            default:
                throw intermediateFailure(path, index - 1, found: describe(document, current))
            }
            index += 1
        }
        return current
    }

    /// The index of the alternative to read in `dictionary` and its value:
    /// the first present (`null` included); `nil` when none is. When none is
    /// present and one runs through something that is not an object, that
    /// one's failure is thrown.
    static func firstValue(among paths: [ParsedKeyPath],
                           in dictionary: [String: Any]) throws(ValueFailure) -> (index: Int, value: Any)? {
        var blocked: ValueFailure?
        for index in paths.indices {
            do throws(ValueFailure) {
                if let value = try value(at: paths[index], in: dictionary) { return (index, value) }
            } catch {
                if blocked == nil { blocked = error }
            }
        }
        if let blocked { throw blocked }
        return nil
    }

    /// The index of the alternative to read in the object `node` and its
    /// node, as ``firstValue(among:in:)``.
    static func firstNode(among paths: [ParsedKeyPath], in document: JSONDocument, object node: Int,
                          hint: inout Int) throws(ValueFailure) -> (index: Int, node: Int)? {
        var blocked: ValueFailure?
        for index in paths.indices {
            do throws(ValueFailure) {
                var own = hint
                if let found = try self.node(at: paths[index], in: document, object: node, hint: &own) {
                    hint = own
                    return (index, found)
                }
            } catch {
                if blocked == nil { blocked = error }
            }
        }
        if let blocked { throw blocked }
        return nil
    }

    /// The index of the alternative that `source` has (or that fails there
    /// when none is present), else 0: the one errors and reports name.
    static func alternativeIndex(among paths: [ParsedKeyPath], in source: JSONObjectSource) -> Int {
        for index in paths.indices {
            do throws(ValueFailure) {
                if try isPresent(paths[index], in: source) { return index }
            } catch {
                continue
            }
        }
        for index in paths.indices {
            do throws(ValueFailure) {
                _ = try isPresent(paths[index], in: source)
            } catch {
                return index
            }
        }
        return 0
    }

    /// `true` when `source` has a value (or `null`) at `path`.
    static func isPresent(_ path: ParsedKeyPath, in source: JSONObjectSource) throws(ValueFailure) -> Bool {
        switch source {
        case .dictionary(let dictionary):
            return try value(at: path, in: dictionary) != nil
        case .document(let document, let node):
            var hint = 0
            return try self.node(at: path, in: document, object: node, hint: &hint) != nil
        }
    }

    /// The failure for a key path running through something that is not an
    /// object (or, where the next key is an index, an array).
    private static func intermediateFailure(_ path: ParsedKeyPath, _ index: Int, found: String) -> ValueFailure {
        let prefix = path.components[...index].map(JSONKeyPath.escapedKey).joined(separator: ".")
        let expected = path.arrayIndexes[index + 1] == nil ? "an object" : "an object or an array"
        return ValueFailure(code: .invalidJSONDictionary, expected: expected, found: "\(found) at \"\(prefix)\"")
    }
}
