import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// The binary property list (`bplist00`) reader and writer on their own.
@Suite("Archiving: binary property lists")
struct BinaryPropertyListTests {
    @Test("the binary property list codec round-trips every object kind", arguments: [
        PropertyListValue.integer(0), .integer(255), .integer(256), .integer(65_535), .integer(65_536),
        .integer(4_294_967_296), .integer(.max), .integer(-1), .integer(.min), .unsignedInteger(.max),
        .real(0.1), .real(-.infinity), .date(-1e9), .bool(true), .bool(false),
        .data(Data()), .data(Data(repeating: 7, count: 15)), .data(Data(repeating: 1, count: 70_000)),
        .string(""), .string("ascii"), .string(String(repeating: "z", count: 300)), .string("ünïcødé 😀"),
        .array((0..<300).map { .integer(Int64($0)) }), .array([.string("same"), .string("same")]),
        .dictionary(["b": .integer(1), "a": .array([]), "c": .dictionary([:])]),
    ])
    func codec(value: PropertyListValue) throws {
        let data = BinaryPropertyListWriter.data(for: value)
        #expect(try BinaryPropertyListReader.value(from: data, maximumDepth: 8) == value)
        // CoreFoundation accepts the widths and layout this writer chooses.
        var format = PropertyListSerialization.PropertyListFormat.xml
        _ = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        #expect(format == .binary)
    }

    @Test("deep nesting beyond the reader's limit is refused")
    func deepPropertyList() throws {
        var value = PropertyListValue.bool(true)
        for _ in 0..<300 { value = .array([value]) }
        let data = BinaryPropertyListWriter.data(for: value)
        #expect(throws: BinaryPropertyListReader.Failure.self) {
            try BinaryPropertyListReader.value(from: data, maximumDepth: 256)
        }
        #expect(throws: Never.self) { try BinaryPropertyListReader.value(from: data, maximumDepth: 400) }
    }
}
