import Foundation

/// The memory of a ``JSONOutputBuffer``: `capacity` bytes at `base`, of which the buffer that
/// holds it uniquely has initialised its `count` first ones. Freed when the last buffer lets go,
/// unless a buffer gave it away (``release()``).
///
/// `malloc`'s memory, so that the buffer that holds it alone grows it with `realloc` (which
/// extends a large block in place or remaps its pages, rather than copying them into new
/// ones) and hands it to a `Data` that frees it (``JSONOutputBuffer/takeData()``).
private final class JSONOutputStorage: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>?
    private(set) var capacity: Int
    /// `true` when `base` is `malloc`'s; `false` for the standard library's allocator, used
    /// when `malloc` has no memory (it stops the process then, as any Swift allocation does).
    private let isMalloced: Bool

    /// `capacity` bytes (none when `capacity` is 0).
    init(capacity: Int) {
        // SAFETY: `malloc` of a positive size gives memory of that size or `nil`, and `allocate`
        // memory of that size (or stops the process); the bytes are written before they are
        // read (``JSONOutputBuffer`` reads only below its `count`, which counts written bytes),
        // and freed once, in `deinit` with the allocator's own function, or by the `Data` given
        // them (`malloc`'s only).
        let malloced = capacity > 0 ? malloc(capacity)?.assumingMemoryBound(to: UInt8.self) : nil
        isMalloced = malloced != nil
        base = capacity > 0 ? malloced ?? .allocate(capacity: capacity) : nil
        self.capacity = capacity > 0 ? capacity : 0
    }

    deinit {
        if isMalloced { free(base) } else { base?.deallocate() }
    }

    /// Grows (or shrinks) `malloc`'s memory to `newCapacity > 0` bytes, keeping its first
    /// `min(capacity, newCapacity)` ones; `false`, and nothing changed, when the memory is not
    /// `malloc`'s or `realloc` fails. Only for storage one buffer holds alone (no other has
    /// its address).
    func resize(to newCapacity: Int) -> Bool {
        guard isMalloced, newCapacity > 0 else { return false }
        // SAFETY: `base` is `malloc`'s, owned by this object alone; on success the old address
        // is no longer used (the holder reloads `base`), on failure the old memory is kept as
        // it was.
        guard let moved = realloc(base, newCapacity) else { return false }
        base = moved.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
        return true
    }

    /// Gives `malloc`'s memory away (to a `Data` that frees it with `free`): this object no
    /// longer frees it. `nil`, and nothing changed, when the memory is not `malloc`'s.
    func release() -> UnsafeMutablePointer<UInt8>? {
        guard isMalloced else { return nil }
        defer { (base, capacity) = (nil, 0) }
        return base
    }

    /// The storage every empty buffer starts with: no bytes, shared, so never written (a
    /// buffer writes only into storage it holds uniquely and that has room).
    static let empty = JSONOutputStorage(capacity: 0)
}

/// The bytes a ``JSONWriter`` writes, in memory it allocates and grows itself: each value
/// checks the room it needs once (``reserve(_:)``) and then stores its bytes through a pointer,
/// where `Array.append` checked capacity and uniqueness for every piece.
///
/// A value type, as the array was: a copy shares the memory until one of them writes, which
/// then copies it first (``reserve(_:)`` checks that it holds the memory uniquely).
/// `@unchecked Sendable` for its pointer: memory is written only by the one buffer that holds
/// it uniquely, so copies on two threads never write, or read what is written, in one memory.
struct JSONOutputBuffer: TextOutputStream, @unchecked Sendable {
    private var storage = JSONOutputStorage.empty
    /// `storage.base`, kept here so that a write loads it from the buffer (``noMemory`` while
    /// there is none: never dereferenced, as `capacity` is 0).
    private var base: UnsafeMutablePointer<UInt8>
    /// `storage.capacity`.
    private var capacity: Int
    /// The bytes written, at `base[0..<count]`; `0 <= count <= capacity`.
    private(set) var count = 0

    init() {
        base = Self.address(of: storage)
        capacity = storage.capacity
    }

    /// `storage.base`, or ``noMemory`` when it has none.
    private static func address(of storage: JSONOutputStorage) -> UnsafeMutablePointer<UInt8> {
        storage.base ?? noMemory
    }

    /// The address a buffer with no memory keeps: one byte, never freed, and never read or
    /// written (its buffers' `capacity` and `count` are 0).
    // SAFETY: as above: no thread reads or writes the byte, so sharing the address is safe.
    nonisolated(unsafe) private static let noMemory = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    // MARK: Room

    /// Makes room for `needed` more bytes in memory this buffer holds alone: afterwards
    /// `capacity - count >= needed`, and the unchecked writes below may store up to `needed`
    /// bytes (every caller says how many it stores).
    @inline(__always)
    mutating func reserve(_ needed: Int) {
        if _slowPath(capacity &- count < needed || !isKnownUniquelyReferenced(&storage)) {
            grow(needed)
        }
    }

