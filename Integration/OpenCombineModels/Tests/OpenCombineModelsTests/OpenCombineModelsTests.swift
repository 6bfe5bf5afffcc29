//  `ObservableObject` classes with `@Published` properties (OpenCombine's,
//  which has the shape of Apple's Combine) as models: decoded, encoded and
//  updated through the properties' accessors, so that `objectWillChange`
//  fires for each change of an existing instance; refused at first use,
//  with the declaration to add, when their key paths are not declared.

import CombineModels
import Foundation
import JSONAdapter
import OpenCombine
import Testing

/// Counts what an object's publishers send while it is alive.
private final class Recorder: @unchecked Sendable {
    var willChange = 0
    var followers: [Int] = []
    var subscriptions: [AnyCancellable] = []

    init(_ profile: Profile) {
        profile.objectWillChange.sink { [unowned self] _ in willChange += 1 }.store(in: &subscriptions)
        profile.$followers.sink { [unowned self] in followers.append($0) }.store(in: &subscriptions)
    }
}

@Suite("ObservableObject models with @Published properties (OpenCombine)")
struct OpenCombineModelsTests {
    static let json = Data(#"{"name": "octocat", "followers": 3, "bio": "hi"}"#.utf8)

    @Test("the wrapped properties are properties under their declared names")
    func propertyKeys() {
        #expect(Profile.propertyKeys == ["name", "followers", "bio"])
    }

    @Test("decoding sets the @Published values, from bytes and from dictionaries", arguments: [false, true])
    func decoding(fromDictionary: Bool) throws {
        let profile = fromDictionary
            ? try JSONAdapter.model(of: Profile.self, from: ["name": "octocat", "followers": 3, "bio": "hi"])
            : try JSONAdapter.model(of: Profile.self, fromJSONData: Self.json)
        #expect(profile.name == "octocat")
        #expect(profile.followers == 3)
        #expect(profile.bio == "hi")
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: Profile.self, fromJSONData: Data(#"{"followers": "many"}"#.utf8))
        }
        #expect(error.propertyKey == "followers")
    }

    @Test("encoding reads the @Published values")
    func encoding() throws {
        let profile = try JSONAdapter.model(of: Profile.self, fromJSONData: Self.json)
        let json = try JSONAdapter.jsonDictionary(from: profile)
        #expect(json["name"] as? String == "octocat")
        #expect(json["followers"] as? Int == 3)
        let again = try JSONAdapter.model(of: Profile.self, fromJSONData: JSONAdapter.jsonData(from: profile))
        #expect(again == profile)
        #expect(again.hashValue == profile.hashValue)
        #expect(again !== profile)
    }

    @Test("update writes through the setters: objectWillChange fires and the property's publisher sends")
    func update() throws {
        var profile = try JSONAdapter.model(of: Profile.self, fromJSONData: Self.json)
        let original = profile
        let recorder = Recorder(profile)
        #expect(recorder.followers == [3])
        try JSONAdapter.update(&profile, fromJSONData: Data(#"{"followers": 4}"#.utf8))
        #expect(profile === original)
        #expect(profile.followers == 4)
        #expect(profile.name == "octocat")
        #expect(recorder.willChange == 1)
        #expect(recorder.followers == [3, 4])
        try profile.setValue("mona", forKey: "name")
        #expect(profile.name == "mona")
        #expect(recorder.willChange == 2)
    }

    @Test("a subclass adds its own wrapped properties to the inherited declaration")
    func subclass() throws {
        let organization = try JSONAdapter.model(of: Organization.self,
                                                 fromJSONData: Data(#"{"login": "github", "members": 5}"#.utf8))
        #expect(organization.login == "github" && organization.members == 5)
        var fired = 0
        let subscription = organization.objectWillChange.sink { _ in fired += 1 }
        var updated = organization
        try JSONAdapter.update(&updated, fromJSONData: Data(#"{"login": "gh", "members": 6}"#.utf8))
        #expect(organization.login == "gh" && organization.members == 6)
        #expect(fired == 2)
        subscription.cancel()
    }

    @Test("without the declaration, @Published properties are refused at first use with the declaration to add")
    func undeclaredPublished() throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: UndeclaredProfile.self,
                                  fromJSONData: Data(#"{"name": "octocat", "followers": 3}"#.utf8))
        }
        let refusal = try #require(error.underlyingError as? ModelError)
        #expect(refusal.code == .unsupportedDeclaration)
        #expect(refusal.found == "@Published var name")
        #expect(refusal.description.contains("WrappedPropertiesModel"), "\(refusal)")
        #expect(refusal.description.contains(
            #"["name": \UndeclaredProfile.name, "followers": \UndeclaredProfile.followers]"#), "\(refusal)")
        #expect(throws: ModelError.self) { try UndeclaredProfile(dictionary: ["name": "octocat"]) }
        var profile = UndeclaredProfile()
        #expect(throws: JSONAdapterError.self) { try JSONAdapter.update(&profile, fromJSONData: Data("{}".utf8)) }
    }

    @Test("a wrapper that does not conform to ModelPropertyWrapper is refused, naming it and what to conform")
    func undeclaredWrapper() throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: Player.self, fromJSONData: Data(#"{"volume": 7}"#.utf8))
        }
        let refusal = try #require(error.underlyingError as? ModelError)
        #expect(refusal.propertyKey == "volume")
        #expect(refusal.found == "@Clamped var volume")
        #expect(refusal.description.contains("conform Clamped to ModelPropertyWrapper"), "\(refusal)")
    }
}
