//  The scanner's working stacks (JSONScannerStack): pushed past every capacity
//  step, alone and through documents that nest deeply and hold many keys per
//  object, so that a read or write outside the allocation shows up (the suite
//  also runs under AddressSanitizer).

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