    /// Gives the buffer memory of its own with room for `needed` more bytes: at least double
    /// the capacity, so that appending n bytes moves O(n) bytes in all. Memory it holds alone
    /// is resized in place (`realloc`); shared memory is copied into new memory.
    @inline(never)
    private mutating func grow(_ needed: Int) {
        let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
        let required = count + needed
        let newCapacity = Swift.max(overflow ? required : doubled, required, 64)
        if storage !== JSONOutputStorage.empty, isKnownUniquelyReferenced(&storage),
           storage.resize(to: newCapacity) {
            base = Self.address(of: storage)
            capacity = storage.capacity
            return
        }
        let new = JSONOutputStorage(capacity: newCapacity)
        let newBase = Self.address(of: new)
        // SAFETY: `base[0..<count]` is initialised (`count` counts the bytes written) and the new
        // memory has `newCapacity >= count` bytes (`newCapacity >= 64`, so it has memory); the
        // two allocations are distinct.
        newBase.initialize(from: base, count: count)
        storage = new
        base = newBase
        capacity = new.capacity
    }

    // MARK: Unchecked writes (after `reserve`)

    /// Stores `byte`; the caller reserved room for it.
    @inline(__always)
    mutating func putUnchecked(_ byte: UInt8) {
        // SAFETY: the caller's `reserve` left `capacity - count >= 1` for this byte, so
        // `base[count]` is inside the allocation.
        base[count] = byte
        count &+= 1
    }

    /// Stores `bytes`; the caller reserved room for them.
    @inline(__always)
    mutating func putUnchecked(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        // SAFETY: the caller's `reserve` left `capacity - count >= bytes.count`, so the copy
        // ends inside the allocation; `bytes` is another allocation (a string's, a key's), never
        // this buffer's, so the two do not overlap.
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    // MARK: Checked writes

    /// Appends `byte`.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        putUnchecked(byte)
    }

