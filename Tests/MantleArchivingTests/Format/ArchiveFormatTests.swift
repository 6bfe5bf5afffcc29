import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// The documented layout of format version 1, and interoperability with
/// Foundation's property-list reader and writer.
@Suite("Archiving: format")
struct ArchiveFormatTests {
    /// A fixed model whose archive is pinned byte for byte.
    struct Golden: Model {
        var name = "Mantle"
        var count = 42
        var ratio = 0.5
        var flag = true
        var tags = ["a", "b"]
        var missing: Int?
        var color = Sample.Color.green
        var point = Sample.Point(x: 1, y: -1)
        var url = URL(string: "https://github.com/Mantle/Mantle")
        var uuid = UUID(uuidString: "593246D2-A290-43D5-9070-A299A489AE29")
        var date = Date(timeIntervalSinceReferenceDate: 86_400)
        var blob = Data([0xDE, 0xAD])
        var amount = Decimal(string: "19.99")
        var byName: [String: Int] = ["one": 1]
    }

    /// `Golden()` archived by format version 1 (type names
    /// `MantleArchivingTests.ArchiveFormatTests.Golden` and `MantleArchivingTests.Sample.Point`).
    static let golden = """
        YnBsaXN0MDDUAQIDBAUGB0BZJGFyY2hpdmVyVyRmb3JtYXRYJG9iamVjdHNVJHJvb3RfEBJNYW50bGVNb2RlbEFyY2hpdmUQAaEI0wkKCwwNP1Uk\
        dHlwZVckdmFsdWVzWCR2ZXJzaW9uXxAuTWFudGxlQXJjaGl2aW5nVGVzdHMuQXJjaGl2ZUZvcm1hdFRlc3RzLkdvbGRlbt4ODxAREhMUFRYXGBka\
        GxwfICUmJygpLC01Njk8VmFtb3VudFRibG9iVmJ5TmFtZVVjb2xvclVjb3VudFRkYXRlVGZsYWdXbWlzc2luZ1RuYW1lVXBvaW50VXJhdGlvVHRh\
        Z3NTdXJsVHV1aWTRHR5YJGRlY2ltYWxVMTkuOTlC3q3RISJVJGRpY3TRIyRTb25lEAFVZ3JlZW4QKjNA9RgAAAAAAAnRKitVJG51bGwJVk1hbnRs\
        ZdMJCgsuLzRfECFNYW50bGVBcmNoaXZpbmdUZXN0cy5TYW1wbGUuUG9pbnTSMDEyM1F4UXkjP/AAAAAAAAAjv/AAAAAAAAAQACM/4AAAAAAAAKI3\
        OFFhUWLROjtUJHVybF8QIGh0dHBzOi8vZ2l0aHViLmNvbS9NYW50bGUvTWFudGxl0T0+VSR1dWlkXxAkNTkzMjQ2RDItQTI5MC00M0Q1LTkwNzAt\
        QTI5OUE0ODlBRTI5EAAQAAAIABEAGwAjACwAMgBHAEkASwBSAFgAYABpAJoAtwC+AMMAygDQANYA2wDgAOgA7QDzAPkA/gECAQcBCgETARkBHAEf\
        ASUBKAEsAS4BNAE2AT8BQAFDAUkBSgFRAVgBfAGBAYMBhQGOAZcBmQGiAaUBpwGpAawBsQHUAdcB3QIEAgYAAAAAAAACAQAAAAAAAABBAAAAAAAA\
        AAAAAAAAAAACCA==
        """

    @Test("the archive of a fixed model is stable byte for byte")
    func goldenArchive() throws {
        let data = try ModelArchiver.archivedData(with: Golden())
        let expected = Data(base64Encoded: Self.golden.replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: " ", with: ""))
        #expect(expected != nil)
        #expect(data == expected)
        #expect(try ModelArchiver.archivedData(with: Golden()) == data)
        #expect(try ModelArchiver.unarchive(Golden.self, from: data) == Golden())
    }

    @Test("an archive's top level follows the documented layout")
    func layout() throws {
        let data = try ModelArchiver.archivedData(with: Golden())
        #expect(data.starts(with: Array("bplist00".utf8)))
        let top = try archivePropertyList(data)
        #expect(top["$archiver"] == .string("MantleModelArchive"))
        #expect(top["$format"] == .integer(1))
        #expect(top["$root"] == .integer(0))
        let entry = try #require(try archiveObjects(data).first)
        #expect(entry["$type"] == .string(String(reflecting: Golden.self)))
        #expect(entry["$version"] == .integer(0))
        let values = try archiveValues(data)
        #expect(values["name"] == .string("Mantle"))
        #expect(values["count"] == .integer(42))
        #expect(values["missing"] == .dictionary(["$null": .bool(true)]))
        #expect(values["color"] == .string("green"))
        #expect(values["uuid"] == .dictionary(["$uuid": .string("593246D2-A290-43D5-9070-A299A489AE29")]))
        #expect(values["amount"] == .dictionary(["$decimal": .string("19.99")]))
        #expect(values["byName"] == .dictionary(["$dict": .dictionary(["one": .integer(1)])]))
        #expect(values["date"] == .date(86_400))
    }

    @Test("Foundation reads the archives this package writes")
    func foundationReadsArchives() throws {
        let data = try ModelArchiver.archivedData(with: Golden())
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let top = try #require(object as? [String: Any])
        #expect(top["$archiver"] as? String == "MantleModelArchive")
        #expect((top["$objects"] as? [Any])?.count == 1)
    }

    @Test("archives written by Foundation decode", arguments: [false, true])
    func foundationWrittenArchives(classRoot: Bool) throws {
        let data: Data
        if classRoot {
            let root = Sample.Node("root")
            root.children = [Sample.Node("é 😀"), Sample.Node(String(repeating: "x", count: 40))]
            data = try ModelArchiver.archivedData(with: root)
        } else {
            var model = Sample.Everything()
            for valueCase in Sample.ValueCase.allCases where valueCase != .set { valueCase.apply(to: &model) }
            data = try ModelArchiver.archivedData(with: model)
        }
        let propertyList = try BinaryPropertyListReader.value(from: data, maximumDepth: 256)
        let rewritten = try PropertyListSerialization.data(fromPropertyList: foundationObject(propertyList),
                                                           format: .binary, options: 0)
        #expect(rewritten != data)
        #expect(try BinaryPropertyListReader.value(from: rewritten, maximumDepth: 256) == propertyList)
        if classRoot {
            let copy = try ModelArchiver.unarchive(Sample.Node.self, from: rewritten)
            #expect(copy.children.map(\.name) == ["é 😀", String(repeating: "x", count: 40)])
        } else {
            let original = try ModelArchiver.unarchive(Sample.Everything.self, from: data)
            #expect(try ModelArchiver.unarchive(Sample.Everything.self, from: rewritten) == original)
        }
    }
}
