import Foundation
import MantleCore

/// Reads a binary property list (`bplist00`) into a ``PropertyListValue``,
/// treating the bytes as untrusted.
///
/// Every offset, count and object reference is bounds-checked before use;
/// reference cycles, containers nested deeper than the caller's limit, and
/// object tables that share containers so often that the tree would explode
/// are rejected; strings must be valid ASCII or UTF-16. Object kinds that
/// model archives never contain (`null`, sets, UIDs) are rejected too.
///
/// Why not `PropertyListSerialization`: on Linux (swift-corelibs-foundation,
/// Swift 6.3) it crashes on any binary property list that contains a set
/// object (marker `0xC_`), so a single flipped bit in an archive could take
/// the process down. This reader is small, has no such failure modes, and
/// accepts everything ``BinaryPropertyListWriter`` and CoreFoundation write
/// for the supported object kinds.
enum BinaryPropertyListReader {
    /// Why bytes could not be read.
    enum Failure: Error {
        /// The bytes do not start like a binary property list.
        case notAPropertyList
        /// The bytes end too early: the header or trailer is missing or inconsistent.
        case truncated(String)
        /// The property list is damaged or uses an unsupported object kind.
        case corrupt(String)
        /// The containers are nested deeper than the thread's stack holds.
        case tooDeepForStack
    }

    /// The magic number and version that start every `bplist00` file.
    static let header: [UInt8] = Array("bplist00".utf8)
    /// The size of the trailer at the end of the file.
    private static let trailerSize = 32

    /// The top object of the property list in `data`.
    ///
    /// - Parameter maximumDepth: The deepest container nesting accepted (the
    ///   top object, if a container, is at depth 1).
    static func value(from data: Data, maximumDepth: Int) throws(Failure) -> PropertyListValue {
        let bytes = [UInt8](data)
        guard bytes.count >= header.count else {
            if header.starts(with: bytes) { throw .truncated("\(bytes.count) bytes: the data ends inside the header") }
            throw .notAPropertyList
        }
        guard bytes.starts(with: header) else {
            if bytes.starts(with: header.prefix(6)) {
                throw .corrupt("unsupported binary property list version \"\(String(decoding: bytes[6..<8], as: UTF8.self))\"")
            }
            throw .notAPropertyList
        }
        // Header, at least one object byte, one offset byte and the trailer.
        guard bytes.count >= header.count + 2 + trailerSize else {
            throw .truncated("\(bytes.count) bytes: too short to hold an object table and trailer")
        }
        var parser = try Parser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.topObject()
    }

    /// The state of one read.
    private struct Parser {
        /// The whole file.
        let bytes: [UInt8]
        /// Where each object starts.
        let offsets: [Int]
        /// Objects must lie before this offset (the start of the offset table).
        let objectLimit: Int
        /// Bytes per object reference.
        let referenceSize: Int
        let topIndex: Int
        /// The deepest container nesting accepted.
        let maximumDepth: Int
        /// Containers currently being read (to detect cycles).
        var onPath: [Bool]
        /// Containers read so far (to bound shared-container blowup).
        var containerVisits = 0

