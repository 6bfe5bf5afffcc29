// The scanner's working stacks (open containers, key hashes, Bloom filters):
// plain growable buffers, so that the hot loop pays neither the uniqueness
// check of a copy-on-write array nor a bounds check per access. The scanner
// owns them for one scan and frees them when it ends (`JSONScanner.scan`); the
// tape starts in storage lent by the array the document keeps.

/// A growable stack of trivial values in memory the scanner allocates and frees itself.
///
/// SAFETY: `base[0..<capacity]` is allocated (by the stack, or lent by its owner for the
/// stack's lifetime) and `base[0..<count]` initialised, with
/// `count <= capacity` always: `append` grows before writing past the end, `grow(to:)` copies
/// the initialised part, and every read (`subscript`, `last`) is at an index below `count`,
/// which each caller checks (see there). `JSONScannerStackTests` pushes past every
/// capacity step, deep nesting and objects of many keys among them, under AddressSanitizer too.
struct JSONScannerStack<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    /// Number of elements on the stack.
    var count = 0
    private(set) var capacity: Int
    /// Whether `base` is memory the stack allocated (and frees), rather than storage it was
    /// lent (``init(borrowing:capacity:)``), which it leaves to its owner.
    private(set) var ownsBase = true

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    /// A stack in `capacity` (at least one) elements of uninitialised storage at `storage`,
    /// which must outlive the stack. When it grows past them, it moves to memory of its own
    /// (``ownsBase``) and leaves the storage as it was.
    init(borrowing storage: UnsafeMutablePointer<Element>, capacity: Int) {
        base = storage
        self.capacity = capacity
        ownsBase = false
    }

    /// Frees the memory the stack allocated; the stack must not be used afterwards.
    func deallocate() {
        if ownsBase { base.deallocate() }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: capacity &* 2) }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Appends `n` copies of `element`.
    mutating func append(repeating element: Element, count n: Int) {
        if capacity &- count < n { grow(to: Swift.max(capacity &* 2, count &+ n)) }
        (base + count).initialize(repeating: element, count: n)
        count &+= n
    }

    /// Removes and returns the last element; the stack must not be empty.
    @inline(__always)
    mutating func removeLast() -> Element {
        count &-= 1
        return base[count]
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(never)
    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        if ownsBase { base.deallocate() }
        base = grown
        ownsBase = true
        capacity = newCapacity
    }
}
