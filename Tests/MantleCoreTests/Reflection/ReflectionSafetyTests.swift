//  The reflective write path on the declarations that need more than a typed
//  load or store: weak references to class-bound protocols (reference plus
//  witness tables), unowned references, shadowed superclass fields, non-model
//  superclasses and property wrappers. Each test covers a fact that a SAFETY
//  comment in Sources/MantleCore/Reflection relies on.

import Foundation
import Testing
import MantleArchiving
@testable import MantleCore

// MARK: - Declarations under test

protocol SafeGreeter: AnyObject { func greeting() -> String }
protocol SafeCounter: AnyObject { func count() -> Int }

final class SafeEnglish: SafeGreeter, SafeCounter {
    let name: String
    init(_ name: String) { self.name = name }
    func greeting() -> String { "hello \(name)" }
    func count() -> Int { name.count }
}

final class SafeFrench: SafeGreeter {
    func greeting() -> String { "bonjour" }
}

/// The delegate pattern: weak references to class-bound protocol existentials.
struct SafeDelegating: Model {
    var title = ""
    weak var delegate: (any SafeGreeter)?
    weak var both: (any SafeGreeter & SafeCounter)?
    weak var object: AnyObject?
}

final class SafeDelegatingClass: Model {
    var title = ""
    weak var delegate: (any SafeGreeter)?
    weak var both: (any SafeGreeter & SafeCounter)?
    required init() {}
}

final class SafeOwner: Sendable {}

/// A long-lived owner for unowned references in tests.
let safeSharedOwner = SafeOwner()

/// Unowned references of every kind: not part of the model.
final class SafeUnowned: Model {
    var name = ""
    unowned var owner: SafeOwner = safeSharedOwner
    unowned(unsafe) var rawOwner: SafeOwner = safeSharedOwner
    unowned var maybeOwner: SafeOwner? = safeSharedOwner
    required init() {}
}

/// The same, asking for an unowned reference to take part: refused.
final class SafeUnownedOptIn: Model {
    var name = ""
    unowned var owner: SafeOwner = safeSharedOwner
    required init() {}
    static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        key == "owner" ? .permanent : key == "name" ? .permanent : .none
    }
}

struct SafeUnownedStruct: Model {
    var name = ""
    unowned(unsafe) var rawOwner: SafeOwner = safeSharedOwner
    unowned var owner: SafeOwner = safeSharedOwner
}

class SafeShadowBase: Model {
    private var secret = 1
    var shared = 0
    required init() {}
    /// The base's private value, to check that it is never written through the subclass.
    var baseSecret: Int { secret }
}

final class SafeShadowDerived: SafeShadowBase {
    var secret = "derived"
    required init() {}
}

/// A model whose superclass is not a model: `Operation`'s private state stays out.
final class SafeJob: Operation, Model, @unchecked Sendable {
    var label = ""
    var priorityLevel = 0
    override required init() { super.init() }
}

/// A non-model class between a model and `NSObject`.
class SafePlainBase: NSObject {
    var plain = 7
}

final class SafeOnPlain: SafePlainBase, Model {
    var mine = ""
    override required init() { super.init() }
}

@propertyWrapper
struct SafeClamped: ModelPropertyWrapper, Hashable {
    private var value: Int
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 10) }
    }
    init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
}

@propertyWrapper
struct SafeUnconformingWrapper: Hashable {
    var wrappedValue: Int
}

struct SafeWrapped: Model {
    @SafeClamped var level = 3
    @SafeUnconformingWrapper var plain = 1
    var name = ""
}

final class SafeWrappedClass: Model {
    @SafeClamped var level = 3
    var name = ""
    required init() {}
}

// MARK: - Tests

@Suite("Reflection: weak references to class-bound protocols")
struct WeakExistentialTests {
    @Test("init(dictionary:) stores the reference and its witness table")
    func initDictionary() throws {
        let english = SafeEnglish("ann")
        let model = try SafeDelegating(dictionary: ["title": "t", "delegate": english, "both": english, "object": english])
        #expect(model.delegate?.greeting() == "hello ann")
        #expect(model.both?.greeting() == "hello ann")
        #expect(model.both?.count() == 3)
        #expect(model.delegate === english)
        #expect(model.object === english)
        let object = try SafeDelegatingClass(dictionary: ["delegate": english, "both": english])
        #expect(object.delegate?.greeting() == "hello ann")
        #expect(object.both?.count() == 3)
    }

