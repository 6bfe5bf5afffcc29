//
//  JSONInputTests.swift
//  Documents read the caller's bytes where they are (`JSONInput`): what makes
//  that safe is that the bytes neither change nor move while a document holds
//  them, whatever the caller then does with its `Data` or array.
//

import Foundation
import Testing

@testable import MantleJSON

/// Tests: a document over shared bytes.
@Suite("JSONInput: shared bytes")
struct JSONInputTests {
    /// A JSON text longer than ``JSONInput/copiedDataLimit``, whose strings are known.
    static let text = #"{"url": "https://api.github.com/repos/mantle/mantle/issues/1", "tags": ["a", "b", "c"], "n": 12345}"#

    /// The strings and number `document` holds, which must be the text's.
    static func check(_ document: JSONDocument) {
        let root = document.rootIndex
        #expect(document.member("url", in: root).map { document.string(at: $0) }
                == "https://api.github.com/repos/mantle/mantle/issues/1")
        #expect(document.member("tags", in: root).map { document.elements(of: $0).map { document.string(at: $0) } }
                == ["a", "b", "c"])
        #expect(document.member("n", in: root).flatMap { document.integerValue(at: $0, as: Int.self) } == 12345)
    }

    /// Checks: the caller's `Data` overwritten, grown and dropped after parsing.
    @Test("a document keeps reading its text after the caller's Data is overwritten, grown and dropped")
    func dataChangedAfterParsing() throws {
        var data = Data(Self.text.utf8)
        #expect(data.count > JSONInput.copiedDataLimit)
        let document = try JSONDocument(bytes: data)
        data.resetBytes(in: 0..<data.count)
        data.append(contentsOf: [UInt8](repeating: 0x20, count: 100_000))
        Self.check(document)
        data = Data()
        Self.check(document)
    }

    /// Checks: a slice of a larger `Data`, the larger one then changed and dropped.
    @Test("a document over a slice of a Data keeps reading it after the Data is changed and dropped")
    func dataSlice() throws {
        var whole = Data("xxxx".utf8) + Data(Self.text.utf8) + Data("yyyy".utf8)
        var slice = whole[4..<(whole.count - 4)]
        let document = try JSONDocument(bytes: slice)
        whole.resetBytes(in: 0..<whole.count)
        whole = Data()
        let range = slice.startIndex..<slice.endIndex
        slice.resetBytes(in: range)
        slice = Data()
        Self.check(document)
    }

    /// Checks: a `Data` that owns memory it was given (`bytesNoCopy`, freed by `Data`).
    @Test("a document over a bytesNoCopy Data keeps the memory alive until it is gone")
    func dataNoCopy() throws {
        let bytes = Array(Self.text.utf8)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
        memory.copyMemory(from: bytes, byteCount: bytes.count)
        var data: Data? = Data(bytesNoCopy: memory, count: bytes.count, deallocator: .free)
        let document = try JSONDocument(bytes: data ?? Data())
        data = nil
        Self.check(document)
    }

    /// Checks: the caller's array overwritten and dropped; a short `Data` (stored inline) copied.
    @Test("a document keeps reading its text after the caller's array changes; a short Data is copied")
    func arrayAndShortData() throws {
        var bytes = Array(Self.text.utf8)
        let document = try JSONDocument(bytes: bytes)
        for i in bytes.indices { bytes[i] = 0 }
        bytes = []
        Self.check(document)

        var short = Data(#"["tiny"]"#.utf8)
        let small = try JSONDocument(bytes: short)
        short.resetBytes(in: 0..<short.count)
        short = Data()
        #expect(small.elements(of: small.rootIndex).map { small.string(at: $0) } == ["tiny"])
    }

    /// Checks: the elements of a top-level array, read after the caller's Data is gone.
    @Test("array elements read the text after the caller's Data is dropped")
    func elementsAfterDrop() throws {
        var data: Data? = Data(("[" + Array(repeating: Self.text, count: 3).joined(separator: ",") + "]").utf8)
        let elements = try #require(JSONArrayElements(JSONInput(data ?? Data()), maximumDepth: 512))
        data = nil
        var count = 0
        while let (document, node) = try elements.next() {
            let root = node
            #expect(document.member("url", in: root).map { document.string(at: $0) }
                    == "https://api.github.com/repos/mantle/mantle/issues/1")
            count += 1
        }
        #expect(count == 3)
    }
}
