import Foundation
import MantleInternals

extension JSONValueTransformer {
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

        /// `String` ↔ `URL` (``JSONValueTransformer/url``).
        public static let url: Name = "MTLURLValueTransformerName"
        /// `String` ↔ `UUID` (``JSONValueTransformer/uuid``).
        public static let uuid: Name = "MTLUUIDValueTransformerName"
        /// JSON boolean ↔ `Bool` (``JSONValueTransformer/bool``).
        public static let bool: Name = "MTLBooleanValueTransformerName"
    }

    /// Registers `transformer` under `name`, replacing any earlier one.
    /// Safe to call from any thread, also while other threads decode.
    public static func register(_ transformer: JSONValueTransformer, forName name: Name) {
        TransformerRegistry.shared.withLock { $0[name] = transformer }
    }

    /// The transformer registered under `name`, if any.
    public static func named(_ name: Name) -> JSONValueTransformer? {
        TransformerRegistry.shared.withLock { $0[name] }
    }
}

/// The thread-safe store behind ``JSONValueTransformer/register(_:forName:)``.
enum TransformerRegistry {
    /// The process-wide registry, with the predefined transformers registered.
    static let shared = LockedState<[JSONValueTransformer.Name: JSONValueTransformer]>([
        .url: .url,
        .uuid: .uuid,
        .bool: .bool,
    ])
}
