#if canImport(ObjectiveC) || MANTLE_SIMULATED_DARWIN
import Foundation
import MantleInternals

// Foundation's `ValueTransformer` (NSValueTransformer) exists on Apple platforms only. The Linux
// CI compiles and tests this file against a simulation of it (`.ci/darwin-sdk`, built with
// `-D MANTLE_SIMULATED_DARWIN`): see CONTRIBUTING.md, "Platforms".

extension JSONValueTransformer {
    /// A transformer that calls a Foundation `ValueTransformer` (an `NSValueTransformer`
    /// subclass, such as Mantle's `MTLValueTransformer` or one of your own), so that
    /// transformers written for Mantle or Objective-C keep working as a property's transformer.
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
    ///     key == "color" ? JSONValueTransformer(HexColorTransformer()) : nil
    /// }
    /// ```
    ///
    /// The rules are Mantle's: JSON null reaches the transformer as `nil`, and a `nil` result
    /// is the value `nil` (so it sets an optional property to `nil`, and is an error naming the
    /// property for a non-optional one). The transformer is reversible when its class's
    /// `allowsReverseTransformation()` says so; otherwise encoding passes the value through,
    /// as for any one-way transformer. Foundation transformers report failure only by
    /// returning `nil`; the `transformedValue:success:error:` method of Mantle's
    /// `MTLTransformerErrorHandling` is not called.
    ///
    /// The transformer is called on whichever thread decodes or encodes, possibly on several
    /// at once: it must be safe to use concurrently, as stateless transformers (Foundation's
    /// own, Mantle's block-based ones) are.
    public init(_ transformer: ValueTransformer) {
        // The JSONValueTransformer is Sendable; the Foundation object is not declared so.
        // Concurrent use is the caller's promise, stated above.
        let object = UncheckedSendable(transformer)
        if type(of: transformer).allowsReverseTransformation() {
            self.init(forward: { (value: Any?) -> Any? in object.value.transformedValue(value) },
                      reverse: { (value: Any?) -> Any? in object.value.reverseTransformedValue(value) })
        } else {
            self.init(forward: { (value: Any?) -> Any? in object.value.transformedValue(value) })
        }
    }

    /// A transformer that calls the Foundation `ValueTransformer` registered under `name`
    /// (`ValueTransformer.setValueTransformer(_:forName:)`, or Objective-C's
    /// `+[NSValueTransformer setValueTransformer:forName:]`), or `nil` when none is.
    ///
    /// The registered transformer is looked up once, now; see ``init(_:)`` for the rules.
    public init?(forName name: NSValueTransformerName) {
        guard let transformer = ValueTransformer(forName: name) else { return nil }
        self.init(transformer)
    }
}
#endif
