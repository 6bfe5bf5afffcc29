//  Model's hooks in class hierarchies: declared by a ModelObject subclass
//  (depth 1) and its subclass (depth 2), and by the subclasses of a plain
//  Swift root class that declares the hooks itself. Each test checks that the
//  most derived class's hook ran, and that `super` reaches the one above.
//  (That a hook declared without `override` does not compile is checked with
//  swiftc in JSONAdapterTests' ClassJSONHookTests.)

import Foundation
import MantleArchiving
import MantleTestSupport
import Testing
@testable import MantleCore

@Suite("Model: hooks of class hierarchies run at every depth")
struct ClassHookTests {
    /// The two kinds of class root, each with a depth-1 and a depth-2 subclass.
    enum Hierarchy: String, CaseIterable, CustomTestStringConvertible {
        case modelObject, plainClass

        /// The depth-1 class (its hooks: ``HookRules`` `note`).
        var note: any Model.Type { self == .modelObject ? NoteObject.self : Note.self }
        /// The depth-2 class (its hooks: ``HookRules`` `memo`, calling `super`).
        var memo: any Model.Type { self == .modelObject ? MemoObject.self : Memo.self }
        var testDescription: String { rawValue }
    }

    @Test("validate(): the subclass's rule rejects, and super's still applies", arguments: Hierarchy.allCases)
    func validate(root: Hierarchy) throws {
        #expect(caught(HookError.self) { _ = try root.note.init(dictionary: ["title": "bad"]) } == HookError("note"))
        #expect(caught(HookError.self) { _ = try root.memo.init(dictionary: ["title": "bad"]) } == HookError("note"))
        #expect(caught(HookError.self) { _ = try root.memo.init(dictionary: ["priority": -1]) } == HookError("memo"))
        _ = try root.note.init(dictionary: ["priority": -1])
    }

    @Test("mergeValue(forKey:from:): merges follow each level's rule", arguments: Hierarchy.allCases)
    func mergeValue(root: Hierarchy) throws {
        var note = try root.note.init(dictionary: ["title": "a", "tags": ["x"], "priority": 5])
        note.mergeValues(forKeysFrom: try root.note.init(dictionary: ["title": "b", "tags": ["y"], "priority": 1]))
        #expect(note.value(forKey: "tags") as? [String] == ["x", "y"])   // note's rule
        #expect(note.value(forKey: "priority") as? Int == 1)             // the default
        var memo = try root.memo.init(dictionary: ["title": "a", "tags": ["x"], "priority": 5])
        memo.mergeValues(forKeysFrom: try root.memo.init(dictionary: ["title": "b", "tags": ["y"], "priority": 1]))
        #expect(memo.value(forKey: "tags") as? [String] == ["x", "y"])   // note's rule, through super
        #expect(memo.value(forKey: "priority") as? Int == 5)             // memo's rule: the larger
        #expect(memo.value(forKey: "title") as? String == "b")
    }

    @Test("modelVersion and decodeValue(forKey:from:modelVersion:): archives record the subclass's version, its migration runs",
          arguments: Hierarchy.allCases)
    func versionAndMigration(root: Hierarchy) throws {
        let note = try roundTrip(root.note, ["title": "t"])
        #expect(note.value(forKey: "title") as? String == "t (note, v1)")
        let memo = try roundTrip(root.memo, ["title": "t", "tags": ["x"]])
        #expect(memo.value(forKey: "title") as? String == "t (memo, v2)")
        #expect(memo.value(forKey: "tags") as? [String] == ["x (note, v2)"])   // super's migration
        #expect(root.note.modelVersion == 1 && root.memo.modelVersion == 2)
    }

