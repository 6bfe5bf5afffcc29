import Foundation

/// An object whose in-place writes tell Key-Value Observing observers: on
/// Apple platforms every `NSObject`, through `willChangeValue(forKey:)` and
/// `didChangeValue(forKey:)`.
///
/// The library writes a property at its storage, not through its setter, so
/// an `@objc dynamic` property's KVO notifications would not be sent by
/// themselves. Every write into an instance that already exists
/// (``ModelDescriptor/notifier(for:of:at:)``: `setValue(_:forKey:)`,
/// merging, `decodeProperties(from:)`, `JSONAdapter.update` by either
/// rule) of a type that conforms sends both around each store
/// that changes the value. Swift on Linux has no Key-Value Observing, so no
/// type conforms there (the tests give `NSObject` a conformance of their own
/// that records the calls).
package protocol KeyValueChangeNotifying: AnyObject {
    /// Tells observers that the value for `key` is about to change.
    func willChangeValue(forKey key: String)
    /// Tells observers that the value for `key` has changed.
    func didChangeValue(forKey key: String)
}

extension KeyValueChangeNotifying {
    /// Runs `store`, which changes the property `key`, between
    /// `willChangeValue(forKey:)` and `didChangeValue(forKey:)`.
    func notifyingObservers(ofKey key: String, _ store: () -> Void) {
        willChangeValue(forKey: key)
        store()
        didChangeValue(forKey: key)
    }
}

#if canImport(ObjectiveC)
extension NSObject: KeyValueChangeNotifying {}
#endif
