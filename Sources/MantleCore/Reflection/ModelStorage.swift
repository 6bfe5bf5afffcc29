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
            defer { withExtendedLifetime(object) {} }
            return try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
        }
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
            defer { withExtendedLifetime(object) {} }
            return try body(Unmanaged.passUnretained(object).toOpaque())
        }
        return try withUnsafeMutablePointer(to: &self) { (pointer) throws(Failure) -> Output in
            try body(UnsafeMutableRawPointer(pointer))
        }
    }
}
