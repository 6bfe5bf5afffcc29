//
//  StoredScalarWritingTests.swift
//  The output tree writes `Int`, `String`, `Bool`, `Int?`, `String?` and `[Int]` properties with
//  plain codecs itself, from the model's storage: only for plain accessors (not a property
//  wrapper's storage), at the property's own offset, with the text `JSONEncoder` writes.
//

import Foundation
import Testing
import MantleJSON
@testable import JSONAdapter

@Suite("Scalars written from storage by the output tree")
struct StoredScalarWritingTests {
    /// Each kind, plain and behind a wrapper whose storage is not the value.
    struct Scalars: JSONSerializing {
        var int = 0
        var string = ""
        var bool = false
        var optionalInt: Int?
        var optionalString: String?
        var ints: [Int] = []
        @Boxed var boxedInt = 0
        @Boxed var boxedString = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Keeps its value in an array of one.
    @propertyWrapper
    struct Boxed<Value: Hashable & Sendable>: ModelPropertyWrapper, Hashable, Sendable {
        private var box: [Value]
        var wrappedValue: Value {
            get { box[0] }
            set { box = [newValue] }
        }
        init(wrappedValue: Value) { box = [wrappedValue] }
    }

    static let models: [Scalars] = {
        var full = Scalars()
        (full.int, full.string, full.bool) = (Int.min, "q\"\\/\u{1}é", true)
        (full.optionalInt, full.optionalString, full.ints) = (Int.max, "", [0, -1, 12_345_678_901_234, Int.min])
        (full.boxedInt, full.boxedString) = (-42, "s/")
        var other = full
        (other.int, other.optionalInt, other.optionalString, other.ints) = (7, nil, nil, [])
        return [Scalars(), full, other]
    }()

    /// Which properties the tree writes itself, and from where: the plain ones, each with its
    /// kind and its field's offset; none behind a wrapper.
    @Test("plain properties are stored scalars at their field's offset; wrapped ones are not")
    func storedScalars() throws {
        let mapping = try ModelMapping.of(Scalars.self)
        let tree = try #require(mapping.outputTree)
        let expected: [String: (StoredScalar, Int?)] = [
            "int": (.int, MemoryLayout<Scalars>.offset(of: \.int)),
            "string": (.string, MemoryLayout<Scalars>.offset(of: \.string)),
            "bool": (.bool, MemoryLayout<Scalars>.offset(of: \.bool)),
            "optionalInt": (.optionalInt, MemoryLayout<Scalars>.offset(of: \.optionalInt)),
            "optionalString": (.optionalString, MemoryLayout<Scalars>.offset(of: \.optionalString)),
            "ints": (.intArray, MemoryLayout<Scalars>.offset(of: \.ints)),
        ]
        for step in tree.steps {
            let property = mapping.properties[step.property]
            if let (kind, offset) = expected[property.key] {
                #expect(step.scalar == kind, "\(property.key)")
                #expect(step.offset == offset, "\(property.key)")
            } else {
                #expect(step.scalar == nil, "\(property.key)")
            }
        }
        #expect(tree.steps.filter { $0.scalar != nil }.count == expected.count)
    }

    /// Each member is its key and the bytes `JSONEncoder` writes for its value alone; in
    /// declaration order, or sorted. With slashes escaped and not (only the latter is the
    /// compact writer, which writes prepared keys).
    @Test("stored scalars write what JSONEncoder writes", arguments: [
        [], [.withoutEscapingSlashes], [.sortedKeys], [.sortedKeys, .withoutEscapingSlashes],
    ] as [JSONAdapter.OutputFormatting])
    func text(formatting: JSONAdapter.OutputFormatting) throws {
        let encoder = JSONEncoder()
        if formatting.contains(.withoutEscapingSlashes) { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
        func member(_ key: String, _ value: some Encodable) throws -> (key: String, text: String) {
            (key, "\"\(key)\":" + String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        for model in Self.models {
            var members = [
                try member("int", model.int), try member("string", model.string), try member("bool", model.bool),
                try member("optionalInt", model.optionalInt), try member("optionalString", model.optionalString),
                try member("ints", model.ints), try member("boxedInt", model.boxedInt),
                try member("boxedString", model.boxedString),
            ]
            if formatting.contains(.sortedKeys) { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
            let ours = try JSONAdapter.jsonData(from: model, options: .outputFormatting(formatting))
            #expect(String(decoding: ours, as: UTF8.self) == "{" + members.map(\.text).joined(separator: ",") + "}")
        }
    }
}
