import Foundation
import MantleInternals
import MantleJSON

/// A JSON value that ``JSONValueDecoder`` reads: a node of the parsed
/// document (the bytes path) or a Foundation value (the dictionary path:
/// `JSONSerialization`'s `NSNumber`, `NSNull`, `NSString`, `NSArray`,
/// `NSDictionary`, and the Swift values of ``NativeJSONValue``).
///
/// The readers follow `JSONDecoder`'s rules: booleans only from `true` and
/// `false`, strings only from strings, integers from any number whose value
/// is exactly an integer in range (`5.0`, `1e2`), floating-point numbers
/// from any finite number, rounded once (refusing one that overflows, or a
/// nonzero one that rounds to zero, and keeping the sign of `-0.0`).
enum DecodingValue {
    /// A node of a parsed document.
    case node(JSONDocument, Int)
    /// A Foundation (or native Swift) JSON value.
    case foundation(Any)

    // Each scalar answer is the reader's (JSONValueReader), so that the bridge and the codecs
    // count the same values as null, booleans, numbers and strings. Containers are read through
    // FoundationContainers here (never bridged whole), where the codecs cast them.

    var isNull: Bool {
        switch self {
        case .node(let document, let node): return document.isNull(node)
        case .foundation(let value): return FoundationReader().isNull(value)
        }
    }

    /// What the value is, for errors (`string "x"`, `number 3.5`, `null`, `object`).
    var description: String {
        switch self {
        case .node(let document, let node): return document.found(node)
        case .foundation(let value): return FoundationReader().found(value)
        }
    }

    /// The boolean, or `nil` for anything but `true` and `false` (and, among
    /// Foundation objects, an Objective-C `BOOL` made with `numberWithChar:`).
    var bool: Bool? {
        switch self {
        case .node(let document, let node): return document.bool(node)
        case .foundation(let value): return FoundationReader().bool(value)
        }
    }

    /// The string, or `nil` for anything but a string.
    var string: String? {
        switch self {
        case .node(let document, let node): return document.string(node)
        case .foundation(let value): return FoundationReader().string(value)
        }
    }

    /// The number as `I`, or `nil` unless it is a number whose value is
    /// exactly an integer that `I` holds (the rule of integer properties).
    @inline(__always)
    func integer<I: FixedWidthInteger>(_: I.Type) -> I? {
        switch self {
        case .node(let document, let node): return document.integer(node, as: I.self)
        case .foundation(let value): return FoundationReader().integer(value, as: I.self)
        }
    }

    /// The number as `F`, rounded once to nearest, or `nil` when it is not a
    /// number, not finite in `F`, or nonzero but rounds to zero (the rule of
    /// floating-point properties: `-0` and `-0.0` keep their sign on the bytes
    /// path).
    @inline(__always)
    func floating<F: BinaryFloatingPoint>(_: F.Type) -> F? {
        switch self {
        case .node(let document, let node): return document.floating(node, as: F.self)
        case .foundation(let value): return FoundationReader().floating(value, as: F.self)
        }
    }

    /// The object, or `nil` for anything but an object.
    var object: DecodingObject? {
        switch self {
        case .node(let document, let node):
            return document.asObject(node).map { DecodingObject.node(document, $0) }
        case .foundation(let value):
            return FoundationContainers.stringKeyedMembers(of: value).map(DecodingObject.dictionary)
        }
    }

    /// The array, or `nil` for anything but an array.
    var array: DecodingArray? {
        switch self {
        case .node(let document, let node):
            return document.kind(at: node) == .array ? DecodingArray(document, node) : nil
        case .foundation(let value):
            return FoundationContainers.arrayElements(of: value).map { DecodingArray($0) }
        }
    }

    /// The value through one of the adapter's codecs (dates, data, decimals).
    func decode<Value>(with codec: JSONValueCodec<Value>) throws(ValueFailure) -> Value {
        switch self {
        case .node(let document, let node): return try document.decode(node, with: codec)
        case .foundation(let value): return try FoundationReader().decode(value, with: codec)
        }
    }
}

/// A JSON object that ``JSONValueDecoder`` reads.
enum DecodingObject {
    /// An object node of a parsed document.
    case node(JSONDocument, Int)
    /// A Foundation dictionary (read into Swift once).
    case dictionary([String: Any])

    var count: Int {
        switch self {
        case .node(let document, let node): return document.count(at: node)
        case .dictionary(let dictionary): return dictionary.count
        }
    }

    /// The member named exactly `key` (the last of duplicates), or `nil`.
    /// `hint` makes looking keys up in document order cost O(1) each
    /// (``JSONDocument/member(_:in:hint:)``); start it at 0.
    @inline(__always)
    func value(forKey key: String, hint: inout Int) -> DecodingValue? {
        switch self {
        case .node(let document, let node):
            return document.member(key, in: node, hint: &hint).map { .node(document, $0) }
        case .dictionary(let dictionary):
            return dictionary[key].map(DecodingValue.foundation)
        }
    }

    /// The member at another spelling of a key whose own is missing (``KeySpellings``), or `nil`.
    func value(spelledAs spellings: KeySpellings) -> DecodingValue? {
        switch self {
        case .node(let document, let node):
            return spellings.node(in: document, object: node).map { .node(document, $0) }
        case .dictionary(let dictionary):
            return spellings.value(in: dictionary).map(DecodingValue.foundation)
        }
    }

    /// The members' names and values, once per name, in document order on
    /// the bytes path (a repeated name keeps its first place and its last
    /// value, as `JSONSerialization` keeps it, so both paths decode the same).
    var members: [(key: String, value: DecodingValue)] {
        switch self {
        case .node(let document, let node):
            var members: [(key: String, value: DecodingValue)] = []
            members.reserveCapacity(document.count(at: node))
            var indexByKey: [String: Int] = [:]
            for (key, value) in document.members(of: node) {
                let name = document.string(at: key)
                // A repeated key: the last value wins, in the first one's place,
                // as `JSONSerialization` keeps it (an earlier value is never decoded).
                if let index = indexByKey[name] {
                    members[index].value = .node(document, value)
                } else {
                    indexByKey[name] = members.count
                    members.append((name, .node(document, value)))
                }
            }
            return members
        case .dictionary(let dictionary):
            return dictionary.map { ($0.key, .foundation($0.value)) }
        }
    }
}

/// A JSON array that ``JSONValueDecoder`` reads, element by element.
struct DecodingArray {
    /// Where the elements are.
    private enum Storage {
        /// Array node of a parsed document.
        case node(JSONDocument)
        /// Foundation (or native Swift) elements.
        case elements([Any])
    }

    private let storage: Storage
    let count: Int
    /// The next element's node (bytes path) or index (dictionary path).
    private var cursor: Int

    /// The elements of the array node `node`.
    init(_ document: JSONDocument, _ node: Int) {
        storage = .node(document)
        count = document.count(at: node)
        cursor = document.firstChild(of: node)
    }

    /// Foundation elements.
    init(_ elements: [Any]) {
        storage = .elements(elements)
        count = elements.count
        cursor = 0
    }

    /// The element at the cursor; call only while elements remain.
    var current: DecodingValue {
        switch storage {
        case .node(let document): return .node(document, cursor)
        case .elements(let elements): return .foundation(elements[cursor])
        }
    }

    /// Moves the cursor to the next element.
    mutating func advance() {
        switch storage {
        case .node(let document): cursor = document.nextSibling(of: cursor)
        case .elements: cursor += 1
        }
    }
}