    @Test("storageBehavior(forPropertyKey:) and propertyKeys: each level's keys and storage apply",
          arguments: Hierarchy.allCases)
    func storage(root: Hierarchy) throws {
        #expect(root.note.propertyKeys == ["title", "tags", "priority", "scratch", "hidden"])
        #expect(root.memo.propertyKeys == ["title", "tags", "priority", "scratch", "archived"])
        // note: `cache` takes no part; memo: `scratch` is transitory, `hidden` left out by propertyKeys.
        let first = try root.memo.init(dictionary: ["title": "a", "scratch": "1"])
        let second = try root.memo.init(dictionary: ["title": "a", "scratch": "2"])
        #expect(AnyHashable(first) == AnyHashable(second))
        #expect(first.dictionaryValue["scratch"] as? String == "1")
        let notes = try (root.note.init(dictionary: ["scratch": "1"]), root.note.init(dictionary: ["scratch": "2"]))
        #expect(AnyHashable(notes.0) != AnyHashable(notes.1))
        #expect(caught(ModelError.self) { _ = try root.note.init(dictionary: ["cache": "x"]) }?.code
                == .unknownPropertyKey)
    }

    @Test("encodingBehavior(forPropertyKey:): each level's exclusions apply to archives", arguments: Hierarchy.allCases)
    func encoding(root: Hierarchy) throws {
        let note = try roundTrip(root.note, ["priority": 3, "scratch": "s"])
        #expect(note.value(forKey: "priority") as? Int == 0)              // note excludes it
        #expect(note.value(forKey: "scratch") as? String == "s")
        let memo = try roundTrip(root.memo, ["priority": 3, "archived": true])
        #expect(memo.value(forKey: "priority") as? Int == 0)              // super's rule
        #expect(memo.value(forKey: "archived") as? Bool == false)         // memo's rule
    }

    @Test("ModelObject's other hooks: mergeValues, dictionaryValue, init(dictionary:)")
    func modelObjectOnlyHooks() throws {
        let memo = try MemoObject(dictionary: ["title": "a"])
        memo.mergeValues(forKeysFrom: try MemoObject(dictionary: ["title": "b"]))   // a `let`: no var copy
        #expect(memo.title == "b" && memo.mergeCount == 1)
        #expect(memo.dictionaryValue["kind"] as? String == "memo")
        let built = try (MemoObject.self as any Model.Type).init(dictionary: ["Title": "upper"])
        #expect(built.value(forKey: "title") as? String == "upper")
        let note = NoteObject()
        #expect(caught(ModelError.self) { _ = try NoteObject(dictionary: ["Title": "x"]) }?.code == .unknownPropertyKey)
        note.mergeValues(forKeysFrom: try NoteObject(dictionary: ["title": "c"]))
        #expect(note.title == "c" && note.dictionaryValue["kind"] == nil)
    }

    /// A model of `type` built from `values`, archived and unarchived.
    private func roundTrip(_ type: any Model.Type, _ values: [String: Any]) throws -> any Model {
        let model = try type.init(dictionary: values)
        return try roundTrip(model)
    }

    private func roundTrip<M: Model>(_ model: M) throws -> M {
        try ModelArchiver.unarchive(M.self, from: ModelArchiver.archivedData(with: model))
    }

    @Test("a plain class's merge needs no var copy either")
    func plainClassMerge() throws {
        let memo = try Memo(dictionary: ["priority": 1])
        memo.mergeValues(forKeysFrom: try Memo(dictionary: ["priority": 4]))
        #expect(memo.priority == 4)
    }

}

// MARK: - Hooks

extension ClassHookTests {
    /// The error the hooks' `validate()` throw, naming the level whose rule failed.
    struct HookError: Error, Equatable {
        let level: String
        init(_ level: String) { self.level = level }
    }

    /// The hooks' rules, shared by the two kinds of hierarchy. `note` is the
    /// depth-1 class's, `memo` the depth-2 class's (which calls `super` for the rest).
    enum HookRules {
        static func validateNote(title: String) throws {
            if title == "bad" { throw HookError("note") }
        }

        static func validateMemo(priority: Int) throws {
            if priority < 0 { throw HookError("memo") }
        }

        /// note: tags are appended; `nil` for other keys (the default applies).
        static func noteMerge(_ key: String, _ current: Any?, from model: any Model) -> Any? {
            guard key == "tags" else { return nil }
            return (current as? [String] ?? []) + (model.value(forKey: "tags") as? [String] ?? [])
        }

        /// memo: the larger priority; `nil` for other keys.
        static func memoMerge(_ key: String, _ current: Any?, from model: any Model) -> Any? {
            guard key == "priority" else { return nil }
            return max(current as? Int ?? 0, model.value(forKey: "priority") as? Int ?? 0)
        }

        static func noteStorage(_ key: String) -> PropertyStorage? { key == "cache" ? PropertyStorage.none : nil }
        static func memoStorage(_ key: String) -> PropertyStorage? { key == "scratch" ? .transitory : nil }
        static func memoKeys(_ keys: Set<String>) -> Set<String> { keys.subtracting(["hidden"]) }
        static func noteEncoding(_ key: String) -> EncodingBehavior? { key == "priority" ? .excluded : nil }
        static func memoEncoding(_ key: String) -> EncodingBehavior? { key == "archived" ? .excluded : nil }

        /// note: tags and title are marked with the level and archive version.
        static func noteDecode(_ key: String, _ values: [String: Any], _ version: Int) -> Any?? {
            switch key {
            case "title": (values[key] as? String).map { "\($0) (note, v\(version))" }
            case "tags": (values[key] as? [String]).map { $0.map { "\($0) (note, v\(version))" } }
            default: nil
            }
        }

        /// memo: the title is marked with its own level.
        static func memoDecode(_ key: String, _ values: [String: Any], _ version: Int) -> Any?? {
            key == "title" ? (values[key] as? String).map { "\($0) (memo, v\(version))" } : nil
        }
    }
}

// MARK: - Models

extension ClassHookTests {
    /// Depth 1 under ModelObject.
    class NoteObject: ModelObject {
        var title = ""
        var tags: [String] = []
        var priority = 0
        var scratch = ""
        var hidden = ""
        var cache = ""

        override func validate() throws {
            try super.validate()
            try HookRules.validateNote(title: title)
        }

        override func mergeValue(forKey key: String, from model: any Model) {
            guard let merged = HookRules.noteMerge(key, value(forKey: key), from: model) else {
                return super.mergeValue(forKey: key, from: model)
            }
            try? setValue(merged, forKey: key)
        }

