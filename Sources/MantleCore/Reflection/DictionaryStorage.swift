/// Reads a dictionary's count, keys and values where its storage object keeps
/// them, and finds a key's bucket there, without copying the dictionary or
/// any value out of it (a value's copy retains each of its fields).
///
/// A `Dictionary` whose values are structs is one reference to a native hash
/// table: a heap object header (two words), the count and the capacity (a
/// word each), the scale (`Int8`, the table has `1 << scale` buckets), two
/// bytes and an `Int32` unused here, the hash seed (a word, 8 bytes after the
/// scale), the addresses of the keys and of the values (a word each), then the
/// bitmap of occupied buckets, a word per word-width of buckets. A key is in
/// the first occupied bucket from `key._rawHashValue(seed:) & (buckets - 1)`
/// on, probing linearly, and an empty bucket ends the search (deletions shift
/// entries back: there are no tombstones). That is the standard library's
/// layout and lookup on every platform, part of its ABI on Apple's, where only
/// a dictionary whose keys and values are both classes can be an
/// `NSDictionary` instead. ``isReadable`` checks all of it against real
/// dictionaries before any read relies on it.
enum DictionaryStorage {
    private static let word = MemoryLayout<Int>.size  // 32-bit: words, whatever their size
    private static let capacityOffset = 3 * word
    private static let scaleOffset = 4 * word
    private static let seedOffset = 4 * word + 8
    private static let keysOffset = seedOffset + word
    private static let valuesOffset = seedOffset + 2 * word
    private static let bitmapOffset = seedOffset + 3 * word
    private static let bitsPerWord = UInt.bitWidth  // 32-bit: the bitmap's words are `UInt`s, whatever their size

    /// `true` when the layout and lookup above hold for dictionaries built
    /// here (grown, shrunk by removals, with integer and string keys), checked
    /// once; when `false`, dictionaries must be read through their own API.
    static let isReadable: Bool = {
        // 32-bit: a dictionary is one word on every platform; both sides are the word's size.
        guard MemoryLayout<[Int: Int]>.size == MemoryLayout<UInt>.size else { return false }
        var numbers = [Int: Int]()
        for key in 0..<100 { numbers[key &* 7919] = key }
        var shrunk = numbers
        for key in stride(from: 0, to: 100, by: 3) { shrunk[key &* 7919] = nil }
        var reserved = [String: Int](minimumCapacity: 64)
        for key in 0..<20 { reserved["key \(key)"] = key }
        return check(numbers, absent: 1) && check(shrunk, absent: 0) && check(reserved, absent: "key 20")
            && check([Int: Int](), absent: 0) && check(["one": 1], absent: "two")
            && check(Dictionary(uniqueKeysWithValues: [(2, 4)]), absent: 4)
    }()

    /// `true` when reading `dictionary`'s storage object in place gives what
    /// its own API does: the count and capacity, the entries in its iteration
    /// order (bucket order), and for each key, the bucket it is found in, with
    /// `absent`, a key it does not hold, found nowhere.
    private static func check<Key: Hashable>(_ dictionary: [Key: Int], absent: Key) -> Bool {
        withExtendedLifetime(dictionary) {
            guard let storage = withUnsafeBytes(of: dictionary, { UnsafeRawPointer(bitPattern: $0.load(as: UInt.self)) })
            else { return false }
            // SAFETY: `storage` is the object `dictionary` holds, alive for this closure. The
            // words read before the entries lie inside its fixed header (a native storage
            // object is at least `bitmapOffset` bytes); entries are read only when the
            // count and capacity read agree with the dictionary's own.
            guard CollectionStorage.count(storage) == dictionary.count,
                  storage.load(fromByteOffset: capacityOffset, as: Int.self) == dictionary.capacity,
                  dictionary.count <= bucketCount(storage) else { return false }
            // Walked by index rather than by iterator, whose `Optional` of each key-value
            // tuple would be one more type in the runtime's metadata caches.
            var index = dictionary.startIndex
            let inOrder = forEachOccupiedBucket(in: storage) { bucket in
                guard index != dictionary.endIndex else { return false }
                let key = dictionary.keys[index], value = dictionary.values[index]
                dictionary.formIndex(after: &index)
                return self.key(at: bucket, in: storage, as: Key.self) == key
                    && self.value(at: bucket, in: storage, as: Int.self).pointee == value
                    && self.bucket(of: key, in: storage) == bucket
            }
            return inOrder && index == dictionary.endIndex && dictionary[absent] == nil
                && bucket(of: absent, in: storage) == nil
        }
    }

