import Foundation

/// Kinds of JSON node.
package enum JSONKind: UInt8, Sendable {
    /// The literal `null`.
    case null
    /// The literals `true` and `false`.
    case bool
    /// A number.
    case number
    /// A string (a value or an object key).
    case string
    /// An array.
    case array
    /// An object.
    case object
}

/// A JSON number as written, converted exactly where possible.
package enum JSONNumber: Sendable, Equatable {
    /// An integer literal (no fraction or exponent) that fits `Int64`. `-0` is `.int(0)`.
    case int(Int64)
    /// An integer literal that fits `UInt64` but not `Int64`.
    case uint(UInt64)
    /// Anything else (fraction, exponent, or an integer too big for 64 bits), correctly rounded.
    /// Huge exponents such as `1e400` give ±infinity and tiny ones such as `1e-999` give ±0.
    case double(Double)
}

/// One node of a ``JSONDocument`` tape: a 16-byte POD record.
///
/// Field meaning depends on ``kind``:
/// - `.string`: ``a`` = byte offset of the content (after the opening quote), ``b`` = content
///   length in bytes (still escaped). Flags ``stringHasEscapes``, ``stringIsKey``.
/// - `.number`: ``a`` = byte offset, ``b`` = length. Flags ``numberIsInteger``, ``numberIsNegative``.
/// - `.bool` / `.null`: ``a`` = byte offset, ``b`` = length. Flag ``boolTrue``.
/// - `.array` / `.object`: ``a`` = number of elements / members, ``b`` = tape index just past
///   the whole subtree. Flag ``objectMayHaveDuplicateKeys``.
package struct JSONNode: Sendable {
    /// Byte offset (scalars) or element/member count (containers).
    package var a: UInt32
    /// Byte length (scalars) or index of the next sibling (containers).
    package var b: UInt32
    /// Byte offset of the node's first byte in the input (the quote, bracket or first character).
    package var offset: UInt32
    /// The node's kind.
    package var kind: JSONKind
    /// Kind-specific flag bits (see the static constants).
    package var flags: UInt8
    /// Number of containers enclosing this node (the root has depth 0).
    package var depth: UInt16

    /// String flag: the raw content contains backslash escapes.
    package static let stringHasEscapes: UInt8 = 1
    /// String flag: the string is an object key.
    package static let stringIsKey: UInt8 = 2
    /// Number flag: no fraction and no exponent.
    package static let numberIsInteger: UInt8 = 1
    /// Number flag: starts with `-`.
    package static let numberIsNegative: UInt8 = 2
    /// Bool flag: the literal is `true`.
    package static let boolTrue: UInt8 = 1
    /// Object flag: two keys may be equal (exact 64-bit hash match of unescaped bytes; false
    /// positives only make hinted look-ups fall back to a linear scan).
    package static let objectMayHaveDuplicateKeys: UInt8 = 1
}

