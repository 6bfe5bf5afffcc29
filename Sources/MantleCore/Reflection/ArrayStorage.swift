/// Reads an array's count and elements where its storage object keeps them,
/// without copying the array (a retain and a release) or calling generic code.
///
/// An `Array` of a struct type is one reference to a native storage object: a
/// heap object header (two words), the count and the capacity (a word each),
/// then the elements, from the next multiple of their alignment. That is the
/// standard library's layout on every platform (part of its ABI on Apple's,
/// where only arrays of classes can be backed by an `NSArray`).
/// ``elementsOffset(_:)`` checks it against real arrays of the element type
/// before any read relies on it, and says `nil` when it does not hold.
enum ArrayStorage {
    /// The header and the count and capacity words.
    private static let headerSize = 4 * MemoryLayout<Int>.size  // 32-bit: words, whatever their size

    /// The offset of the first element from the start of the storage object
    /// of an `[Element]`, once the layout above has checked out for arrays
    /// built here: one of `UInt8` holding three elements (where the count is)
    /// and one of `Element` with room for two (where its elements start);
    /// `nil` when it does not, and then the arrays must be read through their
    /// own API.
    static func elementsOffset<Element>(_ type: Element.Type) -> Int? {
        // 32-bit: an array is one word on every platform; both sides are the word's size.
        guard MemoryLayout<[Element]>.size == MemoryLayout<UInt>.size,
              check([UInt8](repeating: 1, count: 3), count: 3, elementsAt: headerSize) else { return nil }
        let alignment = MemoryLayout<Element>.alignment
        let offset = (headerSize + alignment - 1) / alignment * alignment
        // Room for two elements, none initialised: no element value is needed.
        let probe = [Element](unsafeUninitializedCapacity: 2) { _, count in count = 0 }
        return check(probe, count: 0, elementsAt: offset) ? offset : nil
    }

    /// `true` when the arrays stored at two addresses are equal: they share
    /// their storage object, or they have the same count and `body` finds
    /// their elements equal, given the address of each array's first element
    /// (`elementsOffset` into its storage object) and the count.
    ///
    /// - Precondition: `elementsOffset` is ``elementsOffset(_:)`` of the
    ///   arrays' element type; both addresses hold an initialised array of it
    ///   that stays alive and unchanged during the call.
    @inline(__always)
    static func elementsEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, elementsOffset: Int,
                              body: (UnsafeRawPointer, UnsafeRawPointer, Int) -> Bool) -> Bool {
        // SAFETY: the precondition: each array is its storage object's address, which
        // keeps the count in its header and `count` elements from `elementsOffset`.
        guard let left = CollectionStorage.object(at: lhs), let right = CollectionStorage.object(at: rhs) else {
            return false
        }
        if left == right { return true }
        let count = CollectionStorage.count(left)
        guard count == CollectionStorage.count(right) else { return false }
        return body(left + elementsOffset, right + elementsOffset, count)
    }

    /// `true` when `array`'s storage object holds `count` where ``CollectionStorage`` reads it
    /// and its elements start `offset` bytes in, as the array's own API says.
    private static func check<Element>(_ array: [Element], count: Int, elementsAt offset: Int) -> Bool {
        withExtendedLifetime(array) {
            guard let storage = withUnsafeBytes(of: array, { UnsafeRawPointer(bitPattern: $0.load(as: UInt.self)) })
            else { return false }
            return array.withUnsafeBufferPointer { buffer in
                guard let start = buffer.baseAddress, buffer.count == count else { return false }
                // SAFETY: `storage` is the object `array` holds, alive for this closure; the
                // word read lies inside its header, before `start` (checked first).
                return UnsafeRawPointer(start) - storage == offset
                    && CollectionStorage.count(storage) == count
            }
        }
    }
}
