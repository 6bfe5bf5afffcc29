//  Deep input and deep values on every recursive JSON path: the depth limit
//  may be raised, but nesting the thread's stack cannot hold throws instead
//  of overflowing. Each check runs in a child process (exit test).

import Foundation
import Testing
@testable import JSONAdapter

/// `{"name":"n","child":{"name":"n","child":…}}`, `levels` objects deep.
func depthTreeJSON(_ levels: Int) -> Data {
    Data((String(repeating: #"{"name":"n","child":"#, count: levels - 1) + #"{"name":"n"}"#
        + String(repeating: "}", count: levels - 1)).utf8)
}

@Suite("Untrusted input: stack depth")
struct StackDepthTests {
    #if os(macOS) || os(Linux) || os(Windows)
    @Test("decoding a model nested 1,500 levels deep with the depth limit raised throws instead of overflowing")
    func deepDecode() async {
        await #expect(processExitsWith: .success) {
            do {
                _ = try JSONAdapter.model(of: Tree.self, fromJSONData: depthTreeJSON(1_500), options: .init(maximumDepth: 100_000))
                // On a thread whose stack holds it, decoding succeeds; either way it must not crash.
            } catch let error as JSONAdapterError {
                guard error.code == .invalidValue, "\(error)".contains("too deep") else { exit(2) }
            } catch {
                exit(3)
            }
        }
    }

    @Test("decoding stops at the stack, not only at the limit, from dictionaries too")
    func deepDictionaryDecode() async {
        await #expect(processExitsWith: .success) {
            var object: [String: Any] = ["name": "leaf"]
            for _ in 0..<5_000 { object = ["name": "n", "child": object] }
            do {
                _ = try JSONAdapter.model(of: Tree.self, from: object)
            } catch let error as JSONAdapterError {
                guard "\(error)".contains("too deep") else { exit(2) }
            } catch {
                exit(3)
            }
        }
    }

    @Test("encoding a model chain deeper than the stack holds throws")
    func deepEncode() async {
        await #expect(processExitsWith: .success) {
            let root = Tree()
            var node = root
            for _ in 0..<5_000 {
                let next = Tree()
                node.child = next
                node = next
            }
            do {
                _ = try JSONAdapter.jsonData(from: root)
                exit(4)
            } catch {}
            do {
                _ = try JSONAdapter.jsonDictionary(from: root)
                exit(5)
            } catch {}
        }
    }

    /// Struct models nested through arrays, `Outer` in `Inner` in `Outer`…: the codec of one of
    /// the two types writes its arrays from their buffers, checking the stack once per array
    /// (which one depends on which mapping is compiled first: both orders are run).
    @Test("encoding struct models nested through arrays deeper than the stack holds throws (Outer compiled first)")
    func deepStructArraysOuterFirst() async {
        await #expect(processExitsWith: .success) {
            _ = try? JSONAdapter.jsonData(from: Outer())
            checkDeepStructArrays()
        }
    }

    @Test("encoding struct models nested through arrays deeper than the stack holds throws (Inner compiled first)")
    func deepStructArraysInnerFirst() async {
        await #expect(processExitsWith: .success) {
            _ = try? JSONAdapter.jsonData(from: Inner())
            checkDeepStructArrays()
        }
    }
    #endif

    @Test("an Any value 6,000 levels deep is refused by the writer")
    func deepAnyValue() throws {
        var value: Any = 1
        for _ in 0..<6_000 { value = [value] }
        let model = Tree()
        model.extra = value
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter.jsonData(from: model) }
        #expect(error.code == .invalidValue)
    }

    #if os(macOS) || os(Linux) || os(Windows)
    @Test("a self-containing NSMutableArray under Any: encoding and archiving throw; ==, hash and description terminate")
    func selfContainingArray() async {
        await #expect(processExitsWith: .success) {
            let array = NSMutableArray()
            array.add(array)
            let model = Tree()
            model.extra = array
            do {
                _ = try JSONAdapter.jsonData(from: model)
                exit(2)
            } catch {}
            // The other paths that meet it terminate too.
            let other = Tree()
            other.extra = array
            guard model == other, model.hashValue == other.hashValue else { exit(3) }
            guard model.description.contains("NSMutableArray(count: 1)") else { exit(4) }
            _ = model.dictionaryValue
            do {
                _ = try ModelArchiver.archivedData(with: model)
                exit(5)
            } catch {}
        }
    }
    #endif
}

/// Encodes `Outer`s and `Inner`s nested 8,000 levels deep: exits 0 when that throws for the
/// stack, another status otherwise.
private func checkDeepStructArrays() {
    var outer = StackDepthTests.Outer()
    for _ in 0..<4_000 {
        outer = StackDepthTests.Outer(inners: [StackDepthTests.Inner(outers: [outer])])
    }
    do {
        _ = try JSONAdapter.jsonData(from: outer)
        exit(4)
    } catch let error as JSONAdapterError {
        guard error.code == .invalidValue, "\(error)".contains("too deep") else { exit(2) }
    } catch {
        exit(3)
    }
}

// MARK: - Models

extension StackDepthTests {
    struct Outer: JSONSerializing {
        var inners: [Inner] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["inners": "inners"] }
    }

    struct Inner: JSONSerializing {
        var outers: [Outer] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["outers": "outers"] }
    }

    final class Tree: JSONSerializing {
        var name = ""
        var child: Tree?
        var extra: Any?
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "child": "child", "extra": "extra"] }
    }
}
