//
//  ArrayStorageTests.swift
//  Reading an array's count and elements in its storage object (`ArrayStorage`),
//  as the equality plans do: the layout facts its SAFETY comments rely on,
//  against the arrays' own API, for arrays made in every way a model gets one.
//

import Foundation
import Testing
@testable import MantleCore

private struct Bytes: Equatable { var a: UInt8, b: UInt8, c: UInt8 }
private struct Wide: Equatable { var vector: SIMD4<Float>, tag: Int8 }
private struct Empty: Equatable {}

@Suite("Reflection: an array's storage read in place")
struct ArrayStorageTests {
    /// Checks that `ArrayStorage` reads `array`'s count and first element's address as
    /// `withUnsafeBufferPointer` gives them.
    private func expectReadsInPlace<Element>(_ array: [Element], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let offset = ArrayStorage.elementsOffset(Element.self) else {
            Issue.record("the layout did not check out for \(Element.self)", sourceLocation: sourceLocation)
            return
        }
        withUnsafePointer(to: array) { address in
            guard let storage = CollectionStorage.object(at: UnsafeRawPointer(address)) else {
                Issue.record("no storage", sourceLocation: sourceLocation)
                return
            }
            #expect(CollectionStorage.count(storage) == array.count, sourceLocation: sourceLocation)
            array.withUnsafeBufferPointer { buffer in
                if let base = buffer.baseAddress, !array.isEmpty {
                    #expect(storage + offset == UnsafeRawPointer(base), sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("the layout checks out for elements of every alignment and size, empty ones included")
    func offsets() throws {
        let header = 4 * MemoryLayout<Int>.size
        #expect(ArrayStorage.elementsOffset(UInt8.self) == header)
        #expect(ArrayStorage.elementsOffset(Int.self) == header)
        #expect(ArrayStorage.elementsOffset(Bytes.self) == header)
        #expect(ArrayStorage.elementsOffset(Empty.self) == header)
        #expect(ArrayStorage.elementsOffset(String?.self) == header)
        let wide = try #require(ArrayStorage.elementsOffset(Wide.self))
        #expect(wide % MemoryLayout<Wide>.alignment == 0 && wide >= header)
    }

    @Test("count and elements read in place agree with the array's own API however the array was made")
    func readsInPlace() {
        let numbers = Array(0..<100)
        expectReadsInPlace([Int]())
        expectReadsInPlace([7])
        expectReadsInPlace(numbers)
        expectReadsInPlace(Array(numbers[10..<20]))               // from a slice
        expectReadsInPlace(numbers.filter { $0.isMultiple(of: 3) })
        var reserved = [Int]()
        reserved.reserveCapacity(64)                              // room beyond the count
        reserved.append(contentsOf: [1, 2, 3])
        expectReadsInPlace(reserved)
        var emptied = numbers
        emptied.removeAll(keepingCapacity: true)                  // allocated, count 0
        expectReadsInPlace(emptied)
        expectReadsInPlace([Bytes(a: 1, b: 2, c: 3), Bytes(a: 4, b: 5, c: 6)])
        expectReadsInPlace((0..<9).map { Wide(vector: SIMD4(repeating: Float($0)), tag: Int8($0)) })
        expectReadsInPlace([Empty(), Empty()])
        expectReadsInPlace(["a", nil, String(repeating: "long ", count: 9)] as [String?])
        // Bridged through Foundation and back (on Darwin, arrays of structs come back native).
        let bridged = (NSArray(array: numbers.map { NSNumber(value: $0) }) as? [NSNumber] ?? []).map(\.intValue)
        expectReadsInPlace(bridged)
    }

    /// Arrays of `Int` made in different ways, each with the elements `0..<count`.
    private static func madeArrays(count: Int) -> [[Int]] {
        var reserved = [Int]()
        reserved.reserveCapacity(count + 40)
        reserved.append(contentsOf: 0..<count)
        var shrunk = Array(0..<count + 5)
        shrunk.removeLast(5)
        return [Array(0..<count), reserved, shrunk, Array(Array(-3..<count + 3)[3..<count + 3])]
    }

    @Test("two arrays are equal by their storage, then their counts, and only then by their elements, which body sees in place",
          arguments: [0, 1, 7, 100])
    func elementsEqual(count: Int) throws {
        let offset = try #require(ArrayStorage.elementsOffset(Int.self))
        /// What `ArrayStorage.elementsEqual` says of two arrays, and how `body` saw them.
        func compare(_ lhs: [Int], _ rhs: [Int]) -> (equal: Bool, seen: [Int]?) {
            var seen: [Int]?
            let equal = withUnsafePointer(to: lhs) { left in
                withUnsafePointer(to: rhs) { right in
                    ArrayStorage.elementsEqual(left, right, elementsOffset: offset) { leftElements, rightElements, count in
                        let lhsElements = UnsafeBufferPointer(start: leftElements.assumingMemoryBound(to: Int.self), count: count)
                        seen = Array(lhsElements)
                        return lhsElements.elementsEqual(
                            UnsafeBufferPointer(start: rightElements.assumingMemoryBound(to: Int.self), count: count))
                    }
                }
            }
            return (equal, seen)
        }
        let arrays = Self.madeArrays(count: count)
        for lhs in arrays {
            let same = compare(lhs, lhs)
            #expect(same.equal && same.seen == nil)           // one storage object: no element read
            for rhs in arrays {
                let result = compare(lhs, rhs)
                #expect(result.equal)
                #expect(result.seen == nil || result.seen == Array(0..<count))
            }
            let longer = compare(lhs, lhs + [count])
            #expect(!longer.equal && longer.seen == nil)      // other counts: no element read
            for position in Set([0, count / 2, count - 1]) where count > 0 {
                var changed = lhs
                changed[position] = -1
                #expect(compare(lhs, changed) == (false, Array(0..<count)))
            }
        }
    }
}
