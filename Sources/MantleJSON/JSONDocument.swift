import Foundation


/// A fully validated JSON document stored as a flat tape of nodes over the input bytes.
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
/// objects that may hold a key twice; only those are searched to the end.
///
/// **Keys are compared as Swift `String`s are, by canonical equivalence**, as a
/// `[String: Any]` from `JSONSerialization` looks them up: `"cafe\u0301"` (decomposed) is the
/// key `"café"`, and NFC/NFD spellings of one key in one object count as one key (the last
/// wins). All-ASCII keys, the common case, are compared by their unescaped UTF-8 bytes, which
/// is the same for them; objects where a key is not all ASCII are flagged by the parser and
/// searched to their end comparing strings. A key asked for that is not all ASCII but stands
/// for an ASCII one (`"\u{212A}"`, the Kelvin sign, is `"K"`) is found in an all-ASCII object
/// only in that form, ``asciiForm(of:)``, which callers look up when its own is missing.
///
/// The class is immutable after `init` (only `let` properties of `Sendable` types), so its
/// `Sendable` conformance is compiler-checked rather than `@unchecked`.
package final class JSONDocument: Sendable {
    /// The input bytes, shared with the caller rather than copied (see ``JSONInput``). Every
    /// accessor reads them through ``withBytes(_:)``.
    let input: JSONInput
    /// The node tape; ``rootIndex`` is its first element. Internal to the engine: the
    /// accessors below are the interface.
    @usableFromInline let nodes: ContiguousArray<JSONNode>

    /// Parses the JSON text `input` (see ``init(bytes:maximumDepth:)-([UInt8],_)`` for the
    /// parameters).
    package init(input: JSONInput, maximumDepth: Int = JSONLimits.defaultMaximumDepth) throws(JSONDataError) {
        self.input = input
        self.nodes = try JSONScanner.scan(input.buffer, maximumDepth: maximumDepth)
    }

    /// A document of one value of `input` whose tape `nodes` the scanner made from `input`
    /// (an element of a top-level array, ``JSONArrayElements``).
    init(input: JSONInput, nodes: ContiguousArray<JSONNode>) {
        self.input = input
        self.nodes = nodes
    }

    /// Parses a JSON text given as bytes.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 encoded JSON text (any top-level value; surrounding whitespace allowed).
    ///   - maximumDepth: Maximum number of nested arrays/objects (default
    ///     ``JSONLimits/defaultMaximumDepth``; values above ``JSONLimits/largestMaximumDepth``
    ///     count as that). Deeper input throws instead of exhausting the stack.
    /// - Throws: ``JSONDataError`` with the reason and byte offset of the first problem.
    package convenience init(bytes: [UInt8], maximumDepth: Int = JSONLimits.defaultMaximumDepth) throws(JSONDataError) {
        try self.init(input: JSONInput(bytes), maximumDepth: maximumDepth)
    }

    /// Parses a JSON text given as `Data`, reading its bytes where they are (no copy, apart
    /// from a few bytes that `Data` stores inline).
    package convenience init(bytes: Data, maximumDepth: Int = JSONLimits.defaultMaximumDepth) throws(JSONDataError) {
        try self.init(input: JSONInput(bytes), maximumDepth: maximumDepth)
    }

    /// Parses a JSON text given as any sequence of bytes (copied once into an array).
    package convenience init(bytes: some Sequence<UInt8>, maximumDepth: Int = JSONLimits.defaultMaximumDepth)
        throws(JSONDataError)
    {
        try self.init(input: JSONInput(Array(bytes)), maximumDepth: maximumDepth)
    }

    /// Parses a JSON text given as a Swift string (its UTF-8 encoding).
    package convenience init(text: String, maximumDepth: Int = JSONLimits.defaultMaximumDepth) throws(JSONDataError) {
        try self.init(input: JSONInput(Array(text.utf8)), maximumDepth: maximumDepth)
    }

    /// Calls `body` with the input bytes.
    @usableFromInline @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // SAFETY (what the callers' pointer arithmetic relies on): every scalar node's range
        // `textStart ..< textStart + textLength` lies inside these bytes, because the scanner
        // made the tape from this same input (a `let`, whose bytes never change or move, see
        // ``JSONInput``) and only records ranges it has read.
        body(input.buffer)
    }

    // MARK: - Structure

    /// Index of the root node: always 0.
    package var rootIndex: Int { 0 }

    /// Number of nodes on the tape (one per value and per key).
    package var nodeCount: Int { nodes.count }

    @inlinable @inline(__always)
    package func kind(at node: Int) -> JSONKind {
        nodes[node].kind
    }

    /// The index just past `node`'s whole subtree (O(1): stored on the tape for containers).
    @inlinable @inline(__always)
    package func nextSibling(of node: Int) -> Int {
        let n = nodes[node]
        return n.isContainer ? n.subtreeEnd : node &+ 1
    }

    /// Number of elements of an array or members of an object; 0 for other kinds.
    @inlinable @inline(__always)
    package func count(at node: Int) -> Int {
        let n = nodes[node]
        return n.isContainer ? n.entryCount : 0
    }

    /// The first child of a container: `node + 1` (only meaningful if ``count(at:)`` > 0).
    /// For objects the children alternate key, value, key, value.
    @inlinable @inline(__always)
    package func firstChild(of node: Int) -> Int {
        node &+ 1
    }

    /// Byte offset in the input where `node` starts (quote, bracket or first character).
    func byteOffset(of node: Int) -> Int {
        Int(nodes[node].offset)  // 32-bit: an offset into the input, whose count is an Int
    }

    /// Number of containers enclosing `node` (the root has depth 0).
    func depth(of node: Int) -> Int {
        Int(nodes[node].depth)  // 32-bit: a UInt16
    }

    // MARK: - Scalars

    /// The value of a `.bool` node; `false` for other kinds.
    @inlinable @inline(__always)
    package func bool(at node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .bool && n.flags & JSONNode.boolTrue != 0
    }

    // MARK: - Containers

    /// The value node of the member of `object` whose key is `key` (by canonical equivalence,
    /// see the type's notes; the last of duplicates);
    /// nil if absent or if `object` is not an object. Linear in the number of members.
    package func member(_ key: String, in object: Int) -> Int? {
        Self.withUTF8(key) { member(utf8: $0, in: object) }
    }

    /// Same as ``member(_:in:)`` for a key given as raw UTF-8 bytes.
    func member(utf8 key: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        let n = nodes[object]
        guard n.kind == .object else { return nil }
        if n.flags & JSONNode.objectHasNonASCIIKeys != 0 {
            return findMemberAsString(key, from: object &+ 1, to: n.subtreeEnd)
        }
        return findMember(key, from: object &+ 1, to: n.subtreeEnd,
                          last: n.flags & JSONNode.objectMayHaveDuplicateKeys != 0)
    }

    /// The all-ASCII key canonically equivalent to `key`, which is not all ASCII, or `nil` when
    /// there is none (or `key` is ASCII). Objects whose keys are all ASCII are searched by
    /// bytes, where such a key is found only in this form: callers look it up so when its own
    /// spelling is missing. Only the Kelvin sign, the Greek question mark and the Greek varia
    /// decompose to ASCII (`"\u{212A}"` is `"K"`).
    package static func asciiForm(of key: String) -> String? {
        guard key.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let decomposed = key.decomposedStringWithCanonicalMapping
        return decomposed.utf8.allSatisfy({ $0 < 0x80 }) ? decomposed : nil
    }

    /// The value node of the last member whose key equals `key` as a Swift string (canonical
    /// equivalence), scanning the member keys from key node `start` to node `end` of one object
    /// flagged ``JSONNode/objectHasNonASCIIKeys``. All-ASCII keys are compared by bytes when
    /// `key` is all ASCII too.
    @usableFromInline
    func findMemberAsString(_ key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let name = String(decoding: key, as: UTF8.self)
        let nameIsASCII = !key.contains(where: { $0 >= 0x80 })
        var found: Int?
        var k = start
        while k < end {
            let matches: Bool
            if nameIsASCII && nodes[k].flags & JSONNode.stringHasNonASCII == 0 {
                matches = findMember(key, from: k, to: k &+ 1) != nil
            } else {
                matches = string(at: k) == name
            }
            if matches { found = k &+ 1 }
            k = nextSibling(of: k &+ 1)
        }
        return found
    }

    /// The value node of the first (or, with `last`, the last) member whose key is `key`,
    /// scanning the member keys from key node `start` (inclusive) to node `end` (exclusive) of
    /// one object.
    @inlinable @inline(__always)
    func findMember(_ key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
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
                    let length = keyNode.textLength
                    let matches: Bool
                    if keyNode.flags & JSONNode.stringHasEscapes == 0 {
                        matches = length == keyCount && Self.bytesEqual(base + keyNode.textStart, keyBase, length)
                    } else {
                        // Unescaping never lengthens, so a longer key cannot match.
                        matches = keyCount <= length
                            && JSONEscapes.escapedEquals(UnsafeBufferPointer(start: base + keyNode.textStart, count: length), key)
                    }
                    if matches {
                        found = k &+ 1
                        if !last { return found }
                    }
                    let value = tape[k &+ 1]
                    k = value.isContainer ? value.subtreeEnd : k &+ 2
                }
                return found
            }
        }
    }

    /// `true` when the `count` bytes at `left` and at `right` are the same: for keys of up to 16
    /// bytes, the common case, by two overlapping loads of each side rather than a call of
    /// `memcmp`.
    @inlinable @inline(__always)
    static func bytesEqual(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        // SAFETY: every load lies inside the `count` bytes at each pointer, which the caller
        // vouches for: eight bytes at 0 and at `count - 8` when 8 <= count <= 16, four at 0 and
        // at `count - 4` when 4 <= count < 8, and single bytes below `count` under 4. Together
        // the loads cover every byte. `loadUnaligned` needs no alignment.
        if count >= 8 {
            guard count <= 16 else { return memcmp(left, right, count) == 0 }
            let tail = count &- 8
            return UnsafeRawPointer(left).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(right).loadUnaligned(as: UInt64.self)
                && UnsafeRawPointer(left + tail).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(right + tail).loadUnaligned(as: UInt64.self)
        }
        if count >= 4 {
            let tail = count &- 4
            return UnsafeRawPointer(left).loadUnaligned(as: UInt32.self)
                    == UnsafeRawPointer(right).loadUnaligned(as: UInt32.self)
                && UnsafeRawPointer(left + tail).loadUnaligned(as: UInt32.self)
                    == UnsafeRawPointer(right + tail).loadUnaligned(as: UInt32.self)
        }
        guard count > 0 else { return true }
        let middle = count &>> 1, last = count &- 1
        return left[0] == right[0] && left[middle] == right[middle] && left[last] == right[last]
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
    @inlinable
    package func member(_ key: String, in object: Int, hint: inout Int) -> Int? {
        Self.withUTF8(key) { member(utf8: $0, in: object, hint: &hint) }
    }

    /// Same as ``member(_:in:hint:)`` for a key given as raw UTF-8 bytes.
    @inlinable
    package func member(utf8 key: UnsafeBufferPointer<UInt8>, in object: Int, hint: inout Int) -> Int? {
        let n = nodes[object]
        guard n.kind == .object else { return nil }
        let first = object &+ 1
        let end = n.subtreeEnd
        if n.flags != 0 {
            if n.flags & JSONNode.objectHasNonASCIIKeys != 0 { return findMemberAsString(key, from: first, to: end) }
            return findMember(key, from: first, to: end, last: true)
        }
        var start = first
        if hint > object, hint < end {
            let h = nodes[hint]
            // Only a direct key of this object has this kind, flag and depth within its range.
            if h.kind == .string, h.flags & JSONNode.stringIsKey != 0, Int(h.depth) == Int(n.depth) &+ 1 {  // 32-bit: UInt16s
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
        return Elements(document: self, start: array &+ 1, end: isArray ? n.subtreeEnd : array &+ 1,
                        count: isArray ? n.entryCount : 0)
    }

    /// The `(key, value)` node index pairs of `object` in document order, duplicates included
    /// (empty for other kinds).
    package func members(of object: Int) -> Members {
        let n = nodes[object]
        let isObject = n.kind == .object
        return Members(document: self, start: object &+ 1, end: isObject ? n.subtreeEnd : object &+ 1,
                       count: isObject ? n.entryCount : 0)
    }

    /// The element node indices of an array.
    package struct Elements: Sequence, IteratorProtocol, Sendable {
        @usableFromInline let document: JSONDocument
        /// The next element index.
        @usableFromInline var start: Int
        /// Index just past the array's subtree.
        @usableFromInline let end: Int
        /// Number of elements (for `underestimatedCount`).
        @usableFromInline let count: Int

        @inlinable @inline(__always)
        package mutating func next() -> Int? {
            guard start < end else { return nil }
            let element = start
            start = document.nextSibling(of: element)
            return element
        }

        package var underestimatedCount: Int { count }
    }

    /// The `(key, value)` node index pairs of an object.
    package struct Members: Sequence, IteratorProtocol, Sendable {
        @usableFromInline let document: JSONDocument
        /// The next key index.
        @usableFromInline var start: Int
        /// Index just past the object's subtree.
        @usableFromInline let end: Int
        /// Number of members (for `underestimatedCount`).
        @usableFromInline let count: Int

        @inlinable @inline(__always)
        package mutating func next() -> (key: Int, value: Int)? {
            guard start < end else { return nil }
            let key = start
            start = document.nextSibling(of: key &+ 1)
            return (key, key &+ 1)
        }

        package var underestimatedCount: Int { count }
    }
}
