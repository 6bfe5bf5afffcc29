//  The scanner's working stacks (JSONScannerStack): pushed past every capacity
//  step, alone and through documents that nest deeply and hold many keys per
//  object, so that a read or write outside the allocation shows up (the suite
//  also runs under AddressSanitizer); the tape, written into the document's
//  array while it fits, moved out of it when it does not.

import Foundation
import Testing
@testable import MantleJSON

@Suite("JSON engine: scanner stacks")
struct JSONScannerStackTests {
    @Test("a stack keeps every element across its growth steps", arguments: [1, 4, 5, 63, 64, 65, 1000])
    func growth(count: Int) {
        var stack = JSONScannerStack<UInt64>(capacity: 4)
        defer { stack.deallocate() }
        for i in 0..<count { stack.append(UInt64(i) &* 3) }
        stack.append(repeating: 7, count: 9)
        #expect(stack.count == count + 9)
        #expect(stack.capacity >= stack.count)
        for _ in 0..<9 { #expect(stack.removeLast() == 7) }
        #expect((0..<count).allSatisfy { stack[$0] == UInt64($0) &* 3 })
    }

    @Test("a stack in lent storage fills it, then moves to its own memory and leaves it as it was",
          arguments: [1, 3, 4, 5, 100])
    func borrowed(count: Int) {
        let storage = UnsafeMutablePointer<UInt64>.allocate(capacity: 4)
        defer { storage.deallocate() }
        var stack = JSONScannerStack<UInt64>(borrowing: storage, capacity: 4)
        defer { stack.deallocate() }
        for i in 0..<count { stack.append(UInt64(i) &+ 10) }
        #expect(stack.ownsBase == (count > 4))
        #expect(stack.base == storage || count > 4)
        #expect((0..<count).allSatisfy { stack[$0] == UInt64($0) &+ 10 })
        // SAFETY: the first `min(count, 4)` elements of `storage` were initialised by `append`.
        #expect((0..<min(count, 4)).allSatisfy { storage[$0] == UInt64($0) &+ 10 })
    }

    /// Arrays of `count` zeros take two bytes a node, a quarter of what the tape first reserves
    /// per node (``JSONScanner/initialTapeCapacity(_:)``, a node per eight bytes, and 16):
    /// from 21 elements on, the tape outgrows the capacity asked for (the array may be given
    /// a few more), and is moved out of the array's storage.
    @Test("tapes that fit the array reserved for them and tapes that outgrow it", arguments: Array(0...40) + [1000])
    func tapeCapacity(count: Int) throws {
        let text = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
        let document = try JSONDocument(text: text)
        #expect(document.nodes.count == count + 1)
        #expect(document.nodes[0].entryCount == count)
        #expect(document.nodes[0].subtreeEnd == count + 1)
        #expect((0..<count).allSatisfy { document.nodes[$0 + 1].textStart == 1 + 2 * $0 })
        #expect((count + 1 > JSONScanner.initialTapeCapacity(text.utf8.count)) == (count >= 21))
    }

    @Test("nesting past the frame and filter stacks' first capacity", arguments: [15, 16, 17, 100, 512])
    func deepObjects(depth: Int) throws {
        // Each level: two keys before the nested object and one repeated after it.
        let open = String(repeating: #"{"a":1,"b":2,"c":"#, count: depth)
        let close = String(repeating: #","a":3}"#, count: depth)
        let document = try JSONDocument(text: open + "0" + close, maximumDepth: depth)
        var node = 0
        for _ in 0..<depth {
            #expect(document.nodes[node].flags & JSONNode.objectMayHaveDuplicateKeys != 0)
            #expect(document.count(at: node) == 4)
            node = try #require(document.member("c", in: node))
        }
        #expect(document.kind(at: node) == .number)
    }

    @Test("key hashes past their first capacity, in objects inside a large object")
    func manyKeys() throws {
        let inner = (0..<70).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let members = (0..<40).map { #""o\#($0)":{\#(inner)}"# }.joined(separator: ",")
        let document = try JSONDocument(text: "{" + members + #","o3":0}"#)
        #expect(document.nodes[0].flags & JSONNode.objectMayHaveDuplicateKeys != 0)
        let first = try #require(document.member("o0", in: 0))
        #expect(document.nodes[first].flags & JSONNode.objectMayHaveDuplicateKeys == 0)
        #expect(document.count(at: first) == 70)
        let distinct = try JSONDocument(text: "{" + members + "}")
        #expect(distinct.nodes[0].flags & JSONNode.objectMayHaveDuplicateKeys == 0)
    }
}