        /// Validates the trailer and reads the offset table.
        init(bytes: [UInt8], maximumDepth: Int) throws(Failure) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
            let trailer = bytes.count - BinaryPropertyListReader.trailerSize
            let offsetSize = Int(bytes[trailer + 6])  // 32-bit: a byte
            let referenceSize = Int(bytes[trailer + 7])  // 32-bit: a byte
            let objectCount = Self.bigEndian(bytes, at: trailer + 8, width: 8)
            let top = Self.bigEndian(bytes, at: trailer + 16, width: 8)
            let tableOffset = Self.bigEndian(bytes, at: trailer + 24, width: 8)
            let damaged = "the trailer is missing or damaged (is the data truncated?)"
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
                  objectCount >= 1, objectCount <= UInt64(bytes.count), top < objectCount,
                  tableOffset > UInt64(BinaryPropertyListReader.header.count), tableOffset < UInt64(trailer)
            else { throw .truncated(damaged) }
            let count = Int(objectCount)  // 32-bit: at most bytes.count, checked above
            let start = Int(tableOffset)  // 32-bit: below the trailer's offset, checked above
            let (tableSize, overflow) = count.multipliedReportingOverflow(by: offsetSize)
            guard !overflow, tableSize <= trailer - start else { throw .truncated(damaged) }
            var offsets: [Int] = []
            offsets.reserveCapacity(count)
            for index in 0..<count {
                let offset = Self.bigEndian(bytes, at: start + index * offsetSize, width: offsetSize)
                guard offset >= UInt64(BinaryPropertyListReader.header.count), offset < tableOffset else {
                    throw .corrupt("object \(index) has an offset outside the object area")
                }
                offsets.append(Int(offset))  // 32-bit: below tableOffset, checked just above
            }
            self.offsets = offsets
            self.objectLimit = start
            self.referenceSize = referenceSize
            self.topIndex = Int(top)  // 32-bit: below objectCount, checked above
            self.onPath = Array(repeating: false, count: count)
        }

        mutating func topObject() throws(Failure) -> PropertyListValue {
            try object(at: topIndex, depth: 1)
        }

        /// An unsigned big-endian number of `width` bytes at `offset` (the caller checked bounds).
        private static func bigEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in offset..<(offset + width) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        /// An unsigned big-endian number of `width` bytes at `offset`, inside the object area.
        private func number(at offset: Int, width: Int) throws(Failure) -> UInt64 {
            guard offset >= 0, width >= 1, width <= 8, offset <= objectLimit - width else {
                throw .corrupt("an object runs past the end of the object area")
            }
            return Self.bigEndian(bytes, at: offset, width: width)
        }

        /// The element count of the object whose marker is at `offset`, and
        /// where its contents start.
        private func count(markerAt offset: Int, low: UInt8) throws(Failure) -> (count: Int, start: Int) {
            if low < 0xF { return (Int(low), offset + 1) }  // 32-bit: a nibble
            guard offset + 1 < objectLimit else { throw .corrupt("an object count runs past the object area") }
            let marker = bytes[offset + 1]
            guard marker >> 4 == 0x1, marker & 0xF <= 3 else {
                throw .corrupt("an object count is not an integer")
            }
            let width = 1 << Int(marker & 0xF)  // 32-bit: at most 1 << 3, checked above
            let value = try number(at: offset + 2, width: width)
            guard let count = Int(exactly: value), count <= objectLimit else {
                throw .corrupt("an object count is larger than the data")
            }
            return (count, offset + 2 + width)
        }

        /// Checks that `count` items of `size` bytes from `start` fit in the object area.
        private func checkRange(start: Int, count: Int, size: Int) throws(Failure) -> Int {
            let (length, overflow) = count.multipliedReportingOverflow(by: size)
            guard !overflow, start <= objectLimit, length <= objectLimit - start else {
                throw .corrupt("an object's contents run past the object area")
            }
            return start + length
        }

