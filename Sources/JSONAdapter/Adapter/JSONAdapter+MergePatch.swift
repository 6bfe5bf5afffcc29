import Foundation
import MantleJSON

extension JSONAdapter {
    // MARK: Making a patch

    /// The JSON Merge Patch (RFC 7396) that turns `source`'s JSON into
    /// `target`'s: what a client sends with `PATCH` after editing a model.
    ///
    /// ```swift
    /// var edited = issue
    /// edited.title = "Renamed"
    /// edited.assignee = nil
    /// let body = try JSONAdapter.mergePatchData(from: issue, to: edited)
    /// // {"assignee":null,"title":"Renamed"}
    /// ```
    ///
    /// Only mapped properties that changed are in it, at their JSON
    /// locations: dotted key paths as nested objects, a composite as its
    /// members, a nested model as the members of its object that changed;
    /// an optional that became `nil` is `null`, and an array that changed is
    /// sent whole. It is ``JSONMergePatch/patch(from:to:)`` applied to the two
    /// models' JSON as `options` encode them (each with its dynamic type's
    /// mapping in `options.configuration`, ``EncodingOptions/omitsNilValues-swift.property``
    /// leaving out what is `nil` in both; each with its dynamic
    /// type's mapping, writing the keys its
    /// ``JSONSerializing/serializablePropertyKeys(_:)`` chooses, and leaving
    /// out the members a ``JSONUnknownKeys`` property keeps, which a patch
    /// does not apply), so the format's limit holds: a ``JSONOptional`` that
    /// became `.null` is sent as `null`, which applying reads as "clear" (see
    /// ``applyMergePatch(_:to:options:)-92kjk``). `{}` when nothing changed.
    ///
    /// - Throws: the errors of encoding either model.
    public static func mergePatch<M: JSONSerializing>(from source: M, to target: M,
                                                      options: EncodingOptions = .standard) throws -> [String: Any] {
        let context = options.configuration.context, flags = options.flags
        let old = try ModelMapping.forEncoding(source, in: context).mergePatchJSON(of: source, options: flags)
        let new = try ModelMapping.forEncoding(target, in: context).mergePatchJSON(of: target, options: flags)
        return try JSONMergePatch.patch(from: old, to: new) as? [String: Any] ?? [:]
    }

    /// The JSON Merge Patch that turns `source`'s JSON into `target`'s, as
    /// JSON text (see ``mergePatch(from:to:options:)``), laid out as
    /// `options.outputFormatting` says, except that its members are always
    /// in ``OutputFormatting/sortedKeys`` order, so that the same change
    /// always gives the same bytes.
    public static func mergePatchData<M: JSONSerializing>(from source: M, to target: M,
                                                          options: EncodingOptions = .standard) throws -> Data {
        let patch = try mergePatch(from: source, to: target, options: options)
        var formatting = options.outputFormatting
        formatting.insert(.sortedKeys)
        var writer = JSONWriter(formatting: formatting.writerFormatting)
        do {
            try writer.writeAny(patch, sortedKeys: true)
        } catch {
            throw JSONAdapterError(code: .invalidValue, underlyingError: error, modelTypeName: String(describing: M.self))
        }
        return Data(writer.bytes)
    }

    // MARK: Applying a patch

