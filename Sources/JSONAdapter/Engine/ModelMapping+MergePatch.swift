import Foundation
import MantleInternals

/// JSON Merge Patch (RFC 7396) on a model, property by property, among the
/// properties whose JSON location the patch reaches (the others are neither
/// encoded nor decoded, and keep their values exactly):
/// - a property holding a nested model (or an optional of one, without a
///   transformer) whose place in the patch is an object takes that object as
///   a patch of its own, recursively: its current values stay unless the
///   patch names them, and each property of it follows these same rules (so
///   `{"user": {"login": null}}` fails for a non-optional `login`, as
///   `{"title": null}` does for a non-optional `title`);
/// - every other property is patched as JSON: the patch is applied with the
///   RFC's own algorithm to the JSON these properties encode to, and each is
///   decoded back from the result with the mapping's rules (codecs,
///   transformers, key paths, leniency, errors), so a dictionary merges
///   member by member, a dotted path (`user.login`) sees the patch at its
///   place and a composite its members; a property whose location the patch
///   removed (`null`, also on the way: `{"user": null}` for `user.login`) is
///   decoded from `null` — an optional becomes `nil`, a ``JSONOptional``
///   `.null`, a non-optional property fails, naming itself.
///
/// Why through the JSON rather than value by value: the patch is a JSON
/// document, and only the RFC's algorithm on the properties' JSON gives
/// exactly the values it describes for every kind of property at once;
/// decoding them back reuses the mapping, so nothing is re-implemented per
/// type. Nested models go property by property instead, so that a `null`
/// inside one means what it means at the top (decoding a nested object that
/// lacks a member would give that member's default instead).
extension ModelMapping {
    /// `model` with `patch` applied (see above), validated; a copy for a
    /// class. `context` gives the mappings, of `model`'s dynamic type and of
    /// the nested models.
    static func applyingMergePatch(_ patch: [String: Any], to model: any JSONSerializing,
                                   in context: MappingContext) throws -> any JSONSerializing {
        let mapping = try ModelMapping.forEncoding(model, in: context)
        func patched<Dynamic: JSONSerializing>(_ model: Dynamic) throws -> any JSONSerializing {
            try mapping.applyingMergePatch(patch, to: model)
        }
        return try patched(model)
    }

    /// `model`, of this mapping's own type `T` (its dynamic type), with `patch` applied.
    private func applyingMergePatch<T: JSONSerializing>(_ patch: [String: Any], to model: T) throws -> T {
        guard ObjectIdentifier(T.self) == ObjectIdentifier(modelType) else {
            throw JSONAdapterError(code: .noClassFound, modelTypeName: typeName,
                                   detail: "a merge patch for \(typeName) was applied to a \(T.self)")
        }
        let reached = properties.filter { property in
            property.keyPath.paths.contains { Self.reaches(patch, along: $0.components) }
        }
        var updated = model.copy()
        var asJSON: [PropertyMapping] = []
        var current = ""
        do throws(ValueFailure) {
            try updated.withMutableStorageAddress { (base) throws(ValueFailure) in
                for property in reached {
                    current = property.key
                    if case .single(let path) = property.keyPath,
                       let object = Self.object(in: patch, at: path.components),
                       try property.applyModelPatch(object, at: base) {
                        continue
                    }
                    asJSON.append(property)
                }
            }
        } catch {
            throw adapterError(error, forKey: current)
        }
        if !asJSON.isEmpty { try applyAsJSON(patch, to: asJSON, of: model, into: &updated) }
        try updated.validate()
        return updated
    }