    /// Appends `bytes` (not from this buffer).
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        putUnchecked(bytes)
    }

    /// Appends `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count repeated: Int) {
        guard repeated > 0 else { return }
        reserve(repeated)
        // SAFETY: `reserve` left room for `repeated` bytes after `count`.
        (base + count).update(repeating: byte, count: repeated)
        count &+= repeated
    }

    /// Appends the first `length` bytes (1 to 8) of `word` in little-endian order: short
    /// literals such as `true` in one store.
    @inline(__always)
    mutating func append(word: UInt64, count length: Int) {
        reserve(Self.wordLength)
        putUnchecked(word: word, count: length)
    }

    /// The room ``putUnchecked(word:count:)`` stores into, whatever it counts.
    static let wordLength = 8

    /// Stores the first `length` bytes (1 to 8) of `word` as ``append(word:count:)`` does; the
    /// caller reserved ``wordLength`` bytes.
    @inline(__always)
    mutating func putUnchecked(word: UInt64, count length: Int) {
        // SAFETY: the caller reserved room for the eight bytes stored; only `length <= 8` of
        // them are counted, and the rest are overwritten by later writes or never read (reads
        // stop at `count`). `storeBytes(of:as:)` stores a trivial type and, since Swift 5.7,
        // needs no alignment (`JSONOutputBufferTests` stores at every offset).
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count &+= length
    }

    /// Appends a string's UTF-8 as is (number text, already valid JSON).
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `TextOutputStream`: the text as is (number formatting hands it over here).
    mutating func write(_ string: String) {
        append(string)
    }

    /// `TextOutputStream`: the standard library's number formatting hands its ASCII digits
    /// over here, from a buffer on its stack.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(buffer)
    }

    /// Drops a trailing `.0` (what `description` ends an integral floating-point value with).
    mutating func dropTrailingPointZero() {
        // SAFETY: both bytes read are below `count` (`count >= 2`), so written.
        if count >= 2, base[count &- 1] == UInt8(ascii: "0"), base[count &- 2] == UInt8(ascii: ".") {
            count &-= 2
        }
    }

    /// The most bytes ``putDigitsUnchecked(_:negative:)`` stores: a sign and 20 digits
    /// (`UInt64.max` has 20).
    static let maximumIntegerLength = 21

    /// Stores the decimal digits of `value`, after a `-` when `negative`; the caller reserved
    /// ``maximumIntegerLength`` bytes. Up to 16 digits are made eight at a time in one word
    /// (``eightDigits(_:)``) and stored whole.
    @inline(__always)
    mutating func putDigitsUnchecked(_ value: UInt64, negative: Bool) {  // 32-bit: UInt64 comparisons and division
        if negative { putUnchecked(UInt8(ascii: "-")) }
        if value < 10 {
            putUnchecked(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
        } else if value < 100_000_000 {
            putLeadingDigits(value)
        } else if value < 10_000_000_000_000_000 {
            let (high, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
            putLeadingDigits(high)
            // SAFETY: the sign, at most 8 leading digits and these 8 are at most 17 of the 21
            // bytes reserved.
            UnsafeMutableRawPointer(base + count).storeBytes(of: Self.eightDigits(low).littleEndian, as: UInt64.self)
            count &+= 8
        } else {
            putDigitPairs(value)
        }
    }

    /// Stores the digits of `0 < value < 100_000_000` without leading zeros: its eight digits
    /// made in one word, stored whole (8 bytes, within the reserved room; only the digits are
    /// counted) after shifting out the leading zero digits.
    @inline(__always)
    private mutating func putLeadingDigits(_ value: UInt64) {  // 32-bit: UInt64 words; the bit counts are at most 64
        let digits = Self.eightDigits(value)
        // The most significant digit is the lowest byte; each leading zero digit is a `0` byte
        // there before `0` (0x30) is added, so the trailing zero bytes of the bare digits
        // count them (`value > 0`: not all eight are zero).
        let leadingZeroBits = (digits & 0x0F0F_0F0F_0F0F_0F0F).trailingZeroBitCount & ~7
        // SAFETY: callers reserved room for a sign and 16 digits beyond what is counted;
        // storing 8 bytes here ends within it (`storeBytes` needs no alignment, as in
        // `append(word:count:)`).
        UnsafeMutableRawPointer(base + count).storeBytes(of: (digits >> leadingZeroBits).littleEndian,
                                                         as: UInt64.self)
        count &+= 8 &- (leadingZeroBits >> 3)
    }

    /// The eight decimal digits of `value < 100_000_000`, leading zeros included, as ASCII in
    /// one word whose lowest byte is the most significant digit (the order they are stored in,
    /// little-endian): the value split in two halves of four digits, each half into two pairs,
    /// each pair into two digits, all lanes at once (a division by 100 or 10 as a multiply and
    /// shift, exact below 10,000 and 100 respectively). `JSONWriterTests` checks every digit
    /// at every position against `String`.
    @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {  // 32-bit: UInt64 words throughout
        let (upper, lower) = value.quotientAndRemainder(dividingBy: 10_000)
        var lanes = upper | lower << 32
        let hundreds = ((lanes &* 10_486) >> 20) & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) << 16
        let tens = ((lanes &* 103) >> 10) & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) << 8
        return lanes | 0x3030_3030_3030_3030
    }

    /// Stores the digits of `value >= 10` two at a time from the end, after the caller's sign;
    /// for the 17 to 20 digits that ``putDigitsUnchecked(_:negative:)`` does not make in words.
    private mutating func putDigitPairs(_ value: UInt64) {
        let digits = Self.digitCount(value)
        // SAFETY: the caller reserved room for a sign and 20 digits (`UInt64.max` has 20), and
        // `digits` is the number of digits of `value` (``digitCount(_:)``), so every store below
        // is at `base[count..<count + digits]`; each pair is read from ``digitPairs`` at
        // `2 * pair` with `pair < 100`, inside its 200 bytes. `JSONWriterTests` writes every
        // digit count, and every pair.
        var i = count &+ digits
        var v = value
        Self.digitPairs.withUTF8Buffer { pairs in  // 32-bit: each index is below 200 (a pair below 100, doubled)
            while v >= 100 {
                let (quotient, pair) = v.quotientAndRemainder(dividingBy: 100)
                i &-= 2
                let at = Int(truncatingIfNeeded: pair) &* 2
                base[i] = pairs[at]
                base[i &+ 1] = pairs[at &+ 1]
                v = quotient
            }
            if v >= 10 {
                let at = Int(truncatingIfNeeded: v) &* 2
                base[i &- 2] = pairs[at]
                base[i &- 1] = pairs[at &+ 1]
            } else {
                base[i &- 1] = UInt8(truncatingIfNeeded: v) &+ UInt8(ascii: "0")
            }
        }
        count &+= digits
    }

    /// Stores `count` bytes from `source` eight at a time, reading and writing whole words up
    /// to `count` rounded up to 8: the caller reserved `count + 7` bytes, and `source` has 7
    /// readable bytes past its `count` (``JSONPreparedKeys``'s padding). `count > 0`.
    @inline(__always)
    mutating func putWordsUnchecked(from source: UnsafePointer<UInt8>, count length: Int) {
        let target = UnsafeMutableRawPointer(base + count)
        let from = UnsafeRawPointer(source)
        var offset = 0
        repeat {
            // SAFETY: `offset < length`, so the word read ends before `source + length + 7` and
            // the word stored before `count + length + 7`, both readable or reserved (above);
            // the bytes stored past `length` are not counted. Unaligned loads and stores of a
            // trivial type (`JSONOutputBufferTests` writes keys at every offset).
            target.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                              toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        } while offset < length
        count &+= length
    }

    /// `00` to `99`, two ASCII digits each: pair `n` at `2 * n`.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The number of decimal digits of `value`, which is at least 10: comparisons against
    /// powers of ten, halving the range each time (at most five).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {  // 32-bit: UInt64 comparisons; the result is at most 20
        if value < 100_000_000 {
            if value < 10_000 {
                return value < 100 ? 2 : (value < 1_000 ? 3 : 4)
            }
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        if value < 1_000_000_000_000 {
            return value < 10_000_000_000 ? (value < 1_000_000_000 ? 9 : 10) : (value < 100_000_000_000 ? 11 : 12)
        }
        if value < 10_000_000_000_000_000 {
            if value < 100_000_000_000_000 {
                return value < 10_000_000_000_000 ? 13 : 14
            }
            return value < 1_000_000_000_000_000 ? 15 : 16
        }
        if value < 1_000_000_000_000_000_000 {
            return value < 100_000_000_000_000_000 ? 17 : 18
        }
        return value < 10_000_000_000_000_000_000 ? 19 : 20
    }

    /// Appends `utf8` quoted, with the bytes ``JSONEscapes`` names escaped.
    @inline(__always)
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool) {
        // Room for the quotes and the bytes as they are; each escape (up to 6 bytes for 1)
        // reserves again for itself, what is left and the closing quote.
        reserve(utf8.count &+ 2)
        putUnchecked(UInt8(ascii: "\""))
        var runStart = 0
        while let i = JSONEscapes.firstEscaped(in: utf8, from: runStart, escapingSlashes: escapingSlashes) {
            // SAFETY: `runStart <= i < utf8.count`, so the run is inside `utf8`.
            putUnchecked(UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            reserve(6 &+ (utf8.count &- i))
            putEscape(for: utf8[i])
            runStart = i &+ 1
        }
        // SAFETY: `runStart <= utf8.count`, so the rest is inside `utf8`; the room reserved
        // (at first or at the last escape) covers it and the closing quote.
        putUnchecked(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        putUnchecked(UInt8(ascii: "\""))
    }

    /// Stores the escape of `c` (at most 6 bytes, reserved by the caller), a byte
    /// ``JSONEscapes/firstEscaped(in:from:escapingSlashes:)`` stops at: `\n` and the like,
    /// other controls as `\u00XX`, `/` as `\/`.
    @inline(__always)
    private mutating func putEscape(for c: UInt8) {
        putUnchecked(UInt8(ascii: "\\"))
        if c == UInt8(ascii: "/") { return putUnchecked(c) }
        let letter = JSONEscapes.escapeLetter(for: c)
        putUnchecked(letter)
        if letter == UInt8(ascii: "u") {
            putUnchecked(UInt8(ascii: "0"))
            putUnchecked(UInt8(ascii: "0"))
            putUnchecked(JSONEscapes.hexDigit(c &>> 4))
            putUnchecked(JSONEscapes.hexDigit(c & 0xF))
        }
    }

    // MARK: Reading and rewriting

    /// The bytes written, copied into an array.
    var array: [UInt8] {
        // SAFETY: `base[0..<count]` is initialised.
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, copied into a `Data`.
    var data: Data {
        // SAFETY: `base[0..<count]` is initialised.
        Data(bytes: base, count: count)
    }

    /// The bytes written, as a `Data` that takes over the memory when this buffer holds it
    /// alone (no copy; trimmed to the bytes written when much of it is spare), else a copy;
    /// the buffer is empty afterwards.
    mutating func takeData() -> Data {
        defer { self = JSONOutputBuffer() }
        guard count > 0, isKnownUniquelyReferenced(&storage) else { return data }
        if capacity - count > 4096 { _ = storage.resize(to: count) }
        guard let memory = storage.release() else { return data }
        // SAFETY: `memory` is `malloc`'s, holding the `count` bytes written (a failed trim left
        // it as it was), and no longer the storage's: the `Data` alone frees it, with `free`.
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
    }

    /// A copy of the written bytes in `range` (clamped to `0..<count`).
    func copy(_ range: Range<Int>) -> [UInt8] {
        let written = range.clamped(to: 0..<count)
        // SAFETY: `written` lies inside `0..<count`, which is initialised.
        return Array(UnsafeBufferPointer(start: base + written.lowerBound, count: written.count))
    }

    /// Forgets the bytes from `newCount` on (a `newCount` beyond ``count`` forgets nothing).
    mutating func truncate(to newCount: Int) {
        count = Swift.min(Swift.max(newCount, 0), count)
    }
}
