//
//  PropertyWrapperTests.swift
//  Property wrappers: those conforming to `ModelPropertyWrapper` take part
//  under their declared name; others are refused.
//  Each test covers a fact that a SAFETY comment in Sources/MantleCore/Reflection relies on.
//

import Foundation
import Testing
@testable import MantleCore

@Suite("Reflection: property wrappers")
struct PropertyWrapperTests {
    @Test("a conforming wrapper takes part under the declared name, through wrappedValue")
    func conformingWrapper() throws {
        #expect(Wrapped.propertyKeys == ["level", "_plain", "name"])
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
        @UnconformingWrapper var plain = 1
        var name = ""
    }

    final class WrappedClass: Model {
        @Clamped var level = 3
        var name = ""
        required init() {}
    }
}
