//
//  JSONConstraintTests.swift
//  Declared constraints (`JSONSerializing.jsonConstraints(forKey:)`): each
//  kind met and broken on both decoding paths, each broken rule an entry of
//  its own, optional nil and absent keys, declarations refused at first use,
//  nested models, arrays of models, update, streams, leniency; never checked
//  when encoding. And the rules' own words and checks.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Declared constraints")
struct JSONConstraintTests {
    enum Level: String, Sendable { case low, high, secret }

    struct Account: JSONSerializing, Equatable {
        var age = 0
        var score = 0.0
        var big = 0.0
        var exact: Int64 = 0
        var ratio: Float = 0
        var price: Decimal = 0
        var name = ""
        var code = ""
        var tags: [String] = []
        var members: Set<Int> = []
        var limits: [String: Int] = [:]
        var state = ""
        var nickname: String?
        var level: Level?
        var even = 0

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "age": "age", "score": "score", "big": "big", "exact": "exact", "ratio": "ratio", "price": "price",
            "name": "name", "code": "code", "tags": "tags", "members": "members", "limits": "limits",
            "state": "state", "nickname": "nickname", "level": "level", "even": "even",
        ]

        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "age": [.range(0...150)]
            case "score": [.minimum(0), .exclusiveMaximum(1)]
            case "big": [.minimum(0)]
            case "exact": [.maximum(Decimal(string: "9007199254740993") ?? 0)]
            case "ratio": [.range(0.0...0.1)]
            case "price": [.exclusiveMinimum(0), .range(...1000)]
            case "name": [.length(1...5)]
            case "code": [.pattern("^[A-Z]{3}$")]
            case "tags": [.count(...2)]
            case "members": [.count(1...)]
            case "limits": [.count(...1)]
            case "state": [.allowedValues(["open", "closed"])]
            case "nickname": [.length(2...), .pattern("^[a-z]+$")]
            case "level": [.allowedValues([Level.low, .high])]
            case "even": [.satisfying("an even number") { (value: Int) in value % 2 == 0 }]
            default: []
            }
        }
    }

    /// One property's JSON value and the rules it breaks (`expected`, in order; none when it meets them).
    struct Case: Sendable, CustomTestStringConvertible {
        let key: String
        let json: String
        let broken: [String]
        let found: String
        var testDescription: String { "\(key): \(json)" + (broken.isEmpty ? " meets" : " breaks \(broken)") }
        init(_ key: String, _ json: String, breaks broken: [String] = [], found: String = "") {
            (self.key, self.json, self.broken, self.found) = (key, json, broken, found)
        }
    }

    static let cases: [Case] = [
        // Numbers.
        Case("age", "150"), Case("age", "0"),
        Case("age", "151", breaks: ["at least 0 and at most 150"], found: "number 151"),
        Case("age", "-1", breaks: ["at least 0 and at most 150"], found: "number -1"),
        Case("score", "0.5"), Case("score", "0"),
        Case("score", "1", breaks: ["less than 1"], found: "number 1.0"),
        Case("score", "-0.5", breaks: ["at least 0"], found: "number -0.5"),
        Case("big", "1e300"), Case("big", "5e-324"),
        Case("big", "-1e300", breaks: ["at least 0"], found: "number -1e+300"),
        Case("exact", "9007199254740993"),
        Case("exact", "9007199254740994", breaks: ["at most 9007199254740993"], found: "number 9007199254740994"),
        Case("ratio", "0.1"), Case("ratio", "0.5", breaks: ["at least 0 and at most 0.1"], found: "number 0.5"),
        Case("price", "1000"), Case("price", "0.01"),
        Case("price", "0", breaks: ["more than 0"], found: "number 0"),
        // Strings.
        Case("name", #""abcde""#), Case("name", #""é""#),
        Case("name", #""""#, breaks: ["from 1 to 5 characters"], found: #"string """#),
        Case("name", #""abcdef""#, breaks: ["from 1 to 5 characters"], found: #"string "abcdef""#),
        Case("code", #""ABC""#),
        Case("code", #""ABCD""#, breaks: ["a string matching /^[A-Z]{3}$/"], found: #"string "ABCD""#),
        // Collections.
        Case("tags", #"["a", "b"]"#), Case("tags", "[]"),
        Case("tags", #"["a", "b", "c"]"#, breaks: ["at most 2 elements"], found: "array of 3"),
        Case("members", "[1]"), Case("members", "[]", breaks: ["at least 1 element"], found: "array of 0"),
        Case("limits", #"{"a": 1}"#), Case("limits", #"{"a": 1, "b": 2}"#, breaks: ["at most 1 element"], found: "object"),
        // Allowed values, predicates.
        Case("state", #""open""#),
        Case("state", #""merged""#, breaks: [#"one of "open", "closed""#], found: #"string "merged""#),
        Case("level", #""high""#), Case("level", "null"),
        Case("level", #""secret""#, breaks: [#"one of "low", "high""#], found: "Level secret"),
        Case("even", "4"), Case("even", "3", breaks: ["an even number"], found: "number 3"),
        // An optional: nil meets every rule; each rule a value breaks is an entry.
        Case("nickname", "null"), Case("nickname", #""bob""#),
        Case("nickname", #""B""#, breaks: ["at least 2 characters", "a string matching /^[a-z]+$/"], found: #"string "B""#),
    ]

    @Test("each kind of rule, met and broken", arguments: cases, DecodingPath.allCases)
    func rule(testCase: Case, path: DecodingPath) throws {
        let json = #"{"\#(testCase.key)": \#(testCase.json)}"#
        guard !testCase.broken.isEmpty else {
            _ = try path.decode(Account.self, json)
            return
        }
        let error = try #require(adapterError { _ = try path.decode(Account.self, json) })
        #expect(error.allErrors.map(\.expected) == testCase.broken)
        for entry in error.allErrors {
            #expect(entry.code == .invalidValue)
            #expect(entry.modelTypeName == "Account")
            #expect(entry.propertyKey == testCase.key)
            #expect(entry.jsonKeyPath == testCase.key)
            #expect(entry.found == testCase.found)
            #expect(entry.description == #"Account.\#(testCase.key) → "\#(testCase.key)": "#
                        + "expected \(entry.expected ?? ""), found \(testCase.found)")
        }
    }

    @Test("absent keys are not checked: the defaults stay, even those a rule would refuse", arguments: DecodingPath.allCases)
    func absentKeys(path: DecodingPath) throws {
        #expect(try path.decode(Account.self, "{}") == Account())
    }

    @Test("with maximumErrorCount 1 the first broken rule is the error; by default each is an entry",
          arguments: DecodingPath.allCases)
    func firstBrokenRule(path: DecodingPath) throws {
        let json = #"{"age": 200, "nickname": "B", "state": "x", "even": 1}"#
        let data = Data(json.utf8)
        let single = try #require(adapterError {
            switch path {
            case .dictionary, .foundationObjects: _ = try JSONAdapter.model(of: Account.self, from: path.jsonObject(json),
                                                        options: .init(maximumErrorCount: 1))
            case .data: _ = try JSONAdapter.model(of: Account.self, fromJSONData: data, options: .init(maximumErrorCount: 1))
            }
        })
        #expect(single.description == #"Account.age → "age": expected at least 0 and at most 150, found number 200"#)
        let all = try #require(adapterError { _ = try path.decode(Account.self, json) })
        #expect(all.allErrors[0].description == single.description)
        #expect(all.description.split(separator: "\n") == [
            #"Account.age → "age": expected at least 0 and at most 150, found number 200"#,
            #"Account.state → "state": expected one of "open", "closed", found string "x""#,
            #"Account.nickname → "nickname": expected at least 2 characters, found string "B""#,
            #"Account.nickname → "nickname": expected a string matching /^[a-z]+$/, found string "B""#,
            #"Account.even → "even": expected an even number, found number 1"#,
        ])
    }

    @Test("a value that fails to decode is one entry; its rules are not checked", arguments: DecodingPath.allCases)
    func decodeFailureBeforeRules(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Account.self, #"{"name": 5, "age": 999}"#) })
        #expect(error.allErrors.map(\.description) == [
            #"Account.age → "age": expected at least 0 and at most 150, found number 999"#,
            #"Account.name → "name": expected String, found number 5"#,
        ])
    }

    // MARK: Nested models, arrays, update, streams

    struct Bank: JSONSerializing, Equatable {
        var owner = Account()
        var accounts: [Account] = []
        var total = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "owner": "owner", "accounts": "accounts", "total": "total",
        ]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            key == "accounts" ? [.count(...2)] : []
        }
    }

    @Test("rules of nested models and of models in arrays name the whole path", arguments: DecodingPath.allCases)
    func nested(path: DecodingPath) throws {
        let json = #"{"owner": {"code": "x"}, "accounts": [{"age": 1}, {"age": 200}, {"even": 3}], "total": "t"}"#
        let error = try #require(adapterError { _ = try path.decode(Bank.self, json) })
        #expect(error.allErrors.map { "\($0.propertyKey ?? "") \($0.jsonKeyPath ?? ""): \($0.expected ?? "")" } == [
            "owner owner.code: a string matching /^[A-Z]{3}$/",
            "accounts accounts[1].age: at least 0 and at most 150",
            "accounts accounts[2].even: an even number",
            "total total: Int",
        ])
        #expect(error.allErrors.allSatisfy { $0.modelTypeName == "Bank" })
        // The array's own rule applies once its elements decoded.
        let tooMany = #"{"accounts": [{}, {}, {}]}"#
        let countError = try #require(adapterError { _ = try path.decode(Bank.self, tooMany) })
        #expect(countError.description == #"Bank.accounts → "accounts": expected at most 2 elements, found array of 3"#)
        // Arrays of constrained models at the top level.
        let array = #"[{"age": 1}, {"age": -5}, {"name": ""}]"#
        let arrayError = try #require(adapterError { _ = try path.decodeArray(Account.self, array) })
        #expect(arrayError.allErrors.map(\.jsonKeyPath) == ["[1].age", "[2].name"])
    }

    @Test("update checks the rules of the keys it reads and changes nothing when one is broken",
          arguments: DecodingPath.allCases)
    func update(path: DecodingPath) throws {
        let original = Account(age: 30, name: "ann")
        var account = original
        let patch = #"{"age": 400, "name": "toolong"}"#
        let error = try #require(adapterError {
            switch path {
            case .dictionary, .foundationObjects: try JSONAdapter.update(&account, from: path.jsonObject(patch))
            case .data: try JSONAdapter.update(&account, fromJSONData: Data(patch.utf8))
            }
        })
        #expect(account == original)
        #expect(error.allErrors.map(\.propertyKey) == ["age", "name"])
        // Keys the patch does not hold are not checked (the model's own `name` stays).
        try JSONAdapter.update(&account, fromJSONData: Data(#"{"age": 31}"#.utf8))
        #expect(account == Account(age: 31, name: "ann"))
    }

    @Test("streamed values are checked, each error on its line")
    func stream() throws {
        let lines = #"{"age": 1}"# + "\n" + #"{"age": 151}"# + "\n"
        var reader = try JSONModelReader(Account.self, data: Data(lines.utf8))
        #expect(try reader.next()?.age == 1)
        let error = try #require(adapterError { _ = try reader.next() })
        #expect(error.description == #"line 2: Account.age → "[1].age": expected at least 0 and at most 150, found number 151"#)
    }

    @Test("with defaultOnFailure a broken rule keeps the default and is reported as leniency")
    func defaultOnFailure() throws {
        let (account, report) = try decodeLenientlyOnBothPaths(Account.self, #"{"age": 200, "name": "bo"}"#, .defaultOnFailure)
        #expect(account == Account(name: "bo"))
        #expect(report.entries.map(\.jsonKeyPath) == ["age"])
        #expect(report.entries.first?.reason == "expected at least 0 and at most 150, found number 200")
    }

    @Test("rules are not checked when encoding", arguments: DecodingPath.allCases)
    func notCheckedWhenEncoding(path: DecodingPath) throws {
        let json = try path.encode(Account(age: 999, name: ""))
        #expect(json["age"] as? Int == 999)
    }

    struct Profile: JSONSerializing, Equatable {
        var bio: JSONOptional<String> = .absent
        var owner = Owner()
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["bio": "bio", "owner": "owner"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "bio": [.length(...3)]
            case "owner": [.satisfying("an owner with a login") { (owner: Owner) in !owner.login.isEmpty }]
            default: []
            }
        }
    }
    struct Owner: JSONSerializing, Equatable {
        var login = ""
        var id = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id"]
    }

    @Test("a JSONOptional's rules apply to its value; absent and null meet them", arguments: DecodingPath.allCases)
    func jsonOptional(path: DecodingPath) throws {
        #expect(try path.decode(Profile.self, #"{"bio": "abc", "owner": {"login": "a"}}"#).bio == .value("abc"))
        #expect(try path.decode(Profile.self, #"{"bio": null, "owner": {"login": "a"}}"#).bio == .null)
        #expect(try path.decode(Profile.self, #"{"owner": {"login": "a"}}"#).bio == .absent)
        let error = try #require(adapterError { _ = try path.decode(Profile.self, #"{"bio": "abcd", "owner": {"login": "a"}}"#) })
        #expect(error.description == #"Profile.bio → "bio": expected at most 3 characters, found string "abcd""#)
    }

    @Test("a merge patch into a nested model checks the nested property's own rules and changes nothing when broken")
    func mergePatchIntoNestedModel() throws {
        let original = Profile(bio: .value("hi"), owner: Owner(login: "kim", id: 1))
        var profile = original
        try JSONAdapter.update(&profile, fromJSONData: Data(#"{"owner": {"id": 2}}"#.utf8), options: .mergePatch)
        #expect(profile.owner == Owner(login: "kim", id: 2))
        profile = original
        let error = try #require(adapterError {
            try JSONAdapter.update(&profile, fromJSONData: Data(#"{"owner": {"login": ""}}"#.utf8), options: .mergePatch)
        })
        #expect(profile == original)
        #expect(error.propertyKey == "owner")
        #expect(error.expected == "an owner with a login")
    }

    // MARK: Refused declarations

    struct LengthOnInt: JSONSerializing {
        var count = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.length(1...)] }
    }
    struct BadPattern: JSONSerializing {
        var code = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["code": "code"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.pattern("([a-")] }
    }
    struct RangeOnString: JSONSerializing {
        var code: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["code": "code"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.range(1...2)] }
    }
    struct CountOnNumber: JSONSerializing {
        var count = 0.0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.count(...3)] }
    }
    struct ValuesOfAnotherType: JSONSerializing {
        var state = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["state": "state"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.allowedValues([1, 2])] }
    }
    struct PredicateOfAnotherType: JSONSerializing {
        var state = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["state": "state"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.satisfying("positive") { (value: Int) in value > 0 }] }
    }

    /// A model type whose declaration is refused, and the reason's words.
    struct Refusal: @unchecked Sendable, CustomTestStringConvertible {
        // @unchecked Sendable: immutable; the metatype is only used to decode.
        let type: any JSONSerializing.Type
        let key: String
        let reason: String
        var testDescription: String { "\(type)" }
    }

    static let refusals: [Refusal] = [
        Refusal(type: LengthOnInt.self, key: "count", reason: "at least 1 character needs a String, not Int"),
        Refusal(type: BadPattern.self, key: "code", reason: "the pattern /([a-/ is not a regular expression"),
        Refusal(type: RangeOnString.self, key: "code", reason: "at least 1 and at most 2 needs a number type, not String"),
        Refusal(type: CountOnNumber.self, key: "count", reason: "at most 3 elements needs an array, set or dictionary, not Double"),
        Refusal(type: ValuesOfAnotherType.self, key: "state", reason: "the allowed values are Int, the property is String"),
        Refusal(type: PredicateOfAnotherType.self, key: "state", reason: "the predicate takes Int, the property is String"),
    ]

    @Test("a rule that cannot apply to its property is refused at first use", arguments: refusals, DecodingPath.allCases)
    func refused(refusal: Refusal, path: DecodingPath) throws {
        func decode<M: JSONSerializing>(_ type: M.Type) throws { _ = try path.decode(type, "{}") }
        let error = try #require(adapterError { try decode(refusal.type) })
        #expect(error.code == .invalidJSONMapping)
        #expect(error.modelTypeName == "\(refusal.type)")
        #expect(error.propertyKey == refusal.key)
        #expect(error.detail?.contains(refusal.reason) == true, "\(error)")
        #expect(throws: JSONAdapterError.self) { _ = try JSONAdapter(modelType: refusal.type) }
    }

    // MARK: The rules' words and checks

    @Test("each rule in words", arguments: [
        (JSONConstraint.range(1...10), "at least 1 and at most 10"), (.range(1...), "at least 1"), (.range(...5), "at most 5"),
        (.range(0.5...1.5), "at least 0.5 and at most 1.5"), (.exclusiveMinimum(0), "more than 0"),
        (.exclusiveMaximum(2), "less than 2"), (.length(3...3), "exactly 3 characters"),
        (.length(1...), "at least 1 character"), (.length(...2), "at most 2 characters"),
        (.count(0...4), "from 0 to 4 elements"), (.pattern("^a$"), "a string matching /^a$/"),
        (.allowedValues(["a"]), #"one of "a""#), (.satisfying("odd") { (value: Int) in value % 2 == 1 }, "odd"),
    ])
    func words(constraint: JSONConstraint, words: String) {
        #expect(constraint.description == words)
    }

    @Test("integers compare exactly; floating point beyond Decimal's exponents compares as Double")
    func numberChecks() {
        let maximum = JSONConstraint.maximum(Decimal(string: "18446744073709551615") ?? 0)
        #expect(!maximum.isBroken(by: UInt64.max))
        #expect(JSONConstraint.maximum(Decimal(UInt64.max) - 1).isBroken(by: UInt64.max))
        #expect(!JSONConstraint.minimum(0).isBroken(by: 1e300))
        #expect(JSONConstraint.maximum(0).isBroken(by: 1e300))
        #expect(JSONConstraint.minimum(0).isBroken(by: Double.nan))
        #expect(!JSONConstraint.range(0.0...0.1).isBroken(by: Float(0.1)))
        #expect(!JSONConstraint.range(1...3).isBroken(by: Optional<Int>.none as Any))
        #expect(JSONConstraint.range(1...3).isBroken(by: Optional(7) as Any))
    }
}
