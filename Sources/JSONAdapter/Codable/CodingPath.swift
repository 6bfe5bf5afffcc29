import Foundation

/// The coding path of a value inside a `Codable` property value, as a
/// shared linked list: appending a key allocates one small node, and the
/// `[CodingKey]` array that `codingPath` promises is built only when asked
/// for (by user code or an error).
struct CodingPath {
    /// One key and the path before it.
    private final class Node {
        /// The path before `key`.
        let parent: Node?
        /// The last key.
        let key: any CodingKey
        /// The number of keys up to and including `key`.
        let depth: Int

        init(parent: Node?, key: any CodingKey) {
            self.parent = parent
            self.key = key
            depth = (parent?.depth ?? 0) + 1
        }
    }

    /// The last node, `nil` for the property value itself.
    private let last: Node?

    /// The path of the property value itself (no keys).
    static var root: CodingPath { CodingPath(last: nil) }

    private init(last: Node?) {
        self.last = last
    }

    /// The number of keys.
    var depth: Int { last?.depth ?? 0 }

    func appending(_ key: any CodingKey) -> CodingPath {
        CodingPath(last: Node(parent: last, key: key))
    }

    /// The keys from the property value down, with `key` appended when given.
    func keys(appending key: (any CodingKey)? = nil) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        keys.reserveCapacity(depth + 1)
        var node = last
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        keys.reverse()
        if let key { keys.append(key) }
        return keys
    }
}

/// The coding keys the bridge makes itself: array positions, members of
/// `[String: _]` dictionaries and `super`.
struct JSONCodingKey: CodingKey {
    /// What the key stands for.
    enum Role {
        /// An array element (`Index 3`, as `JSONDecoder` names it).
        case index
        /// An object member whose name is used exactly as written (a
        /// dictionary's key, never converted).
        case member
        /// A name that the configuration's key conversion applies to (`super`).
        case name
    }

    let stringValue: String
    /// The element's position, for ``Role/index``.
    let intValue: Int?
    let role: Role

    /// The key of the element at `index`.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
        role = .index
    }

    /// The key of a dictionary member named `member`, used as written.
    init(member: String) {
        stringValue = member
        intValue = nil
        role = .member
    }

    /// A named key (converted like the keys of `Codable` types).
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
        role = .name
    }

    /// An array position.
    init(intValue: Int) {
        self.init(index: intValue)
    }

    /// `super`, the key of `superDecoder()` and `superEncoder()`.
    static let `super` = JSONCodingKey(stringValue: "super")
}

extension CodableOptions {
    /// The JSON key path (`geo.lat`, `points[2].x`) of a coding path, for
    /// errors: positions as `[i]`, dictionary members as written, other keys
    /// converted as the configuration converts them.
    func jsonPath(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            let component: String
            if let known = key as? JSONCodingKey {
                switch known.role {
                case .index:
                    path += "[\(known.intValue ?? 0)]"
                    continue
                case .member: component = known.stringValue
                case .name: component = jsonKey(for: known.stringValue)
                }
            } else {
                component = jsonKey(for: key.stringValue)
            }
            path = path.isEmpty ? component : path + "." + component
        }
        return path
    }
}
