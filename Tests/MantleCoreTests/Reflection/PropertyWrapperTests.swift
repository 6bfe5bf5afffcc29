//
//  PropertyWrapperTests.swift
//  Property wrappers: those conforming to `ModelPropertyWrapper` take part
//  under their declared name; the storage of others is refused at first use
//  (rule 6 of ModelFields), while a property of the type's own named `_x` is kept.
//  Each test covers a fact that a SAFETY comment in Sources/MantleCore/Reflection relies on.
//

import Foundation
import Testing
@testable import MantleCore

@Suite("Reflection: property wrappers")
struct PropertyWrapperTests {
    @Test("a conforming wrapper takes part under the declared name, through wrappedValue")
    func conformingWrapper() throws {
        #expect(Wrapped.propertyKeys == ["level", "name"])
        var model = try Wrapped(dictionary: ["level": 42])
        #expect(model.level == 10) // the wrapper's setter clamped it
        #expect(model.dictionaryValue["level"] as? Int == 10)
        try model.setValue(-3, forKey: "level")
        #expect(model.level == 0)
        #expect(model.description.contains("level: 0"))
        let error = try #require(throws: ModelError.self) { try Wrapped(dictionary: ["level": "high"]) }
        #expect(error.code == .typeMismatch)
        #expect(error.expected == "Int")
        var other = Wrapped()
        other.level = 0
        #expect(model == other)
        #expect(model.hashValue == other.hashValue)
        other.level = 1
        #expect(model != other)
    }

    @Test("class models: copy and merge go through the wrapper")
    func classWrapper() throws {
        let source = try WrappedClass(dictionary: ["level": 7, "name": "s"])
        let copy = source.copy()
        #expect(copy.level == 7)
        let target = WrappedClass()
        target.mergeValues(forKeysFrom: source)
        #expect(target.level == 7)
        #expect(WrappedClass.propertyKeys == ["level", "name"])
    }

    @Test("the storage of a wrapper that does not conform is refused at first use, naming the wrapper and the fix")
    func unconformingWrapperRefused() throws {
        #expect(Unconforming.propertyKeys == ["plain", "name"])
        let error = try #require(throws: ModelError.self) { try Unconforming(dictionary: ["plain": 7]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.propertyKey == "plain")
        #expect(error.found == "@UnconformingWrapper var plain")
        #expect(error.description.contains("conform UnconformingWrapper to ModelPropertyWrapper"))
        #expect(error.description.contains(#"["plain": \Unconforming.plain]"#))
        // Every throwing entry point reports it, even when the dictionary leaves the wrapper out.
        #expect(throws: ModelError.self) { try Unconforming(dictionary: ["name": "n"]) }
        var model = Unconforming()
        #expect(throws: ModelError.self) { try model.setValue("n", forKey: "name") }
        // The non-throwing operations work on the other properties.
        #expect(model == Unconforming())
        #expect(model.dictionaryValue.keys.sorted() == ["name"])
    }

    @Test("wrappers of every shape that does not conform are refused", arguments: [
        ("struct wrapper", "plain"), ("generic wrapper", "items"), ("class wrapper", "counter"),
        ("in a class model", "plain"),
    ])
    func everyWrapperShapeRefused(shape: String, key: String) throws {
        let types: [String: any Model.Type] = [
            "struct wrapper": Unconforming.self, "generic wrapper": GenericWrapped.self,
            "class wrapper": ClassWrapped.self, "in a class model": WrappedClassModel.self,
        ]
        let type = try #require(types[shape])
        let error = try #require(throws: ModelError.self) { try type.init(dictionary: [:]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.propertyKey == key)
    }

    @Test("a property of the type's own named _x is kept when its type is a value, a model, an enum or it has an x")
    func ownUnderscoredPropertiesKept() throws {
        #expect(OwnUnderscored.propertyKeys == ["_count", "_date", "_state", "_owner", "_cache", "cache"])
        let model = try OwnUnderscored(dictionary: ["_count": 2, "_state": Switch.on, "_cache": Token(n: 1)])
        #expect(model._count == 2)
        #expect(model._state == .on)
        #expect(model._cache == Token(n: 1))
    }

    @Test("a property of the type's own named _x of a struct type is kept by declaring its key path, or by storage .none")
    func ownUnderscoredStructProperty() throws {
        let error = try #require(throws: ModelError.self) { try OwnToken(dictionary: [:]) }
        #expect(error.propertyKey == "token")
        #expect(error.description.contains(#""_token": \OwnToken._token"#))
        #expect(DeclaredOwnToken.propertyKeys == ["_token"])
        let declared = try DeclaredOwnToken(dictionary: ["_token": UnconformingWrapper(wrappedValue: 4)])
        #expect(declared._token.wrappedValue == 4)
        #expect(LeftOutToken.propertyKeys.isEmpty)
        #expect(try LeftOutToken(dictionary: [:])._token.wrappedValue == 0)
        #expect(ConstantToken.propertyKeys.isEmpty)
        #expect(try ConstantToken(dictionary: [:])._token.wrappedValue == 0)
    }
}

// MARK: - Declarations under test

extension PropertyWrapperTests {
    @propertyWrapper
    struct Clamped: ModelPropertyWrapper, Hashable {
        private var value: Int
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, 0), 10) }
        }
        init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
    }

    @propertyWrapper
    struct UnconformingWrapper: Hashable {
        var wrappedValue: Int
    }

    struct Wrapped: Model {
        @Clamped var level = 3
        var name = ""
    }

    struct Unconforming: Model {
        @UnconformingWrapper var plain = 1
        var name = ""
    }

    @propertyWrapper
    struct Listed<Element: Hashable>: Hashable {
        var wrappedValue: [Element]
    }

    struct GenericWrapped: Model {
        @Listed var items: [Int] = []
    }

    @propertyWrapper
    final class Counter: Hashable {
        var wrappedValue: Int
        init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
        static func == (lhs: Counter, rhs: Counter) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct ClassWrapped: Model {
        @Counter var counter = 0
    }

    final class WrappedClassModel: Model {
        @UnconformingWrapper var plain = 1
        required init() {}
    }

    struct Token: Model {
        var n = 0
    }

    enum Switch: String, Hashable {
        case on, off
    }

    struct OwnUnderscored: Model {
        var _count = 0
        var _date = Date(timeIntervalSince1970: 0)
        var _state = Switch.off
        var _owner: Token?
        var _cache = Token()
        var cache = 0
    }

    struct OwnToken: Model {
        var _token = UnconformingWrapper(wrappedValue: 0)
    }

    struct DeclaredOwnToken: WrappedPropertiesModel {
        var _token = UnconformingWrapper(wrappedValue: 0)
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["_token": \DeclaredOwnToken._token] }
    }

    struct LeftOutToken: Model {
        var _token = UnconformingWrapper(wrappedValue: 0)
        static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            .none
        }
    }

    struct ConstantToken: Model {
        let _token = UnconformingWrapper(wrappedValue: 0)
    }

    final class WrappedClass: Model {
        @Clamped var level = 3
        var name = ""
        required init() {}
    }
}
