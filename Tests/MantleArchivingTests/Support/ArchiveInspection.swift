import Foundation
import MantleCore
@testable import MantleArchiving

/// Thrown by the helpers below when an archive does not have the expected shape.
struct UnexpectedArchiveShape: Error {
    /// What was expected.
    let expected: String
}

/// Archives and unarchives `model` as its own type.
func archiveRoundTrip<M: Model>(_ model: M) throws -> M {
    try ModelArchiver.unarchive(M.self, from: ModelArchiver.archivedData(with: model))
}

/// The property list of an archive, through the package's reader.
func archivePropertyList(_ data: Data) throws -> [String: PropertyListValue] {
    guard case .dictionary(let top) = try BinaryPropertyListReader.value(from: data, maximumDepth: 256) else {
        throw UnexpectedArchiveShape(expected: "a dictionary at the top")
    }
    return top
}

/// The object table of an archive.
func archiveObjects(_ data: Data) throws -> [[String: PropertyListValue]] {
    guard case .array(let objects)? = try archivePropertyList(data)["$objects"] else { return [] }
    return objects.compactMap { if case .dictionary(let entry) = $0 { return entry } else { return nil } }
}

/// The `$values` of object `index` of an archive.
func archiveValues(_ data: Data, object index: Int = 0) throws -> [String: PropertyListValue] {
    let objects = try archiveObjects(data)
    guard objects.indices.contains(index), case .dictionary(let values)? = objects[index]["$values"] else { return [:] }
    return values
}

/// Hand-made binary property list: header, objects (each a byte array),
/// offset table, trailer with 1-byte offsets and references.
func handMadePropertyList(_ objects: [[UInt8]], top: Int = 0) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let tableOffset = bytes.count
    let offsetSize = tableOffset > 255 ? 2 : 1
    for offset in offsets {
        if offsetSize == 2 { bytes.append(UInt8(offset >> 8)) }
        bytes.append(UInt8(offset & 0xFF))
    }
    bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), 1]
    func word(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    bytes += word(objects.count) + word(top) + word(tableOffset)
    return Data(bytes)
}

/// The Foundation object for a property-list value (for interoperability tests).
func foundationObject(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let string): return string
    case .integer(let integer): return NSNumber(value: integer)
    case .unsignedInteger(let integer): return NSNumber(value: integer)
    case .real(let real): return NSNumber(value: real)
    case .bool(let bool): return bool
    case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
    case .data(let data): return data
    case .array(let items): return items.map(foundationObject)
    case .dictionary(let items): return items.mapValues(foundationObject)
    }
}
