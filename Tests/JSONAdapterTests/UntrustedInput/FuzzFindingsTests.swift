//
//  FuzzFindingsTests.swift
//  Regression tests for the library bugs the robustness work found (the
//  mutation fuzzer, the limits and concurrency tests); all three are fixed
//  (7757bcc and the duplicate-key/encoding commits before it). The stale
//  per-type transformer mapping has its regression test in ConcurrencyTests.swift
//  (`registrationDuringCompilation`).
//

import Foundation
import Testing
import MantleJSON
import GitHubModels
@testable import JSONAdapter

@Suite("Untrusted input: regressions for bugs found by fuzzing")
struct FuzzFindingsTests {

    /// `{"user": {"id": 1}}`: a user without `login`, so `user.login` is `""`
    /// (GHUser's default) while `reporterLogin` (mapped to `user.login` too) is nil.
    static let issueWithoutLogin = Data(#"{"number": 1, "title": "t", "user": {"id": 1}}"#.utf8)

    /// Found by the mutation fuzzer (issues.json, search-issues.json): encoding wrote the nil `reporterLogin` as
    /// `"user": {"login": null, …}` over the nested model's `login`, so the
    /// library's own output failed to decode (`user.login: expected String, found null`).
    @Test("A nil dotted-path property does not write null over a nested model's value (regression)")
    func nilDottedPathOverNestedModel() throws {
        let issue = try JSONAdapter.model(of: GHIssue.self, fromJSONData: Self.issueWithoutLogin)
        #expect(issue.user?.login == "")
        #expect(issue.reporterLogin == nil)

        let data = try JSONAdapter.jsonData(from: issue)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains(#""login":null"#), "\(text)")
        let again = try JSONAdapter.model(of: GHIssue.self, fromJSONData: data)
        let againFromDictionary = try JSONAdapter.model(of: GHIssue.self, from: JSONAdapter.jsonDictionary(from: issue))
        #expect(again.user == issue.user)
        #expect(againFromDictionary == again)
        // `user.login == ""` with `reporterLogin == nil` has no JSON form (both
        // read "user.login"), so the round trip gives `reporterLogin == ""`;
        // from there on it is a fixed point.
        #expect(again.reporterLogin == "")
        #expect(try JSONAdapter.jsonData(from: again) == data)
    }

    /// `count` members in one object (`one: true`) or in objects of 100 members (`one: false`).
    static func keysJSON(_ count: Int, inOneObject one: Bool) -> Data {
        let members = (0..<count).map { #""key\#($0)":\#($0)"# }
        if one { return Data("{\(members.joined(separator: ","))}".utf8) }
        let objects = stride(from: 0, to: count, by: 100).map { "{\(members[$0..<min($0 + 100, count)].joined(separator: ","))}" }
        return Data("[\(objects.joined(separator: ","))]".utf8)
    }

    @Test("Parsing is linear in the number of keys of one object")
    func manyDistinctKeysInOneObject() throws {
        let count = 20_000
        let oneObject = Self.keysJSON(count, inOneObject: true)
        let manyObjects = Self.keysJSON(count, inOneObject: false)
        // Both parse (the model reads nothing there).
        #expect(try JSONAdapter.model(of: LimitModels.BigString.self, fromJSONData: oneObject).text == "")
        #expect(try JSONAdapter.models(of: LimitModels.BigString.self, fromJSONData: manyObjects).count == count / 100)

        // The same number of keys should cost about the same whether they are
        // in one object or in 200. This compares two timings of the same run
        // (a ratio, not an absolute limit): with the quadratic duplicate-key
        // check (a saturated 256-bit Bloom filter, then a scan of every earlier
        // key hash) the one object was about 300 times slower at this size in a
        // debug build; now it is about as fast.
        func seconds(_ data: Data) throws -> Double {
            var best = Double.infinity
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try JSONDocument(bytes: data)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return best
        }
        let ratio = try seconds(oneObject) / max(seconds(manyObjects), 1e-6)
        #expect(ratio < 30, "one object of \(count) keys took \(ratio)× as long as 200 objects of 100 keys")
    }

    /// Was read through `Decimal`, which keeps 38 digits, so the fraction vanished.
    @Test("A fraction beyond 38 significant digits is not an integer (data path)")
    func fractionBeyondDecimalPrecision() throws {
        let literal = "1.00000000000000000000000000000000000000001"
        let data = Data(#"{"int": \#(literal)}"#.utf8)
        let error = adapterError { _ = try JSONAdapter.model(of: LimitModels.Numbers.self, fromJSONData: data) }
        #expect(error?.code == .invalidValue)
        #expect(error?.jsonKeyPath == "int")
        // Into Double it is simply rounded. (JSONSerialization itself rounds the
        // literal to 1.0, so the dictionary path cannot tell and gives 1.)
        #expect(try JSONAdapter.model(of: LimitModels.Numbers.self, fromJSONData: Data(#"{"double": \#(literal)}"#.utf8)).double == 1)
    }
}
