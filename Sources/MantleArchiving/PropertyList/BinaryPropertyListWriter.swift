import Foundation

/// Writes a ``PropertyListValue`` as a binary property list (`bplist00`), the
/// format Apple's `PropertyListSerialization` and `plutil` read.
///
/// The output is deterministic: dictionary keys are written in sorted order,
/// identical strings (the same Unicode scalars, not merely canonically
/// equivalent ones: `"é"` and `"e\u{301}"` are two strings) are stored once, and containers are never shared. Integer
/// objects use the smallest width CoreFoundation allows (1, 2 and 4 bytes are
/// unsigned, 8 bytes signed, 16 bytes for values above `Int64.max`), and
/// reals and dates are 8-byte big-endian doubles.
enum BinaryPropertyListWriter {
    /// One object of the flattened object table.
    private enum FlatObject {
        /// A value with no children.
        case scalar(PropertyListValue)
        /// An array of object references.
        case array([Int])
        /// A dictionary: key references, then value references, in the same order.
        case dictionary(keys: [Int], values: [Int])
    }

    /// A string compared by its Unicode scalars. `String`'s `==` calls
    /// canonically equivalent strings equal, and sharing one object between
    /// them would give the later string the earlier one's spelling.
    private struct ExactString: Hashable {
        let string: String

        static func == (lhs: ExactString, rhs: ExactString) -> Bool {
            let left = lhs.string.utf8, right = rhs.string.utf8
            guard left.count == right.count else { return false }
            let compared = left.withContiguousStorageIfAvailable { leftBytes in
                right.withContiguousStorageIfAvailable { rightBytes -> Bool in
                    guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                        return leftBytes.isEmpty
                    }
                    // SAFETY: both buffers hold `leftBytes.count` bytes: the two counts were checked equal above.
                    return memcmp(leftStart, rightStart, leftBytes.count) == 0
                }
            }
            return (compared ?? nil) ?? left.elementsEqual(right)
        }

        /// `String`'s hash, which identical strings share (it hashes the normalized form).
        func hash(into hasher: inout Hasher) {
            hasher.combine(string)
        }
    }

    /// The bytes of `value` as a binary property list whose top object is `value`.
    static func data(for value: PropertyListValue) -> Data {
        var objects: [FlatObject] = []
        var stringIndices: [ExactString: Int] = [:]

        func add(_ value: PropertyListValue) -> Int {
            switch value {
            case .string(let string):
                if let index = stringIndices[ExactString(string: string)] { return index }
                objects.append(.scalar(value))
                stringIndices[ExactString(string: string)] = objects.count - 1
                return objects.count - 1
            case .array(let items):
                let index = objects.count
                objects.append(.array([]))
                let references = items.map(add)
                objects[index] = .array(references)
                return index
            case .dictionary(let dictionary):
                let index = objects.count
                objects.append(.array([]))
                let keys = dictionary.keys.sorted()
                let keyReferences = keys.map { add(.string($0)) }
                var valueReferences: [Int] = []
                valueReferences.reserveCapacity(keys.count)
                for key in keys {
                    if let item = dictionary[key] { valueReferences.append(add(item)) }
                }
                objects[index] = .dictionary(keys: keyReferences, values: valueReferences)
                return index
            default:
                objects.append(.scalar(value))
                return objects.count - 1
            }
        }
        _ = add(value)

        // CoreFoundation requires the widths to hold the object count and the
        // offset table's offset themselves, not just the largest value stored.
        let referenceSize = byteWidth(for: UInt64(objects.count))
        var bytes: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .scalar(let scalar):
                appendScalar(scalar, to: &bytes)
            case .array(let references):
                appendMarker(0xA, count: references.count, to: &bytes)
                for reference in references { appendBigEndian(UInt64(reference), width: referenceSize, to: &bytes) }
            case .dictionary(let keys, let values):
                appendMarker(0xD, count: keys.count, to: &bytes)
                for reference in keys { appendBigEndian(UInt64(reference), width: referenceSize, to: &bytes) }
                for reference in values { appendBigEndian(UInt64(reference), width: referenceSize, to: &bytes) }
            }
        }
        let offsetTableOffset = bytes.count
        let offsetSize = byteWidth(for: UInt64(offsetTableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), width: offsetSize, to: &bytes) }
        // Trailer: 5 unused bytes, sort version, offset size, reference size,
        // object count, top object, offset table offset.
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(objects.count), width: 8, to: &bytes)
        appendBigEndian(0, width: 8, to: &bytes)
        appendBigEndian(UInt64(offsetTableOffset), width: 8, to: &bytes)
        return Data(bytes)
    }

    /// Appends one object with no children.
    private static func appendScalar(_ value: PropertyListValue, to bytes: inout [UInt8]) {
        switch value {
        case .bool(let bool):
            bytes.append(bool ? 0x09 : 0x08)
        case .integer(let integer):
            appendInteger(integer, to: &bytes)
        case .unsignedInteger(let integer):
            if let signed = Int64(exactly: integer) {
                appendInteger(signed, to: &bytes)
            } else {
                bytes.append(0x14)
                appendBigEndian(0, width: 8, to: &bytes)
                appendBigEndian(integer, width: 8, to: &bytes)
            }
        case .real(let real):
            bytes.append(0x23)
            appendBigEndian(real.bitPattern, width: 8, to: &bytes)
        case .date(let seconds):  // 32-bit: a Double
            bytes.append(0x33)
            appendBigEndian(seconds.bitPattern, width: 8, to: &bytes)
        case .data(let data):
            appendMarker(0x4, count: data.count, to: &bytes)
            bytes.append(contentsOf: data)
        case .string(let string):
            let utf8 = Array(string.utf8)
            if utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x5, count: utf8.count, to: &bytes)
                bytes.append(contentsOf: utf8)
            } else {
                let units = Array(string.utf16)
                appendMarker(0x6, count: units.count, to: &bytes)
                for unit in units { appendBigEndian(UInt64(unit), width: 2, to: &bytes) }
            }
        case .array, .dictionary:
            // Containers are flattened by `data(for:)` and never reach here.
            break
        }
    }

    /// Appends an integer object of the smallest width that holds `value`.
    private static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(0x13)
            appendBigEndian(UInt64(bitPattern: value), width: 8, to: &bytes)
            return
        }
        let unsigned = UInt64(value)
        let width = byteWidth(for: unsigned)
        let exponent: UInt8 = width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3
        bytes.append(0x10 | exponent)
        appendBigEndian(unsigned, width: width, to: &bytes)
    }

    /// Appends a marker byte with its object count (inline below 15, else as a
    /// following integer object).
    private static func appendMarker(_ kind: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(kind << 4 | UInt8(count))
        } else {
            bytes.append(kind << 4 | 0xF)
            appendInteger(Int64(count), to: &bytes)
        }
    }

    /// The number of bytes (1, 2, 4 or 8) needed for `value`.
    private static func byteWidth(for value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }  // 32-bit: value is a UInt64
        return 8
    }

    /// Appends the low `width` bytes of `value`, most significant first.
    private static func appendBigEndian(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        var shift = (width - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }
}
