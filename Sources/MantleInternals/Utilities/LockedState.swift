import Foundation

/// A value that threads share, reached only under its lock: the package's one
/// lock helper (caches, registries, formatters that are not thread-safe).
///
/// The standard library's `Synchronization.Mutex` needs macOS 15 / iOS 18;
/// this one is an `NSLock` and runs wherever the package does. It is not
/// named `Mutex`, so that it never shadows the standard library's type for
/// code in the package that imports `Synchronization`.
package final class LockedState<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`,
    // which holds `lock` for the whole access.

    /// Guards `value`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not call `withLock` on the same `LockedState` (`NSLock` is not
    /// recursive).
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
