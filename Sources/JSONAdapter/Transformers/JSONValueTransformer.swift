import Foundation
import MantleInternals

/// A pair of throwing closures that turn values of one representation into
/// another and, optionally, back (Mantle's `MTLValueTransformer`).
///
/// ```swift
/// let url = JSONValueTransformer(forward: { (string: String) in URL(string: string) },
///                                reverse: { (url: URL) in url.absoluteString })
/// let homepage = JSONValueTransformer(optionalForward: { (string: String) in  // "" is no URL
///     string.isEmpty ? nil : URL(string: string)
/// }, reverse: { (url: URL) in url.absoluteString })
/// ```
///
/// Transformers are values: they can be stored in statics, registered by
/// ``Name`` (``register(_:forName:)``) and shared between threads.
public struct JSONValueTransformer: Sendable {
    private let forward: @Sendable (Any?) throws -> Any?
    private let reverse: (@Sendable (Any?) throws -> Any?)?
    /// The JSON Schema of the JSON side, if one was stated (``withJSONSchema(_:)``).
    package internal(set) var statedJSONSchema: StatedJSONSchema?

    /// A one-way transformer.
    public init(forward: @escaping @Sendable (Any?) throws -> Any?) {
        self.forward = forward
        self.reverse = nil
    }

    /// A transformer whose reverse transformation is the forward one.
    public init(reversible: @escaping @Sendable (Any?) throws -> Any?) {
        self.forward = reversible
        self.reverse = reversible
    }

    /// A transformer with distinct forward and reverse transformations.
    public init(forward: @escaping @Sendable (Any?) throws -> Any?,
                reverse: @escaping @Sendable (Any?) throws -> Any?) {
        self.forward = forward
        self.reverse = reverse
    }

    /// A typed transformer: `forward` takes an `Input` and `reverse` an
    /// `Output`, with no `Any` casts in user code.
    ///
    /// `nil` transforms to `nil` without calling the closures; a value of
    /// another type (`NSNull` included, as in Mantle) throws
    /// ``TransformerError/Code/invalidInput``, as does a closure that returns
    /// `nil`: here `nil` means "cannot transform this" (for a closure whose
    /// `nil` means "no value", see ``init(optionalForward:reverse:)``).
    ///
    /// A closure that takes a numeric type (any integer or floating-point
    /// type) gets any number converted to that type with the package's exact
    /// rules, whichever numeric type it arrives as: `1372701600` (an `Int`
    /// from JSON text, an `NSNumber` from `JSONSerialization`) reaches a
    /// `(Double)` or an `(Int64)` closure; `3.5` does not reach an `(Int)`
    /// closure, and booleans are not numbers.
    public init<Input, Output>(forward: @escaping @Sendable (Input) throws -> Output?,
                               reverse: (@Sendable (Output) throws -> Input?)? = nil) {
        self.forward = Self.typed(forward, nilIsValue: false)
        self.reverse = reverse.map { Self.typed($0, nilIsValue: false) }
    }

    /// A typed transformer whose closures return `nil` to mean "no value":
    /// for an optional property whose JSON can say "none" in a way of its own
    /// (an empty string for a URL, a ref that is not a branch).
    ///
    /// ```swift
    /// static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
    ///     switch key {
    ///     case "homepage":   // var homepage: URL?
    ///         return JSONValueTransformer(optionalForward: { (string: String) in
    ///             string.isEmpty ? nil : URL(string: string)
    ///         }, reverse: { (url: URL) in url.absoluteString })
    ///     default:
    ///         return nil
    ///     }
    /// }
    /// ```
    ///
    /// As with the typed `init(forward:reverse:)`, `nil` transforms to `nil`
    /// without calling the closures, input of another type throws
    /// ``TransformerError/Code/invalidInput``, and numbers reach numeric
    /// closures converted exactly. But a closure's `nil` is a result: the
    /// forward one's sets the property to `nil`, the reverse one's writes
    /// `null`. Where the property cannot be `nil` (a non-optional `URL`), the
    /// forward `nil` still fails, as ``JSONAdapterError/Code/invalidValue``,
    /// so only a property that can hold "no value" is given it.
    public init<Input, Output>(optionalForward forward: @escaping @Sendable (Input) throws -> Output?,
                               reverse: (@Sendable (Output) throws -> Input?)? = nil) {
        self.forward = Self.typed(forward, nilIsValue: true)
        self.reverse = reverse.map { Self.typed($0, nilIsValue: true) }
    }

    /// Wraps a typed closure into an untyped one with the rules of the typed
    /// initializers; `nilIsValue` says whether the closure's `nil` is a
    /// result or a failure.
    private static func typed<Input, Output>(
        _ body: @escaping @Sendable (Input) throws -> Output?, nilIsValue: Bool
    ) -> @Sendable (Any?) throws -> Any? {
        let numeric = ValueConversion.numericConverter(to: Input.self)
        return { value in
            guard let value = flattenedOptional(value) else { return nil }
            let converted: Input?
            if let numeric {
                converted = try? numeric.convert(value)
            } else {
                converted = value as? Input
            }
            guard let input = converted else {
                throw TransformerError.invalidInput(value, expected: ValueDescription.typeName(Input.self))
            }
            guard let output = try body(input) else {
                if nilIsValue { return nil }
                throw TransformerError.invalidInput(value, expected: "a value convertible to \(ValueDescription.typeName(Output.self))")
            }
            return output
        }
    }

    /// `true` when ``reverseTransformedValue(_:)`` is available.
    public var allowsReverseTransformation: Bool { reverse != nil }

    /// Transforms `value` forward.
    public func transformedValue(_ value: Any?) throws -> Any? {
        try forward(value)
    }

    /// Transforms `value` back.
    ///
    /// - Throws: ``TransformerError/Code/notReversible`` for a one-way
    ///   transformer, or whatever the reverse closure throws.
    public func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let reverse else { throw TransformerError(code: .notReversible, inputValue: value) }
        return try reverse(value)
    }

    /// The transformer with its directions swapped (Mantle's `mtl_invertedTransformer`).
    ///
    /// Inverting a one-way transformer gives one whose forward direction throws
    /// ``TransformerError/Code/notReversible``, and whose reverse direction is
    /// the original forward one.
    public var inverted: JSONValueTransformer {
        let forward = self.forward
        guard let reverse else {
            return JSONValueTransformer(forward: { value in throw TransformerError(code: .notReversible, inputValue: value) },
                                    reverse: forward)
        }
        return JSONValueTransformer(forward: reverse, reverse: forward)
    }
}
