import Foundation
import MantleInternals

/// Chooses the codec for a property type, once per mapping compilation.
///
/// A transformer registered for the exact type comes first
/// (``JSONAdapter/register(_:forType:)``, Mantle's
/// `transformerForModelPropertiesOfClass:`); otherwise the type's
/// ``ValueKind`` decides: `Optional`, ``JSONOptional``, `String`, `Substring` and `Character`
/// (strings), `Bool`, every integer and floating-point type, `URL`, `UUID`,
/// `Date`, `Data` (``JSONAdapter/Configuration/dataEncoding``), `Decimal`
/// (an exact JSON number), nested `JSONSerializing` models, `RawRepresentable`
/// types, `Array`, `Set`, dictionaries whose keys have a text form
/// (``JSONObjectKey``; element types inferred recursively), `Any`, and
/// every other `Decodable`/`Encodable` type through its own conformance
/// (``CodableCodec``); any other type must already have the type (only a
/// transformer can produce it). A dictionary whose keys have no text form gets an
/// ``UnsupportedCodec``, and its mapping does not compile.
///
/// A property's ``JSONLeniency`` reaches every codec built for it: scalars
/// get a ``CoercingCodec`` where ``Coercions`` allows one, collections skip
/// failing elements with `.lossyCollections`.
enum CodecFactory {
    /// The codec for values of `type` under `context`'s choices, bending as `leniency` allows.
    static func codec<Value>(for type: Value.Type, in context: MappingContext,
                             leniency: JSONLeniency) -> JSONValueCodec<Value> {
        if let transformer = context.transformer(for: type) {
            return TransformerCodec<Value>(transformer)
        }
        if let built = builtInCodec(for: type, in: context, leniency: leniency) as? JSONValueCodec<Value> {
            guard let coerce = Coercions.coercion(to: type, in: context, leniency: leniency) else { return built }
            return CoercingCodec(built, coerce: coerce)
        }
        return CastingCodec<Value>()
    }

    /// The codec for values of `type` by its kind alone: no transformer, no
    /// leniency (the keys of ``KeyValueArrays``, as the object form's keys).
    static func plainCodec<Value>(for type: Value.Type, in context: MappingContext) -> JSONValueCodec<Value> {
        builtInCodec(for: type, in: context, leniency: []) as? JSONValueCodec<Value> ?? CastingCodec<Value>()
    }

    /// The built-in codec for `type` (type-erased), or `nil`.
    private static func builtInCodec<Value>(for type: Value.Type, in context: MappingContext,
                                            leniency: JSONLeniency) -> Any? {
        switch ValueKind.of(type) {
        case .optional(let optional): return optional.optionalCodec(in: context, leniency: leniency)
        case .jsonOptional(let optional): return optional.jsonOptionalCodec(in: context, leniency: leniency)
        case .any: return AnyCodec(context: context)
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
        case .data: return DataCodec(context.settings.dataEncoding)
        case .model(let model):
            if let serializing = model as? any JSONSerializing.Type { return serializing.modelCodec(in: context) }
            if let represented = model as? any RawRepresentable.Type {
                return represented.rawRepresentableCodec(in: context, leniency: leniency)
            }
            // A model that JSON cannot map but that is `Codable` goes by its conformance.
            let decodable = model as? any Decodable.Type, encodable = model as? any Encodable.Type
            guard decodable != nil || encodable != nil else { return nil }
            return CodableCodec<Value>(decodable: decodable, encodable: encodable, in: context)
        case .codable(let decodable, let encodable):
            return CodableCodec<Value>(decodable: decodable, encodable: encodable, in: context)
        case .rawRepresentable(let represented): return represented.rawRepresentableCodec(in: context, leniency: leniency)
        case .array(let array): return array.arrayCodec(in: context, leniency: leniency)
        case .set(let set): return set.setCodec(in: context, leniency: leniency)
        case .stringKeyedDictionary(let dictionary): return dictionary.dictionaryCodec(in: context, leniency: leniency)
        case .keyedDictionary(let dictionary): return dictionary.dictionaryCodec(in: context, leniency: leniency)
        case .null, .foundationNumber, .foundationString, .foundationArray, .foundationDictionary, .other:
            return nil
        }
    }
}

// Each extension recovers a generic parameter from an opened metatype and
// builds the matching codec.

