import Foundation

/// A valid address to hand to accessors of a model with no stored bytes
/// (an empty struct), which never dereference it.
nonisolated(unsafe) private let emptyStorage = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

extension Model {
    /// Calls `body` with the address of this model's stored properties: the
    /// struct value itself, or the object for a class (whose field offsets
    /// count from the start of the object).
    @inline(__always)
    package func withStorageAddress<Result>(
        _ body: (UnsafeRawPointer) throws -> Result
    ) rethrows -> Result {
        if Self.self is AnyObject.Type {
            let object = self as AnyObject
            return try withExtendedLifetime(object) {
                try body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
            }
        }
        return try withUnsafeBytes(of: self) { bytes in
            try body(bytes.baseAddress ?? UnsafeRawPointer(emptyStorage))
        }
    }

    /// Calls `body` with the mutable address of this model's stored properties.
    @inline(__always)
    package mutating func withMutableStorageAddress<Result>(
        _ body: (UnsafeMutableRawPointer) throws -> Result
    ) rethrows -> Result {
        if Self.self is AnyObject.Type {
            let object = self as AnyObject
            return try withExtendedLifetime(object) {
                try body(Unmanaged.passUnretained(object).toOpaque())
            }
        }
        return try withUnsafeMutableBytes(of: &self) { bytes in
            try body(bytes.baseAddress ?? emptyStorage)
        }
    }
}
