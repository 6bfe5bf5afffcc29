//  Models compiled without reflection metadata (`-disable-reflection-metadata`,
//  Reflection Metadata Level None) or without field names
//  (`-disable-reflection-names`, Without Names) are refused at first use with
//  an error that names the build setting, on every throwing path; nothing
//  decodes to defaults in silence, and the operations that cannot throw stop
//  the program with the same message.

import Foundation
import JSONAdapter
import NamelessModels
import ReadableModels
import StrippedModels
import Testing

/// What a refusal must say: the Xcode build setting, its value, and the flag.
private func expectNamesTheSetting(_ error: ModelError, flag: String, typeName: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error.code == .unsupportedDeclaration, sourceLocation: sourceLocation)
    let text = error.description
    #expect(text.contains("Reflection Metadata Level"), "\(text)", sourceLocation: sourceLocation)
    #expect(text.contains("SWIFT_REFLECTION_METADATA_LEVEL = all"), "\(text)", sourceLocation: sourceLocation)
    #expect(text.contains(flag), "\(text)", sourceLocation: sourceLocation)
    #expect(text.contains(typeName), "\(text)", sourceLocation: sourceLocation)
}

/// The stripped and nameless models, by a name for the test's arguments.
private enum Case: String, CaseIterable, Sendable {
    case strippedRepo, strippedMappedRepo, strippedOwner, strippedFork, strippedPage
    case namelessRepo, namelessMappedRepo, namelessOwner, namelessFork, namelessPage

    var type: any JSONSerializing.Type {
        switch self {
        case .strippedRepo: StrippedRepo.self
        case .strippedMappedRepo: StrippedMappedRepo.self
        case .strippedOwner: StrippedOwner.self
        case .strippedFork: StrippedFork.self
        case .strippedPage: StrippedPage<Int>.self
        case .namelessRepo: NamelessRepo.self
        case .namelessMappedRepo: NamelessMappedRepo.self
        case .namelessOwner: NamelessOwner.self
        case .namelessFork: NamelessFork.self
        case .namelessPage: NamelessPage<Int>.self
        }
    }

    var flag: String { rawValue.hasPrefix("stripped") ? "-disable-reflection-metadata" : "-disable-reflection-names" }

    /// The type the message names: the one compiled with the flag.
    var typeName: String { String(describing: type).prefix { $0 != "<" }.description }

    /// JSON with a value for every property of every case.
    static let json = Data(#"""
        {"name": "mantle", "stars": 3, "full_name": "mantle", "stargazers_count": 3, "login": "octocat",
         "id": 7, "parent": "Mantle/Mantle", "items": [1, 2], "next": "p2"}
        """#.utf8)
}

@Suite("Models compiled without reflection metadata or field names")
struct StrippedMetadataTests {
    @Test("the flags took effect: the runtime lists no fields, or fields without names")
    func flagsTookEffect() {
        #expect(Mirror(reflecting: StrippedRepo()).children.isEmpty)
        #expect(Mirror(reflecting: NamelessRepo()).children.count == 2)
        #expect(Mirror(reflecting: NamelessRepo()).children.allSatisfy { $0.label == nil })
        #expect(Mirror(reflecting: ReadableRepo()).children.compactMap(\.label) == ["name", "stars"])
    }

    @Test("the control compiled with metadata decodes", arguments: [false, true])
    func control(fromDictionary: Bool) throws {
        let repo = fromDictionary
            ? try JSONAdapter.model(of: ReadableRepo.self, from: ["name": "mantle", "stars": 3])
            : try JSONAdapter.model(of: ReadableRepo.self, fromJSONData: Case.json)
        #expect(repo.name == "mantle" && repo.stars == 3)
    }

    @Test("decoding from bytes and from dictionaries throws, naming the build setting", arguments: Case.allCases)
    fileprivate func decoding(_ model: Case) throws {
        func decodeBytes<M: JSONSerializing>(_ type: M.Type) throws -> M {
            try JSONAdapter.model(of: type, fromJSONData: Case.json)
        }
        func decodeDictionary<M: JSONSerializing>(_ type: M.Type) throws -> M {
            let object = try JSONSerialization.jsonObject(with: Case.json)
            return try JSONAdapter.model(of: type, from: object as? [String: Any] ?? [:])
        }
        for decode in [{ _ = try decodeBytes(model.type) }, { _ = try decodeDictionary(model.type) }] {
            let error = try #require(throws: JSONAdapterError.self) { try decode() }
            #expect(error.code == .invalidJSONMapping)
            #expect(!error.description.contains("which is not a property"), "\(error)")
            let refusal = try #require(error.underlyingError as? ModelError)
            expectNamesTheSetting(refusal, flag: model.flag, typeName: model.typeName)
        }
    }

    @Test("init(dictionary:), setValue, encoding and update throw the same error", arguments: Case.allCases)
    fileprivate func everyThrowingPath(_ model: Case) throws {
        func check<M: JSONSerializing>(_ type: M.Type) throws {
            let refusal = try #require(throws: ModelError.self) { try M(dictionary: ["name": "mantle"]) }
            expectNamesTheSetting(refusal, flag: model.flag, typeName: model.typeName)
            var instance = M()
            #expect(throws: ModelError.self) { try instance.setValue("x", forKey: "name") }
            #expect(throws: JSONAdapterError.self) { try JSONAdapter.jsonData(from: instance) }
            #expect(throws: JSONAdapterError.self) { try JSONAdapter.update(&instance, fromJSONData: Case.json) }
        }
        try check(model.type)
    }

    @Test("the message names the subclass compiled without metadata, not its readable base")
    func subclassOfReadableBase() throws {
        let refusal = try #require(throws: ModelError.self) { try StrippedFork(dictionary: ["id": 1]) }
        #expect(refusal.description.contains("StrippedFork compiled without reflection metadata"), "\(refusal)")
        let nameless = try #require(throws: ModelError.self) { try NamelessFork(dictionary: ["id": 1]) }
        #expect(nameless.description.contains("NamelessFork compiled without field names"), "\(nameless)")
        // The readable base on its own is a model like any other.
        #expect(try Entity(dictionary: ["id": 4]).id == 4)
    }

    @Test("a model with no stored property has nothing to lose, and is not refused")
    func noStoredProperty() throws {
        _ = try JSONAdapter.model(of: StrippedMarker.self, fromJSONData: Data("{}".utf8))
        _ = try JSONAdapter.model(of: NamelessMarker.self, fromJSONData: Data("{}".utf8))
        #expect(StrippedMarker() == StrippedMarker())
    }

    #if os(macOS) || os(Linux) || os(Windows)
    @Test("==, hash, copy, dictionaryValue and merging stop the program with the message", arguments: [
        "==", "hash", "copy", "dictionaryValue", "merge",
    ])
    func nonThrowingOperationsStop(operation: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [operation] in
            let one = StrippedOwner(), other = StrippedOwner()
            switch operation {
            case "==": _ = one == other
            case "hash": _ = one.hashValue
            case "copy": _ = one.copy()
            case "dictionaryValue": _ = one.dictionaryValue
            default:
                var target = NamelessRepo()
                target.mergeValues(forKeysFrom: NamelessRepo())
            }
        }
        let errors = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(errors.contains("SWIFT_REFLECTION_METADATA_LEVEL"), "\(errors)")
    }
    #endif
}
