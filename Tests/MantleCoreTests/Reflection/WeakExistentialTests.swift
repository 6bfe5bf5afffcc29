//
//  WeakExistentialTests.swift
//  Weak references to class-bound protocol existentials (the delegate pattern):
//  the reference and its witness tables, written and read through the model API.
//  Each test covers a fact that a SAFETY comment in Sources/MantleCore/Reflection relies on.
//

import Foundation
import Testing
@testable import MantleCore

@Suite("Reflection: weak references to class-bound protocols")
struct WeakExistentialTests {
    @Test("init(dictionary:) stores the reference and its witness table")
    func initDictionary() throws {
        let english = English("ann")
        let model = try Delegating(dictionary: ["title": "t", "delegate": english, "both": english, "object": english])
        #expect(model.delegate?.greeting() == "hello ann")
        #expect(model.both?.greeting() == "hello ann")
        #expect(model.both?.count() == 3)
        #expect(model.delegate === english)
        #expect(model.object === english)
        let object = try DelegatingClass(dictionary: ["delegate": english, "both": english])
        #expect(object.delegate?.greeting() == "hello ann")
        #expect(object.both?.count() == 3)
    }

    @Test("replacing the referent with another class replaces the witness table")
    func replaceWithOtherClass() throws {
        let english = English("bob")
        let french = French()
        var model = Delegating()
        try model.setValue(english, forKey: "delegate")
        #expect(model.delegate?.greeting() == "hello bob")
        try model.setValue(french, forKey: "delegate")
        #expect(model.delegate?.greeting() == "bonjour")
        try model.setValue(nil, forKey: "delegate")
        #expect(model.delegate == nil)
        let object = DelegatingClass()
        try object.setValue(french, forKey: "delegate")
        #expect(object.delegate?.greeting() == "bonjour")
    }

    @Test("a value that does not conform to the protocol is a type mismatch")
    func wrongReferent() throws {
        let error = try #require(throws: ModelError.self) {
            try Delegating(dictionary: ["both": French()])
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == "both")
    }

    @Test("copy(), mergeValues and dictionaryValue keep working references")
    func copyAndMerge() throws {
        let english = English("cy")
        let source = DelegatingClass()
        source.delegate = english
        source.both = english
        let copy = source.copy()
        #expect(copy !== source)
        #expect(copy.delegate?.greeting() == "hello cy")
        #expect(copy.both?.count() == 2)
        let target = DelegatingClass()
        target.mergeValues(forKeysFrom: source)
        #expect(target.both?.greeting() == "hello cy")
        #expect(target.both?.count() == 2)
        #expect(source.dictionaryValue["both"] as AnyObject? === english)
        var value = Delegating()
        value.mergeValues(forKeysFrom: source)
        #expect(value.both?.count() == 2)
        #expect(value.delegate?.greeting() == "hello cy")
    }

    @Test("the reference stays weak: the referent is released and reads as nil")
    func staysWeak() throws {
        var model = Delegating()
        do {
            let english = English("temporary")
            try model.setValue(english, forKey: "both")
            #expect(model.both?.count() == 9)
        }
        #expect(model.both == nil)
        #expect(model.dictionaryValue["both"] is NSNull)
        #expect(model.description.contains("title"))
    }

    @Test("weak references are transitory and compare by identity")
    func storageAndEquality() throws {
        #expect(Delegating.storageBehavior(forPropertyKey: "delegate") == .transitory)
        #expect(Delegating.propertyKeys == ["title", "delegate", "both", "object"])
        let english = English("d")
        let left = try Delegating(dictionary: ["delegate": english])
        let right = try Delegating(dictionary: ["delegate": English("d")])
        #expect(left == right) // transitory: not part of ==
        #expect(left.hashValue == right.hashValue)
    }
}

// MARK: - Declarations under test

extension WeakExistentialTests {
    protocol Greeter: AnyObject { func greeting() -> String }

    protocol Counter: AnyObject { func count() -> Int }

    final class English: Greeter, Counter {
        let name: String
        init(_ name: String) { self.name = name }
        func greeting() -> String { "hello \(name)" }
        func count() -> Int { name.count }
    }

    final class French: Greeter {
        func greeting() -> String { "bonjour" }
    }

    /// The delegate pattern: weak references to class-bound protocol existentials.
    struct Delegating: Model {
        var title = ""
        weak var delegate: (any Greeter)?
        weak var both: (any Greeter & Counter)?
        weak var object: AnyObject?
    }

    final class DelegatingClass: Model {
        var title = ""
        weak var delegate: (any Greeter)?
        weak var both: (any Greeter & Counter)?
        required init() {}
    }
}
