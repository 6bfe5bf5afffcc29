//  The stack-depth and deep-nesting checks again, on threads with Darwin's stack sizes: 512 KiB
//  (secondary, GCD and Swift-concurrency threads) and 1 MiB (the iOS main thread). Linux's threads
//  have 8 MiB, so the other stack tests never come near these sizes here. Each check runs both
//  sizes in a child process (exit test), so that an overflow fails one test.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

/// Values handed to and from the small-stack thread. Deep values are built and released on
/// the test's own thread (8 MiB): releasing a 20,000-deep array recurses in the Swift runtime,
/// not in this library, and is no part of what is checked here.
private final class Handoff: @unchecked Sendable {
    var values: [Any] = []
    init(_ values: Any...) { self.values = values }
}

/// A chain of `count` trees, each the child of the one before.
private func chain(_ count: Int) -> StackDepthTests.Tree {
    let root = StackDepthTests.Tree()
    var node = root
    for _ in 1..<count {
        let next = StackDepthTests.Tree()
        node.child = next
        node = next
    }
    return root
}

/// `value` at the bottom of `levels` nested arrays (`[1, [1, [1, value]]]`).
private func nestedArrays(_ levels: Int, around value: Any = 1) -> Any {
    var result = value
    for _ in 0..<levels { result = [1, result] as [Any] }
    return result
}

/// How many levels of a recursion that checks `RecursionGuard` at every level a thread with
/// `stackSize` bytes of stack holds before the guard says stop.
private func guardedDepth(stackSize: Int) -> Int {
    onThread(stackSize: stackSize) {
        func descend(_ level: Int) -> Int {
            guard RecursionGuard.hasStackRoom else { return level }
            // A frame of a few hundred bytes, as a decoding step has.
            var frame = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            frame.0 = level
            return withUnsafePointer(to: &frame) { _ in descend(level + 1) }
        }
        return descend(0)
    }
}

/// Decodes `json` on a thread of `stackSize` bytes: 0 when it decodes, 1 when it is refused as
/// too deep, 2 for any other outcome. A decoded model is released on the calling thread.
private func decodeOutcome(_ json: Data, maximumDepth: Int, stackSize: Int) -> Int32 {
    let handoff = Handoff()
    return onThread(stackSize: stackSize) {
        do {
            handoff.values = [try JSONAdapter.model(of: StackDepthTests.Tree.self, fromJSONData: json,
                                                    options: .init(maximumDepth: maximumDepth))]
            return 0
        } catch let error as JSONAdapterError where error.code == .invalidValue && "\(error)".contains("too deep") {
            return 1
        } catch {
            return 2
        }
    }
}

@Suite("Untrusted input: Darwin's stack sizes")
struct DarwinStackSizeTests {
    typealias Tree = StackDepthTests.Tree

