import Foundation

extension JSONAdapter {
    /// Updates `model` from a JSON object that holds only some of its keys,
    /// as a PATCH-style response does: properties whose JSON location is
    /// present are merged from the JSON with the model's
    /// ``Model/mergeValue(forKey:from:)`` (Mantle's merge semantics: by
    /// default the JSON's value is taken unless it is `null`); the others keep
    /// their values. Then the model is validated.
    ///
    /// ```swift
    /// try JSONAdapter.update(&issue, fromJSONData: patchResponse)
    /// ```
    ///
    /// Nothing changes when it throws. A class instance keeps its identity,
    /// and an `@Observable` one notifies its observers of every tracked
    /// property the update changes; one that is not an `ObservableModel`
    /// throws ``ModelError/Code/unsupportedDeclaration`` before anything is
    /// decoded or written (see `ObservableModel`).
    public static func update<M: JSONSerializing>(_ model: inout M, fromJSONData data: Data,
                                                  maximumDepth: Int = 512) throws {
        let mapping = try ModelMapping.of(type(of: model))
        try update(&model, mapping: mapping, from: parseObject(data, maximumDepth: maximumDepth))
    }

    /// Updates `model` from a JSON dictionary that holds only some of its
    /// keys (see ``update(_:fromJSONData:maximumDepth:)``).
    public static func update<M: JSONSerializing>(_ model: inout M, from jsonDictionary: [String: Any]) throws {
        let mapping = try ModelMapping.of(type(of: model))
        try update(&model, mapping: mapping, from: .dictionary(jsonDictionary))
    }

    /// Decodes the patch, merges its present keys into a copy, validates the
    /// copy, then hands it over.
    private static func update<M: JSONSerializing>(_ model: inout M, mapping: ModelMapping,
                                                   from source: JSONObjectSource) throws {
        if model.objectReference != nil { try model.dynamicDescriptor.checkInPlaceWrites() }
        func patch<Patch: JSONSerializing>(_ type: Patch.Type) throws -> any Model {
            try mapping.decodeOwnType(type, from: source, validating: false)
        }
        let patch = try patch(mapping.modelType)
        var updated = model.copy()
        for key in try mapping.presentKeys(in: source) {
            updated.mergeValue(forKey: key, from: patch)
        }
        try updated.validate()
        if let object = model as? any AnyObject & JSONSerializing {
            try assign(updated, to: object)
        } else {
            model = updated
        }
    }

    /// Copies every property of `updated` into `object`, which has its type.
    private static func assign<Object: AnyObject & JSONSerializing>(_ updated: some JSONSerializing,
                                                                   to object: Object) throws(ModelError) {
        guard let updated = updated as? Object else { return }
        try object.assignProperties(from: updated)
    }
}
