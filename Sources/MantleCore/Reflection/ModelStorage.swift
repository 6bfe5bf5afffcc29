import Foundation

extension Model {
    /// Calls `body` with the address of this model's stored properties: the
    /// struct value itself, or the object for a class (whose field offsets
    /// count from the start of the object).
    @inline(__always)
    package func withStorageAddress<Output, Failure: Error>(
        _ body: (UnsafeRawPointer) throws(Failure) -> Output
    ) throws(Failure) -> Output {
        if Self.self is AnyObject.Type {
            let object = self as AnyObject
            // SAFETY: `object` is this instance (a class-constrained value cast
            // to `AnyObject` is the same reference, not a box) and stays alive
            // until `body` returns (`withExtendedLifetime` in the defer), so
            // the unretained address is the live object, header included, from
            // which the runtime's class field offsets count.
            defer { withExtendedLifetime(object) {} }
            return try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
        }
        // SAFETY: the pointer is valid for the duration of the closure, and a
        // struct's field offsets count from the start of its value.
        return try withUnsafePointer(to: self) { (pointer) throws(Failure) -> Output in
            try body(UnsafeRawPointer(pointer))
        }
    }

    /// Calls `body` with the mutable address of this model's stored properties.
    @inline(__always)
    package mutating func withMutableStorageAddress<Output, Failure: Error>(
        _ body: (UnsafeMutableRawPointer) throws(Failure) -> Output
    ) throws(Failure) -> Output {
        if Self.self is AnyObject.Type {
            let object = self as AnyObject
            // SAFETY: as in `withStorageAddress`; writing through it changes
            // the object, which is what mutating a class instance means.
            defer { withExtendedLifetime(object) {} }
            return try body(Unmanaged.passUnretained(object).toOpaque())
        }
        // SAFETY: exclusive access to `self` for the duration of the closure.
        return try withUnsafeMutablePointer(to: &self) { (pointer) throws(Failure) -> Output in
            try body(UnsafeMutableRawPointer(pointer))
        }
    }
}
