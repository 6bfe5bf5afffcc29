import Foundation
import MantleInternals

/// Transformers registered per property type (Mantle's
/// `transformerForModelPropertiesOfClass:`), thread-safe.
struct TypeTransformerRegistry: Sendable {
    static let shared = LockedState(TypeTransformerRegistry())

    private var transformers: [ObjectIdentifier: JSONValueTransformer] = [:]
    /// Counts changes, so that mappings compiled before one can be told apart:
    /// a mapping compiled at an older generation may hold a transformer that
    /// is no longer registered.
    private(set) var generation = 0

    /// Registers (or, with `nil`, removes) the transformer for `type`.
    mutating func set(_ transformer: JSONValueTransformer?, for type: Any.Type) {
        transformers[ObjectIdentifier(type)] = transformer
        generation += 1
    }

    /// The transformer registered for exactly `type`.
    func transformer(for type: Any.Type) -> JSONValueTransformer? {
        transformers[ObjectIdentifier(type)]
    }
}
