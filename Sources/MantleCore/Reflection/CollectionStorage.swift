/// What an `Array` and a `Dictionary` of struct values share, read in place
/// by ``ArrayStorage`` and ``DictionaryStorage``: the collection is one word,
/// the address of its native storage object, and the object keeps the count
/// in the word after its two-word heap object header. Each of those types
/// checks these facts, with the rest of its layout, against real collections
/// before any read relies on them.
enum CollectionStorage {
    /// Where the count is, from the start of the storage object.
    static let countOffset = 2 * MemoryLayout<Int>.size  // 32-bit: words, whatever their size

    /// The storage object of the collection stored at `address`, read without
    /// retaining it (never `nil` for a collection: an empty one refers to a
    /// shared empty storage object).
    ///
    /// - Precondition: the collection's type passed its layout check
    ///   (``ArrayStorage/elementsOffset(_:)``, ``DictionaryStorage/isReadable``);
    ///   `address` holds an initialised collection that stays alive and
    ///   unchanged while the result is used.
    @inline(__always)
    static func object(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
        // SAFETY: a collection of a checked type is one word, the address of its storage object.
        UnsafeRawPointer(bitPattern: address.load(as: UInt.self))
    }

    /// The count kept in a collection's storage object.
    @inline(__always)
    static func count(_ storage: UnsafeRawPointer) -> Int {
        // SAFETY: `storage` is a live storage object of a checked collection type (from
        // `object(at:)` or a layout check), whose count word is at `countOffset`.
        storage.load(fromByteOffset: countOffset, as: Int.self)
    }
}
