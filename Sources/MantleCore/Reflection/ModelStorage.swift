import Foundation

extension Model {
    /// This instance as an object reference when the model is a class, `nil`
    /// for a struct or enum.
    ///
    /// `self as AnyObject` in generic code goes through the runtime's general
    /// dynamic cast (it looks for optionals to unwrap and values to box): about
    /// 2,000 instructions a call, measured under callgrind, once per decoded
    /// class model; this is a metatype check and a copy of the reference.
    @inline(__always)
    package var objectReference: AnyObject? {
        guard Self.self is AnyObject.Type else { return nil }
        // SAFETY: `Self` is a class type (checked just above), so a value of
        // it is exactly one object reference, which is the whole
        // representation of `AnyObject` too: the same size (which
        // `unsafeBitCast` checks, trapping rather than reading past it) and
        // the same bits. The copy retains the object like any other copy.
        // `ModelStorageTests` checks both facts for Swift and NSObject classes.
        return unsafeBitCast(self, to: AnyObject.self)
    }

    /// Calls `body` with the address of this model's stored properties: the
    /// struct value itself, or the object for a class (whose field offsets
    /// count from the start of the object).
    @inline(__always)
    package func withStorageAddress<Output, Failure: Error>(
        _ body: (UnsafeRawPointer) throws(Failure) -> Output
    ) throws(Failure) -> Output {
        if let object = objectReference {
            // SAFETY: `object` is this instance (``objectReference``) and stays alive
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
        if let object = objectReference {
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
