//
//  ReadmeObservableExampleTests.swift
//  The README's `@Observable` example ("A model"), as written there.
//

import Foundation
import MantleTestSupport
import Observation
import Testing
import JSONAdapter

@Suite("README: an @Observable model")
struct ReadmeObservableExampleTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Observable final class Profile: JSONSerializing, ObservableModel {
        var name = ""
        var followers = 0
        required init() {}

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static var observationKeyPaths: [String: AnyKeyPath] { ["name": \Profile.name, "followers": \Profile.followers] }
    }

    @Test("decodes under its declared names, and JSONAdapter.update notifies the changed properties only",
          arguments: DecodingPath.allCases)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func profile(path: DecodingPath) throws {
        #expect(Profile.propertyKeys == ["name", "followers"])
        let profile = try path.decode(Profile.self, #"{"name": "octocat", "followers": 3}"#)
        #expect(profile.name == "octocat" && profile.followers == 3)
        let changed = try changedKeys(of: profile, reading: ["name": { $0.name }, "followers": { $0.followers }]) {
            var reference = profile   // the same object: update keeps its identity
            try JSONAdapter.update(&reference, fromJSONData: Data(#"{"followers": 4}"#.utf8))
            #expect(reference === profile)
        }
        #expect(changed == ["followers"])
        #expect(profile.followers == 4)
        #expect(try path.encode(profile)["followers"] as? Int == 4)
    }
}
