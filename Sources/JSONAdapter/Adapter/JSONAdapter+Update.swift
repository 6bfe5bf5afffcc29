import Foundation

extension JSONAdapter {
    /// Updates `model` from a JSON object that holds only some of its keys,
    /// as a PATCH-style response does: properties whose JSON location is
    /// present change, the others keep their values. Then the model is
    /// validated.
    ///
    /// ```swift
    /// try JSONAdapter.update(&issue, fromJSONData: patchResponse)
    /// ```
    ///
    /// - A present key whose value decodes to `nil` — `null`, for a property
    ///   without a transformer — sets the property to `nil`: `null` clears an
    ///   optional. (A non-optional property cannot decode `null` and fails,
    ///   naming the property; a ``JSONOptional`` decodes it as `.null`.)
    /// - Any other present value is merged with the model's
    ///   ``Model/mergeValue(forKey:from:)`` (Mantle's merge: by default the
    ///   JSON's value is taken).
    /// - A nested object decodes a whole new nested model, which then replaces
    ///   the old one; ``applyMergePatch(_:to:options:)-92kjk`` merges it
    ///   into the old one instead (RFC 7396).
    ///
    /// Nothing changes when it throws. A class instance keeps its identity,
    /// and an `@Observable` one notifies its observers of every tracked
    /// property the update changes; one that is not an `ObservableModel`
    /// throws ``ModelError/Code/unsupportedDeclaration`` before anything is
    /// decoded or written (see `ObservableModel`).
    ///
    /// `options` work as for ``model(of:fromJSONData:options:)``: the patch
    /// may sit at `options.keyPath`, and is decoded with `options.configuration`.
    public static func update<M: JSONSerializing>(_ model: inout M, fromJSONData data: Data,
                                                  options: DecodingOptions = .standard) throws {
        let mapping = try ModelMapping.of(type(of: model), in: options.configuration.context)
        try JSONTopLevel.object(in: data, options) { try update(&model, mapping: mapping, from: $0) }
    }

    /// Updates `model` from a JSON dictionary (or the one at
    /// `options.keyPath` of it) that holds only some of its keys (see
    /// ``update(_:fromJSONData:options:)-3a7wo``).
    public static func update<M: JSONSerializing>(_ model: inout M, from jsonDictionary: [String: Any],
                                                  options: DecodingOptions = .standard) throws {
        let mapping = try ModelMapping.of(type(of: model), in: options.configuration.context)
        try JSONTopLevel.object(in: jsonDictionary, options) { try update(&model, mapping: mapping, from: $0) }
    }

    /// Updates the class instance `object` in place from a JSON object that
    /// holds only some of its keys (see ``update(_:fromJSONData:options:)-3a7wo``),
    /// as Mantle's `mergeValuesForKeysFromModel:` changes the object it is sent to.
    public static func update<M: JSONSerializing & AnyObject>(_ object: M, fromJSONData data: Data,
                                                              options: DecodingOptions = .standard) throws {
        var reference = object
        try update(&reference, fromJSONData: data, options: options)
    }

    /// Updates the class instance `object` in place from a JSON dictionary
    /// (or the one at `options.keyPath` of it) that holds only some of its
    /// keys (see ``update(_:fromJSONData:options:)-3a7wo``).
    public static func update<M: JSONSerializing & AnyObject>(_ object: M, from jsonDictionary: [String: Any],
                                                              options: DecodingOptions = .standard) throws {
        var reference = object
        try update(&reference, from: jsonDictionary, options: options)
    }

    /// Decodes the patch, clears or merges its present keys into a copy,
    /// validates the copy, then hands it over.
    private static func update<M: JSONSerializing>(_ model: inout M, mapping: ModelMapping,
                                                   from source: JSONObjectSource) throws {
        if model.objectReference != nil { try model.dynamicDescriptor.checkInPlaceWrites() }
        func patch<Patch: JSONSerializing>(_ type: Patch.Type) throws -> any Model {
            try mapping.decodeOwnType(type, from: source, validating: false)
        }
        let patch = try patch(mapping.modelType)
        var updated = model.copy()
        for key in try mapping.presentKeys(in: source) {
            if patch.value(forKey: key) == nil {
                // `null` (or a transformer's nil) clears, which the default merge would skip.
                try updated.setValue(nil, forKey: key)
            } else {
                updated.mergeValue(forKey: key, from: patch)
            }
        }
        try updated.validate()
        if let object = model as? any AnyObject & JSONSerializing {
            try assign(updated, to: object)
        } else {
            model = updated
        }
    }

    /// Copies every property of `updated` into `object`, which has its type
    /// (how `update` and `applyMergePatch` hand a class their result).
    static func assign<Object: AnyObject & JSONSerializing>(_ updated: some JSONSerializing,
                                                                   to object: Object) throws(ModelError) {
        guard let updated = updated as? Object else { return }
        try object.assignProperties(from: updated)
    }
}
