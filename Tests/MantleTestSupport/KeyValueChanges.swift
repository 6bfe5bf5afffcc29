import Foundation
import MantleCore

#if !canImport(ObjectiveC)
/// The Key-Value Observing notifications that `object` is sent while `body`
/// runs, as `"will key: old value"` and `"did key: new value"`.
///
/// Swift on Linux has no Key-Value Observing: `NSObject` there has no
/// `willChangeValue(forKey:)` or `didChangeValue(forKey:)`. The conformance
/// below gives it the two methods Apple's `NSObject` has, recording their
/// calls, so that the library's in-place writes (which call them on Apple
/// platforms, through `KeyValueChangeNotifying`) can be checked here. What
/// Apple's KVO then does with the calls is not simulated.
package func simulatedKeyValueChanges(of object: NSObject, during body: () throws -> Void) rethrows -> [String] {
    let log = KeyValueChangeLog(object: object)
    try KeyValueChangeLog.$current.withValue(log) { try body() }
    return log.entries
}

/// The notifications recorded for one object.
final class KeyValueChangeLog: @unchecked Sendable {
    /// The log of the task's running ``simulatedKeyValueChanges(of:during:)``.
    @TaskLocal static var current: KeyValueChangeLog?

    /// The object whose notifications are recorded.
    let object: NSObject
    /// Guards ``recorded``.
    private let lock = NSLock()
    /// The entries so far.
    private var recorded: [String] = []

    init(object: NSObject) { self.object = object }

    /// Records `event` for `key` of `sender` when it is the watched object.
    func record(_ event: String, key: String, of sender: NSObject) {
        guard sender === object else { return }
        let value = (sender as? any Model)?.value(forKey: key).map { String(describing: $0) } ?? "nil"
        lock.withLock { recorded.append("\(event) \(key): \(value)") }
    }

    /// The entries so far.
    var entries: [String] { lock.withLock { recorded } }
}

/// Apple's `NSObject` methods, recording their calls (see
/// ``simulatedKeyValueChanges(of:during:)``).
extension NSObject: KeyValueChangeNotifying {
    package func willChangeValue(forKey key: String) {
        KeyValueChangeLog.current?.record("will", key: key, of: self)
    }

    package func didChangeValue(forKey key: String) {
        KeyValueChangeLog.current?.record("did", key: key, of: self)
    }
}
#endif
