import Foundation

extension ValueTransformer {
    /// The name of a registered transformer (Mantle's `MTLURLValueTransformerName` and friends).
    public struct Name: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name as a string.
        public let rawValue: String

        /// Creates a name.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Creates a name from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The name as a string.
        public var description: String { rawValue }

        /// `String` ↔ `URL` (``ValueTransformer/url``).
        public static let url: Name = "MTLURLValueTransformerName"
        /// `String` ↔ `UUID` (``ValueTransformer/uuid``).
        public static let uuid: Name = "MTLUUIDValueTransformerName"
        /// JSON boolean ↔ `Bool` (``ValueTransformer/bool``).
        public static let bool: Name = "MTLBooleanValueTransformerName"
    }

    /// Registers `transformer` under `name`, replacing any earlier one.
    /// Safe to call from any thread, also while other threads decode.
    public static func register(_ transformer: ValueTransformer, forName name: Name) {
        TransformerRegistry.shared.set(transformer, for: name)
    }

    /// The transformer registered under `name`, if any.
    public static func named(_ name: Name) -> ValueTransformer? {
        TransformerRegistry.shared.transformer(for: name)
    }
}

/// The thread-safe store behind ``ValueTransformer/register(_:forName:)``.
final class TransformerRegistry: @unchecked Sendable {
    /// The process-wide registry, with the predefined transformers registered.
    static let shared = TransformerRegistry()

    /// Guards `transformers`.
    private let lock = NSLock()
    /// The registered transformers.
    private var transformers: [ValueTransformer.Name: ValueTransformer] = [
        .url: .url,
        .uuid: .uuid,
        .bool: .bool,
    ]

    /// Stores a transformer.
    func set(_ transformer: ValueTransformer, for name: ValueTransformer.Name) {
        lock.lock()
        defer { lock.unlock() }
        transformers[name] = transformer
    }

    /// Looks a transformer up.
    func transformer(for name: ValueTransformer.Name) -> ValueTransformer? {
        lock.lock()
        defer { lock.unlock() }
        return transformers[name]
    }
}
