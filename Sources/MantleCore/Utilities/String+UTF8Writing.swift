extension String {
    /// A string made of the UTF-8 bytes `initializer` writes into a buffer of `capacity` bytes
    /// (it returns how many it wrote; ill-formed UTF-8 is repaired, as `String(decoding:as:)`
    /// does).
    ///
    /// The bytes are written in place where the standard library allows it (macOS 11, iOS 14,
    /// tvOS 14, watchOS 7 and later, and every Linux); on the older systems the package supports
    /// they go through an array first. `initializer` must initialize the bytes it counts.
    @inlinable
    package init(utf8Capacity capacity: Int, initializingWith initializer: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            self.init(unsafeUninitializedCapacity: capacity, initializingUTF8With: initializer)
        } else {
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = initializer(buffer)
            }
            self.init(decoding: bytes, as: UTF8.self)
        }
    }
}
