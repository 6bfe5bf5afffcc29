import Foundation

extension Model {
    /// Takes `model`'s value for `key` unless it is `nil` (or an absent
    /// ``JSONOptional``).
    public mutating func mergeValue(forKey key: String, from model: any Model) {
        takeValue(forKey: key, from: model)
    }

    /// `model`'s value for `key`, unless it is `nil` or an absent ``JSONOptional``.
    fileprivate func mergedValue(forKey key: String, from model: any Model) -> Any? {
        guard let value = model.value(forKey: key) else { return nil }
        if let optional = value as? any JSONOptionalRepresentable, optional.isAbsent { return nil }
        return value
    }

    /// Merges every key both models have, in this model's declaration order.
    ///
    /// An `@Observable` class notifies its observers of each property the
    /// merge changes, and stops the program when it is not an
    /// ``ObservableModel`` (see ``takeValue(forKey:from:)-478qy``).
    public mutating func mergeValues(forKeysFrom model: any Model) {
        mergeSharedKeys(from: model)
    }

    /// The body of ``mergeValues(forKeysFrom:)``, also behind the
    /// non-mutating form for classes and ``ModelObject``'s.
    package mutating func mergeSharedKeys(from model: any Model) {
        let otherKeys = type(of: model).propertyKeys
        dynamicDescriptor.requireReadableMetadata()
        model.dynamicDescriptor.requireReadableMetadata()
        for property in dynamicDescriptor.properties where otherKeys.contains(property.key) {
            mergeValue(forKey: property.key, from: model)
        }
    }

    /// Mantle's default merge of one key: sets this model's property `key` to
    /// `model`'s value for it, unless that value is `nil`, an absent
    /// ``JSONOptional`` (which says nothing, where its `.null` clears), or
    /// does not fit.
    ///
    /// Call it from a custom ``mergeValue(forKey:from:)`` for the keys that
    /// need no special treatment.
    ///
    /// For a class this writes into an instance that already exists: an
    /// `@Observable` model notifies its observers, and one that is not an
    /// ``ObservableModel`` stops the program with a message saying what to
    /// declare (see ``ObservableModel``), rather than make a write its
    /// observers would miss.
    public mutating func takeValue(forKey key: String, from model: any Model) {
        dynamicDescriptor.requireInPlaceWrites()
        guard let value = mergedValue(forKey: key, from: model) else { return }
        try? setValue(value, forKey: key)
    }
}

extension Model where Self: AnyObject {
    /// Merges every key that both this object and `model` have, through
    /// ``Model/mergeValue(forKey:from:)`` (see ``Model/mergeValues(forKeysFrom:)``),
    /// keeping this object's identity; callable on a `let` and from a class's
    /// non-mutating methods, as Mantle's `mergeValuesForKeysFromModel:` is.
    ///
    /// An `@Observable` model notifies its observers, or stops the program
    /// when it is not an ``ObservableModel`` (see ``ObservableModel``).
    public func mergeValues(forKeysFrom model: any Model) {
        var object = self
        object.mergeSharedKeys(from: model)
    }

    /// Mantle's default merge of one key (see `takeValue(forKey:from:)`),
    /// callable from a class's non-mutating `mergeValue(forKey:from:)`. An
    /// `@Observable` model notifies its observers, or stops the program when
    /// it is not an ``ObservableModel`` (see ``ObservableModel``).
    public func takeValue(forKey key: String, from model: any Model) {
        dynamicDescriptor.requireInPlaceWrites()
        guard let value = mergedValue(forKey: key, from: model) else { return }
        try? setValue(value, forKey: key)
    }
}