    @Test("replacing the referent with another class replaces the witness table")
    func replaceWithOtherClass() throws {
        let english = SafeEnglish("bob")
        let french = SafeFrench()
        var model = SafeDelegating()
        try model.setValue(english, forKey: "delegate")
        #expect(model.delegate?.greeting() == "hello bob")
        try model.setValue(french, forKey: "delegate")
        #expect(model.delegate?.greeting() == "bonjour")
        try model.setValue(nil, forKey: "delegate")
        #expect(model.delegate == nil)
        let object = SafeDelegatingClass()
        try object.setValue(french, forKey: "delegate")
        #expect(object.delegate?.greeting() == "bonjour")
    }

    @Test("a value that does not conform to the protocol is a type mismatch")
    func wrongReferent() throws {
        let error = try #require(throws: ModelError.self) {
            try SafeDelegating(dictionary: ["both": SafeFrench()])
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == "both")
    }

    @Test("copy(), mergeValues and dictionaryValue keep working references")
    func copyAndMerge() throws {
        let english = SafeEnglish("cy")
        let source = SafeDelegatingClass()
        source.delegate = english
        source.both = english
        let copy = source.copy()
        #expect(copy !== source)
        #expect(copy.delegate?.greeting() == "hello cy")
        #expect(copy.both?.count() == 2)
        var target = SafeDelegatingClass()
        target.mergeValues(forKeysFrom: source)
        #expect(target.both?.greeting() == "hello cy")
        #expect(target.both?.count() == 2)
        #expect(source.dictionaryValue["both"] as AnyObject? === english)
        var value = SafeDelegating()
        value.mergeValues(forKeysFrom: source)
        #expect(value.both?.count() == 2)
        #expect(value.delegate?.greeting() == "hello cy")
    }

    @Test("the reference stays weak: the referent is released and reads as nil")
    func staysWeak() throws {
        var model = SafeDelegating()
        do {
            let english = SafeEnglish("temporary")
            try model.setValue(english, forKey: "both")
            #expect(model.both?.count() == 9)
        }
        #expect(model.both == nil)
        #expect(model.dictionaryValue["both"] is NSNull)
        #expect(model.description.contains("title"))
    }

    @Test("weak references are transitory and compare by identity")
    func storageAndEquality() throws {
        #expect(SafeDelegating.storageBehavior(forPropertyKey: "delegate") == .transitory)
        #expect(SafeDelegating.propertyKeys == ["title", "delegate", "both", "object"])
        let english = SafeEnglish("d")
        let left = try SafeDelegating(dictionary: ["delegate": english])
        let right = try SafeDelegating(dictionary: ["delegate": SafeEnglish("d")])
        #expect(left == right) // transitory: not part of ==
        #expect(left.hashValue == right.hashValue)
    }
}

@Suite("Reflection: unowned references")
struct UnownedReferenceTests {
    @Test("the field descriptor tells weak, unowned and unowned(unsafe) apart", arguments: [
        ("owner", ReferenceOwnership.unowned),
        ("rawOwner", .unownedUnsafe),
        ("maybeOwner", .unowned),
        ("name", .strong),
    ])
    func classification(key: String, ownership: ReferenceOwnership) throws {
        let field = try #require(StoredField.fields(of: SafeUnowned.self).first { $0.name == key })
        #expect(field.ownership == ownership)
    }

    @Test("weak fields of structs and classes are classified as weak")
    func weakClassification() {
        for type in [SafeDelegating.self, SafeDelegatingClass.self] as [Any.Type] {
            let weak = StoredField.fields(of: type).filter { $0.ownership == .weak }.map(\.name)
            #expect(weak.contains("delegate") && weak.contains("both"))
        }
    }

    @Test("unowned references are not part of the model, on every path")
    func notPartOfTheModel() throws {
        #expect(SafeUnowned.propertyKeys == ["name"])
        #expect(SafeUnownedStruct.propertyKeys == ["name"])
        let model = try SafeUnowned(dictionary: ["name": "n"])
        #expect(Set(model.dictionaryValue.keys) == ["name"])
        #expect(model.description == #"SafeUnowned(name: "n")"#)
        #expect(model == model.copy())
        #expect(model.copy().owner === safeSharedOwner)
        let error = try #require(throws: ModelError.self) { try SafeUnowned(dictionary: ["owner": SafeOwner()]) }
        #expect(error.code == .unknownPropertyKey)
        var value = SafeUnownedStruct()
        value.name = "v"
        #expect(value.dictionaryValue.count == 1)
        #expect(value.hashValue == SafeUnownedStruct(name: "v").hashValue)
    }