        override class var modelVersion: Int { 1 }

        override class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            HookRules.noteStorage(key) ?? super.storageBehavior(forPropertyKey: key)
        }

        override class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            HookRules.noteEncoding(key) ?? super.encodingBehavior(forPropertyKey: key)
        }

        override class func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                        modelVersion: Int) throws -> Any? {
            try HookRules.noteDecode(key, archivedValues, modelVersion)
                ?? super.decodeValue(forKey: key, from: archivedValues, modelVersion: modelVersion)
        }
    }

    /// Depth 2 under ModelObject, with the hooks only ModelObject declares too.
    final class MemoObject: NoteObject {
        var archived = false
        var mergeCount = 0

        required convenience init(dictionary: [String: Any]) throws {
            self.init()
            for (key, value) in dictionary { try setValue(value, forKey: key.lowercased()) }
            try validate()
        }

        override func validate() throws {
            try super.validate()
            try HookRules.validateMemo(priority: priority)
        }

        override func mergeValue(forKey key: String, from model: any Model) {
            guard let merged = HookRules.memoMerge(key, value(forKey: key), from: model) else {
                return super.mergeValue(forKey: key, from: model)
            }
            try? setValue(merged, forKey: key)
        }

        override func mergeValues(forKeysFrom model: any Model) {
            super.mergeValues(forKeysFrom: model)
            mergeCount += 1
        }

        override var dictionaryValue: [String: Any] {
            super.dictionaryValue.merging(["kind": "memo"]) { $1 }
        }

        override class var propertyKeys: Set<String> { HookRules.memoKeys(super.propertyKeys).subtracting(["mergeCount"]) }

        override class var modelVersion: Int { 2 }

        override class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            HookRules.memoStorage(key) ?? super.storageBehavior(forPropertyKey: key)
        }

        override class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            HookRules.memoEncoding(key) ?? super.encodingBehavior(forPropertyKey: key)
        }

        override class func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                        modelVersion: Int) throws -> Any? {
            try HookRules.memoDecode(key, archivedValues, modelVersion)
                ?? super.decodeValue(forKey: key, from: archivedValues, modelVersion: modelVersion)
        }
    }

    /// A plain Swift root class that declares the hooks its subclasses
    /// customise, forwarding to the defaults (see DefiningModels).
    class PlainRoot: Model {
        var title = ""
        var tags: [String] = []
        var priority = 0
        var scratch = ""
        var hidden = ""
        var cache = ""

        required init() {}

        func validate() throws {}

        func mergeValue(forKey key: String, from model: any Model) {
            takeValue(forKey: key, from: model)
        }

        class var propertyKeys: Set<String> { defaultPropertyKeys }

        class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            defaultStorageBehavior(forPropertyKey: key)
        }

        class var modelVersion: Int { 0 }

        class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            defaultEncodingBehavior(forPropertyKey: key)
        }

        class func decodeValue(forKey key: String, from archivedValues: [String: Any],
                               modelVersion: Int) throws -> Any? {
            defaultDecodedValue(forKey: key, from: archivedValues)
        }
    }

    /// Depth 1 under the plain root.
    class Note: PlainRoot {
        override func validate() throws {
            try super.validate()
            try HookRules.validateNote(title: title)
        }

        override func mergeValue(forKey key: String, from model: any Model) {
            guard let merged = HookRules.noteMerge(key, value(forKey: key), from: model) else {
                return super.mergeValue(forKey: key, from: model)
            }
            try? setValue(merged, forKey: key)
        }

        override class var modelVersion: Int { 1 }

        override class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            HookRules.noteStorage(key) ?? super.storageBehavior(forPropertyKey: key)
        }

        override class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            HookRules.noteEncoding(key) ?? super.encodingBehavior(forPropertyKey: key)
        }

        override class func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                        modelVersion: Int) throws -> Any? {
            try HookRules.noteDecode(key, archivedValues, modelVersion)
                ?? super.decodeValue(forKey: key, from: archivedValues, modelVersion: modelVersion)
        }
    }

    /// Depth 2 under the plain root.
    final class Memo: Note {
        var archived = false

        override func validate() throws {
            try super.validate()
            try HookRules.validateMemo(priority: priority)
        }

        override func mergeValue(forKey key: String, from model: any Model) {
            guard let merged = HookRules.memoMerge(key, value(forKey: key), from: model) else {
                return super.mergeValue(forKey: key, from: model)
            }
            try? setValue(merged, forKey: key)
        }

        override class var propertyKeys: Set<String> { HookRules.memoKeys(super.propertyKeys) }

        override class var modelVersion: Int { 2 }

        override class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            HookRules.memoStorage(key) ?? super.storageBehavior(forPropertyKey: key)
        }

        override class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            HookRules.memoEncoding(key) ?? super.encodingBehavior(forPropertyKey: key)
        }

        override class func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                        modelVersion: Int) throws -> Any? {
            try HookRules.memoDecode(key, archivedValues, modelVersion)
                ?? super.decodeValue(forKey: key, from: archivedValues, modelVersion: modelVersion)
        }
    }
}
