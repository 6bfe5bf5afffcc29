// The JSON engine's scanner: bytes in, a validated tape of nodes out.
//
// A worked example. The 25 bytes
//
//     {"id":7,"tags":["a","b"]}
//     0         1         2
//     0123456789012345678901234
//
// scan to this tape (one 16-byte `JSONNode` per value or key, in document
// order; see `JSONTape.swift` for the fields). Scalars record where their
// text starts and its length; containers, their count and subtree end:
//
//     index  kind    start   length  offset  depth  flags
//                    /count  /end
//     0      object  2       7       0       0             2 members; tape index 7 is past the object
//     1      string  2       2       1       1      key    the bytes "id" (2..<4), unescaped on access
//     2      number  6       1       6       1      int    the text "7", converted on access
//     3      string  9       4       8       1      key    "tags"
//     4      array   2       7       15      1             2 elements; the subtree ends before index 7
//     5      string  17      1       16      2             "a"
//     6      string  21      1       20      2             "b"
//
// An object's children alternate key, value; skipping any value is one read
// of its `subtreeEnd` (containers) or `index + 1` (scalars), so a look-up
// walks keys only. `JSONDocument` reads the tape; `JSONParsingTests` checks
// this example.
//
// The scanner's parts: this file (the main loop, keys, literals, white
// space), `JSONScanner+Strings.swift` (strings, escapes, UTF-8),
// `JSONScanner+Numbers.swift` and `JSONScanner+DuplicateKeys.swift`.

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
/// with ``JSONNode/objectMayHaveDuplicateKeys`` so that hinted member look-up can stay exact;
/// objects with a key that is not all ASCII once unescaped, with
/// ``JSONNode/objectHasNonASCIIKeys`` (and such keys with ``JSONNode/stringHasNonASCII``), so
/// that look-ups there compare keys as Swift strings do, by canonical equivalence.
struct JSONScanner {
    /// One open container on the explicit parse stack (the innermost one is kept in locals).
    fileprivate struct Frame {
        /// Tape index of the container node.
        var node: Int
        /// Elements / members completed so far.
        var count: UInt32
        var isObject: Bool

        /// Outside every container.
        static let topLevel = Frame(node: -1, count: 0, isObject: false)
    }

    /// The scanner's memory: the tape and the stacks of the scan, owned together so that one
    /// ``deallocate()`` frees every one of them.
    struct Stacks {
        /// The tape being built.
        var nodes: JSONScannerStack<JSONNode>
        /// Enclosing containers of the innermost open container.
        fileprivate var frames = JSONScannerStack<Frame>(capacity: 16)
        /// Hashes of the keys of all open objects, innermost last.
        var keyHashes = JSONScannerStack<UInt64>(capacity: 64)
        /// Per nesting level, for duplicate-key detection: four 64-bit words of Bloom filter, then
        /// where the object's key hashes start in `keyHashes` (kept here rather than in `Frame`, whose
        /// every field is one more register the scan loop keeps).
        var filters = JSONScannerStack<UInt64>(capacity: 64)

        /// Frees the memory of every stack; none may be used afterwards.
        func deallocate() {
            nodes.deallocate()
            frames.deallocate()
            keyHashes.deallocate()
            filters.deallocate()
        }

        /// Empties the tape and the stacks of open containers, for a scan starting again (the
        /// Bloom filters need not be: each object clears its level's as it opens).
        mutating func removeAll() {
            nodes.count = 0
            frames.count = 0
            keyHashes.count = 0
        }
    }

    /// First byte of the input.
    let p: UnsafePointer<UInt8>
    /// Number of input bytes.
    let end: Int
    /// Maximum number of nested containers (already clamped to what `UInt16` depths can hold).
    let maximumDepth: Int
    var pos = 0
    var stacks: Stacks
    /// Reusable buffer for unescaping escaped keys before hashing.
    var scratch: [UInt8] = []

