// The JSON engine's scanner: bytes in, a validated tape of nodes out.
//
// A worked example. The 25 bytes
//
//     {"id":7,"tags":["a","b"]}
//     0         1         2
//     0123456789012345678901234
//
// scan to this tape (one 16-byte `JSONNode` per value or key, in document
// order; see `JSONTape.swift` for the fields):
//
//     index  kind    a   b   offset  depth  flags
//     0      object  2   7   0       0             a: 2 members, b: tape index past the object
//     1      string  2   2   1       1      key    a, b: the bytes "id" (2..<4), unescaped on access
//     2      number  6   1   6       1      int    the text "7", converted on access
//     3      string  9   4   8       1      key    "tags"
//     4      array   2   7   15      1             2 elements; the subtree ends before index 7
//     5      string  17  1   16      2             "a"
//     6      string  21  1   20      2             "b"
//
// An object's children alternate key, value; skipping any value is one read
// of its `b` (containers) or `index + 1` (scalars), so a look-up walks keys
// only. `JSONDocument` reads the tape; `JSONParsingTests` checks this example.

/// The validating RFC 8259 scanner that turns UTF-8 bytes into the flat node tape of a
/// ``JSONDocument``.
///
/// The scan is a single iterative pass (an explicit container stack, no recursion), so deeply
/// nested input can never overflow the call stack; nesting deeper than `maximumDepth` throws.
/// Nothing is materialised: strings and numbers are recorded as byte ranges and converted on
/// access, but everything is validated here so that access cannot fail:
///
/// - Strings: UTF-8 well-formedness (no overlong forms, no UTF-8-encoded surrogates
///   `ED A0..BF xx`, nothing above U+10FFFF), no unescaped control characters (< 0x20), only the
///   escapes `\" \\ \/ \b \f \n \r \t \uXXXX`. A `\u` escape of a UTF-16 surrogate must form a
///   valid high+low pair; lone or inverted surrogate escapes such as `"\uD800"` are **rejected**.
/// - Numbers: exactly the RFC 8259 grammar `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
///   (no leading zeros, `+`, `.5`, `1.`, hex, `NaN` or `Infinity`).
/// - Structure: no trailing commas, comments, single quotes or unquoted keys; only the literals
///   `true`, `false`, `null`; whitespace is space, tab, line feed and carriage return only; any
///   value may be the top-level value, and nothing but whitespace may follow it.
/// - A UTF-8 byte order mark (`EF BB BF`) at the start is **rejected** (RFC 8259 §8.1: generators
///   must not add one; strict parsing treats it as an unexpected byte).
/// - Input must be smaller than 4 GiB (offsets are stored as `UInt32`).
///
/// Objects whose keys might repeat (equal 64-bit hashes of the unescaped key bytes) are flagged
/// with ``JSONNode/objectMayHaveDuplicateKeys`` so that hinted member look-up can stay exact.
package struct JSONScanner {
    /// One open container on the explicit parse stack (the innermost one is kept in locals).
    private struct Frame {
        /// Tape index of the container node.
        var node: Int
        /// Elements / members completed so far.
        var count: UInt32
        /// Whether the container is an object.
        var isObject: Bool
        /// For objects: whether two keys may be equal so far.
        var mayHaveDuplicates: Bool
        /// For objects: where this object's key hashes start in `keyHashes`.
        var hashStart: Int

        /// Outside every container.
        static let topLevel = Frame(node: -1, count: 0, isObject: false, mayHaveDuplicates: false, hashStart: 0)
    }

    /// First byte of the input.
    private let p: UnsafePointer<UInt8>
    /// Number of input bytes.
    private let end: Int
    /// Maximum number of nested containers (already clamped to what `UInt16` depths can hold).
    private let maximumDepth: Int
    /// Read position.
    private var pos = 0
    /// The tape being built.
    private var nodes: ContiguousArray<JSONNode> = []
    /// Enclosing containers of the innermost open container.
    private var frames: ContiguousArray<Frame> = []
    /// Hashes of the keys of all open objects, innermost last.
    private var keyHashes: ContiguousArray<UInt64> = []
    /// Four 64-bit words of Bloom filter per nesting level for duplicate-key detection.
    private var filters: ContiguousArray<UInt64> = []
    /// Reusable buffer for unescaping escaped keys before hashing.
    private var scratch: [UInt8] = []

    /// Largest accepted value of `maximumDepth` (node depths are stored as `UInt16`).
    package static let depthLimit = Int(UInt16.max)

    /// Creates a scanner over `base[0..<count]`.
    private init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        self.p = base
        self.end = count
        self.maximumDepth = Swift.max(0, Swift.min(maximumDepth, Self.depthLimit))
    }

    /// Validates `input` as one JSON text and returns its node tape (root at index 0).
    ///
    /// - Parameters:
    ///   - input: The UTF-8 bytes of the JSON text.
    ///   - maximumDepth: Maximum nesting of arrays/objects; `0` allows only scalars. Values above
    ///     65,535 are treated as 65,535.
    /// - Throws: ``JSONDataError`` describing the first problem and its byte offset.
    package static func scan(_ input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(JSONDataError)
        -> ContiguousArray<JSONNode>
    {
        guard let base = input.baseAddress, !input.isEmpty else {
            throw JSONDataError("unexpected end of input", at: 0)
        }
        guard input.count < Int(UInt32.max) else {
            throw JSONDataError("input of \(input.count) bytes exceeds the 4 GiB limit", at: 0)
        }
        // SAFETY: the scanner reads `p[pos]` only while `pos < end` (= `input.count`)
        // and words only through `load` (see there), for the duration of this call.
        var scanner = JSONScanner(base: base, count: input.count, maximumDepth: maximumDepth)
        scanner.nodes.reserveCapacity(Swift.min(input.count / 8 + 16, 1 << 24))
        try scanner.parse()
        return scanner.nodes
    }

    // MARK: - Main loop

    /// Parses the whole input into `nodes`.
    private mutating func parse() throws(JSONDataError) {
        skipWhitespace()
        if end - pos >= 3 && p[pos] == 0xEF && p[pos + 1] == 0xBB && p[pos + 2] == 0xBF {
            throw JSONDataError("byte order mark (BOM) is not allowed", at: pos)
        }

        // The innermost open container lives in `open`; enclosing ones in `frames`.
        var open = Frame.topLevel
        var depth = 0  // number of open containers

        valueLoop: while true {
            // Expecting a value; whitespace has been skipped.
            guard pos < end else { throw eofError() }
            let c = p[pos]
            switch c {
            case UInt8(ascii: "\""):
                let quote = pos
                let start = pos &+ 1
                let escapes = try scanString()
                appendString(quote: quote, start: start, flags: escapes ? JSONNode.stringHasEscapes : 0, depth: depth)
                pos &+= 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                try scanNumber(depth: depth)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < maximumDepth else {
                    throw JSONDataError("nesting deeper than \(maximumDepth)", at: pos)
                }
                if open.node >= 0 { frames.append(open) }
                let opensObject = c == UInt8(ascii: "{")
                open = Frame(node: nodes.count, count: 0, isObject: opensObject,
                             mayHaveDuplicates: false, hashStart: keyHashes.count)
                nodes.append(JSONNode(a: 0, b: 0, offset: UInt32(truncatingIfNeeded: pos),
                                      kind: opensObject ? .object : .array, flags: 0,
                                      depth: UInt16(truncatingIfNeeded: depth)))
                depth &+= 1
                pos &+= 1
                skipWhitespace()
                guard pos < end else { throw eofError() }
                if p[pos] == (opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos &+= 1
                    // Empty container: closed below, exactly like a non-empty one.
                    nodes[open.node].b = UInt32(truncatingIfNeeded: nodes.count)
                    open = frames.popLast() ?? .topLevel
                    depth &-= 1
                } else {
                    if opensObject {
                        resetFilter(depth: depth)
                        if try scanKey(depth: depth, hashStart: open.hashStart) {
                            open.mayHaveDuplicates = true
                        }
                    }
                    continue valueLoop
                }
            case UInt8(ascii: "t"):
                try expectLiteral("true", 0x74, 0x72, 0x75, 0x65)
                appendLiteral(.bool, flags: JSONNode.boolTrue, length: 4, depth: depth)
            case UInt8(ascii: "f"):
                guard end - pos >= 5, p[pos + 1] == 0x61, p[pos + 2] == 0x6C, p[pos + 3] == 0x73,
                      p[pos + 4] == 0x65
                else {
                    throw JSONDataError("invalid literal (expected 'false')", at: pos)
                }
                appendLiteral(.bool, flags: 0, length: 5, depth: depth)
            case UInt8(ascii: "n"):
                try expectLiteral("null", 0x6E, 0x75, 0x6C, 0x6C)
                appendLiteral(.null, flags: 0, length: 4, depth: depth)
            default:
                throw unexpected(c, expecting: "a value")
            }

            // A value has just been completed inside `open` (or at the top level).
            while true {
                guard open.node >= 0 else {
                    skipWhitespace()
                    guard pos == end else {
                        throw JSONDataError("unexpected \(JSONDataError.describe(byte: p[pos])) after the top-level value", at: pos)
                    }
                    return
                }
                open.count &+= 1
                skipWhitespace()
                guard pos < end else { throw eofError() }
                let d = p[pos]
                if d == UInt8(ascii: ",") {
                    pos &+= 1
                    skipWhitespace()
                    if open.isObject {
                        if try scanKey(depth: depth, hashStart: open.hashStart) {
                            open.mayHaveDuplicates = true
                        }
                    } else if pos < end && p[pos] == UInt8(ascii: "]") {
                        throw JSONDataError("trailing comma in array", at: pos)
                    }
                    continue valueLoop
                }
                guard d == (open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(d, expecting: open.isObject ? "',' or '}'" : "',' or ']'")
                }
                pos &+= 1
                nodes[open.node].a = open.count
                nodes[open.node].b = UInt32(truncatingIfNeeded: nodes.count)
                if open.isObject {
                    if !open.mayHaveDuplicates, keyHashes.count &- open.hashStart > Self.linearDuplicateCheckLimit {
                        open.mayHaveDuplicates = Self.containsDuplicate(keyHashes[open.hashStart...])
                    }
                    if open.mayHaveDuplicates { nodes[open.node].flags = JSONNode.objectMayHaveDuplicateKeys }
                    keyHashes.removeSubrange(open.hashStart...)
                }
                depth &-= 1
                open = frames.popLast() ?? .topLevel
            }
        }
    }

    // MARK: - Tokens

    /// Scans `"key" :` (with surrounding whitespace) at the current position, appends the key
    /// node and records its hash; returns whether the key may repeat an earlier key of the object.
    @inline(__always)
    private mutating func scanKey(depth: Int, hashStart: Int) throws(JSONDataError) -> Bool {
        guard pos < end else { throw eofError() }
        guard p[pos] == UInt8(ascii: "\"") else {
            if p[pos] == UInt8(ascii: "}") {
                throw JSONDataError("trailing comma in object", at: pos)
            }
            throw unexpected(p[pos], expecting: "a string key")
        }
        let quote = pos
        let start = pos &+ 1
        let escapes = try scanString()
        let length = pos &- start
        appendString(quote: quote, start: start,
                     flags: JSONNode.stringIsKey | (escapes ? JSONNode.stringHasEscapes : 0),
                     depth: depth)
        pos &+= 1
        let duplicate = recordKey(start: start, length: length, escapes: escapes, depth: depth, hashStart: hashStart)
        skipWhitespace()
        guard pos < end else { throw eofError() }
        guard p[pos] == UInt8(ascii: ":") else {
            throw unexpected(p[pos], expecting: "':'")
        }
        pos &+= 1
        skipWhitespace()
        return duplicate
    }

    /// Appends a string node whose content is `start..<pos`.
    @inline(__always)
    private mutating func appendString(quote: Int, start: Int, flags: UInt8, depth: Int) {
        nodes.append(JSONNode(a: UInt32(truncatingIfNeeded: start),
                              b: UInt32(truncatingIfNeeded: pos &- start),
                              offset: UInt32(truncatingIfNeeded: quote),
                              kind: .string, flags: flags,
                              depth: UInt16(truncatingIfNeeded: depth)))
    }

    /// Appends a `true`/`false`/`null` node of `length` bytes at the current position and skips it.
    @inline(__always)
    private mutating func appendLiteral(_ kind: JSONKind, flags: UInt8, length: Int, depth: Int) {
        nodes.append(JSONNode(a: UInt32(truncatingIfNeeded: pos), b: UInt32(truncatingIfNeeded: length),
                              offset: UInt32(truncatingIfNeeded: pos), kind: kind, flags: flags,
                              depth: UInt16(truncatingIfNeeded: depth)))
        pos &+= length
    }

    /// Checks that the four bytes at the current position are `b0 b1 b2 b3`.
    @inline(__always)
    private func expectLiteral(_ name: StaticString, _ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8)
        throws(JSONDataError)
    {
        guard end - pos >= 4, p[pos] == b0, p[pos + 1] == b1, p[pos + 2] == b2, p[pos + 3] == b3 else {
            throw JSONDataError("invalid literal (expected '\(name)')", at: pos)
        }
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    private mutating func skipWhitespace() {
        while pos < end {
            let c = p[pos]
            if c > 0x20 { return }
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            pos &+= 1
            // Indentation: skip runs of spaces eight at a time.
            while end &- pos >= 8 {
                let w = Self.load(p + pos) ^ 0x2020_2020_2020_2020
                if w != 0 {
                    pos &+= w.trailingZeroBitCount &>> 3
                    break
                }
                pos &+= 8
            }
        }
    }

    /// Loads eight bytes as a little-endian word (first byte in the lowest bits).
    ///
    /// SAFETY: every caller checks that eight bytes remain (`end - pos >= 8`,
    /// `count - i >= 8`) before loading; `loadUnaligned` needs no alignment.
    /// The JSONTestSuite, truncation and mutation-fuzz tests end inputs at
    /// every offset, under AddressSanitizer too (CONTRIBUTING.md).
    @inline(__always)
    static func load(_ address: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(address).loadUnaligned(as: UInt64.self))
    }

    /// Marks (with bit 7) the bytes of `w` that need attention inside a string: `"`, `\`,
    /// control characters (< 0x20) and non-ASCII bytes. The lowest marked byte is always exact.
    @inline(__always)
    private static func specialMask(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let q = w ^ (ones &* 0x22)
        let b = w ^ (ones &* 0x5C)
        let quote = (q &- ones) & ~q
        let backslash = (b &- ones) & ~b
        let control = (w &- ones &* 0x20) & ~w
        return (quote | backslash | control | w) & high
    }

    /// Scans the string whose opening quote is at `pos`; on return `pos` is at the closing quote.
    /// Returns whether the string contains escapes.
    @inline(__always)
    private mutating func scanString() throws(JSONDataError) -> Bool {
        let quote = pos
        pos &+= 1
        var escapes = false
        while true {
            while end &- pos >= 8 {
                let m = Self.specialMask(Self.load(p + pos))
                if m != 0 {
                    pos &+= m.trailingZeroBitCount &>> 3
                    break
                }
                pos &+= 8
            }
            guard pos < end else {
                throw JSONDataError("unterminated string", at: quote)
            }
            let c = p[pos]
            if c == UInt8(ascii: "\"") {
                return escapes
            } else if c == UInt8(ascii: "\\") {
                escapes = true
                try scanEscape(quote: quote)
            } else if c >= 0x80 {
                try scanUTF8(lead: c)
            } else if c < 0x20 {
                throw JSONDataError("unescaped control character \(JSONDataError.describe(byte: c)) in string", at: pos)
            } else {
                pos &+= 1
            }
        }
    }

    /// Validates the escape sequence whose backslash is at `pos` and skips it.
    private mutating func scanEscape(quote: Int) throws(JSONDataError) {
        guard end &- pos >= 2 else {
            throw JSONDataError("unterminated string", at: quote)
        }
        switch p[pos + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            pos &+= 2
        case UInt8(ascii: "u"):
            guard let unit = hex4(at: pos &+ 2) else {
                throw JSONDataError("invalid \\u escape (expected four hex digits)", at: pos)
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard end &- pos >= 12, p[pos + 6] == UInt8(ascii: "\\"), p[pos + 7] == UInt8(ascii: "u"),
                      let low = hex4(at: pos &+ 8), (0xDC00...0xDFFF).contains(low)
                else {
                    throw JSONDataError("unpaired UTF-16 high surrogate escape", at: pos)
                }
                pos &+= 12
            case 0xDC00...0xDFFF:
                throw JSONDataError("unpaired UTF-16 low surrogate escape", at: pos)
            default:
                pos &+= 6
            }
        default:
            throw JSONDataError("invalid escape sequence '\\\(JSONDataError.describe(byte: p[pos + 1]))'", at: pos)
        }
    }

    /// The value of the four hex digits at `index`, or nil if they are missing or not hex.
    @inline(__always)
    private func hex4(at index: Int) -> UInt32? {
        guard end &- index >= 4 else { return nil }
        var value: UInt32 = 0
        for i in index..<(index &+ 4) {
            guard let digit = JSONDocument.hexValue(p[i]) else { return nil }
            value = value &<< 4 | digit
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `pos`; skips it.
    private mutating func scanUTF8(lead: UInt8) throws(JSONDataError) {
        /// Whether the byte `i` places after the lead exists and lies in `range`.
        @inline(__always) func byte(_ i: Int, _ range: ClosedRange<UInt8>) -> Bool {
            pos &+ i < end && range.contains(p[pos &+ i])
        }
        let cont: ClosedRange<UInt8> = 0x80...0xBF
        let length: Int
        let valid: Bool
        switch lead {
        case 0xC2...0xDF:
            length = 2; valid = byte(1, cont)
        case 0xE0:
            length = 3; valid = byte(1, 0xA0...0xBF) && byte(2, cont)
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3; valid = byte(1, cont) && byte(2, cont)
        case 0xED:
            length = 3; valid = byte(1, 0x80...0x9F) && byte(2, cont)
        case 0xF0:
            length = 4; valid = byte(1, 0x90...0xBF) && byte(2, cont) && byte(3, cont)
        case 0xF1...0xF3:
            length = 4; valid = byte(1, cont) && byte(2, cont) && byte(3, cont)
        case 0xF4:
            length = 4; valid = byte(1, 0x80...0x8F) && byte(2, cont) && byte(3, cont)
        default:
            length = 1; valid = false
        }
        guard valid else {
            throw JSONDataError("invalid UTF-8 in string", at: pos)
        }
        pos &+= length
    }

    /// Scans a number at `pos` (first byte `-` or a digit), validating the RFC 8259 grammar,
    /// and appends its node.
    @inline(__always)
    private mutating func scanNumber(depth: Int) throws(JSONDataError) {
        let start = pos
        var flags = JSONNode.numberIsInteger
        if p[pos] == UInt8(ascii: "-") {
            flags |= JSONNode.numberIsNegative
            pos &+= 1
        }
        guard pos < end, Self.isDigit(p[pos]) else {
            throw JSONDataError("invalid number (expected a digit)", at: pos)
        }
        if p[pos] == UInt8(ascii: "0") {
            pos &+= 1
            if pos < end && Self.isDigit(p[pos]) {
                throw JSONDataError("invalid number (leading zeros are not allowed)", at: start)
            }
        } else {
            pos &+= 1
            skipDigits()
        }
        if pos < end && p[pos] == UInt8(ascii: ".") {
            flags &= ~JSONNode.numberIsInteger
            pos &+= 1
            guard pos < end, Self.isDigit(p[pos]) else {
                throw JSONDataError("invalid number (expected a digit after '.')", at: pos)
            }
            skipDigits()
        }
        if pos < end && (p[pos] | 0x20) == UInt8(ascii: "e") {
            flags &= ~JSONNode.numberIsInteger
            pos &+= 1
            if pos < end && (p[pos] == UInt8(ascii: "+") || p[pos] == UInt8(ascii: "-")) {
                pos &+= 1
            }
            guard pos < end, Self.isDigit(p[pos]) else {
                throw JSONDataError("invalid number (expected a digit in the exponent)", at: pos)
            }
            skipDigits()
        }
        nodes.append(JSONNode(a: UInt32(truncatingIfNeeded: start), b: UInt32(truncatingIfNeeded: pos &- start),
                              offset: UInt32(truncatingIfNeeded: start), kind: .number, flags: flags,
                              depth: UInt16(truncatingIfNeeded: depth)))
    }

    /// Whether `c` is an ASCII digit.
    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool {
        c &- UInt8(ascii: "0") < 10
    }

    /// Skips ASCII digits.
    @inline(__always)
    private mutating func skipDigits() {
        while pos < end && Self.isDigit(p[pos]) { pos &+= 1 }
    }

    // MARK: - Duplicate keys

    /// Clears the Bloom filter of the object opened at nesting level `depth` (1-based).
    @inline(__always)
    private mutating func resetFilter(depth: Int) {
        let base = (depth &- 1) &* 4
        while filters.count < base &+ 4 { filters.append(0) }
        filters[base] = 0
        filters[base &+ 1] = 0
        filters[base &+ 2] = 0
        filters[base &+ 3] = 0
    }

    /// Hashes the (unescaped) key `start..<start+length` and records it for the innermost object;
    /// returns whether an earlier key of that object has the same hash.
    @inline(__always)
    private mutating func recordKey(start: Int, length: Int, escapes: Bool, depth: Int, hashStart: Int) -> Bool {
        let hash: UInt64
        if escapes {
            scratch.removeAll(keepingCapacity: true)
            JSONDocument.unescape(UnsafeBufferPointer(start: p + start, count: length), into: &scratch)
            hash = scratch.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return Self.hash(p, 0) }
                return Self.hash(base, buffer.count)
            }
        } else {
            hash = Self.hash(p + start, length)
        }
        let bit = Int(truncatingIfNeeded: hash &>> 56)
        let word = (depth &- 1) &* 4 &+ (bit &>> 6)
        let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: bit & 63)
        var duplicate = false
        if keyHashes.count &- hashStart >= Self.linearDuplicateCheckLimit {
            // A large object: its keys are checked once, sorted, when it closes.
        } else if filters[word] & mask != 0 {
            var i = hashStart
            while i < keyHashes.count {
                if keyHashes[i] == hash {
                    duplicate = true
                    break
                }
                i &+= 1
            }
        } else {
            filters[word] |= mask
        }
        keyHashes.append(hash)
        return duplicate
    }

    /// Objects with more keys than this are checked for duplicates when they close, by sorting
    /// their key hashes, so that the check stays O(n log n) instead of O(n²).
    static let linearDuplicateCheckLimit = 64

    /// `true` when two of `hashes` are equal.
    private static func containsDuplicate(_ hashes: ArraySlice<UInt64>) -> Bool {
        let sorted = hashes.sorted()
        return zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }

    /// A 64-bit hash of `count` bytes at `base` (only needs to be deterministic and well mixed).
    @inline(__always)
    private static func hash(_ base: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        /// A 64-bit finaliser-style mixing step.
        @inline(__always) func mix(_ x: UInt64) -> UInt64 {
            let y = (x ^ (x &>> 31)) &* 0x9E37_79B9_7F4A_7C15
            return y ^ (y &>> 29)
        }
        var h = mix(0x243F_6A88_85A3_08D3 ^ UInt64(truncatingIfNeeded: count))
        var i = 0
        while count &- i >= 8 {
            h = mix(h ^ load(base + i))
            i &+= 8
        }
        if i < count {
            var w: UInt64 = 0
            var shift: UInt64 = 0
            while i < count {
                w |= UInt64(base[i]) &<< shift
                shift &+= 8
                i &+= 1
            }
            h = mix(h ^ w)
        }
        return mix(h &* 0xD6E8_FEB8_6659_FD93)
    }

    // MARK: - Errors

    /// The error for running out of input.
    private func eofError() -> JSONDataError {
        JSONDataError("unexpected end of input", at: end)
    }

    /// The error for an unexpected byte `c` at `pos`.
    private func unexpected(_ c: UInt8, expecting: String) -> JSONDataError {
        JSONDataError("unexpected \(JSONDataError.describe(byte: c)), expected \(expecting)", at: pos)
    }
}
