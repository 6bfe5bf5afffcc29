import Foundation
import MantleInternals
import MantleJSON

/// The members of a JSON object that a model's mapping does not read, kept so
/// that encoding writes them back: a model round-trips a server's object
/// without losing the fields it does not know.
///
/// Declare one property of this type and leave it out of
/// ``JSONSerializing/jsonKeyPathsByPropertyKey``; decoding fills it, encoding
/// writes its members next to the mapped ones (the mapped values win where
/// both have a key):
///
/// ```swift
/// struct Issue: JSONSerializing {
///     var number = 0
///     var title = ""
///     var login = ""
///     var unknownKeys = JSONUnknownKeys()
///     static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
///         ["number": "number", "title": "title", "login": "user.login"]
///     }
/// }
/// ```
///
/// A top-level key that the mapping reads only part of (`user`, through
/// `user.login`) is kept whole, and on encoding the mapped values are merged
/// into it. Members are kept as compact JSON text, so the property is
/// `Hashable` and takes part in the model's `==` like any other.
public struct JSONUnknownKeys: Hashable, Sendable, CustomStringConvertible {
    /// Each member's compact JSON text, by key.
    private var texts: [String: String]

    /// No members.
    public init() {
        texts = [:]
    }

    /// Members given as JSON texts (written by this package's writer).
    init(texts: [String: String]) {
        self.texts = texts
    }

    /// The keys, in ascending order.
    public var keys: [String] { texts.keys.sorted() }

    /// `true` when there are no members.
    public var isEmpty: Bool { texts.isEmpty }

    /// The number of members.
    public var count: Int { texts.count }

    /// The member's JSON text (`"x"`, `42`, `{"a":[1]}`), or `nil`.
    public func jsonText(forKey key: String) -> String? {
        texts[key]
    }

    /// The member's value as Swift values (`String`, `Int`, `Double`, `Bool`,
    /// `NSNull`, `[Any]`, `[String: Any]`), or `nil` when there is no such key.
    public subscript(key: String) -> Any? {
        guard let text = texts[key], let document = try? JSONDocument(text: text, maximumDepth: JSONLimits.largestMaximumDepth) else {
            return nil
        }
        return try? document.anyValue(at: document.rootIndex)
    }

    /// Forgets the member `key` (so that encoding does not write it).
    public mutating func removeValue(forKey key: String) {
        texts[key] = nil
    }

    /// The members as a JSON object.
    public var description: String {
        "{" + keys.map { key in
            var writer = JSONWriter()
            writer.write(key)
            return String(decoding: writer.bytes, as: UTF8.self) + ":" + (texts[key] ?? "null")
        }.joined(separator: ",") + "}"
    }
}

/// How a compiled mapping captures and writes back unknown keys.
struct UnknownKeysCapture: Sendable {
    /// The ``JSONUnknownKeys`` property.
    let property: ModelDescriptor.Property
    /// The top-level keys the mapping reads whole (not those it only reads into).
    let known: Set<String>
    /// The declared keys whose other spellings the mapping reads (``KeySpellings``), and the
    /// separator of the conversion that reads them.
    let spelled: (declared: Set<String>, separator: Character)?

    /// The capture for a model with an unmapped ``JSONUnknownKeys`` property, or `nil`.
    init?(descriptor: ModelDescriptor, properties: [PropertyMapping]) {
        guard let property = descriptor.properties.first(where: { candidate in
            candidate.accessor.valueType == JSONUnknownKeys.self && !properties.contains { $0.key == candidate.key }
        }) else { return nil }
        self.property = property
        // Every path of every mapping counts, each alternative included:
        // a key another alternative was read from is not kept unknown; nor
        // is a key read as another spelling of one of them.
        var known: Set<String> = []
        var declared: Set<String> = []
        var separator: Character?
        for mapped in properties {
            for path in mapped.keyPath.paths where path.components.count == 1 {
                known.insert(path.components[0])
                if let spelling = path.spellings(at: 0) {
                    known.insert(spelling.declared)
                    declared.insert(spelling.declared)
                    separator = spelling.separator
                }
            }
        }
        self.known = known
        spelled = separator.map { (declared, $0) }
    }