        private mutating func object(at index: Int, depth: Int) throws(Failure) -> PropertyListValue {
            guard index >= 0, index < offsets.count else {
                throw .corrupt("a reference names object \(index) of \(offsets.count)")
            }
            let offset = offsets[index]
            let marker = bytes[offset]
            let low = marker & 0xF
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: throw .corrupt("unsupported object marker 0x\(String(marker, radix: 16))")
                }
            case 0x1:
                switch low {
                case 0...2:
                    return .integer(Int64(try number(at: offset + 1, width: 1 << Int(low))))  // 32-bit: low is 0...2
                case 3:
                    return .integer(Int64(bitPattern: try number(at: offset + 1, width: 8)))
                case 4:
                    let high = try number(at: offset + 1, width: 8)
                    let value = try number(at: offset + 9, width: 8)
                    guard high == 0 else { throw .corrupt("a 128-bit integer does not fit in 64 bits") }
                    if let signed = Int64(exactly: value) { return .integer(signed) }
                    return .unsignedInteger(value)
                default:
                    throw .corrupt("unsupported integer width marker 0x\(String(marker, radix: 16))")
                }
            case 0x2:
                switch low {
                case 2: return .real(Double(Float(bitPattern: UInt32(try number(at: offset + 1, width: 4)))))
                case 3: return .real(Double(bitPattern: try number(at: offset + 1, width: 8)))
                default: throw .corrupt("unsupported real width marker 0x\(String(marker, radix: 16))")
                }
            case 0x3:
                guard marker == 0x33 else { throw .corrupt("unsupported date marker 0x\(String(marker, radix: 16))") }
                return .date(Double(bitPattern: try number(at: offset + 1, width: 8)))
            case 0x4:
                let (count, start) = try count(markerAt: offset, low: low)
                let end = try checkRange(start: start, count: count, size: 1)
                return .data(Data(bytes[start..<end]))
            case 0x5:
                let (count, start) = try count(markerAt: offset, low: low)
                let end = try checkRange(start: start, count: count, size: 1)
                let slice = bytes[start..<end]
                guard slice.allSatisfy({ $0 < 0x80 }) else { throw .corrupt("an ASCII string holds a non-ASCII byte") }
                return .string(String(decoding: slice, as: UTF8.self))
            case 0x6:
                let (count, start) = try count(markerAt: offset, low: low)
                let end = try checkRange(start: start, count: count, size: 2)
                var units: [UInt16] = []
                units.reserveCapacity(count)
                for position in stride(from: start, to: end, by: 2) {
                    units.append(UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1]))
                }
                var scalars = String.UnicodeScalarView()
                let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF32.self,
                                       stoppingOnError: true) { unit in
                    if let scalar = Unicode.Scalar(unit) { scalars.append(scalar) }
                }
                guard !failed else { throw .corrupt("a UTF-16 string is not valid UTF-16") }
                return .string(String(scalars))
            case 0xA, 0xD:
                return try container(at: index, offset: offset, marker: marker, depth: depth)
            default:
                throw .corrupt("unsupported object marker 0x\(String(marker, radix: 16))")
            }
        }

        /// Reads the array or dictionary `index`, whose marker is at `offset`.
        private mutating func container(at index: Int, offset: Int, marker: UInt8,
                                        depth: Int) throws(Failure) -> PropertyListValue {
            guard depth <= maximumDepth else {
                throw .corrupt("containers are nested deeper than \(maximumDepth) levels")
            }
            guard RecursionGuard.hasStackRoom else { throw .tooDeepForStack }
            guard !onPath[index] else { throw .corrupt("object \(index) contains itself") }
            containerVisits += 1
            guard containerVisits <= offsets.count else {
                throw .corrupt("containers are shared between parents (not written by this archiver)")
            }
            onPath[index] = true
            defer { onPath[index] = false }

            let (count, start) = try count(markerAt: offset, low: marker & 0xF)
            let isDictionary = marker >> 4 == 0xD
            _ = try checkRange(start: start, count: isDictionary ? count * 2 : count, size: referenceSize)
            func reference(_ position: Int) throws(Failure) -> Int {
                let value = try number(at: start + position * referenceSize, width: referenceSize)
                guard let reference = Int(exactly: value), reference < offsets.count else {
                    throw .corrupt("a reference names object \(value) of \(offsets.count)")
                }
                return reference
            }
            if !isDictionary {
                var items: [PropertyListValue] = []
                items.reserveCapacity(count)
                for position in 0..<count {
                    items.append(try object(at: try reference(position), depth: depth + 1))
                }
                return .array(items)
            }
            var dictionary: [String: PropertyListValue] = [:]
            dictionary.reserveCapacity(count)
            for position in 0..<count {
                guard case .string(let key) = try object(at: try reference(position), depth: depth + 1) else {
                    throw .corrupt("a dictionary key is not a string")
                }
                guard dictionary[key] == nil else { throw .corrupt("a dictionary repeats the key \"\(key)\"") }
                dictionary[key] = try object(at: try reference(count + position), depth: depth + 1)
            }
            return .dictionary(dictionary)
        }
    }
}