    /// Creates a scanner over `base[0..<count]` that writes its tape into `tape` while it fits.
    private init(base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int, tape: UnsafeMutableBufferPointer<JSONNode>) {
        self.p = base
        self.end = count
        self.maximumDepth = Swift.max(0, Swift.min(maximumDepth, JSONLimits.largestMaximumDepth))
        let nodes: JSONScannerStack<JSONNode> = if let storage = tape.baseAddress, tape.count > 0 {
            JSONScannerStack(borrowing: storage, capacity: tape.count)
        } else {
            JSONScannerStack(capacity: 16)
        }
        stacks = Stacks(nodes: nodes)
    }

    /// The tape capacity first reserved for `count` input bytes: one node per eight bytes
    /// (twitter.json has one per 23, citm_catalog.json one per 27).
    static func initialTapeCapacity(_ count: Int) -> Int {
        Swift.min(count / 8 + 16, 1 << 24)
    }

    /// Checks that a text of `count` bytes fits the tape's 32-bit offsets.
    private static func checkSize(_ count: Int) throws(JSONDataError) {
        guard UInt64(count) < UInt64(UInt32.max) else {
            throw JSONDataError("input of \(count) bytes exceeds the 4 GiB limit", at: 0)
        }
    }

    /// Validates `input` as one JSON text and returns its node tape (root at index 0).
    ///
    /// - Parameters:
    ///   - input: The UTF-8 bytes of the JSON text.
    ///   - maximumDepth: Maximum nesting of arrays/objects; `0` allows only scalars. Values above
    ///     65,535 are treated as 65,535.
    /// - Throws: ``JSONDataError`` describing the first problem and its byte offset.
    static func scan(_ input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(JSONDataError)
        -> ContiguousArray<JSONNode>
    {
        guard let base = input.baseAddress, !input.isEmpty else {
            throw JSONDataError("unexpected end of input", at: 0)
        }
        try checkSize(input.count)
        // The tape is written straight into the storage of the array the document keeps (no
        // copy-on-write uniqueness check per append, and no copy at the end); only when it
        // outgrows that storage is it moved, and copied into an array of its own at the end.
        var failure: JSONDataError?
        var moved: ContiguousArray<JSONNode> = []
        let nodes = ContiguousArray<JSONNode>(unsafeUninitializedCapacity: initialTapeCapacity(input.count)) {
            tape, initialized in
            // SAFETY: the scanner reads `p[pos]` only while `pos < end` (= `input.count`)
            // and words only through `load` (see there), for the duration of this call; it
            // writes `tape[0..<tape.count]` only (`JSONScannerStack`), during this closure.
            var scanner = JSONScanner(base: base, count: input.count, maximumDepth: maximumDepth, tape: tape)
            defer { scanner.stacks.deallocate() }
            do throws(JSONDataError) {
                try scanner.parse()
            } catch {
                failure = error
                return
            }
            if scanner.stacks.nodes.ownsBase {
                moved = ContiguousArray(UnsafeBufferPointer(start: scanner.stacks.nodes.base,
                                                            count: scanner.stacks.nodes.count))
            } else {
                // SAFETY: the nodes `tape[0..<count]` were initialised by `append`.
                initialized = scanner.stacks.nodes.count
            }
        }
        if let failure { throw failure }
        return moved.isEmpty ? nodes : moved
    }

    // MARK: - A top-level array's elements

    /// A scanner over `base[0..<count]` for the elements of its top-level array, scanned one
    /// after another (``openElements()``, then ``parseElement()`` and
    /// ``scanElementSeparator()`` in turn), their nodes appended to one tape of memory of its
    /// own that the caller empties; `nil` (nothing kept) unless the text's first byte after
    /// white space is `[` and `maximumDepth` admits the array. It must be freed with
    /// ``Stacks/deallocate()``, and the bytes must outlive it.
    init?(elementsAt base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int) {
        guard maximumDepth >= 1 else { return nil }
        self.init(base: base, count: count, maximumDepth: maximumDepth,
                  tape: UnsafeMutableBufferPointer(start: nil, count: 0))
        skipWhitespace()
        guard pos < end, p[pos] == UInt8(ascii: "[") else {
            stacks.deallocate()
            return nil
        }
        stacks.nodes.deallocate()
        stacks.nodes = JSONScannerStack(capacity: JSONArrayElements.batchNodes &+ 1024)
    }

    /// Reads the array's opening bracket (at ``pos``) and the white space after it, once the
    /// text's size is checked; returns whether an element follows. When none does (`[]`),
    /// the text's end is checked too.
    mutating func openElements() throws(JSONDataError) -> Bool {
        try Self.checkSize(end)
        pos &+= 1
        skipWhitespace()
        guard pos < end else { throw Self.eofError(at: end) }
        guard p[pos] == UInt8(ascii: "]") else { return true }
        pos &+= 1
        try scanEnd()
        return false
    }

    /// Validates the one value at ``pos`` (white space skipped) inside the top-level array,
    /// appending its nodes to the tape (depths and offsets as in the whole text's tape), and
    /// leaves ``pos`` just past it; what follows is not read. Its errors are those that
    /// scanning the whole text gives for this value.
    mutating func parseElement() throws(JSONDataError) {
        try parse(baseDepth: 1)
    }

    /// Reads what follows an element of the top-level array, as the scan loop does after an
    /// array's element; returns whether another element follows (``pos`` at it). After the
    /// closing bracket, the text's end is checked.
    mutating func scanElementSeparator() throws(JSONDataError) -> Bool {
        if try scanSeparator(inObject: false, depth: 1, object: -1) { return true }
        try scanEnd()
        return false
    }

    // MARK: - Main loop

    /// Parses the whole input into `nodes`.
    private mutating func parse() throws(JSONDataError) {
        try parse(baseDepth: 0)
    }

    /// Parses one value into `nodes`: with `baseDepth` 0, the whole text, which must end after
    /// it (apart from white space); with more, a value nested in that many containers, where
    /// the scan stops after it. Inlined into both callers, so that each is compiled for its
    /// constant (the whole text's scan measured 2% more instructions on canada.json with the
    /// depth a variable).
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private mutating func parse(baseDepth: Int) throws(JSONDataError) {
        skipWhitespace()
        if baseDepth == 0 && end - pos >= 3 && p[pos] == 0xEF && p[pos + 1] == 0xBB && p[pos + 2] == 0xBF {
            throw JSONDataError("byte order mark (BOM) is not allowed", at: pos)
        }

        // The innermost open container lives in `open`; enclosing ones in `frames`.
        // SAFETY (the stacks' reads): `open.node`, when an open container's (>= 0), is the index
        // its node was appended at, below `nodes.count`, which only grows; `frames` is popped
        // only when not empty.
        var open = Frame.topLevel
        var depth = baseDepth  // number of open containers

        valueLoop: while true {
            // Expecting a value; whitespace has been skipped.
            guard pos < end else { throw Self.eofError(at: end) }
            let c = p[pos]
            switch c {
            case UInt8(ascii: "\""):
                let quote = pos
                let start = pos &+ 1
                let flags = try scanString()
                appendString(quote: quote, start: start, flags: flags & JSONNode.stringHasEscapes, depth: depth)
                pos &+= 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                try scanNumber(depth: depth)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < maximumDepth else {
                    throw Self.depthError(maximumDepth, at: pos)
                }
                if open.node >= 0 { stacks.frames.append(open) }
                let opensObject = c == UInt8(ascii: "{")
                open = Frame(node: stacks.nodes.count, count: 0, isObject: opensObject)
                stacks.nodes.append(JSONNode(container: opensObject ? .object : .array, offset: pos, depth: depth))
                depth &+= 1
                pos &+= 1
                skipWhitespace()
                guard pos < end else { throw Self.eofError(at: end) }
                if p[pos] == (opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos &+= 1
                    // Empty container: closed below, exactly like a non-empty one.
                    stacks.nodes[open.node].subtreeEnd = stacks.nodes.count
                    open = stacks.frames.count > 0 ? stacks.frames.removeLast() : .topLevel
                    depth &-= 1
                } else {
                    if opensObject {
                        resetFilter(depth: depth)
                        try scanKey(depth: depth, object: open.node)
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
                    throw Self.literalError("false", at: pos)
                }
                appendLiteral(.bool, flags: 0, length: 5, depth: depth)
            case UInt8(ascii: "n"):
                try expectLiteral("null", 0x6E, 0x75, 0x6C, 0x6C)
                appendLiteral(.null, flags: 0, length: 4, depth: depth)
            default:
                throw Self.unexpected(c, expecting: "a value", at: pos)
            }

            // A value has just been completed inside `open` (or at the top level).
            while true {
                guard open.node >= 0 else {
                    if baseDepth == 0 { try scanEnd() }
                    return
                }
                open.count &+= 1
                if try scanSeparator(inObject: open.isObject, depth: depth, object: open.node) { continue valueLoop }
                stacks.nodes[open.node].entryCount = Int(open.count)  // 32-bit: at most the input's count
                stacks.nodes[open.node].subtreeEnd = stacks.nodes.count
                if open.isObject {
                    // SAFETY: `hashStart <= stacks.keyHashes.count`: the object's keys were appended
                    // after it, and inner objects cut the stack back to their own start.
                    let hashStart = hashStart(depth: depth)
                    if stacks.nodes[open.node].flags & JSONNode.objectMayHaveDuplicateKeys == 0,
                       stacks.keyHashes.count &- hashStart > Self.linearDuplicateCheckLimit,
                       Self.containsDuplicate(UnsafeBufferPointer(start: stacks.keyHashes.base + hashStart,
                                                                  count: stacks.keyHashes.count &- hashStart)) {
                        stacks.nodes[open.node].flags |= JSONNode.objectMayHaveDuplicateKeys
                    }
                    stacks.keyHashes.count = hashStart
                }
                depth &-= 1
                open = stacks.frames.count > 0 ? stacks.frames.removeLast() : .topLevel
            }
        }
    }

    // MARK: - Punctuation

    /// Reads what follows a value inside an open array or object (at nesting level `depth`, its
    /// node at tape index `object` when an object): white space, then either a comma and what
    /// follows it up to the next value (returns `true`: in an object the next key, with
    /// ``scanKey(depth:object:)``; in an array white space, and a `]` there is a trailing
    /// comma) or the closing bracket (returns `false`, ``pos`` past it). Inlined like
    /// `scanKey` (below): the scan loop's step after every value.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private mutating func scanSeparator(inObject isObject: Bool, depth: Int, object: Int) throws(JSONDataError)
        -> Bool
    {
        skipWhitespace()
        guard pos < end else { throw Self.eofError(at: end) }
        let d = p[pos]
        if d == UInt8(ascii: ",") {
            pos &+= 1
            skipWhitespace()
            if isObject {
                try scanKey(depth: depth, object: object)
            } else if pos < end && p[pos] == UInt8(ascii: "]") {
                throw Self.error("trailing comma in array", at: pos)
            }
            return true
        }
        guard d == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            throw Self.unexpected(d, expecting: isObject ? "',' or '}'" : "',' or ']'", at: pos)
        }
        pos &+= 1
        return false
    }

    /// Checks that nothing but white space follows the top-level value.
    @inline(__always)
    private mutating func scanEnd() throws(JSONDataError) {
        skipWhitespace()
        guard pos == end else { throw Self.trailingTextError(p[pos], at: pos) }
    }

    // MARK: - Tokens

    /// Scans `"key" :` (with surrounding whitespace) at the current position, appends the key
    /// node and records its hash; sets the flags the key gives its object, the node at tape index
    /// `object` (``JSONNode/objectMayHaveDuplicateKeys`` when it may repeat an earlier key of
    /// the object, ``JSONNode/objectHasNonASCIIKeys`` when it is not all ASCII), on the node
    /// itself: they are rare, and the scan loop keeps no register for them.
    ///
    /// `@inline(always)`, here and on `scanNumber`: `@inline(__always)` is a hint, and the
    /// optimiser judged both not profitable to inline (a call per key and per number). Compilers
    /// before Swift 6.3 do not know the attribute and get the hint.
    #if compiler(>=6.3)
    @inline(always)
    #else
    @inline(__always)
    #endif
    private mutating func scanKey(depth: Int, object: Int) throws(JSONDataError) {
        guard pos < end else { throw Self.eofError(at: end) }
        guard p[pos] == UInt8(ascii: "\"") else {
            if p[pos] == UInt8(ascii: "}") {
                throw Self.error("trailing comma in object", at: pos)
            }
            throw Self.unexpected(p[pos], expecting: "a string key", at: pos)
        }
        let quote = pos
        let start = pos &+ 1
        let flags = try scanString()
        let length = pos &- start
        appendString(quote: quote, start: start, flags: JSONNode.stringIsKey | flags, depth: depth)
        pos &+= 1
        let escapes = flags & JSONNode.stringHasEscapes != 0
        // `objectHasNonASCIIKeys` is `stringHasNonASCII`'s bit: the key's bit is the object's.
        let duplicate = recordKey(start: start, length: length, escapes: escapes, depth: depth,
                                  hashStart: hashStart(depth: depth))
        // SAFETY: the key's node was just appended, so `nodes.count >= 1`.
        var objectFlags = (escapes ? stacks.nodes[stacks.nodes.count &- 1].flags : flags) & JSONNode.stringHasNonASCII
        if duplicate { objectFlags |= JSONNode.objectMayHaveDuplicateKeys }
        // SAFETY: `object` is the index the open object's node was appended at, below `nodes.count`.
        if objectFlags != 0 { stacks.nodes[object].flags |= objectFlags }
        // The common spellings `":v` and `": v` without the general white-space loop.
        if end &- pos >= 3 && p[pos] == UInt8(ascii: ":") {
            pos &+= p[pos &+ 1] == UInt8(ascii: " ") ? 2 : 1
            if p[pos] <= 0x20 { skipWhitespace() }
            return
        }
        skipWhitespace()
        guard pos < end else { throw Self.eofError(at: end) }
        guard p[pos] == UInt8(ascii: ":") else {
            throw Self.unexpected(p[pos], expecting: "':'", at: pos)
        }
        pos &+= 1
        skipWhitespace()
    }

    /// Appends a string node whose content is `start..<pos`.
    @inline(__always)
    private mutating func appendString(quote: Int, start: Int, flags: UInt8, depth: Int) {
        stacks.nodes.append(JSONNode(scalar: .string, textStart: start, textLength: pos &- start, offset: quote,
                              flags: flags, depth: depth))
    }

    /// Appends a `true`/`false`/`null` node of `length` bytes at the current position and skips it.
    @inline(__always)
    private mutating func appendLiteral(_ kind: JSONKind, flags: UInt8, length: Int, depth: Int) {
        stacks.nodes.append(JSONNode(scalar: kind, textStart: pos, textLength: length, offset: pos, flags: flags, depth: depth))
        pos &+= length
    }

    /// Checks that the four bytes at the current position are `b0 b1 b2 b3`.
    @inline(__always)
    private func expectLiteral(_ name: StaticString, _ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8)
        throws(JSONDataError)
    {
        guard end - pos >= 4, p[pos] == b0, p[pos + 1] == b1, p[pos + 2] == b2, p[pos + 3] == b3 else {
            throw Self.literalError(name, at: pos)
        }
    }

    /// Whether `byte` is JSON white space: space, tab, line feed or carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while pos < end {
            let c = p[pos]
            if c > 0x20 { return }
            guard Self.isWhitespace(c) else { return }
            pos &+= 1
            // Indentation: skip runs of spaces sixteen at a time, then eight.
            spaces: do {
                while end &- pos >= 16 {
                    let offset = Self.firstNonSpace(p + pos)
                    pos &+= offset
                    if offset < 16 { break spaces }
                }
                while end &- pos >= 8 {
                    let w = Self.load(p + pos) ^ 0x2020_2020_2020_2020  // 32-bit: `load` returns a UInt64
                    if w != 0 {
                        pos &+= w.trailingZeroBitCount &>> 3
                        break spaces
                    }
                    pos &+= 8
                }
            }
        }
    }

    /// The offset of the first of the sixteen bytes at `address` that is not a space, or 16
    /// when all are.
    ///
    /// SAFETY: the caller checks that sixteen bytes remain at `address` (`end - pos >= 16`);
    /// `loadUnaligned` needs no alignment.
    @inline(__always)
    static func firstNonSpace(_ address: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(address).loadUnaligned(as: SIMD16<UInt8>.self)
        // Vector operands typed in full (see `firstSpecialByte`).
        let other = v .!= SIMD16<UInt8>(repeating: 0x20)
        let halves = unsafeBitCast(other, to: SIMD2<UInt64>.self)
        if halves[0] != 0 { return halves[0].trailingZeroBitCount &>> 3 }
        return 8 &+ halves[1].trailingZeroBitCount &>> 3
    }

    /// Loads eight bytes as a little-endian word (first byte in the lowest bits).
    ///
    /// SAFETY: every caller checks that eight bytes remain at `address` (`end - pos >= 8`,
    /// `count - i >= 8`, `readable >= 8`; each says which) before loading; `loadUnaligned`
    /// needs no alignment.
    /// The JSONTestSuite, truncation and mutation-fuzz tests end inputs at
    /// every offset, under AddressSanitizer too (CONTRIBUTING.md).
    @inline(__always)
    static func load(_ address: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(address).loadUnaligned(as: UInt64.self))
    }

    // MARK: - Errors
    //
    // Each built out of line, from the values it names (a method of the scanner would be passed
    // a copy of it): cold paths, kept out of the scan loop, into which `scanKey`, `scanNumber`
    // and the string scan are inlined.

    @inline(never)
    static func eofError(at end: Int) -> JSONDataError {
        JSONDataError("unexpected end of input", at: end)
    }

    /// The error for an unexpected byte `c` at `offset`.
    @inline(never)
    static func unexpected(_ c: UInt8, expecting: StaticString, at offset: Int) -> JSONDataError {
        JSONDataError("unexpected \(JSONDataError.describe(byte: c)), expected \(expecting)", at: offset)
    }

    /// The error `message` at `offset`.
    @inline(never)
    static func error(_ message: StaticString, at offset: Int) -> JSONDataError {
        JSONDataError("\(message)", at: offset)
    }

    @inline(never)
    private static func depthError(_ maximumDepth: Int, at offset: Int) -> JSONDataError {
        JSONDataError("nesting deeper than \(maximumDepth)", at: offset)
    }

    /// The error for a literal at `offset` that is not `name`.
    @inline(never)
    private static func literalError(_ name: StaticString, at offset: Int) -> JSONDataError {
        JSONDataError("invalid literal (expected '\(name)')", at: offset)
    }

    /// The error for the byte `c` at `offset`, after the top-level value.
    @inline(never)
    static func trailingTextError(_ c: UInt8, at offset: Int) -> JSONDataError {
        JSONDataError("unexpected \(JSONDataError.describe(byte: c)) after the top-level value", at: offset)
    }

    /// The error for the control character `c` at `offset`, inside a string.
    @inline(never)
    static func controlCharacterError(_ c: UInt8, at offset: Int) -> JSONDataError {
        JSONDataError("unescaped control character \(JSONDataError.describe(byte: c)) in string", at: offset)
    }
}
