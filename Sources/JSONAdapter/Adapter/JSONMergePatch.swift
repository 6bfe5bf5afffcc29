import Foundation
import MantleInternals

/// JSON Merge Patch (RFC 7396) on plain JSON values: applying a patch to a
/// document, and making the patch that turns one document into another.
///
/// Values are Foundation JSON, as `JSONSerialization` gives them or code
/// builds them: objects (`[String: Any]`, or an `NSDictionary` with string
/// keys), arrays, strings, numbers, booleans and `NSNull` for `null`.
///
/// ```swift
/// let patched = try JSONMergePatch.applying(["title": "Hello!", "author": ["familyName": NSNull()]],
///                                           to: document)
/// let patch = try JSONMergePatch.patch(from: before, to: after)   // send it with PATCH
/// ```
///
/// A merge patch is a JSON object whose members say what changes: a member
/// with a value sets it (merging into an object recursively when both are
/// objects), a member with `null` removes it, and members left out stay as
/// they are. Two limits follow from that format (RFC 7396 §1):
/// - **a patch cannot set a value to `null`**: `null` means "remove", so a
///   document with a `null` member cannot be the result of a patch (except
///   where the member was already `null` and the patch does not mention it);
/// - **arrays are replaced whole**: a patch has no way to change one element,
///   so a changed array is sent in full.
///
/// For models, ``JSONAdapter/mergePatch(from:to:options:)`` makes the
/// patch between two models' JSON, and
/// ``JSONAdapter/update(_:fromJSONData:options:)`` with
/// ``JSONAdapter/DecodingOptions/mergePatch`` applies one to a model.
public enum JSONMergePatch {
    /// The deepest nesting of objects followed (512, as decoding allows by
    /// default); deeper values throw instead of exhausting the stack.
    public static let maximumDepth = JSONAdapter.DecodingOptions.defaultMaximumDepth

    /// `target` with `patch` applied, exactly as RFC 7396's `MergePatch`
    /// (§2) does it.
    ///
    /// A `patch` that is not an object replaces the target whole (`null`
    /// included); an object patch turns a target that is not an object (or
    /// `nil`, for none) into `{}` first, then removes each member whose patch
    /// value is `null` and merges every other member recursively. Objects in
    /// the result are `[String: Any]`; everything else is the value from the
    /// target or the patch as it was.
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONData`` when the patch
    ///   nests objects deeper than ``maximumDepth`` or than the stack allows.
    public static func applying(_ patch: Any, to target: Any?) throws -> Any {
        try apply(patch, to: target, depth: 0)
    }

    /// The merge patch that turns `source` into `target`: for two objects,
    /// an object holding each member that changed (recursively for members
    /// that are objects on both sides), `null` for each member `target` lacks
    /// or has turned `null`, and nothing for members that are equal (numbers
    /// by value: `1` and `1.0` are equal, `true` and `1` are not); `{}` when
    /// nothing changed. For anything else, `target` itself.
    ///
    /// Applying the patch to `source` gives `target` whenever `target` has no
    /// `null` member inside an object (the format's limit, see above): a
    /// member that became `null` is removed, and one that is new with a
    /// `null` value is left out.
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONData`` when the values
    ///   nest objects deeper than ``maximumDepth`` or than the stack allows.
    public static func patch(from source: Any, to target: Any) throws -> Any {
        if let patch = try difference(from: source, to: target, depth: 0) { return patch }
        return object(target) != nil ? [String: Any]() : target
    }

    // MARK: The algorithms

    /// RFC 7396 `MergePatch(Target, Patch)`, `depth` objects down.
    private static func apply(_ patch: Any, to target: Any?, depth: Int) throws(JSONAdapterError) -> Any {
        guard let members = object(patch) else { return patch }
        try checkDepth(depth)
        var result = target.flatMap(object) ?? [:]
        for (name, value) in members {
            if isNull(value) {
                result[name] = nil
            } else {
                result[name] = try apply(value, to: result[name], depth: depth + 1)
            }
        }
        return result
    }

    /// The patch from `source` to `target`, or `nil` when they are equal.
    private static func difference(from source: Any, to target: Any, depth: Int) throws(JSONAdapterError) -> Any? {
        guard let targetMembers = object(target), let sourceMembers = object(source) else {
            return ReflectiveEquality.isEqual(source, target) ? nil : target
        }
        try checkDepth(depth)
        var patch: [String: Any] = [:]
        for name in sourceMembers.keys where targetMembers[name] == nil {
            patch[name] = NSNull()
        }
        for (name, value) in targetMembers {
            guard let old = sourceMembers[name] else {
                // A new member: set it; a new `null` member is what removing gives.
                if !isNull(value) { patch[name] = value }
                continue
            }
            if isNull(value) {
                if !isNull(old) { patch[name] = NSNull() }
            } else if let change = try difference(from: old, to: value, depth: depth + 1) {
                patch[name] = change
            }
        }
        return patch.isEmpty ? nil : patch
    }

    // MARK: Values

    /// The members of `value` when it is a JSON object, else `nil`.
    static func object(_ value: Any) -> [String: Any]? {
        guard let value = flattenedOptional(value) else { return nil }
        return FoundationContainers.stringKeyedMembers(of: value)
    }

    /// `true` for JSON null (`NSNull`, or `nil` inside an `Any`).
    static func isNull(_ value: Any) -> Bool {
        guard let value = flattenedOptional(value) else { return true }
        return ValueConversion.isNull(value)
    }

    /// Throws when an object `depth` levels down passes ``maximumDepth`` or the stack's room.
    private static func checkDepth(_ depth: Int) throws(JSONAdapterError) {
        guard depth < maximumDepth, RecursionGuard.hasStackRoom else {
            throw JSONAdapterError(code: .invalidJSONData,
                                   detail: "a merge patch nests objects deeper than \(maximumDepth) levels, "
                                       + "or than the stack allows")
        }
    }
}
