// The scanner's duplicate-key detection: each key's 64-bit hash goes through a
// small Bloom filter per nesting level; only a possible repeat is searched for,
// and objects past `linearDuplicateCheckLimit` keys are checked once, sorted,
// when they close. A flagged object is searched to its end by look-ups, so that
// the last of repeated keys wins.

extension JSONScanner {
    /// Words of `filters` per nesting level: four of Bloom filter, and the level's `hashStart`.
    static let wordsPerLevel = 5

    /// Clears the Bloom filter of the object opened at nesting level `depth` (1-based), and
    /// records that its key hashes start at the top of `keyHashes`.
    @inline(__always)
    mutating func resetFilter(depth: Int) {
        let base = (depth &- 1) &* Self.wordsPerLevel
        // SAFETY: `filters` holds at least `depth * 5` words from here on (it never shrinks);
        // `recordKey` and `hashStart(depth:)` read only words below that for keys of this object
        // (`depth` is its level).
        if stacks.filters.count < base &+ 5 { stacks.filters.append(repeating: 0, count: base &+ 5 &- stacks.filters.count) }
        stacks.filters[base] = 0
        stacks.filters[base &+ 1] = 0
        stacks.filters[base &+ 2] = 0
        stacks.filters[base &+ 3] = 0
        stacks.filters[base &+ 4] = UInt64(truncatingIfNeeded: stacks.keyHashes.count)
    }

    /// Where the key hashes of the open object at nesting level `depth` start in `keyHashes`.
    @inline(__always)
    func hashStart(depth: Int) -> Int {
        Int(truncatingIfNeeded: stacks.filters[(depth &- 1) &* Self.wordsPerLevel &+ 4])  // 32-bit: an Int stored there
    }

    /// Hashes the (unescaped) key `start..<start+length`, the last node, and records it for the
    /// innermost object; returns whether an earlier key of that object has the same hash. An
    /// escaped key whose unescaped text is not all ASCII gets ``JSONNode/stringHasNonASCII``.
    @inline(__always)
    mutating func recordKey(start: Int, length: Int, escapes: Bool, depth: Int, hashStart: Int) -> Bool {
        let hash: UInt64
        if escapes {
            scratch.removeAll(keepingCapacity: true)
            JSONEscapes.unescape(UnsafeBufferPointer(start: p + start, count: length), into: &scratch)
            markNonASCIIEscapedKey()
            hash = scratch.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return Self.hash(p, 0, readable: 0) }
                return Self.hash(base, buffer.count, readable: buffer.count)
            }
        } else {
            // The key's bytes are followed by its closing quote and the rest of the input.
            hash = Self.hash(p + start, length, readable: end &- start)
        }
        let bit = Int(truncatingIfNeeded: hash &>> 56)  // 32-bit: the top 8 bits, 0...255
        let word = (depth &- 1) &* Self.wordsPerLevel &+ (bit &>> 6)
        let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: bit & 63)
        var duplicate = false
        // SAFETY: `word < depth * 4` (see `resetFilter`).
        if stacks.filters[word] & mask == 0 {
            stacks.filters[word] |= mask
        } else if stacks.keyHashes.count &- hashStart < Self.linearDuplicateCheckLimit {
            // (A larger object's keys are checked once, sorted, when it closes; the filter is
            // not read for it.)
            // SAFETY: `hashStart <= i < stacks.keyHashes.count`.
            var i = hashStart
            while i < stacks.keyHashes.count {
                if stacks.keyHashes[i] == hash {
                    duplicate = true
                    break
                }
                i &+= 1
            }
        }
        stacks.keyHashes.append(hash)
        return duplicate
    }

    /// Flags the last node, an escaped key unescaped into `scratch`, with
    /// ``JSONNode/stringHasNonASCII`` when `scratch` has a byte above 0x7F (`"caf\u00e9"`).
    @inline(never)
    private mutating func markNonASCIIEscapedKey() {
        guard scratch.contains(where: { $0 >= 0x80 }), stacks.nodes.count > 0 else { return }
        stacks.nodes[stacks.nodes.count &- 1].flags |= JSONNode.stringHasNonASCII
    }

    /// Objects with more keys than this are checked for duplicates when they close, by sorting
    /// their key hashes, so that the check stays O(n log n) instead of O(n²).
    static let linearDuplicateCheckLimit = 64

    /// `true` when two of `hashes` are equal.
    static func containsDuplicate(_ hashes: UnsafeBufferPointer<UInt64>) -> Bool {
        let sorted = hashes.sorted()
        return zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }

    /// A 64-bit hash of `count` bytes at `base` (only needs to be deterministic, with well-mixed
    /// top bits for the Bloom filter; equal hashes of different keys only make look-ups in that
    /// object search to its end).
    ///
    /// One multiplication per word: `h = (h ^ word) * K` with `K` odd is a bijection of `word`
    /// for a given `h`, so two keys of one length up to eight bytes never share a hash, and the
    /// top bits depend on every bit below them. Whole words: every eight bytes but the last,
    /// then the last eight (overlapping the one before when `count` is not a multiple of eight);
    /// a key shorter than eight bytes is one word read past its end and masked, when `readable`
    /// (the bytes that may be read from `base`, at least `count`) allows, and byte by byte
    /// otherwise. SAFETY: `load` reads `base[i..<i+8]` only with `i + 8 <= count`, or `i == 0`
    /// and `readable >= 8`.
    @inline(__always)
    private static func hash(_ base: UnsafePointer<UInt8>, _ count: Int, readable: Int) -> UInt64 {  // 32-bit: UInt64 words throughout
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = UInt64(truncatingIfNeeded: count) &* 0xD6E8_FEB8_6659_FD93
        if count > 8 {
            var i = 0
            while count &- i > 8 {
                h = (h ^ load(base + i)) &* k
                i &+= 8
            }
            h = (h ^ load(base + (count &- 8))) &* k
        } else if count == 8 {
            h = (h ^ load(base)) &* k
        } else if count > 0 {
            var w: UInt64 = 0
            if readable >= 8 {
                w = load(base) & (UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count))
            } else {
                var shift: UInt64 = 0
                for i in 0..<count {
                    w |= UInt64(base[i]) &<< shift
                    shift &+= 8
                }
            }
            h = (h ^ w) &* k
        }
        return h
    }
}