    /// Applies the JSON Merge Patch (RFC 7396) `patch` to `model`, as a
    /// server applies a `PATCH` body to a stored resource.
    ///
    /// ```swift
    /// try JSONAdapter.applyMergePatch(Data(#"{"title": "Renamed", "assignee": null, "user": {"login": "kim"}}"#.utf8),
    ///                                 to: &issue)
    /// ```
    ///
    /// - A property whose JSON location the patch does not mention keeps its
    ///   value exactly.
    /// - A value replaces the property's value, decoded as decoding would
    ///   (for alternative key paths, from the one the patch uses).
    /// - `null` clears: an optional becomes `nil`, a ``JSONOptional``
    ///   `.null`, and a property that cannot be `null` fails, naming itself.
    ///   A `null` on the way to a dotted path clears it too (`{"user": null}`
    ///   clears `user.login`).
    /// - An object for a nested model is a patch of that model, applied by
    ///   these same rules, recursively: the values it does not name stay
    ///   (where ``update(_:fromJSONData:options:)-3a7wo`` decodes a new nested model
    ///   from the object alone). A missing nested model starts from its `init()`.
    /// - An object for any other property (a dictionary, an `Any`, a
    ///   transformed value, a dotted path or a composite's members) merges
    ///   into the property's current JSON by the RFC, and the property is
    ///   decoded back from the result.
    /// - Arrays are replaced whole (the format cannot address an element).
    /// - Members that no mapped property reads are ignored, as decoding
    ///   ignores them (a ``JSONUnknownKeys`` property keeps what it had).
    ///
    /// The patch's values are never merged through
    /// ``Model/mergeValue(forKey:from:)``: the patch says what each becomes.
    /// Then the model is validated (nested models too). Nothing changes when
    /// it throws. A class instance keeps its identity, and an `@Observable`
    /// one notifies its observers of every tracked property that changes, as
    /// ``update(_:fromJSONData:options:)-3a7wo`` does; a nested class instance the
    /// patch changes is replaced by a patched copy.
    ///
    /// The format cannot set a value to `null` without clearing it: a
    /// `JSONOptional` that ``mergePatch(from:to:options:)`` saw become
    /// `.absent` comes back `.null`.
    ///
    /// `options` work as for ``model(of:fromJSONData:options:)``: the patch
    /// may sit at `options.keyPath`, and is decoded with `options.configuration`.
    ///
    /// - Throws: ``JSONAdapterError`` when the patch is not a JSON object,
    ///   or a patched value does not decode (naming the property and its key
    ///   path); the errors of encoding a property patched as JSON; `validate()`'s errors.
    public static func applyMergePatch<M: JSONSerializing>(_ patch: Data, to model: inout M,
                                                           options: DecodingOptions = .standard) throws {
        if model.objectReference != nil { try model.dynamicDescriptor.checkInPlaceWrites() }
        let context = options.configuration.context
        _ = try ModelMapping.forEncoding(model, in: context)  // a bad mapping fails before the JSON is read
        try JSONTopLevel.object(in: patch, options) { source in
            try applyMergePatch(source.dictionary, to: &model, in: context)
        }
    }

    /// Applies the JSON Merge Patch `patch` (or the object at
    /// `options.keyPath` of it) to `model` (see
    /// ``applyMergePatch(_:to:options:)-92kjk``).
    public static func applyMergePatch<M: JSONSerializing>(_ patch: [String: Any], to model: inout M,
                                                           options: DecodingOptions = .standard) throws {
        if model.objectReference != nil { try model.dynamicDescriptor.checkInPlaceWrites() }
        let context = options.configuration.context
        _ = try ModelMapping.forEncoding(model, in: context)  // a bad mapping fails before the JSON is read
        try JSONTopLevel.object(in: patch, options) { source in
            try applyMergePatch(source.dictionary, to: &model, in: context)
        }
    }

    /// Applies the JSON Merge Patch `patch` to the class instance `object`,
    /// in place (see ``applyMergePatch(_:to:options:)-92kjk``).
    public static func applyMergePatch<M: JSONSerializing & AnyObject>(_ patch: Data, to object: M,
                                                                       options: DecodingOptions = .standard) throws {
        var reference = object
        try applyMergePatch(patch, to: &reference, options: options)
    }

    /// Applies the JSON Merge Patch `patch` to the class instance `object`,
    /// in place (see ``applyMergePatch(_:to:options:)-92kjk``).
    public static func applyMergePatch<M: JSONSerializing & AnyObject>(_ patch: [String: Any], to object: M,
                                                                       options: DecodingOptions = .standard) throws {
        var reference = object
        try applyMergePatch(patch, to: &reference, options: options)
    }

    /// Patches a copy of `model` in `context`, then hands the result over as `update` does.
    private static func applyMergePatch<M: JSONSerializing>(_ patch: [String: Any], to model: inout M,
                                                            in context: MappingContext) throws {
        guard let updated = try ModelMapping.applyingMergePatch(patch, to: model, in: context) as? M else { return }
        if let object = model as? any AnyObject & JSONSerializing {
            try assign(updated, to: object)
        } else {
            model = updated
        }
    }
}
