import Foundation

extension Model {
    /// Creates the model with `init()`, sets every entry by reflection, then
    /// calls ``validate()``.
    public init(dictionary: [String: Any]) throws {
        self.init()
        try setInitialValues(dictionary)
        try validate()
    }

    /// Sets every entry of `dictionary` by reflection into a new instance
    /// (one nothing observes yet): the body of ``init(dictionary:)`` before
    /// validation, also behind ``ModelObject``'s.
    package mutating func setInitialValues(_ dictionary: [String: Any]) throws {
        let descriptor = dynamicDescriptor
        try descriptor.checkSupported()
        try withMutableStorageAddress { base in
            for (key, value) in dictionary {
                try Self.write(value, forKey: key, to: base, descriptor: descriptor)
            }
        }
    }

    /// The permanent and transitory properties by key, `nil` as `NSNull()`.
    public var dictionaryValue: [String: Any] { reflectedDictionaryValue }

    /// The default ``dictionaryValue``, also behind ``ModelObject``'s.
    package var reflectedDictionaryValue: [String: Any] {
        let descriptor = dynamicDescriptor
        descriptor.requireReadableMetadata()
        return withStorageAddress { base in
            var result = [String: Any](minimumCapacity: descriptor.properties.count)
            for property in descriptor.properties {
                result[property.key] = property.accessor.readValue(from: base) ?? NSNull()
            }
            return result
        }
    }

    /// Does nothing: a model is valid unless it says otherwise.
    public mutating func validate() throws {}

    /// The value of the property `key`, or `nil` when it is `nil` or `key`
    /// names no property that takes part in the model.
    public func value(forKey key: String) -> Any? {
        propertyValue(forKey: key)
    }

    /// The body of ``value(forKey:)``, also behind ``ModelObject``'s.
    package func propertyValue(forKey key: String) -> Any? {
        guard let property = dynamicDescriptor.property(forKey: key) else { return nil }
        return withStorageAddress { property.accessor.readValue(from: $0) }
    }

    /// Sets the property `key` with the type checks of ``init(dictionary:)``
    /// (no validation).
    ///
    /// - Throws: ``ModelError``; the model is unchanged when it throws.
    ///
    /// For a class this writes into an instance that already exists: an
    /// `@Observable` model notifies its observers (see ``ObservableModel``).
    public mutating func setValue(_ value: Any?, forKey key: String) throws {
        if let object = objectReference {
            return try Self.writeInPlace(value, forKey: key, into: object, descriptor: dynamicDescriptor)
        }
        let descriptor = dynamicDescriptor
        try descriptor.checkSupported()
        try withMutableStorageAddress { base in
            try Self.write(value, forKey: key, to: base, descriptor: descriptor)
        }
    }

    /// Converts and stores one value, mapping failures to ``ModelError``.
    fileprivate static func write(_ value: Any?, forKey key: String, to base: UnsafeMutableRawPointer,
                                  descriptor: ModelDescriptor) throws {
        do {
            try descriptor.writableProperty(forKey: key).accessor.writeValue(value, to: base)
        } catch let failure as ConversionFailure {
            throw ModelError(failure, propertyKey: key, modelTypeName: descriptor.typeName)
        }
    }

    /// Converts and stores one value into `object`, an instance of this
    /// class that already exists, notifying its observers (an `@Observable`
    /// model), mapping failures to ``ModelError``.
    fileprivate static func writeInPlace(_ value: Any?, forKey key: String, into object: AnyObject,
                                         descriptor: ModelDescriptor) throws {
        try descriptor.checkSupported()
        try descriptor.checkInPlaceWrites()
        let property = try descriptor.writableProperty(forKey: key)
        // SAFETY: `object` stays alive for the closure, and its unretained
        // address is the object from which the runtime's field offsets count.
        do {
            try withExtendedLifetime(object) { () throws(ConversionFailure) in
                try descriptor.writeInPlace(value, to: property, of: object,
                                            at: Unmanaged.passUnretained(object).toOpaque())
            }
        } catch {
            throw ModelError(error, propertyKey: key, modelTypeName: descriptor.typeName)
        }
    }
}

extension ModelDescriptor {
    /// The property `key`, if it takes part in the model and is a `var`.
    ///
    /// - Throws: ``ModelError/Code/unknownPropertyKey``.
    fileprivate func writableProperty(forKey key: String) throws(ModelError) -> Property {
        guard let property = property(forKey: key), property.accessor.isWritable else {
            throw ModelError(code: .unknownPropertyKey, propertyKey: key, modelTypeName: typeName)
        }
        return property
    }
}

extension Model where Self: AnyObject {
    /// Sets the property `key` of this object with the type checks of
    /// ``Model/init(dictionary:)`` (no validation); callable from a class's
    /// non-mutating methods.
    ///
    /// An `@Observable` model notifies its observers (see ``ObservableModel``).
    ///
    /// - Throws: ``ModelError``; the object is unchanged when it throws.
    public func setValue(_ value: Any?, forKey key: String) throws {
        try setPropertyValue(value, forKey: key)
    }

    /// The body of the non-mutating `setValue(_:forKey:)`, also behind `ModelObject`'s
    /// Key-Value Coding setter on Apple platforms.
    package func setPropertyValue(_ value: Any?, forKey key: String) throws {
        try Self.writeInPlace(value, forKey: key, into: self, descriptor: dynamicDescriptor)
    }
}
