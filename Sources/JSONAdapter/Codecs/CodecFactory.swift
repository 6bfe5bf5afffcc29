import Foundation

/// Chooses the codec for a property type, once per mapping compilation.
///
/// A transformer registered for the exact type comes first
/// (``JSONAdapter/register(_:forType:)``, Mantle's
/// `transformerForModelPropertiesOfClass:`); otherwise the type's
/// ``ValueKind`` decides: `Optional`, `String`, `Substring` and `Character`
/// (strings), `Bool`, every integer and floating-point type, `URL`, `UUID`,
/// `Date`, `Decimal` (an exact JSON number), nested `JSONSerializing` models,
/// `RawRepresentable` types, `Array`, `Set`, dictionaries whose keys have a
/// text form (``JSONObjectKey``; element types inferred recursively) and
/// `Any`; any other type must already have the type (only a transformer can
/// produce it). A dictionary whose keys have no text form gets an
/// ``UnsupportedCodec``, and its mapping does not compile.
enum CodecFactory {
    /// The codec for values of `type` under `context`'s choices.
    static func codec<Value>(for type: Value.Type, in context: MappingContext) -> JSONValueCodec<Value> {
        if let transformer = context.transformer(for: type) {
            return TransformerCodec<Value>(transformer)
        }
        if let built = builtInCodec(for: type, in: context) as? JSONValueCodec<Value> {
            return built
        }
        return CastingCodec<Value>()
    }

    /// The built-in codec for `type` (type-erased), or `nil`.
    private static func builtInCodec<Value>(for type: Value.Type, in context: MappingContext) -> Any? {
        switch ValueKind.of(type) {
        case .optional(let optional): return optional.optionalCodec(in: context)
        case .any: return AnyCodec()
        case .string: return StringCodec()
        case .substring: return TextCodec<Substring>.substring()
        case .character: return TextCodec<Character>.character()
        case .bool: return BoolCodec()
        case .integer(let integer): return integer.integerCodec()
        case .floating(let floating): return floating.floatingCodec()
        case .decimal: return DecimalCodec()
        case .url: return URLCodec()
        case .uuid: return UUIDCodec()
        case .date: return context.dateCodec
        case .model(let model):
            if let serializing = model as? any JSONSerializing.Type { return serializing.modelCodec(in: context) }
            if let represented = model as? any RawRepresentable.Type { return represented.rawRepresentableCodec(in: context) }
            return nil
        case .rawRepresentable(let represented): return represented.rawRepresentableCodec(in: context)
        case .array(let array): return array.arrayCodec(in: context)
        case .set(let set): return set.setCodec(in: context)
        case .stringKeyedDictionary(let dictionary): return dictionary.dictionaryCodec(in: context)
        case .keyedDictionary(let dictionary): return dictionary.dictionaryCodec(in: context)
        case .data, .null, .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .other:
            return nil
        }
    }
}

// Each extension recovers a generic parameter from an opened metatype and
// builds the matching codec.

extension OptionalRepresentable {
    /// `OptionalCodec<Wrapped>`.
    fileprivate static func optionalCodec(in context: MappingContext) -> Any {
        OptionalCodec(CodecFactory.codec(for: Wrapped.self, in: context))
    }
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
    fileprivate static func modelCodec(in context: MappingContext) -> Any { ModelCodec<Self>(context: context) }
}

extension RawRepresentable {
    /// `RawRepresentableCodec<Self>`.
    fileprivate static func rawRepresentableCodec(in context: MappingContext) -> Any {
        RawRepresentableCodec<Self>(CodecFactory.codec(for: RawValue.self, in: context))
    }
}

extension ArrayRepresentable {
    /// `ArrayCodec<Element>`.
    fileprivate static func arrayCodec(in context: MappingContext) -> Any {
        ArrayCodec(CodecFactory.codec(for: Element.self, in: context))
    }
}

extension SetRepresentable {
    /// `SetCodec<Element>`.
    fileprivate static func setCodec(in context: MappingContext) -> Any {
        SetCodec(CodecFactory.codec(for: Element.self, in: context))
    }
}

extension DictionaryRepresentable {
    /// `DictionaryCodec<Key, Value>`, or an ``UnsupportedCodec`` when keys
    /// of type `Key` have no text to be JSON object keys.
    fileprivate static func dictionaryCodec(in context: MappingContext) -> Any {
        guard let key = JSONObjectKey.of(Key.self) else {
            return UnsupportedCodec<[Key: Value]>(
                reason: "its keys, of type \(ValueDescription.typeName(Key.self)), have no text form to be JSON object keys "
                    + "(use String, an integer, UUID, URL, a raw-value enum or a LosslessStringConvertible type)")
        }
        return DictionaryCodec(CodecFactory.codec(for: Value.self, in: context), key: key)
    }
}
