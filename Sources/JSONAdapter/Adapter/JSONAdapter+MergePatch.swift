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
    /// ``update(_:fromJSONData:options:)`` with ``DecodingOptions/mergePatch``).
    /// `{}` when nothing changed.
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
        return writer.takeData()
    }

    // MARK: Applying a patch (`update` with `.mergePatch`)

    /// The checks before a merge patch is read: a class instance can be
    /// written in place, and the model's mapping is good.
    static func prepareMergePatch(of model: some JSONSerializing, _ options: DecodingOptions) throws {
        if model.objectReference != nil { try model.dynamicDescriptor.checkInPlaceWrites() }
        _ = try ModelMapping.forEncoding(model, in: options.configuration.context)
    }

    /// Patches a copy of `model` in `context` by RFC 7396, then hands the result over as `update` does.
    static func patch<M: JSONSerializing>(_ model: inout M, with patch: [String: Any],
                                          in context: MappingContext) throws {
        guard let updated = try ModelMapping.applyingMergePatch(patch, to: model, in: context) as? M else { return }
        if let object = model as? any AnyObject & JSONSerializing {
            try assign(updated, to: object)
        } else {
            model = updated
        }
    }
}
