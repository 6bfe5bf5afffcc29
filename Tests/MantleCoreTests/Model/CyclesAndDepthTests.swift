//  `==`, `hash(into:)` and `description` on reference cycles, on values
//  nested deeper than the stack holds, and on enums. Checks that could crash
//  run in a child process (exit tests), so that a crash fails one test.

import Foundation
import Testing
@testable import MantleCore

final class CycleNode: Model {
    var name = ""
    var next: CycleNode?
    var payload: Any?
    required init() {}
    init(_ name: String) { self.name = name }
}

/// A chain of `count` nodes, `n0 → n1 → …`.
func cycleChain(_ count: Int) -> CycleNode {
    let head = CycleNode("n0")
    var tail = head
    for index in 1..<count {
        let node = CycleNode("n\(index)")
        tail.next = node
        tail = node
    }
    return head
}

/// A two-node cycle `a ⇄ b`.
func cyclePair(_ first: String, _ second: String) -> CycleNode {
    let a = CycleNode(first), b = CycleNode(second)
    a.next = b
    b.next = a
    return a
}

/// Not Equatable: compared by the reflective rule.
enum CycleShape {
    case circle(Int)
    case square(Int)
    case point
}

struct CycleDrawing: Model {
    var title = ""
    var shape: Any = CycleShape.point
}

enum CycleEnumModel: Model {
    case small(Int)
    case large(String)
    case none
    init() { self = .none }
}

@Suite("Model: reference cycles")
struct ReferenceCycleTests {
    @Test("== terminates on cycles and compares them structurally")
    func equality() {
        #expect(cyclePair("a", "b") == cyclePair("a", "b"))
        #expect(cyclePair("a", "b") != cyclePair("a", "c"))
        let selfLoop = CycleNode("s")
        selfLoop.next = selfLoop
        let otherLoop = CycleNode("s")
        otherLoop.next = otherLoop
        #expect(selfLoop == otherLoop)
        #expect(selfLoop == selfLoop)
        // A cycle through an `Any` property (objects in `Any` compare by identity).
        let holder = CycleNode("h")
        holder.payload = [holder]
        #expect(holder == holder)
    }

    @Test("hash(into:) terminates on cycles and agrees with ==")
    func hashing() {
        #expect(cyclePair("a", "b").hashValue == cyclePair("a", "b").hashValue)
        let selfLoop = CycleNode("s")
        selfLoop.next = selfLoop
        _ = selfLoop.hashValue
    }

    @Test("description shows an object met again as TypeName(…)")
    func description() {
        let pair = cyclePair("a", "b")
        #expect(pair.description
            == #"CycleNode(name: "a", next: CycleNode(name: "b", next: CycleNode(…), payload: nil), payload: nil)"#)
    }
}

@Suite("Model: depth")
struct ModelDepthTests {
    #if os(macOS) || os(Linux) || os(Windows)
    @Test("==, hash and description of a 10,000-deep chain terminate without overflowing the stack")
    func deepChain() async {
        await #expect(processExitsWith: .success) {
            let left = cycleChain(10_000), right = cycleChain(10_000)
            // Past the stack budget the comparison stops with "unequal" (documented).
            _ = left == right
            _ = left.hashValue
            let text = left.description
            guard text.hasPrefix(#"CycleNode(name: "n0""#), text.contains("CycleNode(…)") else { exit(1) }
        }
    }

    @Test("a deeply nested Any value is compared and hashed without overflowing the stack")
    func deepAny() async {
        await #expect(processExitsWith: .success) {
            var value: Any = 0
            for _ in 0..<20_000 { value = [CycleShape.circle(1), value] as [Any] }
            var left = CycleDrawing(), right = CycleDrawing()
            left.shape = value
            right.shape = value
            _ = left == right
            _ = left.hashValue
        }
    }
    #endif

    @Test("the stack guard reports room on an ordinary call")
    func roomOnOrdinaryCall() {
        #expect(RecursionGuard.hasStackRoom)
    }
}

@Suite("Model: enums")
struct EnumEqualityTests {
    @Test("non-Equatable enums compare by case, then payload", arguments: [
        (CycleShape.circle(2), CycleShape.circle(2), true),
        (.circle(2), .square(2), false),
        (.circle(2), .circle(3), false),
        (.point, .point, true),
        (.point, .circle(0), false),
    ])
    func payloadEnums(lhs: CycleShape, rhs: CycleShape, equal: Bool) {
        var left = CycleDrawing(), right = CycleDrawing()
        left.shape = lhs
        right.shape = rhs
        #expect((left == right) == equal)
        if equal { #expect(left.hashValue == right.hashValue) }
    }

    @Test("dictionaries under Any compare by key, whatever their order")
    func dictionaries() {
        var left = CycleDrawing(), right = CycleDrawing()
        var first: [String: Any] = [:], second: [String: Any] = [:]
        for index in 0..<50 { first["k\(index)"] = [index] }
        for index in (0..<50).reversed() { second["k\(index)"] = [index] }
        left.shape = first
        right.shape = second
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        second["k0"] = [1]
        right.shape = second
        #expect(left != right)
    }

    @Test("an enum declared as a Model compares by case and payload, and is refused where it would be written")
    func enumModel() throws {
        #expect(CycleEnumModel.small(1) == .small(1))
        #expect(CycleEnumModel.small(1) != .small(2))
        #expect(CycleEnumModel.small(1) != .large("1"))
        #expect(CycleEnumModel.none == .none)
        #expect(CycleEnumModel.large("x").hashValue == CycleEnumModel.large("x").hashValue)
        #expect(CycleEnumModel.small(1).description == "CycleEnumModel.small")
        let error = try #require(throws: ModelError.self) { try CycleEnumModel(dictionary: [:]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.description.hasPrefix("CycleEnumModel: "))
    }
}
