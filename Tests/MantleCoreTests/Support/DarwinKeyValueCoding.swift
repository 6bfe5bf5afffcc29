//  Apple's NSObject has Key-Value Coding methods named like the model's:
//  `value(forKey:) -> Any?` and a non-throwing `setValue(_:forKey:)` (its
//  `copy() -> Any` exists on Linux too). Swift on Linux has neither, so
//  nothing here could show which one a call on a ModelObject subclass
//  reaches. These stand-ins give Linux's NSObject the two methods, answering
//  with a marker, so the tests can check that such a call gets the model's.
//
//  On Apple platforms ModelObject overrides NSObject's methods, which takes
//  NSObject's out of the candidates at a call on a ModelObject subclass. An
//  extension member cannot be overridden, and Swift ranks a subclass's member
//  against a superclass extension's member of the same signature as
//  ambiguous (measured with Swift 6.3.1), so the stand-ins are
//  `@_disfavoredOverload`: they lose to ModelObject's members and to the
//  Model extension's, as NSObject's (replaced by the overrides) do there.
//  They do not reproduce what a direct `NSObject, Model` class gets on Apple
//  platforms (NSObject's methods win there).

import Foundation

#if !canImport(ObjectiveC)
/// What the stand-ins answer with.
enum DarwinKeyValueCoding {
    /// The value the stand-in `value(forKey:)` returns.
    static let marker = "NSObject.value(forKey:)"

    /// Set by the stand-in `setValue(_:forKey:)` while a test watches it.
    @TaskLocal static var setterCalls: SetterCalls?

    /// Counts calls of the stand-in setter.
    final class SetterCalls: @unchecked Sendable {
        /// Guards ``recorded``.
        private let lock = NSLock()
        /// The calls so far.
        private var recorded = 0
        /// The calls so far.
        var count: Int { lock.withLock { recorded } }
        /// Notes a call.
        func record() { lock.withLock { recorded += 1 } }
    }
}

extension NSObject {
    /// Stands for Apple's Key-Value Coding getter.
    @_disfavoredOverload
    func value(forKey key: String) -> Any? {
        DarwinKeyValueCoding.marker
    }

    /// Stands for Apple's non-throwing Key-Value Coding setter.
    @_disfavoredOverload
    func setValue(_ value: Any?, forKey key: String) {
        DarwinKeyValueCoding.setterCalls?.record()
    }
}
#endif
