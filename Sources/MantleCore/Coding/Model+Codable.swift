import Foundation

/// The coding key of a model property: its property key.
struct ModelPropertyCodingKey: CodingKey {
    let stringValue: String
    /// Always `nil`: model properties are keyed by name.
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }

    /// Integer keys are not used.
    init?(intValue: Int) { nil }
}

extension Model {
    /// `true` when `Codable` codes `property` of a model of the given type:
    /// only `.unconditional` properties, since `Codable` has no object
    /// identity to honour a `.conditional` reference.
    fileprivate static func isCoded(_ property: ModelDescriptor.Property, in type: any Model.Type) -> Bool {
        type.encodingBehavior(forPropertyKey: property.key) == .unconditional
    }
}

// Codable for models, from reflection.
//
// A model that declares `Codable` (or `Encodable` / `Decodable`) gets these
// implementations; they take precedence over the compiler-synthesized ones,
// for structs and classes alike, so a class's subclasses encode and decode
// their own properties too and properties that are not `Codable` (closures,
// `Any`) are simply skipped instead of blocking the conformance.
//
// Coding keys are the property keys. A property is coded when its
// ``Model/encodingBehavior(forPropertyKey:)`` is `.unconditional` (the
// default for permanent properties and for transitory properties that are
// not `weak`) and its declared type is `Encodable` (for encoding) or
// `Decodable` (for decoding). Weak references (`.conditional` by default)
// and `.excluded` properties are not coded. Declared `CodingKeys` are not
// used.

extension Model where Self: Encodable {
    /// Encodes the model's coded properties (see ``encodeProperties(to:)``).
    public func encode(to encoder: any Encoder) throws {
        try encodeProperties(to: encoder)
    }

    /// Encodes every property whose encoding behavior is `.unconditional`
    /// and whose declared type is `Encodable`, keyed by property key, each
    /// through its own `Encodable` conformance (`nil` as an explicit null; an
    /// absent ``JSONOptional`` leaves its key out).
    ///
    /// Call it from a custom `encode(to:)` to add to the default.
    public func encodeProperties(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ModelPropertyCodingKey.self)
        let modelType = type(of: self)
        let descriptor = dynamicDescriptor
        try descriptor.checkSupported()
        try withStorageAddress { base in
            for property in descriptor.properties where Self.isCoded(property, in: modelType) {
                guard let encodable = property.accessor.valueType as? any Encodable.Type else { continue }
                try Self.encode(encodable, of: property, at: base, into: &container)
            }
        }
    }

    /// Encodes one property whose declared type is `Value`.
    private static func encode<Value: Encodable>(
        _ type: Value.Type, of property: ModelDescriptor.Property, at base: UnsafeRawPointer,
        into container: inout KeyedEncodingContainer<ModelPropertyCodingKey>
    ) throws {
        guard let accessor = property.accessor as? TypedPropertyAccessor<Value> else { return }
        let value = accessor.load(from: base)
        // An absent `JSONOptional` leaves its key out, as the keyed container's
        // overload for it does (this generic call does not reach that overload).
        if case .jsonOptional = ValueKind.of(Value.self), (value as? any JSONOptionalRepresentable)?.isAbsent == true {
            return
        }
        try container.encode(value, forKey: ModelPropertyCodingKey(stringValue: property.key))
    }
}

extension Model where Self: Decodable {
    /// Creates the model with `init()`, decodes its coded properties (see
    /// `decodeProperties(from:)`), then calls ``validate()``.
    ///
    /// A key missing from the input leaves the property at its default (as
    /// Mantle does); keys that name no coded property are ignored. A value of
    /// the wrong type throws `DecodingError` with the coding path of the
    /// value; errors from ``validate()`` pass through unchanged.
    public init(from decoder: any Decoder) throws {
        self.init()
        // A new instance: nothing observes it yet, so nothing is notified.
        try decodeProperties(from: decoder, into: nil)
        try validate()
    }

    /// Decodes every property whose encoding behavior is `.unconditional`
    /// and whose declared type is `Decodable` and present in `decoder`'s
    /// keyed container, through the type's own `Decodable` conformance (no
    /// validation).
    ///
    /// For a class this writes into an instance that already exists: an
    /// `@Observable` model notifies its observers of each tracked property
    /// that changes, and one that is not an ``ObservableModel`` throws
    /// ``ModelError/Code/unsupportedDeclaration`` (see ``ObservableModel``).
    ///
    /// - Throws: `DecodingError`; the properties decoded before the error
    ///   keep their new values.
    public mutating func decodeProperties(from decoder: any Decoder) throws {
        try decodeProperties(from: decoder, into: objectReference)
    }

    /// Decodes the coded properties into this model; `object` is this model
    /// when it is an instance that already exists (whose observers are then
    /// notified), `nil` for a new one.
    fileprivate mutating func decodeProperties(from decoder: any Decoder, into object: AnyObject?) throws {
        let container = try decoder.container(keyedBy: ModelPropertyCodingKey.self)
        let modelType = type(of: self)
        let descriptor = dynamicDescriptor
        try descriptor.checkSupported()
        if object != nil { try descriptor.checkInPlaceWrites() }
        try withMutableStorageAddress { base in
            try Self.decodeCodedProperties(of: modelType, descriptor: descriptor, at: base, into: object,
                                           from: container)
        }
    }

    /// Decodes the coded properties of a model of `modelType` stored at
    /// `base` (the storage of `object`, when that is not `nil`).
    fileprivate static func decodeCodedProperties(
        of modelType: any Model.Type, descriptor: ModelDescriptor, at base: UnsafeMutableRawPointer,
        into object: AnyObject?, from container: KeyedDecodingContainer<ModelPropertyCodingKey>
    ) throws {
        for property in descriptor.properties where property.accessor.isWritable && isCoded(property, in: modelType) {
            guard let decodable = property.accessor.valueType as? any Decodable.Type else { continue }
            try decode(decodable, of: property, at: base, into: object, descriptor: descriptor, from: container)
        }
    }

    /// Decodes one property whose declared type is `Value`, if its key is
    /// present, notifying the observers of `object` when it is not `nil`.
    private static func decode<Value: Decodable>(
        _ type: Value.Type, of property: ModelDescriptor.Property, at base: UnsafeMutableRawPointer,
        into object: AnyObject?, descriptor: ModelDescriptor,
        from container: KeyedDecodingContainer<ModelPropertyCodingKey>
    ) throws {
        let key = ModelPropertyCodingKey(stringValue: property.key)
        guard container.contains(key), let accessor = property.accessor as? TypedPropertyAccessor<Value> else { return }
        let value = try container.decode(Value.self, forKey: key)
        guard let object, let notify = descriptor.notifier(for: property, of: object, at: base) else {
            return accessor.store(value, to: base)
        }
        accessor.store(value, to: base, notifying: notify)
    }
}

extension Model where Self: Decodable & AnyObject {
    /// Decodes this object's coded properties (as the mutating
    /// `decodeProperties(from:)` of structs does); callable from a class's
    /// initializers and non-mutating methods, e.g.
    /// `required convenience init(from decoder: any Decoder) throws { self.init(); try decodeProperties(from: decoder) }`.
    /// An `@Observable` model notifies its observers, as for the mutating
    /// `decodeProperties(from:)`, and so must be an ``ObservableModel`` to
    /// call it (even from an initializer, where nothing observes it yet: the
    /// default `init(from:)`, which needs no such declaration, serves
    /// `@Observable` classes that do not customize their coding).
    public func decodeProperties(from decoder: any Decoder) throws {
        var object = self
        try object.decodeProperties(from: decoder, into: self)
    }
}
