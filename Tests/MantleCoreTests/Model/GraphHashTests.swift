//  `==` ⇒ equal hashes on object graphs: cycles of different lengths that
//  `==` calls equal, and a property test over random graphs built equal in
//  different shapes.

import Foundation
import Testing
import MantleTestSupport
@testable import MantleCore

/// A node of a random graph: a value, an optional link, ordered children, a
/// dictionary and an `Any` payload.
final class GraphNode: Model {
    var value = 0
    var label = ""
    var next: GraphNode?
    var children: [GraphNode] = []
    var scores: [String: Int] = [:]
    var payload: Any?
    required init() {}
}

/// A struct model holding a graph.
struct GraphHolder: Model {
    var title = ""
    var root: GraphNode?
    var roots: [GraphNode] = []
}

/// A random graph: `count` nodes, each with a value, links and children
/// drawn among all the nodes (cycles and shared nodes included).
struct RandomGraph {
    struct Shape {
        var value: Int
        var label: String
        var next: Int?
        var children: [Int]
        var scores: [String: Int]
        var payload: Int?
    }

    var shapes: [Shape]

    init(random: inout SplitMix64, count: Int) {
        shapes = (0..<count).map { _ in
            Shape(value: random.below(3), label: random.pick(["", "a", "é", "e\u{301}"]),
                  next: random.chance(70) ? random.below(count) : nil,
                  children: (0..<random.below(3)).map { _ in random.below(count) },
                  scores: random.chance(30) ? ["k": random.below(2)] : [:],
                  payload: random.chance(20) ? random.below(2) : nil)
        }
    }

    /// The graph as objects; node 0 is the root.
    func build() -> [GraphNode] {
        let nodes = shapes.map { _ in GraphNode() }
        for (node, shape) in zip(nodes, shapes) { fill(node, shape) { nodes[$0] } }
        return nodes
    }

    /// The graph built with two objects per node, each link going to either
    /// copy of its target at random: another shape (more nodes, cycles of
    /// other lengths) for the same infinite unfolding, so `==` to ``build()``.
    func buildDoubled(random: inout SplitMix64) -> [GraphNode] {
        let copies = shapes.map { _ in [GraphNode(), GraphNode()] }
        for (index, shape) in shapes.enumerated() {
            for copy in copies[index] {
                fill(copy, shape) { copies[$0][random.below(2)] }
            }
        }
        return copies.map { $0[random.below(2)] }
    }

    private func fill(_ node: GraphNode, _ shape: Shape, _ target: (Int) -> GraphNode) {
        node.value = shape.value
        node.label = shape.label
        node.next = shape.next.map(target)
        node.children = shape.children.map(target)
        node.scores = shape.scores
        node.payload = shape.payload
    }
}

/// Breaks the links of graph nodes so their cycles do not leak.
func unlinkGraph(_ nodes: [GraphNode]) {
    for node in nodes {
        node.next = nil
        node.children = []
    }
}

@Suite("Model: hashing graphs")
struct GraphHashTests {
    /// A cycle of `length` nodes holding the same values.
    static func cycle(_ length: Int) -> [GraphNode] {
        let nodes = (0..<length).map { _ in GraphNode() }
        for (index, node) in nodes.enumerated() {
            node.label = "x"
            node.next = nodes[(index + 1) % length]
        }
        return nodes
    }

    @Test("a self-loop, a 2-cycle and a 3-cycle of equal values are == and hash alike")
    func cyclesOfDifferentLengths() {
        let loop = Self.cycle(1), pair = Self.cycle(2), triple = Self.cycle(3)
        defer { [loop, pair, triple].forEach(unlinkGraph) }
        let (a, e, t) = (pair[0], loop[0], triple[0])
        #expect(a == e && e == t && a == t)
        #expect(a.hashValue == e.hashValue && e.hashValue == t.hashValue)
        #expect(Set([a, e, t]).count == 1)
        #expect([a: 1][e] == 1)
        #expect(GraphHolder(root: a).hashValue == GraphHolder(root: t).hashValue)

        let other = Self.cycle(2)
        defer { unlinkGraph(other) }
        other[1].label = "y"
        #expect(other[0] != a)
    }

    @Test("a long chain hashes in bounded depth, and its hash follows ==")
    func longChain() {
        func chain(_ count: Int) -> [GraphNode] {
            let nodes = (0..<count).map { _ in GraphNode() }
            for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
            return nodes
        }
        let left = chain(100_000), right = chain(100_000)
        defer { unlinkGraph(left); unlinkGraph(right) }
        #expect(left[0].hashValue == right[0].hashValue)
    }

    @Test("== ⇒ equal hashes over random graphs built equal in different shapes")
    func randomGraphs() {
        var random = SplitMix64(seed: "graph hash")
        var pairs = 0, unequal = 0, collisions = 0
        var previous: [GraphNode] = []
        defer { unlinkGraph(previous) }
        for round in 0..<3_000 {
            let graph = RandomGraph(random: &random, count: 1 + random.below(7))
            let original = graph.build(), doubled = graph.buildDoubled(random: &random),
                again = graph.buildDoubled(random: &random)
            defer { [doubled, again].forEach(unlinkGraph) }
            for (left, right) in [(original[0], doubled[0]), (doubled[0], again[0]), (original[0], again[0])] {
                #expect(left == right, "round \(round)")
                #expect(left.hashValue == right.hashValue, "round \(round)")
                let holders = (GraphHolder(title: "t", root: left, roots: [left, right]),
                               GraphHolder(title: "t", root: right, roots: [right, left]))
                #expect(holders.0 == holders.1 && holders.0.hashValue == holders.1.hashValue, "round \(round)")
                pairs += 1
            }
            if let last = previous.first, last != original[0] {
                unequal += 1
                if last.hashValue == original[0].hashValue { collisions += 1 }
            }
            unlinkGraph(previous)
            previous = original
        }
        #expect(pairs == 9_000)
        // Unequal graphs rarely hash alike: two objects deep tells most of them apart.
        #expect(unequal > 2_000)
        #expect(collisions * 20 < unequal, "\(collisions) collisions among \(unequal) unequal pairs")
        print("graph hash: \(pairs) equal pairs hashed alike; \(collisions) collisions among \(unequal) unequal pairs")
    }
}
