import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// What the archive encoder writes and the decoder rebuilds, value by value.
@Suite("Archiving: values")
struct ValueRoundTripTests {
    /// Thrown by ``Validated/validate()``.
    struct NameTooLongError: Error, Equatable {
        let name: String
    }

    /// MTLTestModel with no archiving declarations: a name validated to at
    /// most 10 characters, a nested name, and a weak reference.
    struct Validated: Model {
        var name: String?
        var count = 1
        var nestedName: String?
        weak var weakModel: Sample.Node?

        mutating func validate() throws {
            if let name, name.count > 10 { throw NameTooLongError(name: name) }
        }
    }

    /// A model that fixes its own values in `validate()`.
    struct Normalizing: Model {
        var name: String?

        mutating func validate() throws {
            if name == nil { name = "anonymous" }
        }
    }

    /// A model holding values that cannot be archived.
    struct Closures: Model {
        var name = ""
        var action: @Sendable () -> Int = { 1 }
        var object: NSObject?
    }

    /// ``Closures`` with its unarchivable properties excluded.
    struct ExcludedClosures: Model {
        var name = ""
        var action: @Sendable () -> Int = { 1 }
        var object: NSObject?

        static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            key == "name" ? .unconditional : .excluded
        }
    }

    /// A recursive struct, for nesting limits.
    struct Tree: Model {
        var children: [Tree] = []

        static func chain(depth: Int) -> Tree {
            var tree = Tree()
            for _ in 1..<max(depth, 1) { tree = Tree(children: [tree]) }
            return tree
        }

        var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }
    }

    /// A value shared with a thread.
    final class Box<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            set {
                lock.lock()
                defer { lock.unlock() }
                stored = newValue
            }
        }
    }

    /// Runs `body` on a new thread with the given stack size and waits for it.
    static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }

    @Test("every supported kind of value round-trips", arguments: Sample.ValueCase.allCases)
    func valueRoundTrip(_ valueCase: Sample.ValueCase) throws {
        var model = Sample.Everything()
        valueCase.apply(to: &model)
        var copy = try archiveRoundTrip(model)
        switch valueCase {
        case .anyArray:
            // `Any` properties get self-described values: `[Any]`, not `[Int]`.
            #expect(copy.anything is [Any] && copy.anything as? [Int] == [1, 2, 3])
            copy.anything = model.anything
        case .anyDictionary:
            #expect(copy.anything as? [String: String] == ["k": "v"])
            copy.anything = model.anything
        default:
            break
        }
        #expect(copy == model, "\(valueCase.rawValue)")
        #expect(copy != Sample.Everything() || model == Sample.Everything())
    }

    @Test("typed values come back with their declared types")
    func declaredTypes() throws {
        var model = Sample.Everything()
        for valueCase in Sample.ValueCase.allCases { valueCase.apply(to: &model) }
        model.anything = "any"
        let copy = try archiveRoundTrip(model)
        #expect(copy == model)
        #expect(copy.int8 == .min && copy.uint64 == .max && copy.uint == 300)
        #expect(copy.float == .greatestFiniteMagnitude)
        #expect(copy.double == 1.0 / 3.0 || copy.double == -.infinity || copy.double == -0.0)
        #expect(copy.color == .blue && copy.priority == .high && copy.options == [.bold, .italic])
        #expect(copy.optionalInts == [1, nil, 3])
        #expect(copy.tags == ["a", "b", "c"])
        #expect(copy.pointsByName["one"] == Sample.Point(x: 1, y: 1))
        #expect(copy.node?.name == "leaf")
        #expect(copy.anything as? String == "any")
        #expect(copy.url == model.url && copy.uuid == model.uuid && copy.decimal == model.decimal)
    }

    @Test("nil replaces a non-nil default; NaN and negative zero survive")
    func specialValues() throws {
        var model = Sample.Everything()
        model.optionalString = nil
        model.double = .nan
        model.float = -0.0
        let copy = try archiveRoundTrip(model)
        #expect(copy.optionalString == nil)
        #expect(copy.double.isNaN)
        #expect(copy.float == 0 && copy.float.sign == .minus)
    }

    @Test("a relative URL keeps its base")
    func relativeURL() throws {
        var model = Sample.Everything()
        Sample.ValueCase.relativeURL.apply(to: &model)
        let copy = try archiveRoundTrip(model)
        #expect(copy.url?.baseURL?.absoluteString == "https://example.com/a/")
        #expect(copy.url?.relativeString == "b%20c?x=1")
        #expect(copy.url?.absoluteString == "https://example.com/a/b%20c?x=1")
    }

    @Test("the archiving defaults of a model with no archiving declarations", arguments: [
        "name", "count", "nestedName",
    ])
    func defaultsOfPlainModel(key: String) throws {
        var model = Validated()
        try model.setValue(key == "count" ? 7 as Any : "x" as Any, forKey: key)
        let copy = try archiveRoundTrip(model)
        #expect(copy.value(forKey: key) as? String == (key == "count" ? nil : "x"))
        #expect(copy == model)
    }

    @Test("validate() runs after unarchiving and its errors pass through")
    func validation() throws {
        let normalized = try archiveRoundTrip(Normalizing())
        #expect(normalized.name == "anonymous")

        var tooLong = Validated()
        tooLong.name = "12345678901"
        let data = try ModelArchiver.archivedData(with: tooLong)
        #expect(throws: NameTooLongError(name: "12345678901")) {
            try ModelArchiver.unarchive(Validated.self, from: data)
        }
    }

    @Test("values that cannot be archived throw, naming key and type")
    func unsupportedValue() throws {
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.archivedData(with: Closures())
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.propertyKey == "action")
        #expect(error.archivePath == "action")
        #expect(error.found?.contains("->") == true)
        #expect(error.description.contains("action"))

        var object = ExcludedClosures()
        object.name = "kept"
        object.object = NSObject()
        let copy = try archiveRoundTrip(object)
        #expect(copy.name == "kept")
        #expect(copy.object == nil)

        var nested = Sample.Everything()
        nested.anything = [Sample.Point(), NSObject()]
        let nestedError = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.archivedData(with: nested)
        }
        #expect(nestedError.code == .unsupportedValue)
        #expect(nestedError.archivePath == "anything[1]")
        #expect(nestedError.propertyKey == "anything")
    }

    @Test("deep nesting is refused on writing and fine within the limit")
    func nestingLimit() throws {
        // A tree level takes three containers (entry, $values, children);
        // the root entry is the third container of the archive: 84 levels fit in 256.
        let deepest = Tree.chain(depth: 84)
        let copy = try archiveRoundTrip(deepest)
        #expect(copy.depth == 84)
        #expect(copy == deepest)

        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.archivedData(with: Tree.chain(depth: 85))
        }
        #expect(error.code == .nestingTooDeep)
        #expect(error.archivePath?.hasPrefix("children[0].children[0]") == true)
    }

    @Test("decoding at the nesting limit and long object chains fit a bounded stack")
    func boundedStack() throws {
        // The deepest struct nesting the format allows, and a chain of objects
        // far longer than the decoder's recursion budget. Debug builds need
        // about 2 MiB for this; optimized builds about 256 KiB.
        let tree = try ModelArchiver.archivedData(with: Tree.chain(depth: 84))
        var head = Sample.Node("0")
        for index in 1..<3000 {
            let node = Sample.Node("\(index)")
            node.next = head
            head = node
        }
        let chain = try ModelArchiver.archivedData(with: head)
        let results = Box<(Int, Int)>((0, 0))
        Self.onThread(stackSize: 4 << 20) {
            let treeDepth = (try? ModelArchiver.unarchive(Tree.self, from: tree))?.depth ?? 0
            var length = 0
            var node = try? ModelArchiver.unarchive(Sample.Node.self, from: chain)
            while let current = node, length < 5000 {
                length += 1
                node = current.next
            }
            results.value = (treeDepth, length)
        }
        #expect(results.value.0 == 84)
        #expect(results.value.1 == 3000)
    }
}
