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
    /// The value at `path` in `object`, or `nil` when it is missing. `hint` speeds up finding
    /// the first key in a document (see `JSONDocument.member(_:in:hint:)`).
    @inline(__always)
    static func value<Reader: JSONValueReader>(at path: ParsedKeyPath, in object: Reader.Object, with reader: Reader,
                                               hint: inout Int) throws(ValueFailure) -> Reader.Value? {
        guard var current = reader.member(path.components[0], in: object, hint: &hint) else {
            return path.fallbacks == nil ? nil : try spelledValue(at: path, in: object, with: reader)
        }
        var index = 1
        while index < path.components.count {
            if reader.isNull(current) { return current }
            if let inner = reader.asObject(current) {
                var innerHint = 0
                guard let next = reader.member(path.components[index], in: inner, hint: &innerHint) else {
                    return path.fallbacks == nil ? nil : try spelledValue(at: path, in: object, with: reader)
                }
                current = next
            } else if let position = path.arrayIndexes[index], let element = reader.element(at: position, of: current) {
                guard let element else { return nil }
                current = element
            } else {
                throw intermediateFailure(path, index - 1, found: reader.found(current))
            }
            index += 1
        }
        return current
    }

    /// ``value(at:in:with:hint:)`` for a path whose keys have fallbacks (``KeyFallback``), one of
    /// them missing: the walk again, each missing key looked for in its other spellings.
    @inline(never)
    static func spelledValue<Reader: JSONValueReader>(at path: ParsedKeyPath, in object: Reader.Object,
                                                              with reader: Reader) throws(ValueFailure) -> Reader.Value? {
        /// The member at key `index` of `path` in `object`, in any of its spellings.
        func member(_ index: Int, in object: Reader.Object) -> Reader.Value? {
            var hint = 0
            return reader.member(path.components[index], in: object, hint: &hint)
                ?? reader.otherSpelling(of: path, at: index, in: object)
        }
        guard var current = member(0, in: object) else { return nil }
        var index = 1
        while index < path.components.count {
            if reader.isNull(current) { return current }
            if let inner = reader.asObject(current) {
                guard let next = member(index, in: inner) else { return nil }
                current = next
            } else if let position = path.arrayIndexes[index], let element = reader.element(at: position, of: current) {
                guard let element else { return nil }
                current = element
            } else {
                throw intermediateFailure(path, index - 1, found: reader.found(current))
            }
            index += 1
        }
        return current
    }

    /// The index of the alternative to read in `object` and its value: the first present
    /// (`null` included); `nil` when none is. When none is present and one runs through
    /// something that is not an object, that one's failure is thrown.
    static func firstValue<Reader: JSONValueReader>(
        among paths: [ParsedKeyPath], in object: Reader.Object, with reader: Reader, hint: inout Int
    ) throws(ValueFailure) -> (index: Int, value: Reader.Value)? {
        var blocked: ValueFailure?
        for index in paths.indices {
            do throws(ValueFailure) {
                var own = hint
                if let found = try value(at: paths[index], in: object, with: reader, hint: &own) {
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
        var hint = 0
        switch source {
        case .dictionary(let dictionary):
            return try value(at: path, in: dictionary, with: FoundationReader(), hint: &hint) != nil
        case .document(let document, let node):
            return try value(at: path, in: node, with: document, hint: &hint) != nil
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
