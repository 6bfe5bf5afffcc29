// The check: top-level code, on the main actor like the rest of this target. Each step prints
// what it checked; a failure exits with status 1.

import Foundation
import JSONAdapter
import Observation

/// Raised from an observation's `onChange`, which is `@Sendable`.
nonisolated final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}

func check(_ condition: Bool, _ what: String) {
    guard condition else {
        print("MainActorApp: FAILED: \(what)")
        exit(1)
    }
    print("MainActorApp: \(what)")
}

let response = Data("""
    [{"number": 1347, "title": "Found a bug", "state": "open", "created_at": "2011-04-22T13:33:48Z",
      "user": {"login": "octocat", "id": 1}, "labels": [{"name": "bug", "color": "f29513"}]},
     {"number": 1348, "title": "Fixed it", "state": "closed", "created_at": "2038-01-19T03:14:08Z",
      "user": {"login": "hubot", "id": 2}, "labels": []}]
    """.utf8)

// Off the main actor, in a detached task: where a networking layer decodes.
let offMain = try await Task.detached {
    (Thread.isMainThread, try JSONAdapter.models(of: Issue.self, fromJSONData: response))
}.value
check(!offMain.0, "decoded off the main thread")
check(offMain.1.map(\.number) == [1347, 1348] && offMain.1[0].labels.first?.name == "bug"
      && offMain.1[1].state == .closed && offMain.1[0].authorLogin == "octocat",
      "nonisolated struct models decode in a detached task")

// On the main actor.
let onMain = try JSONAdapter.models(of: Issue.self, fromJSONData: response)
check(onMain == offMain.1, "the same models decode on the main actor")

// Encoding on both sides.
let encodedOffMain = try await Task.detached { try JSONAdapter.jsonData(from: onMain[0]) }.value
check(try JSONAdapter.jsonData(from: onMain[0]) == encodedOffMain, "they encode alike on and off the main actor")

// A class model, from a @concurrent nonisolated function.
let users = try await decodeUsers(Data(#"[{"login": "octocat", "id": 1}, {"login": "hubot", "id": 2}]"#.utf8))
check(users.map(\.login) == ["octocat", "hubot"], "a nonisolated final class decodes in a @concurrent function")

// The main-actor store, observed: it loads off the main actor and publishes on it.
let store = IssueStore()
let storeChanged = Flag()
withObservationTracking { _ = store.issues } onChange: { storeChanged.raise() }
try await store.load(response)
check(storeChanged.isRaised && store.issues == onMain, "a @MainActor @Observable store publishes decoded models")
try store.loadOnMainActor(response)
check(store.issues == onMain, "and decodes on the main actor too")

// A main-actor @Observable model updated in place from JSON, on the main actor.
let account = try JSONAdapter.model(of: Account.self, fromJSONData: Data(#"{"login": "octocat", "followers": 10}"#.utf8))
let followersChanged = Flag()
withObservationTracking { _ = account.followers } onChange: { followersChanged.raise() }
var same = account
try JSONAdapter.update(&same, fromJSONData: Data(#"{"followers": 11}"#.utf8))
check(same === account && account.followers == 11 && followersChanged.isRaised,
      "a @MainActor @Observable model updates in place on the main actor, and its observers hear of it")

print("MainActorApp: all checks passed")
