import Foundation
import Observation

/// The property keys whose observers fire while `body` runs: each property is
/// read under its own `withObservationTracking`, so each reports separately
/// (and once, at its first change).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
package func changedKeys<M: AnyObject>(of model: M, reading reads: [String: (M) -> Any],
                                       during body: () throws -> Void) rethrows -> Set<String> {
    let log = ChangeLog()
    for (key, read) in reads {
        withObservationTracking { _ = read(model) } onChange: { log.record(key) }
    }
    try body()
    return log.keys
}

/// The keys whose change was reported, from any thread.
private final class ChangeLog: @unchecked Sendable {
    /// Guards ``recorded``.
    private let lock = NSLock()
    /// The keys reported so far.
    private var recorded: Set<String> = []

    /// Notes a change of `key`.
    func record(_ key: String) { lock.withLock { _ = recorded.insert(key) } }

    /// The keys reported so far.
    var keys: Set<String> { lock.withLock { recorded } }
}
