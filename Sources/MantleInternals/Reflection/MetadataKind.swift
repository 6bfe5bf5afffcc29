/// The kind of a type's metadata, as the Swift runtime reports it: what sort
/// of type it is (struct, enum, optional, class, ...).
///
/// The values are part of the stable ABI (`MetadataKind` in the runtime's
/// `MetadataKind.def`); a Swift class reports ``class`` whatever its isa.
package struct MetadataKind: Equatable, Sendable {
    /// The runtime's value.
    package let rawValue: UInt

    /// A Swift class.
    package static let `class` = MetadataKind(rawValue: 0)
    /// A struct.
    package static let `struct` = MetadataKind(rawValue: 0x200)
    /// An enum other than `Optional`.
    package static let `enum` = MetadataKind(rawValue: 0x201)
    /// `Optional`.
    package static let optional = MetadataKind(rawValue: 0x202)

    private init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The kind of `type`'s metadata.
    package init(of type: Any.Type) {
        rawValue = _runtimeMetadataKind(type)
    }
}

/// The kind of a type's metadata, exported by the runtime.
@_silgen_name("swift_getMetadataKind")
private func _runtimeMetadataKind(_ type: Any.Type) -> UInt
