// Bindings to the Swift runtime's reflection entry points.
//
// These are the functions the standard library's own `Mirror` and its
// `_forEachField(of:options:body:)` SPI call. They are exported by the runtime
// on every platform (Linux, Apple, Windows), their signatures are part of the
// stable ABI, and they describe a type's stored fields — name, type, offset,
// whether the field is a `var`, and whether the reference is strong — without
// this package ever reading type-metadata memory itself.

/// The record the runtime fills for one stored field.
///
/// Layout matches the runtime's `FieldReflectionMetadata` (and the standard
/// library's `_FieldReflectionMetadata`).
struct RuntimeFieldMetadata {
    /// The field's name, as a C string the runtime allocated (or `nil`).
    var name: UnsafePointer<CChar>? = nil
    /// Frees `name`; `nil` when `name` needs no freeing.
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    /// `false` for `weak`, `unowned` and `unowned(unsafe)` references.
    var isStrong: Bool = false
    /// `true` for `var` fields, `false` for `let` constants.
    var isVar: Bool = false
}

/// The number of stored fields of `type`, including those of every superclass.
@_silgen_name("swift_reflectionMirror_recursiveCount")
func _runtimeRecursiveFieldCount(_ type: Any.Type) -> Int

/// The type of field `index` of `type`, filling `metadata` with its name and flags.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
func _runtimeRecursiveFieldMetadata(
    _ type: Any.Type,
    index: Int,
    fieldMetadata: UnsafeMutablePointer<RuntimeFieldMetadata>
) -> Any.Type

/// The byte offset of field `index` from the start of a value (struct) or of
/// the object (class, header included).
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
func _runtimeRecursiveFieldOffset(_ type: Any.Type, index: Int) -> Int

/// One stored field of a struct or class, as the runtime describes it.
struct StoredField: Sendable {
    /// How the field holds a reference.
    enum Ownership: Sendable {
        /// An ordinary stored value.
        case strong
        /// `weak` (or `unowned`): the field does not own its referent.
        case weak
    }

    /// The declared name (`$__lazy_storage_$_x` for `lazy var x`).
    let name: String
    /// The declared type (`Optional<T>` for `weak var x: T?`).
    let type: Any.Type
    /// Byte offset from the start of the value or object.
    let offset: Int
    /// `true` for `var`, `false` for `let`.
    let isVariable: Bool
    /// Strong, or weak/unowned.
    let ownership: Ownership

    /// The name prefix the compiler gives a `lazy var`'s backing storage.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// `true` for the hidden storage of a `lazy var`.
    var isLazyStorage: Bool { name.hasPrefix(Self.lazyStoragePrefix) }

    /// Every stored field of `type` (superclass fields first), or an empty
    /// array for types that have none (enums, tuples are not models).
    static func fields(of type: Any.Type) -> [StoredField] {
        let count = _runtimeRecursiveFieldCount(type)
        guard count > 0 else { return [] }
        var result: [StoredField] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var metadata = RuntimeFieldMetadata()
            let fieldType = _runtimeRecursiveFieldMetadata(type, index: index, fieldMetadata: &metadata)
            let name = metadata.name.map { String(cString: $0) } ?? ""
            metadata.freeName?(metadata.name)
            result.append(StoredField(
                name: name,
                type: fieldType,
                offset: _runtimeRecursiveFieldOffset(type, index: index),
                isVariable: metadata.isVar,
                ownership: metadata.isStrong ? .strong : .weak))
        }
        return result
    }
}