    #if os(macOS) || os(Linux) || os(Windows)
    @Test("the guard finds each thread's own stack: 1 MiB holds about twice the levels of 512 KiB")
    func guardUsesTheThreadsStack() async {
        await #expect(processExitsWith: .success) {
            let small = guardedDepth(stackSize: DarwinStackSize.secondaryThread)
            let large = guardedDepth(stackSize: DarwinStackSize.iOSMainThread)
            // 512 KiB minus the 128 KiB reserve is 384 KiB; 1 MiB minus it is 896 KiB (2.33x).
            guard small > 100, Double(large) > Double(small) * 1.8, Double(large) < Double(small) * 3 else {
                print("guarded depths: \(small) at 512 KiB, \(large) at 1 MiB")
                exit(1)
            }
        }
    }

    @Test("documents at the default depth limit decode or are refused as too deep; 10 levels always decode")
    func defaultLimit() async {
        await #expect(processExitsWith: .success) {
            // A debug build spends about 12 KB of stack per level of nested models, so 512 KiB
            // holds about 30 of the 512 levels the limit allows (CONTRIBUTING.md, "Platforms").
            let depth = JSONAdapter.DecodingOptions.defaultMaximumDepth
            for stackSize in DarwinStackSize.all {
                guard decodeOutcome(depthTreeJSON(depth), maximumDepth: depth, stackSize: stackSize) != 2 else { exit(1) }
                guard decodeOutcome(depthTreeJSON(10), maximumDepth: depth, stackSize: stackSize) == 0 else { exit(2) }
            }
        }
    }

    @Test("decoding deeper than the stack holds, with the limit raised, throws instead of overflowing")
    func deepDecode() async {
        await #expect(processExitsWith: .success) {
            for depth in [1_500, 20_000] {
                for stackSize in DarwinStackSize.all {
                    guard decodeOutcome(depthTreeJSON(depth), maximumDepth: 100_000, stackSize: stackSize) != 2 else { exit(1) }
                }
            }
            // 20,000 levels do not fit 512 KiB: the guard, not the limit, stopped it.
            guard decodeOutcome(depthTreeJSON(20_000), maximumDepth: 100_000,
                                stackSize: DarwinStackSize.secondaryThread) == 1 else { exit(2) }
        }
    }

    @Test("decoding deep dictionaries throws instead of overflowing")
    func deepDictionaryDecode() async {
        await #expect(processExitsWith: .success) {
            var object: [String: Any] = ["name": "leaf"]
            for _ in 0..<5_000 { object = ["name": "n", "child": object] }
            let handoff = Handoff(object)
            for stackSize in DarwinStackSize.all {
                let refused = onThread(stackSize: stackSize) { () -> Bool in
                    do {
                        _ = try JSONAdapter.model(of: Tree.self, from: handoff.values[0] as? [String: Any] ?? [:])
                        return false
                    } catch {
                        return "\(error)".contains("too deep")
                    }
                }
                guard refused else { exit(1) }
            }
        }
    }

    @Test("encoding a chain deeper than the stack holds throws, to bytes and to dictionaries")
    func deepEncode() async {
        await #expect(processExitsWith: .success) {
            let handoff = Handoff(chain(5_000))
            for stackSize in DarwinStackSize.all {
                let threw = onThread(stackSize: stackSize) { () -> Bool in
                    let root = handoff.values[0]
                    let bytes = (try? JSONAdapter.jsonData(from: root as? Tree ?? Tree())) == nil
                    let dictionary = (try? JSONAdapter.jsonDictionary(from: root as? Tree ?? Tree())) == nil
                    return bytes && dictionary
                }
                guard threw else { exit(1) }
            }
        }
    }

    @Test("an Any value 6,000 levels deep is refused by the writer")
    func deepAnyValue() async {
        await #expect(processExitsWith: .success) {
            let model = Tree()
            model.extra = nestedArrays(6_000)
            let handoff = Handoff(model)
            for stackSize in DarwinStackSize.all {
                let threw = onThread(stackSize: stackSize) { () -> Bool in
                    (try? JSONAdapter.jsonData(from: handoff.values[0] as? Tree ?? Tree())) == nil
                }
                guard threw else { exit(1) }
            }
        }
    }

    @Test("==, hash and description of a 10,000-deep chain terminate")
    func deepEquality() async {
        await #expect(processExitsWith: .success) {
            let handoff = Handoff(chain(10_000), chain(10_000))
            for stackSize in DarwinStackSize.all {
                let described = onThread(stackSize: stackSize) { () -> Bool in
                    guard let left = handoff.values[0] as? Tree, let right = handoff.values[1] as? Tree else { return false }
                    _ = left == right
                    _ = left.hashValue
                    return left.description.contains("Tree(")
                }
                guard described else { exit(1) }
            }
        }
    }

    @Test("a deeply nested Any value is compared and hashed without overflowing")
    func deepAnyEquality() async {
        await #expect(processExitsWith: .success) {
            let value = nestedArrays(20_000)
            let left = Tree(), right = Tree()
            left.extra = value
            right.extra = value
            let handoff = Handoff(left, right)
            for stackSize in DarwinStackSize.all {
                let done = onThread(stackSize: stackSize) { () -> Bool in
                    guard let left = handoff.values[0] as? Tree, let right = handoff.values[1] as? Tree else { return false }
                    _ = left == right
                    _ = left.hashValue
                    return true
                }
                guard done else { exit(1) }
            }
        }
    }

    @Test("Codable values that recurse without end fail instead of overflowing")
    func codableRecursion() async {
        await #expect(processExitsWith: .success) {
            for stackSize in DarwinStackSize.all {
                let failed = onThread(stackSize: stackSize) { () -> Bool in
                    let decoding = (try? JSONAdapter.model(of: CodableErrorTests.Deep.self,
                                                           fromJSONData: Data(#"{"forever": 1}"#.utf8))) == nil
                    var model = CodableErrorTests.Deep()
                    model.forever = CodableErrorTests.Forever()
                    let encoding = (try? JSONAdapter.jsonData(from: model)) == nil
                    return decoding && encoding
                }
                guard failed else { exit(1) }
            }
        }
    }

    @Test("merge patches nested beyond the limit throw")
    func deepMergePatch() async {
        await #expect(processExitsWith: .success) {
            var deep: Any = ["leaf": 1]
            for _ in 0..<JSONMergePatch.maximumDepth { deep = ["x": deep] }
            let handoff = Handoff(deep)
            for stackSize in DarwinStackSize.all {
                let threw = onThread(stackSize: stackSize) { () -> Bool in
                    (try? JSONMergePatch.applying(handoff.values[0], to: nil)) == nil
                }
                guard threw else { exit(1) }
            }
        }
    }

    @Test("archiving and unarchiving a 5,000-long chain succeed or throw, never overflow")
    func deepArchive() async {
        await #expect(processExitsWith: .success) {
            let handoff = Handoff(chain(5_000))
            for stackSize in DarwinStackSize.all {
                let ended = onThread(stackSize: stackSize) { () -> Bool in
                    guard let root = handoff.values[0] as? Tree,
                          let data = try? ModelArchiver.archivedData(with: root) else { return true }
                    if let copy = try? ModelArchiver.unarchive(Tree.self, from: data) {
                        handoff.values.append(copy)
                    }
                    return true
                }
                guard ended else { exit(1) }
            }
        }
    }
    #endif
}
