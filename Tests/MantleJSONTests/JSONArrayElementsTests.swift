//
//  JSONArrayElementsTests.swift
//  A top-level array read a batch of elements at a time gives the nodes and
//  the errors of the whole text parsed at once.
//

import Foundation
import Testing

@testable import MantleJSON

/// Tests: the elements of a top-level array.
@Suite("JSONArrayElements: batches give the whole text's nodes and errors")
struct JSONArrayElementsTests {
    /// What reading `bytes` either way gave: each element's nodes relative to its root, or the
    /// error.
    enum Outcome: Equatable {
        case elements([[String]])
        case error(JSONDataError)
    }

    /// A node as text, with container ends made relative to `root`.
    static func describe(_ node: JSONNode, root: Int) -> String {
        let range = node.isContainer ? "\(node.entryCount) \(node.subtreeEnd - root)" : "\(node.textStart) \(node.textLength)"
        return "\(node.kind) \(range) \(node.offset) \(node.depth) \(node.flags)"
    }

    /// The nodes of the subtree at `root` of `document`.
    static func subtree(_ document: JSONDocument, _ root: Int) -> [String] {
        (root..<document.nextSibling(of: root)).map { describe(document.nodes[$0], root: root) }
    }

    /// The outcome of parsing `bytes` whole (`nil` when its top level is not an array).
    static func whole(_ bytes: [UInt8], maximumDepth: Int) -> Outcome? {
        do {
            let document = try JSONDocument(bytes: bytes, maximumDepth: maximumDepth)
            guard document.kind(at: 0) == .array else { return nil }
            return .elements(document.elements(of: 0).map { subtree(document, $0) })
        } catch {
            return .error(error)
        }
    }

    /// The outcome of reading `bytes` by ``JSONArrayElements`` (`nil` when it does not read it):
    /// one element read, then, rewound, all of them; rewound again, all of them must read alike
    /// (a pass that ended in an error, inside a nested element too, leaves nothing behind).
    static func batched(_ bytes: [UInt8], maximumDepth: Int) -> Outcome? {
        guard let elements = JSONArrayElements(JSONInput(bytes), maximumDepth: maximumDepth) else { return nil }
        _ = try? elements.next()
        elements.rewind()
        let first = readAll(elements)
        elements.rewind()
        #expect(readAll(elements) == first)
        return first
    }

    /// The outcome of reading the rest of `elements`.
    static func readAll(_ elements: JSONArrayElements) -> Outcome {
        var result: [[String]] = []
        do {
            while let (document, node) = try elements.next() {
                result.append(subtree(document, node))
            }
            #expect(try elements.next() == nil)
            return .elements(result)
        } catch {
            return .error(error)
        }
    }

    /// Compares both ways on `bytes`; returns whether the batched reader read it.
    @discardableResult
    static func compare(_ bytes: [UInt8], maximumDepth: Int = 512) -> Bool {
        guard let batched = batched(bytes, maximumDepth: maximumDepth) else {
            // Not read as elements: the top level is not an array (or nests nothing).
            if case .elements = whole(bytes, maximumDepth: maximumDepth) { Issue.record("array not read: \(bytes)") }
            return false
        }
        let whole = whole(bytes, maximumDepth: maximumDepth)
        #expect(batched == whole, "\(String(decoding: bytes, as: UTF8.self))")
        return true
    }

    static let sample = #" [ {"id": 1, "user": {"login": "a", "tags": [1, 2.5e3, true, null]}, "s": "x\u00e9\"y"},"#
        + #" [], {}, "text", -0, [[["deep"]]], {"k": {"k": {"k": 1}}, "k": 2}, false ] "#

    /// Checks: every truncation of a sample array.
    @Test("every truncation of an array gives the whole text's error")
    func truncations() {
        let bytes = Array(Self.sample.utf8)
        var read = 0
        for end in 0...bytes.count where Self.compare(Array(bytes[0..<end])) { read += 1 }
        #expect(read > bytes.count / 2)
    }

    /// Checks: every byte of the sample replaced by bytes that break or change the structure.
    @Test("every byte replaced by structure, white space or junk gives the whole text's nodes or error",
          arguments: Array(",[]{}\" :x\u{1}0".utf8))
    func replacements(byte: UInt8) {
        let bytes = Array(Self.sample.utf8)
        for i in bytes.indices {
            var mutated = bytes
            mutated[i] = byte
            Self.compare(mutated)
        }
    }

    /// Checks: the depth limit, counting the array, at each limit.
    @Test("the depth limit counts the array as the whole text does", arguments: 0...6)
    func depthLimit(maximumDepth: Int) {
        #expect(Self.compare(Array(#"[[[["a"]]], {"b": [{}]}, 1]"#.utf8), maximumDepth: maximumDepth) == (maximumDepth >= 1))
    }

    /// Checks: empty arrays, white space, and what may follow the array.
    @Test("empty arrays, white space and trailing text", arguments: [
        "[]", " [ ] ", "[\n]\n", "[] x", "[1] ]", "[1,]", "[,1]", "[1 2]", "[1,\n", "[", "[ ", "[1}", "[{]", "[1]\u{0}",
    ])
    func edges(text: String) {
        #expect(Self.compare(Array(text.utf8)))
    }

    /// Checks: many elements across batch boundaries, some larger than a batch.
    @Test("elements across many batches, some larger than a batch, give the whole text's nodes")
    func manyBatches() {
        let small = #"{"a": [1, 2, 3], "b": "c"}"#
        let large = "[" + Array(repeating: "1", count: JSONArrayElements.batchNodes * 2).joined(separator: ",") + "]"
        var parts = Array(repeating: small, count: 3000)
        parts.insert(large, at: 10)
        parts.insert(large, at: 2000)
        #expect(Self.compare(Array(("[" + parts.joined(separator: ",") + "]").utf8)))
    }
}