extension OptionalRepresentable {
    /// `OptionalCodec<Wrapped>`.
    fileprivate static func optionalCodec(in context: MappingContext, leniency: JSONLeniency) -> Any {
        if let reason = JSONOptionalAbsence.refusal(ofOptionalWrapping: Wrapped.self) {
            return UnsupportedCodec<Wrapped?>(reason: reason)
        }
        return OptionalCodec(CodecFactory.codec(for: Wrapped.self, in: context, leniency: leniency))
    }
}

extension JSONOptionalRepresentable {
    /// `JSONOptionalCodec<Wrapped>`, or an ``UnsupportedCodec`` when
    /// `Wrapped` has a null of its own.
    fileprivate static func jsonOptionalCodec(in context: MappingContext, leniency: JSONLeniency) -> Any {
        if let reason = JSONOptionalAbsence.refusal(ofJSONOptionalWrapping: Wrapped.self) {
            return UnsupportedCodec<JSONOptional<Wrapped>>(reason: reason)
        }
        return JSONOptionalCodec(CodecFactory.codec(for: Wrapped.self, in: context, leniency: leniency))
    }
}

extension FixedWidthInteger {
    /// `IntegerCodec<Self>`; for `Int` its non-generic subclass ``IntCodec``.
    fileprivate static func integerCodec() -> Any { Self.self == Int.self ? IntCodec() : IntegerCodec<Self>() }
}

extension BinaryFloatingPoint {
    /// `FloatingCodec<Self>`; for `Double` and `Float` their non-generic subclasses.
    fileprivate static func floatingCodec() -> Any {
        if Self.self == Double.self { return DoubleCodec() }
        if Self.self == Float.self { return FloatCodec() }
        return FloatingCodec<Self>()
    }
}

extension JSONSerializing {
    /// `ModelCodec<Self>`.
    fileprivate static func modelCodec(in context: MappingContext) -> Any { ModelCodec<Self>(context: context) }
}

extension RawRepresentable {
    /// `RawRepresentableCodec<Self>`.
    fileprivate static func rawRepresentableCodec(in context: MappingContext, leniency: JSONLeniency) -> Any {
        RawRepresentableCodec<Self>(CodecFactory.codec(for: RawValue.self, in: context, leniency: leniency))
    }
}

extension ArrayRepresentable {
    /// `ArrayCodec<Element>`, wrapped in a ``ScalarArrayCodec`` when its elements are plain
    /// `Int`, `Double`, `Float` or `String` values.
    fileprivate static func arrayCodec(in context: MappingContext, leniency: JSONLeniency) -> Any {
        let general = ArrayCodec(CodecFactory.codec(for: Element.self, in: context, leniency: leniency),
                                 lossy: leniency.contains(.lossyCollections))
        if leniency.takesSingleObject(asCollectionOf: Element.self) {
            return SingleObjectCodec(general, element: general.element) { [$0] }
        }
        return ScalarArrayCodec.wrapping(general) ?? general
    }
}

extension SetRepresentable {
    /// `SetCodec<Element>`.
    fileprivate static func setCodec(in context: MappingContext, leniency: JSONLeniency) -> Any {
        let general = SetCodec(CodecFactory.codec(for: Element.self, in: context, leniency: leniency),
                               lossy: leniency.contains(.lossyCollections))
        if leniency.takesSingleObject(asCollectionOf: Element.self) {
            return SingleObjectCodec(general, element: general.array.element) { Set([$0]) }
        }
        return general
    }
}

extension DictionaryRepresentable {
    /// `DictionaryCodec<Key, Value>`, or an ``UnsupportedCodec`` when keys
    /// of type `Key` have no text to be JSON object keys.
    fileprivate static func dictionaryCodec(in context: MappingContext, leniency: JSONLeniency) -> Any {
        guard let key = JSONObjectKey.of(Key.self) else {
            return UnsupportedCodec<[Key: Value]>(
                reason: "its keys, of type \(ValueDescription.typeName(Key.self)), have no text form to be JSON object keys "
                    + "(use String, an integer, UUID, URL, a raw-value enum or a LosslessStringConvertible type)")
        }
        return DictionaryCodec(CodecFactory.codec(for: Value.self, in: context, leniency: leniency), key: key,
                               keyValueArrays: KeyValueArrays.of(Key.self, in: context),
                               lossy: leniency.contains(.lossyCollections))
    }
}
