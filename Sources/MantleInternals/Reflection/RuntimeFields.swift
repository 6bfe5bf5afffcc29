// Bindings to the Swift runtime's reflection entry points.
//
// These are the functions the standard library's own `Mirror` and its
// `_forEachField(of:options:body:)` SPI call. They are exported by the runtime
// on every platform (Linux, Apple, Windows) and describe a type's stored
// fields — name, type, offset, whether the field is a `var`, and whether the
// reference is strong — without this package ever reading type-metadata
// memory itself.
//
// `swift_reflectionMirror_recursiveChildMetadata` has the three-argument form
// bound here (a `RuntimeFieldMetadata` record) from the Swift 5.4 runtime
// (macOS 11.3, iOS/tvOS 14.5, watchOS 7.4) on; the 5.2 and 5.3 runtimes take
// two out-pointers (name, free function) instead, so calling this binding there
// would write through an uninitialised pointer. The package's minimums (macOS 12,
// iOS 15, tvOS 15, watchOS 8) exclude those runtimes; CONTRIBUTING.md, "Platforms",
// lists every entry point with its first runtime and the source that shows it.

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
package struct StoredField: Sendable {
    /// The declared name (`$__lazy_storage_$_x` for `lazy var x`, `_x` for the
    /// storage of a property wrapper `@W var x`).
    package let name: String
    /// The declared type (`Optional<T>` for `weak var x: T?`).
    package let type: Any.Type
    /// Byte offset from the start of the value or object.
    package let offset: Int
    /// `true` for `var`, `false` for `let`.
    package let isVariable: Bool
    package let ownership: ReferenceOwnership
    /// The struct, or the class in the hierarchy, that declares the field.
    package let declaringType: Any.Type

    /// The name prefix the compiler gives a `lazy var`'s backing storage.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// `true` for the hidden storage of a `lazy var`.
    package var isLazyStorage: Bool { name.hasPrefix(Self.lazyStoragePrefix) }

    /// Every stored field of `type` (superclass fields first), or an empty
    /// array for types that have none (enums, tuples are not models).
    ///
    /// Name, type, offset and `var`/`let` come from the runtime. Fields the
    /// runtime reports as not strong are classified as weak, unowned or
    /// unowned(unsafe) from the declaring type's field descriptor
    /// (`ReferenceOwnership.swift`), accepted only where the descriptor agrees
    /// with the runtime on every field of that type; otherwise `.unknown`.
    package static func fields(of type: Any.Type) -> [StoredField] {
        let count = _runtimeRecursiveFieldCount(type)
        guard count > 0 else { return [] }
        let declarers = DeclaringTypes(of: type)
        var result: [StoredField] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var metadata = RuntimeFieldMetadata()
            let fieldType = _runtimeRecursiveFieldMetadata(type, index: index, fieldMetadata: &metadata)
            let name = metadata.name.map { String(cString: $0) } ?? ""
            metadata.freeName?(metadata.name)
            let (declaringType, localIndex) = declarers.declarer(ofFieldAt: index)
            let ownership: ReferenceOwnership
            if metadata.isStrong {
                ownership = .strong
            } else {
                ownership = declarers.verifiedOwnership(ofField: localIndex, of: declaringType,
                                                        name: name, isVariable: metadata.isVar)
            }
            result.append(StoredField(
                name: name,
                type: fieldType,
                offset: _runtimeRecursiveFieldOffset(type, index: index),
                isVariable: metadata.isVar,
                ownership: ownership,
                declaringType: declaringType))
        }
        return result
    }
}

/// The types that declare the fields of a struct (itself) or a class (itself
/// and its superclasses), with the index of each one's first field in the
/// runtime's recursive field list.
private struct DeclaringTypes {
    /// From the most derived class (or the struct) up to the root class,
    /// with the index at which its own fields start.
    private let chain: [(type: Any.Type, firstField: Int)]

    init(of type: Any.Type) {
        var chain: [(Any.Type, Int)] = []
        var current: Any.Type? = type
        while let declarer = current {
            let superclass: AnyClass? = (declarer as? AnyClass).flatMap { _getSuperclass($0) }
            chain.append((declarer, superclass.map { _runtimeRecursiveFieldCount($0) } ?? 0))
            current = superclass
        }
        self.chain = chain
    }

    /// The type that declares recursive field `index`, and the field's index among its own.
    func declarer(ofFieldAt index: Int) -> (Any.Type, Int) {
        for (type, firstField) in chain where index >= firstField {
            return (type, index - firstField)
        }
        // Unreachable: the root of the chain starts at field 0.
        return (chain.last?.type ?? Any.self, index)
    }

    /// The ownership of a not-strong field, from the declaring type's field
    /// descriptor, after checking that every record of that type agrees with
    /// what the runtime says about the same field.
    func verifiedOwnership(ofField localIndex: Int, of declaringType: Any.Type,
                           name: String, isVariable: Bool) -> ReferenceOwnership {
        guard let records = FieldDescriptorReader.ownRecords(of: declaringType),
              records.count == ownFieldCount(of: declaringType),
              localIndex < records.count else { return .unknown }
        // Every record must match the runtime's report of the same field.
        guard let firstField = chain.first(where: { $0.type == declaringType })?.firstField else { return .unknown }
        for (offset, record) in records.enumerated() {
            var metadata = RuntimeFieldMetadata()
            _ = _runtimeRecursiveFieldMetadata(declaringType, index: firstField + offset, fieldMetadata: &metadata)
            let runtimeName = metadata.name.map { String(cString: $0) } ?? ""
            metadata.freeName?(metadata.name)
            guard record.name == runtimeName, record.isVariable == metadata.isVar,
                  (record.ownership == .strong) == metadata.isStrong,
                  record.ownership != .unknown else { return .unknown }
        }
        let record = records[localIndex]
        guard record.name == name, record.isVariable == isVariable else { return .unknown }
        return record.ownership
    }

    /// How many fields `type` declares itself.
    private func ownFieldCount(of type: Any.Type) -> Int {
        guard let entry = chain.first(where: { $0.type == type }) else { return -1 }
        return _runtimeRecursiveFieldCount(type) - entry.firstField
    }
}
