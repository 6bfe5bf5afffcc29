import Foundation

/// The stack sizes of Apple platforms' threads, which Linux's 8 MiB threads never come near:
/// 512 KiB for secondary threads (`Thread`, GCD's workers, Swift concurrency's cooperative pool)
/// and 1 MiB for the iOS main thread.
package enum DarwinStackSize {
    /// A secondary, GCD or Swift-concurrency thread.
    package static let secondaryThread = 512 * 1024
    /// The iOS main thread.
    package static let iOSMainThread = 1024 * 1024
    /// Both, smallest first.
    package static let all = [secondaryThread, iOSMainThread]
}

/// Runs `body` on a new thread whose stack has `stackSize` bytes, waits for it, and returns what
/// it returned.
package func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = ThreadResult<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    guard let value = box.value else { preconditionFailure("the thread ended without a result") }
    return value
}

/// The result of a thread's work, written by the thread before it signals and read after the wait.
private final class ThreadResult<Value>: @unchecked Sendable {
    var value: Value?
}
