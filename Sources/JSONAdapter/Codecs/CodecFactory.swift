import Foundation

/// Chooses the codec for a property type, once per mapping compilation.
///
/// The order: a transformer registered for the exact type
/// (``JSONAdapter/register(_:forType:)``, Mantle's
/// `transformerForModelPropertiesOfClass:`); then `Optional`, `String`,
/// `Bool`, every integer and floating-point type, `URL`, `UUID`, `Date`,
/// `Decimal` (an exact JSON number), `Substring` and `Character` (strings), nested
/// `JSONSerializing` models, `RawRepresentable` types, `Array`, `Set`,
/// `[String: _]` (element types inferred recursively) and `Any`; anything else
/// must already have the type (only a transformer can produce it).
enum CodecFactory {
    /// The codec for values of `type`.
    static func codec<Value>(for type: Value.Type) -> JSONValueCodec<Value> {
        if let transformer = TypeTransformerRegistry.shared.transformer(for: type) {
            return TransformerCodec<Value>(transformer)
        }
        if let built = builtInCodec(for: type) as? JSONValueCodec<Value> {
            return built
        }
        return CastingCodec<Value>()
    }

    /// The built-in codec for `type` (type-erased), or `nil`.
    private static func builtInCodec<Value>(for type: Value.Type) -> Any? {
        if let optional = type as? any OptionalRepresentable.Type { return optional.optionalCodec() }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return StringCodec()
        case ObjectIdentifier(Bool.self): return BoolCodec()
        case ObjectIdentifier(URL.self): return URLCodec()
        case ObjectIdentifier(UUID.self): return UUIDCodec()
        case ObjectIdentifier(Date.self): return DateCodec()
        case ObjectIdentifier(Decimal.self): return DecimalCodec()
        case ObjectIdentifier(Substring.self): return TextCodec<Substring>.substring()
        case ObjectIdentifier(Character.self): return TextCodec<Character>.character()
        case ObjectIdentifier(Any.self): return AnyCodec()
        default: break
        }
        if let integer = type as? any FixedWidthInteger.Type { return integer.integerCodec() }
        if let floating = type as? any BinaryFloatingPoint.Type { return floating.floatingCodec() }
        if let model = type as? any JSONSerializing.Type { return model.modelCodec() }
        if let represented = type as? any RawRepresentable.Type { return represented.rawRepresentableCodec() }
        if let array = type as? any ArrayRepresentable.Type { return array.arrayCodec() }
        if let set = type as? any SetRepresentable.Type { return set.setCodec() }
        if let dictionary = type as? any StringKeyedDictionaryRepresentable.Type { return dictionary.dictionaryCodec() }
        return nil
    }
}

// Each extension recovers a generic parameter from an opened metatype and
// builds the matching codec.

extension OptionalRepresentable {
    /// `OptionalCodec<Wrapped>`.
    fileprivate static func optionalCodec() -> Any { OptionalCodec(CodecFactory.codec(for: Wrapped.self)) }
}

extension FixedWidthInteger {
    /// `IntegerCodec<Self>`.
    fileprivate static func integerCodec() -> Any { IntegerCodec<Self>() }
}

extension BinaryFloatingPoint {
    /// `FloatingCodec<Self>`.
    fileprivate static func floatingCodec() -> Any { FloatingCodec<Self>() }
}

extension JSONSerializing {
    /// `ModelCodec<Self>`.
    fileprivate static func modelCodec() -> Any { ModelCodec<Self>() }
}

extension RawRepresentable {
    /// `RawRepresentableCodec<Self>`.
    fileprivate static func rawRepresentableCodec() -> Any {
        RawRepresentableCodec<Self>(CodecFactory.codec(for: RawValue.self))
    }
}

extension ArrayRepresentable {
    /// `ArrayCodec<Element>`.
    fileprivate static func arrayCodec() -> Any { ArrayCodec(CodecFactory.codec(for: Element.self)) }
}

extension SetRepresentable {
    /// `SetCodec<Element>`.
    fileprivate static func setCodec() -> Any { SetCodec(CodecFactory.codec(for: Element.self)) }
}

extension StringKeyedDictionaryRepresentable {
    /// `DictionaryCodec<Value>`.
    fileprivate static func dictionaryCodec() -> Any { DictionaryCodec(CodecFactory.codec(for: Value.self)) }
}

/// Transformers registered per property type (Mantle's
/// `transformerForModelPropertiesOfClass:`), thread-safe.
final class TypeTransformerRegistry: @unchecked Sendable {
    /// The process-wide registry.
    static let shared = TypeTransformerRegistry()

    /// Guards `transformers`.
    private let lock = NSLock()
    /// Registered transformers by type.
    private var transformers: [ObjectIdentifier: ValueTransformer] = [:]
    /// Counts changes, so that mappings compiled before one can be told apart.
    private var changes = 0

    /// Registers (or, with `nil`, removes) the transformer for `type`.
    func set(_ transformer: ValueTransformer?, for type: Any.Type) {
        lock.lock()
        defer { lock.unlock() }
        transformers[ObjectIdentifier(type)] = transformer
        changes += 1
    }

    /// The number of changes so far; a mapping compiled at an older
    /// generation may hold a transformer that is no longer registered.
    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return changes
    }

    /// The transformer registered for exactly `type`.
    func transformer(for type: Any.Type) -> ValueTransformer? {
        lock.lock()
        defer { lock.unlock() }
        return transformers[ObjectIdentifier(type)]
    }
}
