import Foundation

// Materialising nodes as Swift values (`[String: Any]`, `[Any]`, scalars), for
// `Any` properties, transformers and callers that want a plain tree.

extension JSONDocument {
    // MARK: - Materialisation

    /// A number beyond `Double`'s range (`1e400`) in a value that ``anyValue(at:)`` materialises:
    /// `JSONSerialization` refuses such text, and a `Double` cannot hold it.
    package struct NonFiniteNumber: Error {
        /// Where the number is below the materialised node (`""`, `"a"`, `"[2].b"`).
        package var path: String
        /// The number as written.
        package var text: String
    }

    /// Materialises `node` like `JSONSerialization` would, but Swift-native: `[String: Any]`,
    /// `[Any]`, `String`, `Bool`, `NSNull()`, `Int` (integer literal that fits `Int64`), `UInt64`
    /// (fits only `UInt64`) or `Double` (everything else). Duplicate keys: the last wins.
    /// Iterative, so any depth the parser accepted is safe.
    ///
    /// - Throws: ``NonFiniteNumber`` for a number whose `Double` is infinite, which
    ///   `JSONSerialization` refuses.
    package func anyValue(at node: Int) throws(NonFiniteNumber) -> Any {
        guard nodes[node].isContainer else { return try scalarValue(at: node, path: { "" }) }

        /// A container under construction.
        struct Frame {
            /// Elements so far (arrays).
            var array: [Any] = []
            /// Members so far (objects).
            var object: [String: Any] = [:]
            let isObject: Bool
            /// Next child (key for objects) to visit.
            var cursor: Int
            /// Index just past the container's subtree.
            let end: Int
            /// Key of the member whose value is being built (objects).
            var key: String = ""

            /// Adds a finished child value (the last occurrence of a key wins).
            mutating func add(_ value: Any) {
                if isObject {
                    object[key] = value
                } else {
                    array.append(value)
                }
            }
        }
        /// A fresh frame for the array or object node `container`.
        func frame(for container: Int) -> Frame {
            let n = nodes[container]
            var f = Frame(isObject: n.kind == .object, cursor: container &+ 1, end: n.subtreeEnd)
            if f.isObject { f.object.reserveCapacity(n.entryCount) } else { f.array.reserveCapacity(n.entryCount) }
            return f
        }

        var stack: [Frame] = [frame(for: node)]
        while let top = stack.indices.last {
            if stack[top].cursor >= stack[top].end {
                let done = stack.removeLast()
                let value: Any = done.isObject ? done.object : done.array
                guard let parent = stack.indices.last else { return value }
                stack[parent].add(value)
                continue
            }
            var child = stack[top].cursor
            if stack[top].isObject {
                stack[top].key = string(at: child)
                child &+= 1
            }
            stack[top].cursor = nextSibling(of: child)
            if nodes[child].isContainer {
                stack.append(frame(for: child))
            } else {
                let value = try scalarValue(at: child, path: {
                    var path = ""
                    for frame in stack {
                        if frame.isObject {
                            path += path.isEmpty ? frame.key : "." + frame.key
                        } else {
                            path += "[\(frame.array.count)]"
                        }
                    }
                    return path
                })
                stack[top].add(value)
            }
        }
        return NSNull()  // not reached: the loop returns when the root frame completes
    }

    /// Materialises a scalar node (see ``anyValue(at:)``) at `path()` below the materialised node.
    private func scalarValue(at node: Int, path: () -> String) throws(NonFiniteNumber) -> Any {
        switch nodes[node].kind {
        case .null, .array, .object: return NSNull()
        case .bool: return bool(at: node)
        case .string: return string(at: node)
        case .number:
            switch number(at: node) {
            case .int(let v): return Int(exactly: v).map { $0 as Any } ?? v
            case .uint(let v): return v
            case .double(let v):
                guard v.isFinite else { throw NonFiniteNumber(path: path(), text: numberText(at: node)) }
                return v
            }
        }
    }
}
