// How a stored field holds a reference: strong, weak, unowned or unowned(unsafe).
//
// The runtime's reflection entry points (RuntimeFields.swift) say only whether a
// field is strong. `weak`, `unowned` and `unowned(unsafe)` differ in layout and
// rules (a weak reference points at a side table; an unowned one at the object,
// with its own reference count; an unowned(unsafe) one at the object with no
// count at all), so the write path must know which one it faces. The compiler
// records it in the type's field descriptor: the mangled type name of a
// reference-storage field ends in `Xw` (weak), `Xo` (unowned) or
// `Xu` (unowned(unsafe)).
//
// This file reads exactly that, and nothing else, from the field descriptor,
// whose layout is part of Swift's stable ABI (docs/ABI/TypeMetadata.rst and
// include/swift/RemoteInspection/Records.h in the Swift repository):
//
//     type context descriptor          field descriptor            field record (×NumFields)
//     +0  flags          UInt32        +0  mangled type  rel32     +0  flags          UInt32
//     +4  parent         rel32         +4  superclass    rel32     +4  mangled type   rel32
//     +8  name           rel32         +8  kind          UInt16    +8  field name     rel32
//     +12 access func    rel32         +10 record size   UInt16
//     +16 fields         rel32 ──────▶ +12 NumFields     UInt32
//                                      +16 records…
//
// `rel32` is a signed 32-bit offset from the field's own address (0 = none).
// The descriptor also says how many stored properties the type declares, in
// the part the runtime itself needs for field offsets, which stays when the
// compiler leaves the field descriptor out: `NumFields`, a UInt32 at +20 in a
// struct's descriptor (flags kind 17) and at +36 in a class's (kind 16, after
// the superclass name, two metadata-bound words and NumImmediateMembers).
// `-disable-reflection-metadata` writes 0 for `fields`; `-disable-reflection-names`
// writes 0 for every record's field name (`declaredFieldCount(of:)`, and what
// `ModelFields` makes of them).
// The result is only ever used after it has been checked against what the
// runtime itself reported (see `StoredField.fields(of:)`): the same number of
// fields, the same names, the same `var`/`let` flags, and "strong" exactly
// where no ownership suffix was found. Any disagreement makes the fields
// unclassifiable, and the model refuses them instead of guessing.

/// How a stored field holds its value.
package enum ReferenceOwnership: Sendable, Equatable {
    /// An ordinary stored value (strong references included).
    case strong
    /// `weak var x: T?`: a weak reference (plus witness tables for a protocol type).
    case weak
    /// `unowned`: an unowned reference with its own reference count.
    case unowned
    /// `unowned(unsafe)`: a bare pointer the runtime does not count.
    case unownedUnsafe
    /// Not strong, but the field descriptor could not be read or did not match the runtime.
    case unknown
}

/// The context descriptor of a struct, enum or class type (`nil` for other kinds).
///
/// Exported by the Swift runtime on every platform; the same call that
/// `Mirror` makes internally to find a type's fields.
@_silgen_name("swift_getTypeContextDescriptor")
private func _runtimeTypeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?

/// One record of a type's own field descriptor.
struct FieldRecord: Equatable {
    let name: String
    /// `true` for `var`.
    let isVariable: Bool
    /// What the mangled type name's suffix says.
    let ownership: ReferenceOwnership
}