    /// Patches `patched` properties of `model` through their JSON, storing
    /// their new values into `updated` (a copy of `model`).
    private func applyAsJSON<T: JSONSerializing>(_ patch: [String: Any], to patched: [PropertyMapping],
                                                 of model: T, into updated: inout T) throws {
        let patchedKeys = Set(patched.map(\.key))
        let encoded = try jsonDictionary(of: model, options: []) { patchedKeys.contains($0) }
        guard let result = try JSONMergePatch.applying(patch, to: encoded) as? [String: Any] else { return }
        var values: [String: Any] = [:], nulls: [String: Any] = [:]
        var cleared: Set<String> = []
        for property in patched where !Self.gather(property, from: result, reachedBy: patch, into: &values) {
            cleared.insert(property.key)
            for path in property.keyPath.paths where Self.reaches(patch, along: path.components) {
                Self.insertNull(at: path.components[...], into: &nulls)
            }
        }
        // Only these properties are decoded: a composite, say, is decoded even when its members are missing.
        let decoded = try decodeOwnType(T.self, from: .dictionary(values), validating: false,
                                        properties: patched.filter { !cleared.contains($0.key) })
        let decodedNulls = cleared.isEmpty ? decoded : try decodeOwnType(T.self, from: .dictionary(nulls), validating: false,
                                                                         properties: patched.filter { cleared.contains($0.key) })
        let descriptor = model.dynamicDescriptor
        for property in patched {
            guard let stored = descriptor.property(forKey: property.key), stored.accessor.isWritable else { continue }
            let source = cleared.contains(property.key) ? decodedNulls : decoded
            source.withStorageAddress { from in
                updated.withMutableStorageAddress { to in stored.accessor.copyValue(from: from, to: to) }
            }
        }
    }

    /// The JSON a merge patch between two models compares: the properties
    /// that `model` writes (``JSONSerializing/serializablePropertyKeys(_:)``),
    /// without the members a ``JSONUnknownKeys`` property keeps.
    func mergePatchJSON(of model: any JSONSerializing, options: JSONAdapter.EncodingFlags) throws -> [String: Any] {
        let keys = model.serializablePropertyKeys(mappedKeys)
        return try jsonDictionary(of: model, options: options) { keys.contains($0) }
    }

    // MARK: Paths in a patch and in the patched JSON

    /// The object `patch` holds at `components`, through objects all the way.
    private static func object(in patch: [String: Any], at components: [String]) -> [String: Any]? {
        var current = patch
        for component in components {
            guard let value = current[component], let next = JSONMergePatch.object(value) else { return nil }
            current = next
        }
        return current
    }

    /// `true` when `patch` says something about the place `components` names:
    /// it has a member on the way that is not an object (a value that
    /// replaces, or `null` that removes, what is there) or an object at the
    /// place itself.
    private static func reaches(_ patch: [String: Any], along components: [String]) -> Bool {
        var current = patch
        for component in components {
            guard let value = current[component] else { return false }
            guard let next = JSONMergePatch.object(value) else { return true }
            current = next
        }
        return true
    }

    /// Copies from `patched` into `values` what decoding `property` reads:
    /// each of its paths (only those the patch reaches, for alternatives,
    /// so that the patched one is read), down to the first value that is not
    /// an object on the way (an array the key path indexes, say), which
    /// decoding then handles as it would in `patched`. `false` when the
    /// patch removed everything the property reads (a composite is never
    /// removed: it reads its remaining members, or none).
    private static func gather(_ property: PropertyMapping, from patched: [String: Any],
                               reachedBy patch: [String: Any], into values: inout [String: Any]) -> Bool {
        var found = false
        for path in property.keyPath.paths {
            if case .alternatives = property.keyPath, !reaches(patch, along: path.components) { continue }
            var current = patched
            for (index, component) in path.components.enumerated() {
                guard let value = current[component] else { break }
                let next = index + 1 < path.components.count ? JSONMergePatch.object(value) : nil
                guard let next else {
                    replace(at: path.components[...index], with: value, in: &values)
                    found = true
                    break
                }
                current = next
            }
        }
        if case .composite = property.keyPath { return true }
        return found
    }

    /// Sets `value` at `path`, making the objects on the way (every value
    /// put in comes from one patched document, so two never disagree).
    private static func replace(at path: ArraySlice<String>, with value: Any, in object: inout [String: Any]) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            object[first] = value
            return
        }
        var nested = object[first].flatMap(JSONMergePatch.object) ?? [:]
        replace(at: path.dropFirst(), with: value, in: &nested)
        object[first] = nested
    }

    /// Sets `null` at `path`, unless a `null` on the way already stands for
    /// it (a `null` intermediate decodes as `null`: see ``KeyPathLookup``).
    private static func insertNull(at path: ArraySlice<String>, into object: inout [String: Any]) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            object[first] = NSNull()
            return
        }
        if let existing = object[first], JSONMergePatch.isNull(existing) { return }
        var nested = object[first].flatMap(JSONMergePatch.object) ?? [:]
        insertNull(at: path.dropFirst(), into: &nested)
        object[first] = nested
    }
}
