//  Keys are compared by `JSONDocument.bytesEqual`, which reads keys of up to 16 bytes with two
//  overlapping loads a side: every length up to 40 with a difference at every place, and keys
//  of every length found in an object next to keys that differ in one byte.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: key bytes compared")
struct JSONDocumentKeyBytesTests {
    @Test("equal bytes are equal, and a difference at any place is seen, for every length up to 40",
          arguments: Array(0...40))
    func everyPlace(count: Int) {
        let left = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 &+ $0) }
        #expect(Self.equal(left, left, count))
        for place in 0..<count {
            var right = left
            right[place] ^= 0x20
            #expect(!Self.equal(left, right, count), "a difference at \(place) of \(count)")
        }
    }

    @Test("a key of every length up to 40 is found among keys one byte off", arguments: Array(1...40))
    func found(count: Int) throws {
        let key = String((0..<count).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
        let offFirst = "_" + key.dropFirst(), offLast = key.dropLast() + "_"
        let json = #"{"\#(offFirst)": 1, "\#(offLast)": 2, "\#(key)": 3, "\#(key)x": 4}"#
        let document = try JSONDocument(text: json)
        var hint = 0
        let node = try #require(document.member(key, in: document.rootIndex, hint: &hint))
        #expect(document.integerValue(at: node, as: Int.self) == 3)
    }

    /// `bytesEqual` over the first `count` bytes of `left` and `right`.
    static func equal(_ left: [UInt8], _ right: [UInt8], _ count: Int) -> Bool {
        left.withUnsafeBufferPointer { leftBuffer in
            right.withUnsafeBufferPointer { rightBuffer in
                // SAFETY: both buffers hold `count` bytes; an empty one compares nothing.
                guard let leftBase = leftBuffer.baseAddress, let rightBase = rightBuffer.baseAddress else { return count == 0 }
                return JSONDocument.bytesEqual(leftBase, rightBase, count)
            }
        }
    }
}
