//
//  ObservableModelsArticleTests.swift
//  ObservableModels.md, "On the main actor": a `@MainActor @Observable` model decoded and updated
//  in place on the main actor, its observers told of the change. (Integration/MainActorApp does the
//  same under default main-actor isolation.)
//

import Foundation
import Observation
import Testing
import MantleTestSupport
@testable import JSONAdapter

#if compiler(>=6.2)
@Suite("ObservableModels.md: on the main actor")
struct ObservableModelsArticleTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Observable
    final class Account: @MainActor JSONSerializing, @MainActor ObservableModel {
        var login = ""
        var followers = 0
        required init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "followers": "followers"]
        static let observationKeyPaths: [String: AnyKeyPath] = ["login": \Account.login, "followers": \Account.followers]
    }

    @Test("a @MainActor @Observable model decodes and updates in place on the main actor")
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    func updateOnTheMainActor() throws {
        let profileData = Data(#"{"login": "octocat", "followers": 10}"#.utf8)
        var account = try JSONAdapter.model(of: Account.self, fromJSONData: profileData)
        let original = account
        let changed = try changedKeys(of: account, reading: ["login": { $0.login }, "followers": { $0.followers }]) {
            try JSONAdapter.update(&account, fromJSONData: Data(#"{"followers": 11}"#.utf8))
        }
        #expect(account === original && account.followers == 11 && account.login == "octocat")
        #expect(changed == ["followers"])
    }
}
#endif