    @Test("asking for an unowned reference to take part is refused at first use")
    func optInRefused() throws {
        #expect(SafeUnownedOptIn.propertyKeys == ["name", "owner"])
        let error = try #require(throws: ModelError.self) { try SafeUnownedOptIn(dictionary: ["name": "n"]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.propertyKey == "owner")
        #expect(error.description.contains("unowned"))
        let model = SafeUnownedOptIn()
        #expect(throws: ModelError.self) { try model.setValue("x", forKey: "name") }
        // Non-throwing operations never read the refused field.
        #expect(model.dictionaryValue.keys.sorted() == ["name"])
        #expect(model == model.copy())
        #expect((error as NSError).code == 4)
        #expect(throws: ArchiveError.self) { try ModelArchiver.archivedData(with: model) }
    }
}

@Suite("Reflection: which stored fields make up a model")
struct ModelFieldsTests {
    @Test("a subclass property hides a private superclass field of the same name, on every path")
    func shadowing() throws {
        #expect(SafeShadowDerived.propertyKeys == ["secret", "shared"])
        let model = try SafeShadowDerived(dictionary: ["secret": "set", "shared": 2])
        #expect(model.secret == "set")
        #expect(model.baseSecret == 1)
        #expect(model.dictionaryValue["secret"] as? String == "set")
        #expect(model.value(forKey: "secret") as? String == "set")
        #expect(model.description == #"SafeShadowDerived(secret: "set", shared: 2)"#)
        let error = try #require(throws: ModelError.self) { try SafeShadowDerived(dictionary: ["secret": 5]) }
        #expect(error.code == .typeMismatch)
        #expect(model.copy().secret == "set")
        // The base class on its own still has its private field.
        #expect(SafeShadowBase.propertyKeys == ["secret", "shared"])
        #expect(try SafeShadowBase(dictionary: ["secret": 9]).baseSecret == 9)
    }

    @Test("fields of superclasses that are not models are not properties")
    func nonModelSuperclass() throws {
        #expect(SafeJob.propertyKeys == ["label", "priorityLevel"])
        let job = try SafeJob(dictionary: ["label": "build", "priorityLevel": 2])
        let copy: SafeJob = job.copy() // NSObject's copy() -> Any is the other candidate
        #expect(copy !== job)
        // (An NSObject subclass keeps NSObject's ==, hash and description.)
        #expect(copy.label == "build" && copy.priorityLevel == 2)
        #expect(Set(job.dictionaryValue.keys) == ["label", "priorityLevel"])
        #expect(SafeOnPlain.propertyKeys == ["mine"])
        #expect(throws: ModelError.self) { try SafeOnPlain(dictionary: ["plain": 1]) }
        // The job still works as an operation after being copied.
        let queue = OperationQueue()
        queue.addOperation(copy)
        queue.waitUntilAllOperationsAreFinished()
        #expect(copy.isFinished)
    }

    @Test("the field descriptor agrees with the runtime on every field", arguments: [
        SafeDelegating.self, SafeDelegatingClass.self, SafeUnowned.self, SafeShadowDerived.self, SafeJob.self,
        SafeWrapped.self, SafeUnownedStruct.self,
    ] as [Any.Type])
    func descriptorAgreesWithRuntime(type: Any.Type) throws {
        let own = try #require(FieldDescriptorReader.ownRecords(of: type))
        let runtime = StoredField.fields(of: type).filter { $0.declaringType == type }
        #expect(own.map(\.name) == runtime.map(\.name))
        #expect(own.map(\.isVariable) == runtime.map(\.isVariable))
        #expect(own.map(\.ownership) == runtime.map(\.ownership))
    }
}

@Suite("Reflection: property wrappers")
struct PropertyWrapperTests {
    @Test("a conforming wrapper takes part under the declared name, through wrappedValue")
    func conformingWrapper() throws {
        #expect(SafeWrapped.propertyKeys == ["level", "_plain", "name"])
        var model = try SafeWrapped(dictionary: ["level": 42])
        #expect(model.level == 10) // the wrapper's setter clamped it
        #expect(model.dictionaryValue["level"] as? Int == 10)
        try model.setValue(-3, forKey: "level")
        #expect(model.level == 0)
        #expect(model.description.contains("level: 0"))
        let error = try #require(throws: ModelError.self) { try SafeWrapped(dictionary: ["level": "high"]) }
        #expect(error.code == .typeMismatch)
        #expect(error.expected == "Int")
        var other = SafeWrapped()
        other.level = 0
        #expect(model == other)
        #expect(model.hashValue == other.hashValue)
        other.level = 1
        #expect(model != other)
    }

    @Test("class models: copy and merge go through the wrapper")
    func classWrapper() throws {
        let source = try SafeWrappedClass(dictionary: ["level": 7, "name": "s"])
        let copy = source.copy()
        #expect(copy.level == 7)
        var target = SafeWrappedClass()
        target.mergeValues(forKeysFrom: source)
        #expect(target.level == 7)
        #expect(SafeWrappedClass.propertyKeys == ["level", "name"])
    }
}
