//  @Observable classes through the adapter: both decoding paths, encoding,
//  and JSONAdapter.update notifying the observers of every property it changes.

import Foundation
import MantleTestSupport
import Observation
import Testing
@testable import JSONAdapter

@Suite("@Observable models through JSON")
struct ObservableModelJSONTests {
    static let profileJSON = #"{"name": "Ada", "age": 36, "home_page": "https://example.com/ada", "tags": ["math"]}"#

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an @Observable model decodes under its declared names on both paths", arguments: DecodingPath.allCases)
    func decodes(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self, Self.profileJSON)
        #expect(profile.name == "Ada" && profile.age == 36 && profile.tags == ["math"])
        #expect(profile.homePage == URL(string: "https://example.com/ada"))
        #expect(profile.note == "")
        #expect(profile == (try DecodingPath.data.decode(Profile.self, Self.profileJSON)))
        #expect(profile == (try DecodingPath.dictionary.decode(Profile.self, Self.profileJSON)))
        // No declaration is needed to build new instances.
        let draft = try path.decode(Draft.self, #"{"title": "T", "words": 3}"#)
        #expect(draft.title == "T" && draft.words == 3)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an @Observable model encodes its declared properties only", arguments: DecodingPath.allCases)
    func encodes(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self, Self.profileJSON)
        let json = try path.encode(profile)
        #expect(json.keys.sorted() == ["age", "home_page", "name", "note", "tags"])
        #expect(json["name"] as? String == "Ada")
        #expect(json["home_page"] as? String == "https://example.com/ada")
        #expect(try path.decode(Profile.self, String(decoding: JSONAdapter.jsonData(from: profile), as: UTF8.self))
                    == profile)
        let draftJSON = try path.encode(try path.decode(Draft.self, #"{"title": "T"}"#))
        #expect(draftJSON.keys.sorted() == ["title", "words"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("JSONAdapter.update notifies the observers of every property it changes, and only those",
          arguments: DecodingPath.allCases)
    func updateNotifies(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self, Self.profileJSON)
        var updated = profile
        let patch = #"{"name": "Grace", "age": 36, "tags": ["navy"], "home_page": null, "note": "n"}"#
        let changed = try changedKeys(of: profile, reading: Self.profileReads) {
            try Self.update(&updated, with: patch, path: path)
        }
        // age is unchanged; null clears home_page; note is not tracked.
        #expect(changed == ["name", "tags", "homePage"])
        #expect(updated === profile)
        #expect(profile.name == "Grace" && profile.tags == ["navy"] && profile.age == 36 && profile.note == "n")
        #expect(profile.homePage == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an update that fails notifies nothing and changes nothing", arguments: DecodingPath.allCases)
    func failedUpdate(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self, Self.profileJSON)
        var updated = profile
        let changed = changedKeys(of: profile, reading: Self.profileReads) {
            // A wrong type, then a value validate() refuses.
            #expect(throws: JSONAdapterError.self) {
                try Self.update(&updated, with: #"{"name": "Grace", "age": "old"}"#, path: path)
            }
            #expect(throws: Profile.Invalid.self) { try Self.update(&updated, with: #"{"age": -1}"#, path: path) }
        }
        #expect(changed == [])
        #expect(profile.name == "Ada" && profile.age == 36)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("encoding and comparing notify nothing", arguments: DecodingPath.allCases)
    func readsDoNotNotify(path: DecodingPath) throws {
        let profile = try path.decode(Profile.self, Self.profileJSON)
        let changed = try changedKeys(of: profile, reading: Self.profileReads) {
            _ = try path.encode(profile)
            _ = profile == profile.copy()
        }
        #expect(changed == [])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("without ObservableModel, JSONAdapter.update throws before anything changes and says what to declare",
          arguments: DecodingPath.allCases)
    func undeclaredUpdate(path: DecodingPath) throws {
        let draft = try path.decode(Draft.self, #"{"title": "T", "words": 3}"#)
        var updated = draft
        let error = try #require(throws: ModelError.self) {
            try Self.update(&updated, with: #"{"title": "U"}"#, path: path)
        }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.description.contains(#"extension Draft: ObservableModel"#))
        #expect(error.description.contains(#"["title": \Draft.title, "words": \Draft.words]"#))
        #expect(draft.title == "T")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the mapping of an @Observable model compiles, with no advice about property wrappers")
    func mappingCompiles() throws {
        _ = try JSONAdapter(modelType: Profile.self)
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: Misnamed.self) }
        #expect(error.code == .invalidJSONMapping)
        #expect(error.description.contains(#"the mapping names "_title", which is not a property of Misnamed"#))
        #expect(!error.description.contains("ModelPropertyWrapper"))
    }

    /// Reads each tracked property of a `Profile`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static var profileReads: [String: (Profile) -> Any] {
        ["name": { $0.name }, "age": { $0.age }, "homePage": { $0.homePage as Any }, "tags": { $0.tags }]
    }

    /// `JSONAdapter.update` from the bytes or from a `JSONSerialization` dictionary.
    static func update<M: JSONSerializing>(_ model: inout M, with json: String, path: DecodingPath) throws {
        switch path {
        case .data: try JSONAdapter.update(&model, fromJSONData: Data(json.utf8))
        case .dictionary, .foundationObjects: try JSONAdapter.update(&model, from: path.jsonObject(json))
        }
    }
}

// MARK: - Models

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservableModelJSONTests {
    @Observable final class Profile: JSONSerializing, ObservableModel {
        struct Invalid: Error {}

        var name = ""
        var age = 0
        var homePage: URL?
        var tags: [String] = []
        @ObservationIgnored var note = ""
        required init() {}

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
        static var observationKeyPaths: [String: AnyKeyPath] {
            ["name": \Profile.name, "age": \Profile.age, "homePage": \Profile.homePage, "tags": \Profile.tags]
        }

        func validate() throws {
            guard age >= 0 else { throw Invalid() }
        }
    }

    /// `@Observable`, without the declaration.
    @Observable final class Draft: JSONSerializing {
        var title = ""
        var words = 0
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A mapping that names the macro's storage instead of the property.
    @Observable final class Misnamed: JSONSerializing {
        var title = ""
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["_title": "title"] }
    }
}