    /// The number of buckets of a dictionary's storage object.
    @inline(__always)
    private static func bucketCount(_ storage: UnsafeRawPointer) -> Int {
        // SAFETY: as in `CollectionStorage.count(_:)`, for the scale byte; a live table's
        // scale is below the word's bit width, so the shift is exact.
        1 &<< Int(storage.load(fromByteOffset: scaleOffset, as: Int8.self))  // 32-bit: the scale is below the word's width
    }

    /// `true` when the bucket holds an entry.
    @inline(__always)
    private static func isOccupied(_ bucket: Int, in storage: UnsafeRawPointer) -> Bool {
        // SAFETY: `bucket` is below the bucket count, so its bit lies in the bitmap's words
        // (one bit per bucket, from `bitmapOffset`).
        let bits = storage.load(fromByteOffset: bitmapOffset &+ bucket / bitsPerWord &* word, as: UInt.self)
        return bits & (1 &<< UInt(bucket % bitsPerWord)) != 0  // 32-bit: a bit index below the word's width
    }

    /// Calls `body` with each occupied bucket in order, while it returns
    /// `true`; `false` when it returned `false`.
    @inline(__always)
    static func forEachOccupiedBucket(in storage: UnsafeRawPointer, _ body: (Int) -> Bool) -> Bool {
        guard CollectionStorage.count(storage) > 0 else { return true }
        let buckets = bucketCount(storage)
        var wordStart = 0
        while wordStart < buckets {
            // SAFETY: as in `isOccupied`, for the bitmap word of the buckets from `wordStart`.
            var bits = storage.load(fromByteOffset: bitmapOffset &+ wordStart / bitsPerWord &* word, as: UInt.self)
            if buckets &- wordStart < bitsPerWord {
                // A table of fewer buckets than a word has bits marks the bits past its end
                // occupied, so that a probe wraps around before it reaches them.
                bits &= (1 &<< UInt(buckets &- wordStart)) &- 1  // 32-bit: fewer than the word's width
            }
            while bits != 0 {
                guard body(wordStart &+ bits.trailingZeroBitCount) else { return false }
                bits &= bits &- 1
            }
            wordStart &+= bitsPerWord
        }
        return true
    }

    /// The key in an occupied bucket, copied out.
    @inline(__always)
    static func key<Key>(at bucket: Int, in storage: UnsafeRawPointer, as type: Key.Type) -> Key {
        // SAFETY: the storage holds `Key`s, one per bucket, from the address at
        // `keysOffset`, and an occupied bucket's key is initialised.
        let keys = storage.load(fromByteOffset: keysOffset, as: UnsafeRawPointer.self)
        return keys.assumingMemoryBound(to: Key.self)[bucket]
    }

    /// The address of the value in an occupied bucket, valid while the
    /// storage object is alive and unchanged.
    @inline(__always)
    static func value<Value>(at bucket: Int, in storage: UnsafeRawPointer, as type: Value.Type) -> UnsafePointer<Value> {
        // SAFETY: as in `key(at:in:as:)`, for the `Value`s from the address at `valuesOffset`.
        let values = storage.load(fromByteOffset: valuesOffset, as: UnsafeRawPointer.self)
        return values.assumingMemoryBound(to: Value.self) + bucket
    }

    /// The bucket holding `key` in the storage object, found as the
    /// dictionary's own look-up finds it, or `nil` when it holds no such key.
    @inline(__always)
    static func bucket<Key: Hashable>(of key: Key, in storage: UnsafeRawPointer) -> Int? {
        guard CollectionStorage.count(storage) > 0 else { return nil }
        let mask = bucketCount(storage) &- 1
        // SAFETY: as in `CollectionStorage.count(_:)`, for the seed word.
        let seed = storage.load(fromByteOffset: seedOffset, as: Int.self)
        var bucket = key._rawHashValue(seed: seed) & mask
        // A live table always has an empty bucket (its load stays below one); the bound
        // only makes the loop's end evident.
        for _ in 0...mask {
            guard isOccupied(bucket, in: storage) else { return nil }
            if self.key(at: bucket, in: storage, as: Key.self) == key { return bucket }
            bucket = (bucket &+ 1) & mask
        }
        return nil
    }
}
