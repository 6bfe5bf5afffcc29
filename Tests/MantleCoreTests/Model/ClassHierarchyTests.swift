import Foundation
import Testing
import MantleArchiving
@testable import MantleCore

/// Class hierarchies as users write them: a plain Swift base class of the
/// app's own contributes its stored properties to a model subclass; classes
/// of the system (and classes inheriting from them) contribute nothing.
@Suite("Class hierarchies")
struct ClassHierarchyTests {
    // MARK: Models

    /// A plain base class of the app's own: not a model.
    class Entity {
        var id = 0
        var createdBy: String?
        let kind = "entity"
        weak var owner: Owner?
        lazy var cached = 1
        init() {}
    }

    final class Owner {}

    /// A model whose base class is not a model.
    final class Article: Entity, Model {
        var title = ""
        required override init() {}
    }

    /// Two levels of plain base classes.
    class Timestamped: Entity {
        var updatedAt = 0.0
    }

    final class Comment: Timestamped, Model {
        var text = ""
        required override init() {}
    }

    /// A model whose base class inherits from a system class: only its own fields.
    class Node: NSObject {
        var parentID = 0
    }

    final class Leaf: Node, Model {
        var label = ""
        required override init() {}
    }

    final class Task: Operation, Model, @unchecked Sendable {
        var summary = ""
        required override init() {}
    }

    /// A plain base class that declares a field with the name of the model's.
    class Shadowed {
        private var title = 0
    }

    final class Shadowing: Shadowed, Model {
        var title = ""
        required override init() {}
    }

    // MARK: Keys and storage

    @Test("a plain base class's stored vars are properties, under the model's storage rules")
    func plainBaseKeys() {
        #expect(Article.propertyKeys == ["id", "createdBy", "owner", "title"])
        #expect(Comment.propertyKeys == ["id", "createdBy", "owner", "updatedAt", "text"])
        #expect(Article.storageBehavior(forPropertyKey: "id") == .permanent)
        #expect(Article.storageBehavior(forPropertyKey: "owner") == .transitory)
        #expect(Article.storageBehavior(forPropertyKey: "kind") == .none)
        #expect(Article.storageBehavior(forPropertyKey: "cached") == .none)
        #expect(Article.encodingBehavior(forPropertyKey: "owner") == .conditional)
        #expect(Shadowing.propertyKeys == ["title"])
    }

    @Test("classes that inherit from a system class contribute nothing")
    func systemBase() {
        #expect(Leaf.propertyKeys == ["label"])
        #expect(Task.propertyKeys == ["summary"])
    }

    @Test("system classes are told by their module, or by having none", arguments: [
        (NSObject.self as AnyClass, true),
        (Operation.self, true),
        (JSONDecoder.self, true),
        (NSNumber.self, true),
        (Entity.self, false),
        (Article.self, false),
        (Node.self, false),
    ])
    func systemClass(type: AnyClass, isSystem: Bool) {
        #expect(ModelFields.isSystemClass(type) == isSystem)
    }

    // MARK: Operations

    @Test("init(dictionary:), dictionaryValue, ==, hash, description and copy() include the base class's fields")
    func plainBaseOperations() throws {
        let article = try Article(dictionary: ["id": 7, "createdBy": "ann", "title": "Hello"])
        #expect(article.id == 7 && article.createdBy == "ann" && article.title == "Hello")
        #expect(article.dictionaryValue["id"] as? Int == 7)
        #expect(Set(article.dictionaryValue.keys) == ["id", "createdBy", "owner", "title"])
        let same = try Article(dictionary: ["id": 7, "createdBy": "ann", "title": "Hello"])
        let other = try Article(dictionary: ["id": 8, "createdBy": "ann", "title": "Hello"])
        #expect(article == same)
        #expect(article.hashValue == same.hashValue)
        #expect(article != other)
        #expect(article.description == #"Article(id: 7, createdBy: "ann", title: "Hello")"#)
        let copy = article.copy()
        #expect(copy !== article && copy == article && copy.id == 7)
        #expect(throws: ModelError.self) { try Article(dictionary: ["kind": "other"]) }
        #expect(throws: ModelError.self) { try Article(dictionary: ["id": "seven"]) }
        try article.setValue(9, forKey: "id")
        #expect(article.id == 9)
    }

    @Test("merging takes the base class's fields too")
    func plainBaseMerging() throws {
        let article = try Article(dictionary: ["id": 1, "title": "a"])
        article.mergeValues(forKeysFrom: try Comment(dictionary: ["id": 2, "createdBy": "bo", "text": "t"]))
        #expect(article.id == 2 && article.createdBy == "bo" && article.title == "a")
    }

    @Test("archiving round-trips the base class's fields")
    func plainBaseArchiving() throws {
        let comment = try Comment(dictionary: ["id": 3, "createdBy": "cy", "updatedAt": 1.5, "text": "hi"])
        let restored = try ModelArchiver.unarchive(Comment.self, from: ModelArchiver.archivedData(with: comment))
        #expect(restored == comment)
        #expect(restored.id == 3 && restored.updatedAt == 1.5 && restored.text == "hi")
    }

    @Test("a model on a system class has only its own fields in every operation")
    func systemBaseOperations() throws {
        let leaf = try Leaf(dictionary: ["label": "x"])
        #expect(Set(leaf.dictionaryValue.keys) == ["label"])
        #expect(throws: ModelError.self) { try Leaf(dictionary: ["parentID": 1]) }
        let task = try Task(dictionary: ["summary": "build"])
        let copy: Task = task.copy()
        #expect(copy.summary == "build")
        #expect(Set(copy.dictionaryValue.keys) == ["summary"])
    }
}