package enum FieldDescriptorReader {
    /// The field records `type` declares itself (not those it inherits), in
    /// declaration order, or `nil` when the type has no readable field descriptor.
    static func ownRecords(of type: Any.Type) -> [FieldRecord]? {
        // SAFETY: the runtime returns either nil or a pointer to the type's
        // context descriptor, which lives in the binary's read-only data for
        // the life of the process.
        guard let descriptor = _runtimeTypeContextDescriptor(type),
              let fields = relativeTarget(descriptor + 16) else { return nil }
        // SAFETY: a type context descriptor whose `fields` offset is not 0
        // points at a field descriptor (16-byte header then the records);
        // the runtime's own field enumeration reads the same bytes.
        let recordSize = Int(fields.loadUnaligned(fromByteOffset: 10, as: UInt16.self))  // 32-bit: a UInt16
        let count = Int(fields.loadUnaligned(fromByteOffset: 12, as: UInt32.self))  // 32-bit: a type's field count, from the compiler
        guard recordSize >= 12 else { return nil }
        var records: [FieldRecord] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            let flags = record.loadUnaligned(as: UInt32.self)
            guard let namePointer = relativeTarget(record + 8) else { return nil }
            // SAFETY: field names are NUL-terminated C strings in the binary.
            let name = String(cString: namePointer.assumingMemoryBound(to: CChar.self))
            let ownership = relativeTarget(record + 4).map(ownershipSuffix) ?? .unknown
            records.append(FieldRecord(name: name, isVariable: flags & 0x2 != 0, ownership: ownership))
        }
        return records
    }

    /// The number of stored properties `type` declares itself (not those it
    /// inherits), from its type context descriptor, and whether that
    /// descriptor points at a field descriptor; `nil` for a type that is
    /// neither a struct nor a class.
    package static func declaredFields(of type: Any.Type) -> (count: Int, hasFieldDescriptor: Bool)? {
        // SAFETY: as in `ownRecords(of:)`; the flags word's low five bits are
        // the descriptor's kind, which fixes where `NumFields` lies (see the
        // layout above). `ModelFieldsTests` checks the count against the
        // runtime's own for structs, generic structs, classes and subclasses.
        guard let descriptor = _runtimeTypeContextDescriptor(type) else { return nil }
        let countOffset: Int
        switch descriptor.loadUnaligned(as: UInt32.self) & 0x1F {
        case 16: countOffset = 36
        case 17: countOffset = 20
        default: return nil
        }
        let count = Int(descriptor.loadUnaligned(fromByteOffset: countOffset, as: UInt32.self))  // 32-bit: a field count, from the compiler
        return (count, relativeTarget(descriptor + 16) != nil)
    }

    /// The target of the relative pointer stored at `address`, or `nil` for 0.
    private static func relativeTarget(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
        // SAFETY: `address` is a 4-byte field inside a descriptor (see the
        // layout above); the runtime resolves these pointers the same way.
        let offset = address.loadUnaligned(as: Int32.self)
        return offset == 0 ? nil : address + Int(offset)  // 32-bit: an Int32
    }

    /// The ownership a mangled field type name ends with.
    ///
    /// Mangled names are NUL-terminated, but may embed symbolic references:
    /// a byte 0x01–0x17 followed by a 4-byte relative offset, or a byte
    /// 0x18–0x1F followed by a pointer. Their payload may contain any byte
    /// (0 included), so they are skipped whole; the suffix counts only when
    /// its two characters are ordinary characters at the very end.
    static func ownershipSuffix(_ mangled: UnsafeRawPointer) -> ReferenceOwnership {
        var index = 0
        var previous: UInt8 = 0
        var last: UInt8 = 0
        var plainRun = 0
        // Bounded: a field type's mangled name is short; a longer scan means
        // the assumptions above do not hold, and the answer is "unknown".
        while index < 4096 {
            // SAFETY: every byte read lies at or before the terminating NUL
            // of the mangled name, skipping symbolic references by their size.
            let byte = mangled.load(fromByteOffset: index, as: UInt8.self)
            switch byte {
            case 0:
                guard plainRun >= 2, previous == UInt8(ascii: "X") else { return .strong }
                switch last {
                case UInt8(ascii: "w"): return .weak
                case UInt8(ascii: "o"): return .unowned
                case UInt8(ascii: "u"): return .unownedUnsafe
                default: return .strong
                }
            case 0x01...0x17:
                index += 1 + 4
                plainRun = 0
            case 0x18...0x1F:
                index += 1 + MemoryLayout<UnsafeRawPointer>.size
                plainRun = 0
            default:
                previous = last
                last = byte
                plainRun += 1
                index += 1
            }
        }
        return .unknown
    }
}
