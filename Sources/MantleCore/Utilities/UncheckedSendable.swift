/// A value that is only ever read after construction, shared across threads.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The wrapped value.
    package let value: Value
    /// Wraps a value.
    package init(_ value: Value) { self.value = value }
}
