import Foundation

extension JSONAdapter {
    /// Updates `model` from a JSON object that holds only some of its keys,
    /// by `options.updateRule`: properties whose JSON location the object
    /// does not mention keep their values exactly, the others change. Then
    /// the model is validated.
    ///
    /// ```swift
    /// try JSONAdapter.update(&issue, fromJSONData: response)                  // a server's partial answer
    /// try JSONAdapter.update(&stored, fromJSONData: body, options: .mergePatch)  // a PATCH body (RFC 7396)
    /// ```
    ///
    /// With ``DecodingOptions/UpdateRule/merge`` (the default, Mantle's merge):
    ///
    /// - A present key whose value decodes to `nil` — `null`, for a property
    ///   without a transformer — sets the property to `nil`: `null` clears an
    ///   optional. (A non-optional property cannot decode `null` and fails,
    ///   naming the property; a ``JSONOptional`` decodes it as `.null`.)
    /// - Any other present value is merged with the model's
    ///   ``Model/mergeValue(forKey:from:)`` (by default the JSON's value is taken).
    /// - A nested object decodes a whole new nested model, which then
    ///   replaces the old one.
    ///
    /// With ``DecodingOptions/UpdateRule/mergePatch`` (JSON Merge Patch,
    /// RFC 7396, as a server applies a `PATCH` body to a stored resource):
    ///
    /// - A value replaces the property's value, decoded as decoding would
    ///   (for alternative key paths, from the one the patch uses).
    /// - `null` clears: an optional becomes `nil`, a ``JSONOptional``
    ///   `.null`, and a property that cannot be `null` fails, naming itself.
    ///   A `null` on the way to a dotted path clears it too (`{"user": null}`
    ///   clears `user.login`).
    /// - An object for a nested model is a patch of that model, applied by
    ///   these same rules, recursively: the values it does not name stay. A
    ///   missing nested model starts from its `init()`.
    /// - An object for any other property (a dictionary, an `Any`, a
    ///   transformed value, a dotted path or a composite's members) merges
    ///   into the property's current JSON by the RFC, and the property is
    ///   decoded back from the result.
    /// - Arrays are replaced whole (the format cannot address an element).
    /// - Members that no mapped property reads are ignored, as decoding
    ///   ignores them (a ``JSONUnknownKeys`` property keeps what it had).
    /// - The values are never merged through ``Model/mergeValue(forKey:from:)``:
    ///   the patch says what each becomes; nested models are validated too. A
    ///   nested class instance the patch changes is replaced by a patched copy.
    /// - The format cannot set a value to `null` without clearing it: a
    ///   `JSONOptional` that ``mergePatch(from:to:options:)`` saw become
    ///   `.absent` comes back `.null`.
    ///
    /// Nothing changes when it throws. A class instance keeps its identity
    /// (pass a `var` holding it: `var reference = object`), and an
    /// `@Observable` one notifies its observers of every tracked property the
    /// update changes; one that is not an `ObservableModel` throws
    /// ``ModelError/Code/unsupportedDeclaration`` before anything is decoded
    /// or written (see `ObservableModel`).
    ///
    /// The other `options` work as for ``model(of:fromJSONData:options:)``:
    /// the object may sit at `options.keyPath`, and is decoded with
    /// `options.configuration`. The model keeps its type: the options'
    /// ``DecodingOptions/discriminator-swift.property`` is not consulted.
    ///
    /// - Throws: ``JSONAdapterError`` when the JSON is not an object, or a
    ///   present value does not decode (naming the property and its key
    ///   path); with `.mergePatch`, the errors of encoding a property patched
    ///   as JSON; `validate()`'s errors.
    public static func update<M: JSONSerializing>(_ model: inout M, fromJSONData data: Data,
                                                  options: DecodingOptions = .standard) throws {
        switch options.updateRule {
        case .merge:
            let mapping = try ModelMapping.of(type(of: model), in: options.configuration.context)
            try JSONTopLevel.object(in: data, options) { try update(&model, mapping: mapping, from: $0) }
        case .mergePatch:
            try prepareMergePatch(of: model, options)
            try JSONTopLevel.object(in: data, options) { source in
                try patch(&model, with: source.dictionary, in: options.configuration.context)
            }
        }
    }

    /// Updates `model` from a JSON dictionary (or the one at
    /// `options.keyPath` of it) that holds only some of its keys, by
    /// `options.updateRule` (see ``update(_:fromJSONData:options:)``).
    public static func update<M: JSONSerializing>(_ model: inout M, from jsonDictionary: [String: Any],
                                                  options: DecodingOptions = .standard) throws {
        switch options.updateRule {
        case .merge:
            let mapping = try ModelMapping.of(type(of: model), in: options.configuration.context)
            try JSONTopLevel.object(in: jsonDictionary, options) { try update(&model, mapping: mapping, from: $0) }
        case .mergePatch:
            try prepareMergePatch(of: model, options)
            try JSONTopLevel.object(in: jsonDictionary, options) { source in
                try patch(&model, with: source.dictionary, in: options.configuration.context)
            }
        }
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
    /// (how both update rules hand a class their result).
    static func assign<Object: AnyObject & JSONSerializing>(_ updated: some JSONSerializing,
                                                                   to object: Object) throws(ModelError) {
        guard let updated = updated as? Object else { return }
        try object.assignProperties(from: updated)
    }
}
