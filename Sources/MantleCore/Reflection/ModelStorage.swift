import Foundation

/// A valid address to hand to accessors of a model with no stored bytes
/// (an empty struct), which never dereference it.
nonisolated(unsafe) private let emptyStorage = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

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
        let result = withUnsafeBytes(of: self) { bytes -> Result<Output, Failure> in
            do throws(Failure) {
                return .success(try body(bytes.baseAddress ?? UnsafeRawPointer(emptyStorage)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
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
        let result = withUnsafeMutableBytes(of: &self) { bytes -> Result<Output, Failure> in
            do throws(Failure) {
                return .success(try body(bytes.baseAddress ?? emptyStorage))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