    /// `true` when the mapping reads the top-level `key` whole (as it is, or as
    /// another spelling of a declared key).
    private func isKnown(_ key: String) -> Bool {
        if known.contains(key) { return true }
        guard let spelled else { return false }
        return spelled.declared.contains(JSONKeyConversion.camelCase(key, separator: spelled.separator))
    }

    /// Stores the members of `source` that the mapping does not read whole into the model at `base`.
    func capture(from source: JSONObjectSource, into base: UnsafeMutableRawPointer) throws(ValueFailure) {
        var texts: [String: String] = [:]
        switch source {
        case .dictionary(let dictionary):
            for (key, value) in dictionary where !isKnown(key) {
                texts[key] = try Self.text(of: value, key: key)
            }
        case .document(let document, let object):
            // Each value is materialised and written back, not copied as it was
            // written, so that the text is the one the dictionary route keeps:
            // numbers in their native form (`1.50` is `1.5`), keys sorted, a
            // repeated key's last value.
            for (keyNode, valueNode) in document.members(of: object) {
                let key = document.string(at: keyNode)
                guard !isKnown(key) else { continue }
                let value: Any
                do throws(ValueFailure) {
                    value = try document.nativeValue(at: valueNode)
                } catch {
                    throw error.prefixed(by: .member(key))
                }
                texts[key] = try Self.text(of: value, key: key)
            }
        }
        do {
            try property.accessor.writeValue(JSONUnknownKeys(texts: texts), to: base)
        } catch {
            throw ValueFailure(detail: "cannot store the unknown keys in \(property.key): \(error)")
        }
    }

    /// A JSON value's compact text.
    private static func text(of value: Any, key: String) throws(ValueFailure) -> String {
        var writer = JSONWriter()
        do {
            try writer.writeAny(value, sortedKeys: true)
        } catch {
            throw ValueFailure(detail: "the unknown key \"\(key)\" holds a value that cannot be kept as JSON: \(error)")
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The captured members of the model at `base`.
    func members(at base: UnsafeRawPointer) -> JSONUnknownKeys {
        property.accessor.readValue(from: base) as? JSONUnknownKeys ?? JSONUnknownKeys()
    }

    /// Adds `members` to an encoded object: a key the mapping wrote keeps its
    /// value, except that two objects merge (the mapped values win inside).
    static func merge(_ members: JSONUnknownKeys, into result: inout [String: Any]) throws(ValueFailure) {
        for key in members.keys {
            guard let value = members[key] else {
                throw ValueFailure(detail: "the unknown key \"\(key)\" holds text that is not JSON")
            }
            result[key] = merged(result[key], over: value)
        }
    }

    /// `mapped` over `unknown`: objects merge key by key, anything else keeps
    /// `mapped` when there is one. An object written for key paths with array
    /// indexes (`data.1.name` writes `"data": {"1": {...}}`) over a kept array
    /// merges into the array's elements, as decoding reads such keys from an
    /// array, when each of its keys is an index inside the array.
    private static func merged(_ mapped: Any?, over unknown: Any) -> Any {
        guard let mapped else { return unknown }
        guard let mappedObject = mapped as? [String: Any] else { return mapped }
        if var unknownObject = unknown as? [String: Any] {
            for (key, value) in mappedObject {
                unknownObject[key] = merged(value, over: unknownObject[key] ?? value)
            }
            return unknownObject
        }
        guard var unknownArray = FoundationContainers.arrayElements(of: unknown) else { return mapped }
        var elements: [(position: Int, value: Any)] = []
        for (key, value) in mappedObject {
            guard let position = ParsedKeyPath.arrayIndex(of: key), position < unknownArray.count else { return mapped }
            elements.append((position, value))
        }
        for (position, value) in elements {
            unknownArray[position] = merged(value, over: unknownArray[position])
        }
        return unknownArray
    }
}
