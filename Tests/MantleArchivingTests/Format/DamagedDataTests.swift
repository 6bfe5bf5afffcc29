import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// Bytes that are not a valid archive: the property-list reader and the
/// archive-structure checks (`ArchiveContents`) refuse them with an `ModelArchiverError`.
@Suite("Archiving: damaged data")
struct DamagedDataTests {
    static func sampleArchive() throws -> Data {
        var model = Sample.Everything()
        for valueCase in Sample.ValueCase.allCases { valueCase.apply(to: &model) }
        model.tags = ["only"]
        model.string = "short"
        model.data = Data([1, 2, 3])
        model.ints = [1, 2]
        return try ModelArchiver.archivedData(with: model)
    }

    @Test("every prefix of a real archive throws an ModelArchiverError")
    func prefixes() throws {
        let data = try Self.sampleArchive()
        #expect(data.count > 500)
        for length in 0..<data.count {
            #expect(throws: ModelArchiverError.self, "prefix of \(length) bytes") {
                try ModelArchiver.unarchive(Sample.Everything.self, from: data.prefix(length))
            }
        }
        #expect(try ModelArchiver.unarchive(Sample.Everything.self, from: data).string == "short")
    }

    @Test("truncation is reported as such")
    func truncationCodes() throws {
        let data = try Self.sampleArchive()
        for length in [0, 5, 40, data.count / 2, data.count - 1] {
            let error = try #require(throws: ModelArchiverError.self) {
                try ModelArchiver.unarchive(Sample.Everything.self, from: data.prefix(length))
            }
            #expect(error.code == .truncatedData || error.code == .corruptData, "prefix of \(length)")
        }
        let empty = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Everything.self, from: Data())
        }
        #expect(empty.code == .truncatedData)
    }

    @Test("bit flips anywhere never crash and only throw ModelArchiverError", arguments: 0..<8)
    func bitFlips(bit: Int) throws {
        let data = try Self.sampleArchive()
        var failures = 0
        for index in data.indices {
            var damaged = data
            damaged[index] ^= UInt8(1 << bit)
            do {
                _ = try ModelArchiver.unarchive(Sample.Everything.self, from: damaged)
            } catch is ModelArchiverError {
                failures += 1
            } catch {
                Issue.record("byte \(index) bit \(bit): unexpected error \(error)")
            }
        }
        #expect(failures > data.count / 4)
    }

    @Test("damage to the header and trailer is always detected", arguments: [0, 3, 7, -1, -9, -17, -25])
    func structuralDamage(position: Int) throws {
        let data = try Self.sampleArchive()
        let index = position >= 0 ? position : data.count + position
        for bit in 0..<8 {
            var damaged = data
            damaged[index] ^= UInt8(1 << bit)
            #expect(throws: ModelArchiverError.self, "byte \(index) bit \(bit)") {
                try ModelArchiver.unarchive(Sample.Everything.self, from: damaged)
            }
        }
    }

    @Test("random bytes and other formats are not archives", arguments: [
        Data(), Data("hello".utf8), Data("{\"name\": \"foo\"}".utf8), Data("bplist".utf8),
        Data(repeating: 0, count: 64), Data("bplist01".utf8) + Data(repeating: 0, count: 40),
    ])
    func notArchives(data: Data) throws {
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Point.self, from: data)
        }
        #expect([.notAnArchive, .truncatedData, .corruptData].contains(error.code))
    }

    @Test("a property list that is not a model archive")
    func foreignPropertyList() throws {
        let plain = BinaryPropertyListWriter.data(for: .dictionary(["name": .string("foo")]))
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Point.self, from: plain)
        }
        #expect(error.code == .notAnArchive)
    }

    /// The sample archive's property list with one change.
    static func modified(_ change: (inout [String: PropertyListValue]) -> Void) throws -> Data {
        var top = try archivePropertyList(ModelArchiver.archivedData(with: Sample.Point(x: 1, y: 2)))
        change(&top)
        return BinaryPropertyListWriter.data(for: .dictionary(top))
    }

    @Test("a newer format version is refused")
    func newerFormat() throws {
        let data = try Self.modified { $0["$format"] = .integer(2) }
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Point.self, from: data)
        }
        #expect(error.code == .unsupportedFormatVersion(archived: 2, supported: 1))
    }

    @Test("structural violations are corrupt data", arguments: [
        "root out of range", "objects empty", "entry without values", "unknown tag", "bad reference",
        "bad uuid", "bad decimal", "null not true", "format missing",
    ])
    func structuralViolations(kind: String) throws {
        let point: PropertyListValue = .dictionary([
            "$type": .string(ModelArchiver.archivedTypeName(of: Sample.Point.self)),
            "$version": .integer(0),
        ])
        func entry(_ values: [String: PropertyListValue]) -> PropertyListValue {
            guard case .dictionary(var dictionary) = point else { return point }
            dictionary["$values"] = .dictionary(values)
            return .dictionary(dictionary)
        }
        let data = try Self.modified { top in
            switch kind {
            case "root out of range": top["$root"] = .integer(5)
            case "objects empty": top["$objects"] = .array([])
            case "entry without values": top["$objects"] = .array([point])
            case "unknown tag": top["$objects"] = .array([entry(["x": .dictionary(["$what": .bool(true)])])])
            case "bad reference": top["$objects"] = .array([entry(["x": .dictionary(["$ref": .integer(9)])])])
            case "bad uuid": top["$objects"] = .array([entry(["x": .dictionary(["$uuid": .string("nope")])])])
            case "bad decimal": top["$objects"] = .array([entry(["x": .dictionary(["$decimal": .string("12abc")])])])
            case "null not true": top["$objects"] = .array([entry(["x": .dictionary(["$null": .bool(false)])])])
            default: top["$format"] = nil
            }
        }
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Point.self, from: data)
        }
        #expect(error.code == .corruptData)
    }

    @Test("a value of the wrong shape is a type mismatch naming the key")
    func wrongShape() throws {
        let data = try Self.modified { top in
            guard case .array(var objects)? = top["$objects"], case .dictionary(var entry) = objects[0],
                  case .dictionary(var values)? = entry["$values"] else { return }
            values["x"] = .string("one")
            entry["$values"] = .dictionary(values)
            objects[0] = .dictionary(entry)
            top["$objects"] = .array(objects)
        }
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Point.self, from: data)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == "x")
        #expect(error.description.contains("x"))
    }

    @Test("hostile property lists are rejected, not crashed on", arguments: [
        "set", "uid", "null", "cycle", "shared blowup", "deep nesting", "bad offset", "bad utf16", "huge count",
        "object count beyond 32 bits", "table offset beyond 32 bits", "top object beyond 32 bits",
    ])
    func hostilePropertyLists(kind: String) throws {
        let data: Data
        switch kind {
        case "set":
            // The object kind that crashes PropertyListSerialization on Linux.
            data = handMadePropertyList([[0xC1, 0x01], [0x10, 0x05]])
        case "uid":
            data = handMadePropertyList([[0x80, 0x01]])
        case "null":
            data = handMadePropertyList([[0x00]])
        case "cycle":
            data = handMadePropertyList([[0xA1, 0x01], [0xA1, 0x00]])
        case "shared blowup":
            // Object i is [i+1, i+1]: 2^40 paths through 41 objects.
            data = handMadePropertyList((0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x09]])
        case "deep nesting":
            var value = PropertyListValue.bool(true)
            for _ in 0..<300 { value = .array([value]) }
            data = BinaryPropertyListWriter.data(for: value)
        case "bad offset":
            var bytes = [UInt8](handMadePropertyList([[0x09]]))
            bytes[bytes.count - 33] = 0xF0
            data = Data(bytes)
        case "bad utf16":
            data = handMadePropertyList([[0x61, 0xD8, 0x00]])
        case "object count beyond 32 bits", "table offset beyond 32 bits", "top object beyond 32 bits":
            // The trailer's 8-byte numbers (count, top, table offset: the last 24 bytes), each
            // checked against the data's length before it becomes an `Int` (which has 32 bits
            // on arm64_32 watchOS).
            var bytes = [UInt8](handMadePropertyList([[0x09]]))
            let field = ["object count beyond 32 bits": 24, "top object beyond 32 bits": 16][kind] ?? 8
            bytes.replaceSubrange((bytes.count - field)..<(bytes.count - field + 8), with: [0, 0, 0, 1, 0, 0, 0, 1])
            data = Data(bytes)
        default:
            data = handMadePropertyList([[0x4F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])
        }
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(Sample.Point.self, from: data)
        }
        #expect([.corruptData, .truncatedData].contains(error.code), "\(error)")
    }
}