/// A fully validated JSON document stored as a flat tape of nodes over a copy of the bytes.
///
/// Node indices are positions on the tape in document order; the root is at index 0. Children of
/// a container follow it directly (for objects they alternate key, value, key, value, ...), and
/// every node knows the index just past its subtree, so skipping a value is O(1).
///
/// Parsing validates everything (see ``JSONScanner`` for the exact rules and choices: lone
/// surrogate escapes and a leading byte order mark are rejected), so the accessors never fail.
/// Accessors given a node of the wrong kind return a neutral value (`false`, `.int(0)`, `""`,
/// `0`, `nil`, an empty sequence); indices outside the tape trap like an array subscript.
///
/// **Duplicate keys: the last occurrence wins**, in ``member(_:in:)``, the hinted variant and
/// ``anyValue(at:)`` alike, as in `JSONSerialization`, so that a dictionary it makes from the
/// same bytes decodes to the same model (`JSONDecoder` keeps the first). The parser flags
/// objects that may hold a key twice; only those are searched to the end. Keys are compared by
/// exact unescaped UTF-8 bytes (no Unicode normalisation), except in ``anyValue(at:)`` whose
/// `[String: Any]` compares Swift `String`s by canonical equivalence, so there NFC/NFD spellings
/// of one key collapse (the last one wins).
///
/// The class is immutable after `init` (only `let` properties of `Sendable` types), so its
/// `Sendable` conformance is compiler-checked rather than `@unchecked`.
package final class JSONDocument: Sendable {
    /// The input bytes, kept as given when they come as `Data` (copying a large
    /// input would touch every page of it a second time).
    package let bytes: Data
    /// The node tape; ``rootIndex`` is its first element.
    package let nodes: ContiguousArray<JSONNode>

    /// Parses `storage`; the designated initialiser.
    private init(storage: Data, maximumDepth: Int) throws(JSONDataError) {
        self.bytes = storage
        let result: Result<ContiguousArray<JSONNode>, JSONDataError> = storage.withUnsafeBytes { raw in
            // SAFETY: `Data`'s bytes are plain `UInt8` memory, valid for the closure.
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            do throws(JSONDataError) {
                return .success(try JSONScanner.scan(buffer, maximumDepth: maximumDepth))
            } catch {
                return .failure(error)
            }
        }
        self.nodes = try result.get()
    }

    /// Parses a JSON text given as bytes.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 encoded JSON text (any top-level value; surrounding whitespace allowed).
    ///   - maximumDepth: Maximum number of nested arrays/objects (default 512; values above 65,535
    ///     count as 65,535). Deeper input throws instead of exhausting the stack.
    /// - Throws: ``JSONDataError`` with the reason and byte offset of the first problem.
    package convenience init(bytes: [UInt8], maximumDepth: Int = 512) throws(JSONDataError) {
        try self.init(storage: Data(bytes), maximumDepth: maximumDepth)
    }

    /// Parses a JSON text given as `Data` (not copied).
    package convenience init(bytes: Data, maximumDepth: Int = 512) throws(JSONDataError) {
        try self.init(storage: bytes, maximumDepth: maximumDepth)
    }

    /// Parses a JSON text given as any sequence of bytes (copied once into contiguous storage).
    package convenience init(bytes: some Sequence<UInt8>, maximumDepth: Int = 512) throws(JSONDataError) {
        try self.init(storage: Data(bytes), maximumDepth: maximumDepth)
    }

    /// Parses a JSON text given as a Swift string (its UTF-8 encoding).
    package convenience init(text: String, maximumDepth: Int = 512) throws(JSONDataError) {
        try self.init(storage: Data(text.utf8), maximumDepth: maximumDepth)
    }

    /// Calls `body` with the input bytes.
    @inline(__always)
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // SAFETY: as in `init`; every node's range `a ..< a + b` lies inside these
        // bytes, because the scanner made the tape from the same `Data`
        // (which `bytes` keeps) and only records ranges it has read.
        bytes.withUnsafeBytes { body($0.assumingMemoryBound(to: UInt8.self)) }
    }

    // MARK: - Structure

    /// Index of the root node: always 0.
    package var rootIndex: Int { 0 }

    /// Number of nodes on the tape.
    package var nodeCount: Int { nodes.count }

    /// The kind of `node`.
    @inline(__always)
    package func kind(at node: Int) -> JSONKind {
        nodes[node].kind
    }

    /// The index just past `node`'s whole subtree (O(1): stored on the tape for containers).
    @inline(__always)
    package func nextSibling(of node: Int) -> Int {
        let n = nodes[node]
        return n.kind.rawValue >= JSONKind.array.rawValue ? Int(n.b) : node &+ 1
    }

    /// Number of elements of an array or members of an object; 0 for other kinds.
    @inline(__always)
    package func count(at node: Int) -> Int {
        let n = nodes[node]
        return n.kind.rawValue >= JSONKind.array.rawValue ? Int(n.a) : 0
    }

    /// The first child of a container: `node + 1` (only meaningful if ``count(at:)`` > 0).
    /// For objects the children alternate key, value, key, value.
    @inline(__always)
    package func firstChild(of node: Int) -> Int {
        node &+ 1
    }

    /// Byte offset in the input where `node` starts (quote, bracket or first character);
    /// useful for error messages.
    package func byteOffset(of node: Int) -> Int {
        Int(nodes[node].offset)
    }

    /// Number of containers enclosing `node` (the root has depth 0).
    package func depth(of node: Int) -> Int {
        Int(nodes[node].depth)
    }

    // MARK: - Scalars

    /// The value of a `.bool` node; `false` for other kinds.
    @inline(__always)
    package func bool(at node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .bool && n.flags & JSONNode.boolTrue != 0
    }

    /// The value of a `.number` node (see ``JSONNumber``); `.int(0)` for other kinds.
    package func number(at node: Int) -> JSONNumber {
        let n = nodes[node]
        guard n.kind == .number else { return .int(0) }
        return withBytes { buffer in
            guard let base = buffer.baseAddress else { return .int(0) }
            // SAFETY: the node's range lies inside the input (see `withBytes`).
            return Self.parseNumber(base + Int(n.a), count: Int(n.b),
                                    isInteger: n.flags & JSONNode.numberIsInteger != 0)
        }
    }

    /// Whether the `.number` node was written without fraction and exponent.
    package func isIntegerLiteral(at node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .number && n.flags & JSONNode.numberIsInteger != 0
    }

    /// The raw text of a number node exactly as written (e.g. for `Decimal` conversion);
    /// `""` for other kinds.
    package func numberText(at node: Int) -> String {
        let n = nodes[node]
        guard n.kind == .number else { return "" }
        return withBytes { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(n.a)..<Int(n.a) + Int(n.b)]), as: UTF8.self)
        }
    }

    /// The fully unescaped value of a string or key node; `""` for other kinds.
    package func string(at node: Int) -> String {
        let n = nodes[node]
        guard n.kind == .string else { return "" }
        return withBytes { buffer in
            let raw = UnsafeBufferPointer(rebasing: buffer[Int(n.a)..<Int(n.a) + Int(n.b)])
            if n.flags & JSONNode.stringHasEscapes == 0 {
                return String(decoding: raw, as: UTF8.self)
            }
            // SAFETY: unescaping never lengthens a string, so `raw.count` bytes
            // of capacity hold the result; `unescape` returns how many it wrote.
            return String(unsafeUninitializedCapacity: raw.count) { out in
                guard let target = out.baseAddress else { return 0 }
                return Self.unescape(raw, to: target)
            }
        }
    }

    /// Whether the string or key `node`, unescaped, is exactly the UTF-8 bytes `key`.
    /// Without escapes this is a length check plus `memcmp`; otherwise the escapes are decoded on
    /// the fly (no allocation). `false` for other kinds.
    @inline(__always)
    package func stringEquals(at node: Int, utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = nodes[node]
        guard n.kind == .string else { return false }
        let start = Int(n.a)
        let length = Int(n.b)
        return withBytes { buffer in
            guard let base = buffer.baseAddress else { return key.isEmpty }
            if n.flags & JSONNode.stringHasEscapes == 0 {
                guard length == key.count else { return false }
                guard length > 0, let keyBase = key.baseAddress else { return true }
                // SAFETY: both ranges hold `length` bytes: the node's (see
                // `withBytes`) and `key`'s (checked equal just above).
                return memcmp(base + start, keyBase, length) == 0
            }
            // Unescaping never lengthens a string.
            guard key.count <= length else { return false }
            return Self.escapedEquals(UnsafeBufferPointer(start: base + start, count: length), key)
        }
    }

    /// Whether the string or key `node`, unescaped, equals `key` (exact UTF-8 bytes).
    package func stringEquals(at node: Int, _ key: String) -> Bool {
        Self.withUTF8(key) { stringEquals(at: node, utf8: $0) }
    }

    // MARK: - Containers

    /// The value node of the member of `object` whose key is `key` (exact UTF-8 bytes; the last
    /// of duplicates);
    /// nil if absent or if `object` is not an object. Linear in the number of members.
    package func member(_ key: String, in object: Int) -> Int? {
        Self.withUTF8(key) { member(utf8: $0, in: object) }
    }

    /// Same as ``member(_:in:)`` for a key given as raw UTF-8 bytes.
    package func member(utf8 key: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        let n = nodes[object]
        guard n.kind == .object else { return nil }
        return findMember(key, from: object &+ 1, to: Int(n.b),
                          last: n.flags & JSONNode.objectMayHaveDuplicateKeys != 0)
    }

    /// The value node of the first (or, with `last`, the last) member whose key is `key`,
    /// scanning the member keys from key node `start` (inclusive) to node `end` (exclusive) of
    /// one object.
    @inline(__always)
    private func findMember(_ key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                            last: Bool = false) -> Int? {
        nodes.withUnsafeBufferPointer { tape in
            withBytes { buffer in
                // SAFETY: key nodes index the tape in `start..<end`, checked
                // against `tape.count` here; their byte ranges lie in the input (see `withBytes`).
                guard let base = buffer.baseAddress, start >= 0, end <= tape.count else { return nil }
                let keyCount = key.count
                let keyBase = key.baseAddress ?? base  // only dereferenced when keyCount > 0
                var found: Int?
                var k = start
                while k < end {
                    let keyNode = tape[k]
                    let length = Int(keyNode.b)
                    let matches: Bool
                    if keyNode.flags & JSONNode.stringHasEscapes == 0 {
                        matches = length == keyCount
                            && (length == 0 || memcmp(base + Int(keyNode.a), keyBase, length) == 0)
                    } else {
                        matches = keyCount <= length
                            && Self.escapedEquals(UnsafeBufferPointer(start: base + Int(keyNode.a), count: length), key)
                    }
                    if matches {
                        found = k &+ 1
                        if !last { return found }
                    }
                    let value = tape[k &+ 1]
                    k = value.kind.rawValue >= JSONKind.array.rawValue ? Int(value.b) : k &+ 2
                }
                return found
            }
        }
    }

    /// Same as ``member(_:in:)`` (last occurrence wins), but starts the search at a cursor so
    /// that looking up keys in the order they appear costs amortised O(1) per look-up.
    ///
    /// `hint` is an opaque cursor: start with `0` for each object, then pass the same variable
    /// to every look-up in that object. On success it is moved past the found member (it holds
    /// the key node index of the next member); on failure it is left unchanged. A value not
    /// produced for this object (e.g. `0`, or one from another object) is detected and simply
    /// means "start at the first member". The search wraps around, so results never depend on
    /// the hint; objects that may contain duplicate keys are searched from the start.
    package func member(_ key: String, in object: Int, hint: inout Int) -> Int? {
        Self.withUTF8(key) { member(utf8: $0, in: object, hint: &hint) }
    }

    /// Same as ``member(_:in:hint:)`` for a key given as raw UTF-8 bytes.
    package func member(utf8 key: UnsafeBufferPointer<UInt8>, in object: Int, hint: inout Int) -> Int? {
        let n = nodes[object]
        guard n.kind == .object else { return nil }
        let first = object &+ 1
        let end = Int(n.b)
        if n.flags & JSONNode.objectMayHaveDuplicateKeys != 0 {
            return findMember(key, from: first, to: end, last: true)
        }
        var start = first
        if hint > object, hint < end {
            let h = nodes[hint]
            // Only a direct key of this object has this kind, flag and depth within its range.
            if h.kind == .string, h.flags & JSONNode.stringIsKey != 0, Int(h.depth) == Int(n.depth) &+ 1 {
                start = hint
            }
        }
        let found = findMember(key, from: start, to: end) ?? (start > first ? findMember(key, from: first, to: start) : nil)
        if let found {
            hint = nextSibling(of: found)
        }
        return found
    }

    /// The element node indices of `array` in order (empty for other kinds).
    package func elements(of array: Int) -> Elements {
        let n = nodes[array]
        let isArray = n.kind == .array
        return Elements(document: self, start: array &+ 1, end: isArray ? Int(n.b) : array &+ 1,
                        count: isArray ? Int(n.a) : 0)
    }

    /// The `(key, value)` node index pairs of `object` in document order, duplicates included
    /// (empty for other kinds).
    package func members(of object: Int) -> Members {
        let n = nodes[object]
        let isObject = n.kind == .object
        return Members(document: self, start: object &+ 1, end: isObject ? Int(n.b) : object &+ 1,
                       count: isObject ? Int(n.a) : 0)
    }

    /// The element node indices of an array.
    package struct Elements: Sequence, IteratorProtocol, Sendable {
        /// The document the indices belong to.
        let document: JSONDocument
        /// The next element index.
        var start: Int
        /// Index just past the array's subtree.
        let end: Int
        /// Number of elements (for `underestimatedCount`).
        let count: Int

        /// The next element index, or nil at the end.
        @inline(__always)
        package mutating func next() -> Int? {
            guard start < end else { return nil }
            let element = start
            start = document.nextSibling(of: element)
            return element
        }

        /// The number of elements.
        package var underestimatedCount: Int { count }
    }

    /// The `(key, value)` node index pairs of an object.
    package struct Members: Sequence, IteratorProtocol, Sendable {
        /// The document the indices belong to.
        let document: JSONDocument
        /// The next key index.
        var start: Int
        /// Index just past the object's subtree.
        let end: Int
        /// Number of members (for `underestimatedCount`).
        let count: Int

        /// The next member, or nil at the end.
        @inline(__always)
        package mutating func next() -> (key: Int, value: Int)? {
            guard start < end else { return nil }
            let key = start
            start = document.nextSibling(of: key &+ 1)
            return (key, key &+ 1)
        }

        /// The number of members.
        package var underestimatedCount: Int { count }
    }

    // MARK: - Materialisation

    /// Materialises `node` like `JSONSerialization` would, but Swift-native: `[String: Any]`,
    /// `[Any]`, `String`, `Bool`, `NSNull()`, `Int` (integer literal that fits `Int64`), `UInt64`
    /// (fits only `UInt64`) or `Double` (everything else). Duplicate keys: the last wins.
    /// Iterative, so any depth the parser accepted is safe.
    package func anyValue(at node: Int) -> Any {
        guard nodes[node].kind.rawValue >= JSONKind.array.rawValue else { return scalarValue(at: node) }

        /// A container under construction.
        struct Frame {
            /// Elements so far (arrays).
            var array: [Any] = []
            /// Members so far (objects).
            var object: [String: Any] = [:]
            /// Whether this is an object.
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
            var f = Frame(isObject: n.kind == .object, cursor: container &+ 1, end: Int(n.b))
            if f.isObject { f.object.reserveCapacity(Int(n.a)) } else { f.array.reserveCapacity(Int(n.a)) }
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
            if nodes[child].kind.rawValue >= JSONKind.array.rawValue {
                stack.append(frame(for: child))
            } else {
                stack[top].add(scalarValue(at: child))
            }
        }
        return NSNull()  // not reached: the loop returns when the root frame completes
    }

    /// Materialises a scalar node (see ``anyValue(at:)``).
    private func scalarValue(at node: Int) -> Any {
        switch nodes[node].kind {
        case .null, .array, .object: return NSNull()
        case .bool: return bool(at: node)
        case .string: return string(at: node)
        case .number:
            switch number(at: node) {
            case .int(let v): return Int(exactly: v).map { $0 as Any } ?? v
            case .uint(let v): return v
            case .double(let v): return v
            }
        }
    }

    // MARK: - Helpers

    /// Calls `body` with the UTF-8 bytes of `string` (copying only for non-native strings).
    @inline(__always)
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    /// The value of an ASCII hex digit, or nil.
    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// Four hex digits at `raw[i..<i+4]` (0 where missing; input is pre-validated).
    @inline(__always)
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        guard i >= 0, raw.count &- i >= 4 else { return 0 }
        var value: UInt32 = 0
        for j in i..<(i &+ 4) { value = value &<< 4 | (hexValue(raw[j]) ?? 0) }
        return value
    }

    /// Decodes the (validated) escape whose backslash is at `raw[i]`: the Unicode scalar value
    /// and the number of raw bytes consumed.
    @inline(__always)
    private static func decodeEscape(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int) {
        guard raw.count &- i >= 2 else { return (0xFFFD, raw.count &- i) }
        switch raw[i &+ 1] {
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "u"):
            let unit = hex4(raw, i &+ 2)
            if unit >= 0xD800 && unit <= 0xDBFF {
                let low = hex4(raw, i &+ 8)
                guard low >= 0xDC00 && low <= 0xDFFF else { return (0xFFFD, 6) }  // unreachable after validation
                return (0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00), 12)
            }
            if unit >= 0xDC00 && unit <= 0xDFFF { return (0xFFFD, 6) }  // unreachable after validation
            return (unit, 6)
        default: return (UInt32(raw[i &+ 1]), 2)  // \" \\ \/
        }
    }

    /// Encodes `scalar` as UTF-8 into `out` (room for 4 bytes); returns the byte count.
    @inline(__always)
    private static func encodeUTF8(_ scalar: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar &>> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar &>> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar &>> 18)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 12 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar &>> 6 & 0x3F)
            out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            return 4
        }
    }

    /// Unescapes validated raw string content into `out` (capacity at least `raw.count`);
    /// returns the number of bytes written.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        while i < raw.count {
            let c = raw[i]
            if c != UInt8(ascii: "\\") {
                out[o] = c
                o &+= 1
                i &+= 1
                continue
            }
            let (scalar, length) = decodeEscape(raw, i)
            o &+= encodeUTF8(scalar, out + o)
            i &+= length
        }
        return o
    }

    /// Appends the unescaped form of validated raw string content to `out`.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let old = out.count
        out.append(contentsOf: repeatElement(0, count: raw.count))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // SAFETY: `raw.count` zero bytes were appended after `old`, and
            // unescaping writes at most `raw.count` bytes (it never lengthens).
            return unescape(raw, to: base + old)
        }
        out.removeLast(raw.count &- written)
    }

    /// Whether validated escaped raw content unescapes to exactly `key`.
    private static func escapedEquals(_ raw: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var k = 0
        var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        while i < raw.count {
            let c = raw[i]
            if c != UInt8(ascii: "\\") {
                guard k < key.count, key[k] == c else { return false }
                k &+= 1
                i &+= 1
                continue
            }
            let (scalar, length) = decodeEscape(raw, i)
            i &+= length
            // SAFETY: a tuple of four `UInt8` is four bytes of `UInt8`; one
            // scalar encodes to at most four UTF-8 bytes.
            let matched = withUnsafeMutableBytes(of: &encoded) { bytes -> Bool in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
                let n = encodeUTF8(scalar, base)
                guard key.count &- k >= n else { return false }
                for j in 0..<n where key[k &+ j] != base[j] { return false }
                k &+= n
                return true
            }
            if !matched { return false }
        }
        return k == key.count
    }

    /// Exact powers of ten representable in a `Double` (10^0 ... 10^22).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Converts validated number text to a ``JSONNumber``: exact 64-bit integer accumulation
    /// with overflow detection for integer literals, otherwise a correctly rounded `Double`.
    static func parseNumber(_ p: UnsafePointer<UInt8>, count: Int, isInteger: Bool) -> JSONNumber {
        if isInteger {
            let negative = p[0] == UInt8(ascii: "-")
            var i = negative ? 1 : 0
            var magnitude: UInt64 = 0
            var overflow = false
            while i < count {
                let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(UInt64(p[i] &- UInt8(ascii: "0")))
                if o1 || o2 {
                    overflow = true
                    break
                }
                magnitude = s
                i &+= 1
            }
            if !overflow {
                if !negative {
                    return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .uint(magnitude)
                }
                if magnitude <= UInt64(Int64.max) { return .int(-Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) &+ 1 { return .int(.min) }
            }
        }
        return .double(parseDouble(p, count: count))
    }

    /// Converts validated number text to the correctly rounded `Double` (±infinity on overflow).
    /// Uses the exact fast path (mantissa < 2^53 times/divided by an exact power of ten) when it
    /// applies and the standard library's correctly rounded conversion otherwise.
    static func parseDouble(_ p: UnsafePointer<UInt8>, count: Int) -> Double {
        var i = 0
        let negative = p[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var fast = true
        while i < count, p[i] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(p[i] &- UInt8(ascii: "0"))
            digits &+= 1
            i &+= 1
        }
        if i < count && p[i] == UInt8(ascii: ".") {
            i &+= 1
            while i < count, p[i] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(p[i] &- UInt8(ascii: "0"))
                digits &+= 1
                exponent &-= 1
                i &+= 1
            }
        }
        if i < count && (p[i] | 0x20) == UInt8(ascii: "e") {
            i &+= 1
            var negativeExponent = false
            if p[i] == UInt8(ascii: "-") { negativeExponent = true; i &+= 1 }
            else if p[i] == UInt8(ascii: "+") { i &+= 1 }
            var e = 0
            while i < count, p[i] &- UInt8(ascii: "0") < 10 {
                if e < 100_000 { e = e &* 10 &+ Int(p[i] &- UInt8(ascii: "0")) } else { fast = false }
                i &+= 1
            }
            exponent &+= negativeExponent ? -e : e
        }
        if fast && digits <= 19 {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
                var value = Double(mantissa)
                if exponent >= 0 {
                    value *= powersOfTen[exponent]
                } else {
                    value /= powersOfTen[-exponent]
                }
                return negative ? -value : value
            }
        }
        let text = String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
