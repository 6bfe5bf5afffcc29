//
//  ReadmeExampleTests.swift
//  The code examples of README.md and of the DocC articles they came from
//  (class clusters and output control: MappingJSONToModels.md; untrusted
//  input: UntrustedInput.md; persistence: ArchivingModels.md) as real types,
//  each checked against what the documentation says it does. Type names carry
//  a `Readme` prefix (README's `GHIssue` is `ReadmeGHIssue` here), so they
//  appear that way in the descriptions that are compared. The README's
//  "Real-world JSON" lines are the tests of KeyConversionTests,
//  SubPathTests, UpdateTests and StreamingTests.
//

import Foundation
import Testing
@testable import JSONAdapter

// MARK: - README "Models"

/// What `GHUser.session` points at (the README leaves it undefined).
final class ReadmeSession {}

/// README's `GHUser`, as written in "Models".
struct ReadmeGHUser: Model {
    var login = ""
    var id = 0
    var avatarURL: URL?
    weak var session: ReadmeSession?     // weak: transitory, not part of ==
    var displayName: String { login.capitalized }   // computed: not part of the model
}

/// The JSON walkthrough nests `GHUser` in `GHIssue`, which needs `GHUser` to be
/// `JSONSerializing` (a `Model` alone cannot be decoded from a JSON object).
extension ReadmeGHUser: JSONSerializing {
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "avatarURL": "avatar_url",
    ]
}

/// The storage rules of the README's table: `var` permanent, `weak`
/// transitory, `let` / `lazy` / computed not part of the model.
struct ReadmeStorageKinds: Model {
    var name = ""
    weak var owner: ReadmeSession?
    let kind = "fixed"
    lazy var expensive = 42
    var shout: String { name.uppercased() }
}

/// The "Type checks" paragraph.
struct ReadmeTypeChecks: Model {
    var count = 0
    var small: Int8 = 0
    var ratio: Float = 0
    var name = ""
    var flag = false
    var nickname: String? = "none"
    var tags: [Int] = []
    var ids: Set<Int64> = []
    var scores: [String: Double] = [:]
}

/// A value that is not `Equatable`, for the equality rule.
struct ReadmePoint {
    var x = 0
    var y = 0
}

/// The "Equality of values that are not `Equatable`" paragraph.
struct ReadmeEqualityRule: Model {
    var point = ReadmePoint()
    var object: ReadmeSession?
    var handler: @Sendable () -> Int = { 0 }
}

/// The merge row of the table: switch on the key, `takeValue` for the rest.
struct ReadmeDraft: Model {
    var title = ""
    var tags: [String] = []
    var body: String?

    mutating func mergeValue(forKey key: String, from model: any Model) {
        switch key {
        case "tags":
            tags += model.value(forKey: "tags") as? [String] ?? []
        default:
            takeValue(forKey: key, from: model)
        }
    }
}

/// "Classes work the same way (mark `init()` `required`)".
class ReadmeAccount: Model {
    var login = ""
    var followers = 0
    required init() {}
}

/// A subclass sees its superclass's stored properties.
final class ReadmeAdminAccount: ReadmeAccount {
    var permissions: [String] = []
}

// MARK: - README "JSON"

enum ReadmeGHIssueState: String { case open, closed }

/// README's `GHIssue`.
struct ReadmeGHIssue: JSONSerializing {
    var url: URL?
    var htmlURL: URL?
    var number = 0
    var state = ReadmeGHIssueState.open
    var reporterLogin: String?
    var assignee: ReadmeGHUser?
    var assignees: [ReadmeGHUser] = []
    var updatedAt: Date?
    var title = ""
    var body: String?
    var retrievedAt = Date()   // not mapped: neither read nor written

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "url": "url", "htmlURL": "html_url", "number": "number", "state": "state",
        "reporterLogin": "user.login", "assignee": "assignee", "assignees": "assignees",
        "updatedAt": "updated_at", "title": "title", "body": "body",
    ]

    mutating func validate() throws {
        if title.isEmpty { title = "Untitled" }
    }
}

/// The README's mapping errors: a key that is not a property.
struct ReadmeMistypedMapping: JSONSerializing {
    var title = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["titel": "title"]
}

/// The README's mapping errors: a malformed path.
struct ReadmeMalformedPath: JSONSerializing {
    var title = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "a..b"]
}

/// The README's mapping errors: a computed property is not mappable.
struct ReadmeComputedMapping: JSONSerializing {
    var title = ""
    var shout: String { title.uppercased() }
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title", "shout": "shout"]
}

/// An error a model's `validate()` throws.
struct ReadmeValidationError: Error, Equatable {
    var message: String
}

/// "Errors thrown by `validate()` pass through unchanged."
struct ReadmeStrictIssue: JSONSerializing {
    var title = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title"]

    mutating func validate() throws {
        if title.isEmpty { throw ReadmeValidationError(message: "an issue needs a title") }
    }
}

// MARK: - README "Transformers"

/// The `Color` README's `XYUser` implies: made from and written as a hex string.
struct ReadmeColor: Hashable, Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    static let black = ReadmeColor(red: 0, green: 0, blue: 0)

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb` or `rrggbb`; `nil` for anything else.
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    var hex: String {
        "#" + [red, green, blue].map { String(format: "%02x", Int($0)) }.joined()
    }
}

/// The `Location` README's `XYUser` implies.
struct ReadmeLocation: Hashable, Sendable {
    var latitude: Double?
    var longitude: Double?
}

/// README's `XYUser`.
struct ReadmeXYUser: JSONSerializing {
    var name = ""
    var website: URL?
    var tint: ReadmeColor = .black
    var location: ReadmeLocation?

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "website": "blog", "tint": "tint_hex", "location": ["lat", "lng"],
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "tint":      // typed closures, no Any casts
            return ValueTransformer(forward: { (hex: String) in ReadmeColor(hex: hex) },
                                    reverse: { (color: ReadmeColor) in color.hex })
        case "location":  // a composite path gives a dictionary keyed by the paths
            return ValueTransformer(forward: { (parts: [String: Any]) in
                ReadmeLocation(latitude: parts["lat"] as? Double, longitude: parts["lng"] as? Double)
            })
        default:
            return nil
        }
    }
}

/// A type used only here, for `JSONAdapter.register(_:forType:)`.
struct ReadmeCelsius: Hashable, Sendable {
    var degrees = 0.0
}

/// Properties of a registered type: plain, optional, elements, and one with
/// its own transformer (which wins over the registered one).
struct ReadmeWeather: JSONSerializing {
    var current = ReadmeCelsius()
    var yesterday: ReadmeCelsius?
    var forecast: [ReadmeCelsius] = []
    var record = ReadmeCelsius()

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "current": "current", "yesterday": "yesterday", "forecast": "forecast", "record": "record",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        guard key == "record" else { return nil }
        return ValueTransformer(forward: { (text: String) in Double(text.dropLast()).map { ReadmeCelsius(degrees: $0) } },
                                reverse: { (celsius: ReadmeCelsius) in "\(celsius.degrees)C" })
    }
}

/// A transformer that records the input it is given, to show what the adapter hands it.
struct ReadmeNullProbe: JSONSerializing {
    var note = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["note": "note"]
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        ValueTransformer(forward: { (value: Any?) -> Any? in value == nil ? "got nil" : "got \(value!)" })
    }
}

// MARK: - README "Class clusters"

/// README's `XYMessage`.
class ReadmeXYMessage: JSONSerializing {
    var id = 0
    required init() {}
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        switch jsonDictionary["type"] as? String {
        case "text": return ReadmeXYTextMessage.self
        case "picture": return ReadmeXYPictureMessage.self
        default: return nil       // decoding throws .noClassFound
        }
    }
}

/// README's `XYTextMessage`.
final class ReadmeXYTextMessage: ReadmeXYMessage {
    var body = ""
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "body": "body"] }
}

/// The `XYPictureMessage` README's `XYMessage` refers to.
final class ReadmeXYPictureMessage: ReadmeXYMessage {
    var imageURL: URL?
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "imageURL": "image_url"] }
}

/// A class whose `classForParsing` picks an unrelated class.
class ReadmeXYEnvelope: JSONSerializing {
    var id = 0
    required init() {}
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        ReadmeXYTextMessage.self
    }
}

/// "Value types can form families the same way."
struct ReadmeShape: JSONSerializing {
    var name = ""
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
    static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        jsonDictionary["radius"] != nil ? ReadmeCircle.self : ReadmeShape.self
    }
}

/// A member of the `ReadmeShape` family.
struct ReadmeCircle: JSONSerializing {
    var name = ""
    var radius = 0.0
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "radius": "radius"]
}

// MARK: - README "Output control"

/// `serializablePropertyKeys(_:)`: drafts are written without their body.
struct ReadmePost: JSONSerializing {
    var title = ""
    var body: String?
    var isDraft = false

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "title": "title", "body": "body", "isDraft": "draft",
    ]

    func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
        isDraft ? propertyKeys.subtracting(["body"]) : propertyKeys
    }
}

// MARK: - Helpers

/// Foundation JSON objects parsed from text, as an app gets them.
private func readmeObject(_ json: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

/// A Foundation JSON array parsed from text.
private func readmeArray(_ data: Data) throws -> [[String: Any]] {
    try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}

/// An ISO 8601 date.
private func readmeDate(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

/// The issue README's walkthrough decodes.
private let readmeIssueJSON = """
{
  "url": "https://api.github.com/repos/octocat/Hello-World/issues/1347",
  "html_url": "https://github.com/octocat/Hello-World/issues/1347",
  "number": 1347,
  "state": "closed",
  "title": "Found a bug",
  "body": "I'm having a problem with this.",
  "user": {"login": "octocat", "id": 1},
  "assignee": {"login": "hubot", "id": 2, "avatar_url": "https://github.com/images/hubot.gif"},
  "assignees": [{"login": "hubot", "id": 2}],
  "updated_at": "2011-04-22T13:33:48Z",
  "comments": 0,
  "retrievedAt": "ignored"
}
"""

// MARK: - Tests

@Suite("README: Models")
struct ReadmeModelTests {
    @Test("GHUser: init(dictionary:), dictionaryValue and propertyKeys as README shows")
    func ghUser() throws {
        let user = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1])
        #expect(user.login == "octocat")
        #expect(user.id == 1)
        #expect(user.avatarURL == nil)

        let dictionary = user.dictionaryValue
        #expect(Set(dictionary.keys) == ["login", "id", "avatarURL", "session"])
        #expect(dictionary["login"] as? String == "octocat")
        #expect(dictionary["id"] as? Int == 1)
        #expect(dictionary["avatarURL"] is NSNull)
        #expect(dictionary["session"] is NSNull)

        #expect(ReadmeGHUser.propertyKeys == ["login", "id", "avatarURL", "session"])
    }

    @Test("GHUser(dictionary: [\"id\": 3.5]) throws the README's ModelError")
    func ghUserTypeMismatch() throws {
        let error = try #require(throws: ModelError.self) {
            try ReadmeGHUser(dictionary: ["id": 3.5])
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == "id")
        #expect(error.description == "ReadmeGHUser.id: expected Int, found number 3.5")
    }

    @Test("weak is transitory and outside ==, hash and description; computed is not part of the model")
    func ghUserStorage() throws {
        #expect(ReadmeGHUser.storageBehavior(forPropertyKey: "login") == .permanent)
        #expect(ReadmeGHUser.storageBehavior(forPropertyKey: "session") == .transitory)
        #expect(ReadmeGHUser.storageBehavior(forPropertyKey: "displayName") == .none)

        let session = ReadmeSession()
        var withSession = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1])
        withSession.session = session
        let without = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1])
        #expect(withSession == without)
        #expect(withSession.hashValue == without.hashValue)
        #expect((withSession.dictionaryValue["session"] as? ReadmeSession) === session)
        #expect(withSession.description == #"ReadmeGHUser(login: "octocat", id: 1, avatarURL: nil)"#)
        #expect(withSession.displayName == "Octocat")
        withExtendedLifetime(session) {}
    }

    @Test("storage table: var permanent, weak transitory, let / lazy / computed .none")
    func storageTable() {
        #expect(ReadmeStorageKinds.propertyKeys == ["name", "owner"])
        #expect(ReadmeStorageKinds.storageBehavior(forPropertyKey: "name") == .permanent)
        #expect(ReadmeStorageKinds.storageBehavior(forPropertyKey: "owner") == .transitory)
        #expect(ReadmeStorageKinds.storageBehavior(forPropertyKey: "kind") == .none)
        #expect(ReadmeStorageKinds.storageBehavior(forPropertyKey: "expensive") == .none)
        #expect(ReadmeStorageKinds.storageBehavior(forPropertyKey: "shout") == .none)
    }

    @Test("value(forKey:) and setValue(_:forKey:) with the type checks of init(dictionary:)")
    func keyValueAccess() throws {
        var user = ReadmeGHUser()
        try user.setValue("hubot", forKey: "login")
        #expect(user.value(forKey: "login") as? String == "hubot")
        #expect(user.value(forKey: "avatarURL") == nil)
        #expect(throws: ModelError.self) { try user.setValue("two", forKey: "id") }
        #expect(user.id == 0)
    }

    @Test("Type checks: exact numbers, no Bool/number/String mixing", arguments: [
        ("count", 3.5), ("small", 300), ("count", true),
        ("name", 1), ("flag", 1), ("ratio", 1e300),
    ] as [(String, any Sendable)])
    func typeMismatch(key: String, value: any Sendable) {
        let error = #expect(throws: ModelError.self) {
            try ReadmeTypeChecks(dictionary: [key: value])
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.propertyKey == key)
    }

    @Test("Type checks: values that fit convert, floats round, collections element by element")
    func typeConversions() throws {
        let model = try ReadmeTypeChecks(dictionary: [
            "count": 3.0, "small": Int64(-128), "ratio": 0.1, "tags": [1, 2.0, UInt8(3)] as [Any],
            "ids": [1, 2] as [Int], "scores": ["a": 1, "b": 2.5] as [String: Any],
        ])
        #expect(model.count == 3)
        #expect(model.small == -128)
        #expect(model.ratio == Float(0.1))
        #expect(model.tags == [1, 2, 3])
        #expect(model.ids == [1, 2])
        #expect(model.scores == ["a": 1, "b": 2.5])
        #expect(throws: ModelError.self) { try ReadmeTypeChecks(dictionary: ["tags": [1, 2.5]]) }
    }

    @Test("Type checks: nil / NSNull for optionals, nilForNonOptional, unknownPropertyKey")
    func nilsAndUnknownKeys() throws {
        #expect(try ReadmeTypeChecks(dictionary: ["nickname": NSNull()]).nickname == nil)
        let nilError = #expect(throws: ModelError.self) { try ReadmeTypeChecks(dictionary: ["name": NSNull()]) }
        #expect(nilError?.code == .nilForNonOptional)
        let unknown = #expect(throws: ModelError.self) { try ReadmeTypeChecks(dictionary: ["nmae": "x"]) }
        #expect(unknown?.code == .unknownPropertyKey)
        #expect(unknown?.propertyKey == "nmae")
    }

    @Test("Equality rule: non-Equatable structs child by child, objects by identity, closures equal")
    func equalityRule() {
        let object = ReadmeSession()
        var a = ReadmeEqualityRule()
        var b = ReadmeEqualityRule()
        a.object = object
        b.object = object
        b.handler = { 1 }
        #expect(a == b)                         // closures always compare equal
        #expect(a.hashValue == b.hashValue)
        b.point.y = 1
        #expect(a != b)                         // child by child
        b.point.y = 0
        b.object = ReadmeSession()
        #expect(a != b)                         // identity
    }

    @Test("merging: a custom mergeValue(forKey:from:) plus takeValue for the rest")
    func merging() {
        var draft = ReadmeDraft(title: "Draft", tags: ["a"], body: "text")
        let update = ReadmeDraft(title: "Final", tags: ["b"], body: nil)
        draft.mergeValues(forKeysFrom: update)
        #expect(draft.title == "Final")
        #expect(draft.tags == ["a", "b"])
        #expect(draft.body == "text")           // nil is not taken
    }

    @Test("classes: inherited properties, == needs the same dynamic type, copy() is new and equal")
    func classes() {
        #expect(ReadmeAdminAccount.propertyKeys == ["login", "followers", "permissions"])
        let admin = ReadmeAdminAccount()
        admin.login = "root"
        admin.permissions = ["all"]
        let copy = admin.copy()
        #expect(copy !== admin)
        #expect(copy == admin)
        #expect(type(of: copy) == ReadmeAdminAccount.self)

        let plain = ReadmeAccount()
        plain.login = "root"
        let base: ReadmeAccount = ReadmeAdminAccount()
        base.login = "root"
        #expect(plain != base)
    }
}

@Suite("README: JSON")
struct ReadmeJSONTests {
    @Test("GHIssue decodes as the walkthrough describes")
    func decodeIssue() throws {
        let jsonDictionary = try readmeObject(readmeIssueJSON)
        let issue = try JSONAdapter.model(of: ReadmeGHIssue.self, from: jsonDictionary)
        #expect(issue.url == URL(string: "https://api.github.com/repos/octocat/Hello-World/issues/1347"))
        #expect(issue.htmlURL == URL(string: "https://github.com/octocat/Hello-World/issues/1347"))
        #expect(issue.number == 1347)
        #expect(issue.state == .closed)
        #expect(issue.reporterLogin == "octocat")
        #expect(issue.assignee?.login == "hubot")
        #expect(issue.assignee?.avatarURL == URL(string: "https://github.com/images/hubot.gif"))
        #expect(issue.assignees.map(\.login) == ["hubot"])
        #expect(issue.updatedAt == (try readmeDate("2011-04-22T13:33:48Z")))
        #expect(issue.title == "Found a bug")
        #expect(issue.body == "I'm having a problem with this.")

        // The same bytes through the package's parser give the same model.
        var fromData = try JSONAdapter.model(of: ReadmeGHIssue.self, fromJSONData: Data(readmeIssueJSON.utf8))
        fromData.retrievedAt = issue.retrievedAt
        #expect(fromData == issue)
    }

    @Test("validate() normalises a missing title; missing keys keep defaults")
    func validateNormalises() throws {
        let issue = try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["number": 7])
        #expect(issue.title == "Untitled")
        #expect(issue.number == 7)
        #expect(issue.state == .open)
        #expect(issue.reporterLogin == nil)
        #expect(issue.assignees.isEmpty)
    }

    @Test("retrievedAt is not mapped: neither read nor written")
    func unmappedProperty() throws {
        let before = Date()
        let issue = try JSONAdapter.model(of: ReadmeGHIssue.self, from: try readmeObject(readmeIssueJSON))
        #expect(issue.retrievedAt >= before)
        let json = try JSONAdapter.jsonDictionary(from: issue)
        #expect(json["retrievedAt"] == nil)
        #expect(Set(json.keys) == ["url", "html_url", "number", "state", "user", "assignee", "assignees",
                                   "updated_at", "title", "body"])
    }

    @Test("models(of:fromJSONData:), jsonDictionary(from:) and jsonData(from:options:) of the walkthrough")
    func walkthroughCalls() throws {
        let data = Data("[\(readmeIssueJSON), {\"number\": 2, \"title\": \"Second\"}]".utf8)
        let issues = try JSONAdapter.models(of: ReadmeGHIssue.self, fromJSONData: data)
        #expect(issues.map(\.number) == [1347, 2])
        let issue = issues[0]

        let json = try JSONAdapter.jsonDictionary(from: issue)
        #expect(json["html_url"] as? String == "https://github.com/octocat/Hello-World/issues/1347")
        #expect(json["state"] as? String == "closed")
        #expect((json["user"] as? [String: Any])?["login"] as? String == "octocat")
        #expect(json["updated_at"] as? String == "2011-04-22T13:33:48Z")
        let assignee = try #require(json["assignee"] as? [String: Any])
        #expect(assignee["login"] as? String == "hubot")
        #expect(assignee["avatar_url"] as? String == "https://github.com/images/hubot.gif")
        #expect((json["assignees"] as? [[String: Any]])?.count == 1)

        // Encoded JSON decodes back to an equal issue (retrievedAt is not in the JSON).
        var decoded = try JSONAdapter.model(of: ReadmeGHIssue.self, from: json)
        decoded.retrievedAt = issue.retrievedAt
        #expect(decoded == issue)

        // Without options nil is written as null; .omitNilValues leaves it out.
        let withNulls = try readmeArray(try JSONAdapter.jsonData(from: issues))
        #expect(withNulls[1]["body"] is NSNull)
        #expect((withNulls[1]["user"] as? [String: Any])?["login"] is NSNull)
        let text = try JSONAdapter.jsonData(from: issues, options: .omitNilValues)
        let omitted = try readmeArray(text)
        #expect(omitted.count == 2)
        #expect(omitted[1]["body"] == nil)
        #expect(omitted[1]["url"] == nil)
        #expect(omitted[1]["user"] == nil)       // a nested object left empty is left out too
        #expect(omitted[1]["title"] as? String == "Second")
        #expect(omitted[0]["body"] as? String == "I'm having a problem with this.")

        let array = try JSONAdapter.jsonArray(from: issues, options: .omitNilValues)
        #expect(array[1]["body"] == nil)
    }

    @Test("key paths: missing, null and null intermediates, non-object intermediates")
    func keyPathRules() throws {
        var issue = try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["body": NSNull(), "user": NSNull()])
        #expect(issue.body == nil)
        #expect(issue.reporterLogin == nil)
        issue = try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["user": ["id": 1]])
        #expect(issue.reporterLogin == nil)

        let nonOptional = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["title": NSNull()])
        }
        #expect(nonOptional?.code == .invalidValue)
        #expect(nonOptional?.propertyKey == "title")

        let intermediate = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["user": "octocat"])
        }
        #expect(intermediate?.code == .invalidJSONDictionary)
        #expect(intermediate?.propertyKey == "reporterLogin")
    }

    @Test("an unknown enum raw value and an inexact number are .invalidValue")
    func typeDrivenFailures() throws {
        let state = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["state": "reopened"])
        }
        #expect(state?.code == .invalidValue)
        #expect(state?.jsonKeyPath == "state")
        let number = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeGHIssue.self, from: ["number": 3.5])
        }
        #expect(number?.code == .invalidValue)
    }

    @Test("mapping errors: a key that is no property, a malformed path, a computed property")
    func mappingErrors() throws {
        let mistyped = #expect(throws: JSONAdapterError.self) { try JSONAdapter(modelType: ReadmeMistypedMapping.self) }
        #expect(mistyped?.code == .invalidJSONMapping)
        #expect(mistyped?.propertyKey == "titel")
        let malformed = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeMalformedPath.self, from: [:])
        }
        #expect(malformed?.code == .invalidJSONMapping)
        let computed = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.jsonDictionary(from: ReadmeComputedMapping())
        }
        #expect(computed?.code == .invalidJSONMapping)
        #expect(computed?.propertyKey == "shout")
    }

    @Test("the README's error: GHIssue.assignee → \"[3].assignee.login\"", arguments: [false, true])
    func errorDescription(fromData: Bool) throws {
        let elements = (1...3).map { "{\"number\": \($0)}" } + ["{\"number\": 4, \"assignee\": {\"login\": 42}}"]
        let text = "[" + elements.joined(separator: ",") + "]"
        let error = try #require(throws: JSONAdapterError.self) {
            if fromData {
                _ = try JSONAdapter.models(of: ReadmeGHIssue.self, fromJSONData: Data(text.utf8))
            } else {
                let array = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
                _ = try JSONAdapter.models(of: ReadmeGHIssue.self, from: array)
            }
        }
        #expect(error.description == #"ReadmeGHIssue.assignee → "[3].assignee.login": expected String, found number 42"#)
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "assignee")
        #expect(error.jsonKeyPath == "[3].assignee.login")
        #expect(error.reason == "expected String, found number 42")
    }

    @Test("errors thrown by validate() pass through unchanged")
    func validateErrorsPassThrough() {
        #expect(throws: ReadmeValidationError(message: "an issue needs a title")) {
            try JSONAdapter.model(of: ReadmeStrictIssue.self, from: ["title": ""])
        }
        #expect(throws: ReadmeValidationError(message: "an issue needs a title")) {
            try JSONAdapter.models(of: ReadmeStrictIssue.self, fromJSONData: Data(#"[{"title": "a"}, {}]"#.utf8))
        }
    }

    @Test("JSONAdapterError bridges to NSError with Mantle's domain and codes 2/3/4")
    func adapterErrorBridging() throws {
        let noClass = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeXYMessage.self, from: ["type": "video"])
        }
        let notDictionary = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeGHIssue.self, fromJSONData: Data("[1]".utf8))
        }
        let mapping = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: ReadmeMistypedMapping.self) }
        for (error, code) in [(noClass, 2), (notDictionary, 3), (mapping, 4)] {
            let nsError = error as NSError
            #expect(nsError.domain == "MTLJSONAdapterErrorDomain")
            #expect(nsError.code == code)
            #expect(nsError.localizedDescription == error.description)
        }
        #expect(noClass.code == .noClassFound)
        #expect(notDictionary.code == .invalidJSONDictionary)
        #expect(mapping.code == .invalidJSONMapping)
    }

    @Test("TransformerError bridges to NSError with MTLTransformerErrorHandlingErrorDomain 1")
    func transformerErrorBridging() throws {
        let error = try #require(throws: TransformerError.self) {
            try ValueTransformer.url.transformedValue(42)
        }
        let nsError = error as NSError
        #expect(nsError.domain == "MTLTransformerErrorHandlingErrorDomain")
        #expect(nsError.code == 1)
    }
}

@Suite("README: Transformers")
struct ReadmeTransformerTests {
    @Test("XYUser: typed tint transformer, composite location, default URL")
    func decodeXYUser() throws {
        let json = try readmeObject("""
            {"name": "Ann", "blog": "https://ann.example", "tint_hex": "#ff8000", "lat": 52.5, "lng": 13.25}
            """)
        let user = try JSONAdapter.model(of: ReadmeXYUser.self, from: json)
        #expect(user.name == "Ann")
        #expect(user.website == URL(string: "https://ann.example"))
        #expect(user.tint == ReadmeColor(red: 255, green: 128, blue: 0))
        #expect(user.location == ReadmeLocation(latitude: 52.5, longitude: 13.25))

        // A composite path always hands the transformer a dictionary, with
        // only the paths that are present.
        let partial = try JSONAdapter.model(of: ReadmeXYUser.self, from: ["lat": 1.5])
        #expect(partial.location == ReadmeLocation(latitude: 1.5, longitude: nil))
        #expect(partial.tint == .black)
    }

    @Test("XYUser encodes tint back to hex; the one-way location transformer writes nothing")
    func encodeXYUser() throws {
        var user = ReadmeXYUser()
        user.name = "Ann"
        user.tint = ReadmeColor(red: 0, green: 0x80, blue: 0xff)
        user.location = ReadmeLocation(latitude: 1, longitude: 2)
        let json = try JSONAdapter.jsonDictionary(from: user)
        #expect(json["tint_hex"] as? String == "#0080ff")
        #expect(json["name"] as? String == "Ann")
        #expect(json["blog"] is NSNull)
        #expect(json["lat"] == nil && json["lng"] == nil)
        let reparsed = try #require(JSONSerialization.jsonObject(with: try JSONAdapter.jsonData(from: user)) as? [String: Any])
        #expect(reparsed["tint_hex"] as? String == "#0080ff")
    }

    @Test("a failing transformer: .invalidValue with the TransformerError and its inputValue underneath")
    func transformerFailure() throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeXYUser.self, fromJSONData: Data(#"{"tint_hex": "zzz"}"#.utf8))
        }
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "tint")
        #expect(error.jsonKeyPath == "tint_hex")
        let underlying = try #require(error.underlyingError as? TransformerError)
        #expect(underlying.code == .invalidInput)
        #expect(underlying.inputValue as? String == "zzz")
        #expect(error.description.hasPrefix(#"ReadmeXYUser.tint → "tint_hex": "#))
    }

    @Test("typed transformers treat NSNull as invalid input; the adapter hands JSON null over as nil")
    func nullHandling() throws {
        let typed = try #require(ReadmeXYUser.jsonTransformer(forKey: "tint"))
        let error = #expect(throws: TransformerError.self) { try typed.transformedValue(NSNull()) }
        #expect(error?.code == .invalidInput)
        #expect(try typed.transformedValue(nil) == nil)

        let probe = try JSONAdapter.model(of: ReadmeNullProbe.self, fromJSONData: Data(#"{"note": null}"#.utf8))
        #expect(probe.note == "got nil")
    }

    @Test("choice order: jsonTransformer(forKey:), then register(_:forType:) (optionals and elements too)")
    func perTypeRegistration() throws {
        let celsius = ValueTransformer(forward: { (degrees: Double) in ReadmeCelsius(degrees: degrees) },
                                       reverse: { (value: ReadmeCelsius) in value.degrees })
        JSONAdapter.register(celsius, forType: ReadmeCelsius.self)
        defer { JSONAdapter.register(nil, forType: ReadmeCelsius.self) }

        let weather = try JSONAdapter.model(of: ReadmeWeather.self, from: try readmeObject("""
            {"current": 21.5, "yesterday": 19.5, "forecast": [20.5, 22.5], "record": "38.5C"}
            """))
        #expect(weather.current == ReadmeCelsius(degrees: 21.5))
        #expect(weather.yesterday == ReadmeCelsius(degrees: 19.5))
        #expect(weather.forecast == [ReadmeCelsius(degrees: 20.5), ReadmeCelsius(degrees: 22.5)])
        #expect(weather.record == ReadmeCelsius(degrees: 38.5))   // its own transformer wins

        let json = try JSONAdapter.jsonDictionary(from: weather)
        #expect(json["current"] as? Double == 21.5)
        #expect(json["forecast"] as? [Double] == [20.5, 22.5])
        #expect(json["record"] as? String == "38.5C")
    }

    @Test("predefined transformers and the name registry")
    func predefined() throws {
        let url = try #require(ValueTransformer.named(.url))
        #expect(try url.transformedValue("https://github.com") as? URL == URL(string: "https://github.com"))
        #expect(try ValueTransformer.uuid.transformedValue("E621E1F8-C36C-495A-93FC-0C247A3E6E5F") as? UUID
                == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try ValueTransformer.bool.transformedValue(1) as? Bool == true)

        let state = ValueTransformer.valueMapping(["open": ReadmeGHIssueState.open, "closed": ReadmeGHIssueState.closed],
                                                  defaultValue: ReadmeGHIssueState.open)
        #expect(try state.transformedValue("closed") as? ReadmeGHIssueState == .closed)
        #expect(try state.transformedValue("other") as? ReadmeGHIssueState == .open)
        #expect(try state.reverseTransformedValue(ReadmeGHIssueState.closed) as? String == "closed")

        let urls = ValueTransformer.arrayMapping(.url)
        #expect(try urls.transformedValue(["https://a.example"]) as? [URL] == [URL(string: "https://a.example")!])
        #expect(throws: TransformerError.self) { try ValueTransformer.validating(String.self).transformedValue(1) }

        let day = ValueTransformer.date(format: "yyyy-MM-dd")
        #expect(try day.transformedValue("2011-04-22") as? Date == (try readmeDate("2011-04-22T00:00:00Z")))
        let decimal = ValueTransformer.number(style: .decimal)
        #expect((try decimal.transformedValue("1234.5") as? NSNumber)?.doubleValue == 1234.5)

        let inverted = ValueTransformer.url.inverted
        #expect(try inverted.transformedValue(URL(string: "https://github.com")!) as? String == "https://github.com")

        ValueTransformer.register(ValueTransformer.bool.inverted, forName: "ReadmeInvertedBool")
        #expect(ValueTransformer.named("ReadmeInvertedBool") != nil)

        let users = JSONAdapter.arrayTransformer(modelType: ReadmeGHUser.self)
        let decoded = try #require(try users.transformedValue([["login": "a"], ["login": "b"]]) as? [ReadmeGHUser])
        #expect(decoded.map(\.login) == ["a", "b"])
        let one = JSONAdapter.dictionaryTransformer(modelType: ReadmeGHUser.self)
        #expect((try one.reverseTransformedValue(decoded[0]) as? [String: Any])?["login"] as? String == "a")
    }
}

@Suite("README: Class clusters and output control")
struct ReadmeClassClusterTests {
    @Test("the base class decodes the subclass classForParsing picks", arguments: [false, true])
    func decodesSubclasses(fromData: Bool) throws {
        let text = #"[{"type": "text", "id": 1, "body": "Hi"}, {"type": "picture", "id": 2, "image_url": "https://x.example/p.png"}]"#
        let messages: [ReadmeXYMessage]
        if fromData {
            messages = try JSONAdapter.models(of: ReadmeXYMessage.self, fromJSONData: Data(text.utf8))
        } else {
            let array = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
            messages = try JSONAdapter.models(of: ReadmeXYMessage.self, from: array)
        }
        let textMessage = try #require(messages[0] as? ReadmeXYTextMessage)
        #expect(textMessage.id == 1)
        #expect(textMessage.body == "Hi")
        let picture = try #require(messages[1] as? ReadmeXYPictureMessage)
        #expect(picture.imageURL == URL(string: "https://x.example/p.png"))
        #expect(messages[0] != messages[1])
    }

    @Test("JSONAdapter.model(of: XYMessage.self, from:) returns an XYTextMessage for a text message")
    func singleTextMessage() throws {
        let message = try JSONAdapter.model(of: ReadmeXYMessage.self, from: ["type": "text", "id": 3, "body": "Yo"])
        #expect(type(of: message) == ReadmeXYTextMessage.self)
        #expect((message as? ReadmeXYTextMessage)?.body == "Yo")
    }

    @Test("encoding any message uses its own class's mapping")
    func encodesWithOwnMapping() throws {
        let text = ReadmeXYTextMessage()
        text.id = 5
        text.body = "Hello"
        let message: ReadmeXYMessage = text
        let json = try JSONAdapter.jsonDictionary(from: message)
        #expect(json["id"] as? Int == 5)
        #expect(json["body"] as? String == "Hello")
        #expect(json["type"] == nil)   // not a property: not written
        let picture = ReadmeXYPictureMessage()
        let pictureJSON = try JSONAdapter.jsonDictionary(from: picture as ReadmeXYMessage)
        #expect(Set(pictureJSON.keys) == ["id", "image_url"])
    }

    @Test("nil or an unrelated class from classForParsing throws .noClassFound")
    func noClassFound() throws {
        let unknown = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeXYMessage.self, from: ["type": "video", "id": 1])
        }
        #expect(unknown?.code == .noClassFound)
        let unrelated = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ReadmeXYEnvelope.self, from: ["id": 1])
        }
        #expect(unrelated?.code == .noClassFound)
        let unrelatedInstance = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter(modelType: ReadmeXYEnvelope.self).model(from: ["id": 1])
        }
        #expect(unrelatedInstance?.code == .noClassFound)
    }

    @Test("value types form families through JSONAdapter(modelType:).model(from:)")
    func structFamily() throws {
        let adapter = try JSONAdapter(modelType: ReadmeShape.self)
        let circle = try adapter.model(from: ["name": "disc", "radius": 2.5])
        #expect(circle as? ReadmeCircle == ReadmeCircle(name: "disc", radius: 2.5))
        let shape = try adapter.model(from: ["name": "blob"])
        #expect(shape as? ReadmeShape == ReadmeShape(name: "blob"))
    }

    @Test("serializablePropertyKeys(_:) chooses the keys written; .omitNilValues drops nils")
    func outputControl() throws {
        let draft = ReadmePost(title: "Soon", body: "Secret", isDraft: true)
        let json = try JSONAdapter.jsonDictionary(from: draft)
        #expect(Set(json.keys) == ["title", "draft"])
        let reparsed = try #require(JSONSerialization.jsonObject(with: try JSONAdapter.jsonData(from: draft)) as? [String: Any])
        #expect(Set(reparsed.keys) == ["title", "draft"])

        let published = ReadmePost(title: "Out", body: nil, isDraft: false)
        #expect(try JSONAdapter.jsonDictionary(from: published)["body"] is NSNull)
        #expect(try JSONAdapter.jsonDictionary(from: published, options: .omitNilValues)["body"] == nil)
        let adapter = try JSONAdapter(modelType: ReadmePost.self, options: .omitNilValues)
        #expect(try adapter.jsonDictionary(from: published).keys.sorted() == ["draft", "title"])
    }
}

// MARK: - README "Untrusted input"

/// Properties for the limits README's "Untrusted input" names.
struct ReadmeLimits: JSONSerializing {
    var big: Int64 = 0
    var small: Int8 = 0
    var real = 0.0
    var name = ""
    var payload: Any = NSNull()

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "big": "big", "small": "small", "real": "real", "name": "name", "payload": "payload",
    ]
}

@Suite("README: Untrusted input")
struct ReadmeUntrustedInputTests {
    /// Decodes JSON text as `ReadmeLimits`, returning the error code if it throws.
    private func code(_ text: String) -> JSONAdapterError.Code? {
        do {
            _ = try JSONAdapter.model(of: ReadmeLimits.self, fromJSONData: Data(text.utf8))
            return nil
        } catch let error as JSONAdapterError {
            return error.code
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test("numbers convert only exactly; too big for 64 bits and 1e400 are .invalidValue", arguments: [
        #"{"big": 9007199254740993.5}"#, #"{"big": -9223372036854775809}"#, #"{"small": 300}"#,
        #"{"big": 18446744073709551616}"#, #"{"real": 1e400}"#,
    ])
    func exactNumbers(text: String) {
        #expect(code(text) == .invalidValue)
    }

    @Test("lone surrogate escapes, a byte order mark and trailing commas are .invalidJSONData", arguments: [
        #"{"name": "\uD800"}"#, "\u{FEFF}{}", #"{"name": "a",}"#,
    ])
    func rejected(text: String) {
        #expect(code(text) == .invalidJSONData)
    }

    @Test("500 nested arrays parse; deeper than 512 and 100,000 brackets are .invalidJSONData")
    func nesting() throws {
        let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let model = try JSONAdapter.model(of: ReadmeLimits.self, fromJSONData: Data(#"{"payload": \#(nested)}"#.utf8))
        #expect(model.payload is [Any])
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(code(#"{"payload": \#(deep)}"#) == .invalidJSONData)
        #expect(code(String(repeating: "[", count: 100_000)) == .invalidJSONData)
    }

    @Test("duplicate keys: the last occurrence wins, as in JSONSerialization")
    func duplicateKeys() throws {
        let text = #"{"name": "first", "name": "last"}"#
        #expect(try JSONAdapter.model(of: ReadmeLimits.self, fromJSONData: Data(text.utf8)).name == "last")
        #expect(try JSONAdapter.model(of: ReadmeLimits.self, from: try readmeObject(text)).name == "last")
    }
}

// MARK: - README "Persistence"

/// README's `Profile` (encoding behaviors).
struct ReadmeProfile: Model {
    var user: ReadmeGHUser?
    var avatar: Data?                     // a cache, rebuilt on demand
    weak var session: ReadmeSession?      // .conditional by default

    static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        key == "avatar" ? .excluded : defaultEncodingBehavior(forPropertyKey: key)
    }
}

/// The version 0 `GHUser` of README's migration example (`var username`).
struct ReadmeGHUserV0: Model {
    var username = ""
    var id = 0
}

/// README's version 1 `GHUser`, which renamed `username` to `login`.
struct ReadmeGHUserV1: Model {
    var login = ""
    var id = 0

    static var modelVersion: Int { 1 }

    static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                            modelVersion: Int) throws -> Any? {
        if key == "login", modelVersion < 1 { return archivedValues["username"] }
        return defaultDecodedValue(forKey: key, from: archivedValues)
    }
}

/// A model whose version is chosen per task, to archive "newer" data.
struct ReadmeVersioned: Model {
    @TaskLocal static var simulatedVersion = 1
    var name = ""
    static var modelVersion: Int { simulatedVersion }
}

/// A migration hook that returns values of other types.
struct ReadmeConvertingHook: Model {
    var ratio = 0.0
    var count = 0
    @TaskLocal static var countValue: Double = 4

    static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                            modelVersion: Int) throws -> Any? {
        switch key {
        case "ratio": return 3           // converts to a Double
        case "count": return countValue  // 3.5 does not convert to an Int
        default: return defaultDecodedValue(forKey: key, from: archivedValues)
        }
    }
}

/// README's class-cluster example: a property declared `Shape?`.
class ReadmeArchShape: Model {
    var name = ""
    required init() {}
}

final class ReadmeArchCircle: ReadmeArchShape {
    var radius = 0.0
}

/// Never registered.
final class ReadmeArchSquare: ReadmeArchShape {
    var side = 0.0
}

/// Its archived name is registered to an unrelated class.
final class ReadmeArchTriangle: ReadmeArchShape {}

final class ReadmeArchUnrelated: Model {
    var name = ""
    required init() {}
}

struct ReadmeDrawing: Model {
    var shape: ReadmeArchShape?
}

/// Class models: shared references, cycles, a conditional (weak) parent.
final class ReadmeNode: Model {
    var name = ""
    var children: [ReadmeNode] = []
    var favorite: ReadmeNode?
    weak var parent: ReadmeNode?
    required init() {}
}

enum ReadmeArchColor: String { case red, green }

struct ReadmeArchPoint: Model {
    var x = 0
    var y = 0
}

/// One property of each kind in README's table of archivable values.
struct ReadmeArchivable: Model {
    var text = ""
    var flag = false
    var blob = Data()
    var when = Date(timeIntervalSince1970: 0)
    var small: Int8 = 0
    var big: UInt64 = 0
    var ratio: Float = 0
    var precise = 0.0
    var link: URL?
    var relative: URL?
    var id = UUID()
    var amount = Decimal(0)
    var color = ReadmeArchColor.red
    var point = ReadmeArchPoint()
    var tags: Set<String> = []
    var scores: [String: Int] = [:]
    var history: [ReadmeArchPoint] = []
    var nickname: String? = "default"
    var anything: Any = 0
}

struct ReadmeUnarchivableDictionary: Model {
    var byNumber: [Int: String] = [1: "one"]
}

struct ReadmeUnarchivableClosure: Model {
    var onTap: @Sendable () -> Void = {}
}

struct ReadmeNaNDate: Model {
    var when = Date(timeIntervalSinceReferenceDate: .nan)
}

/// README's `Codable` `GHUser`.
struct ReadmeCodableUser: Model, Codable {
    var login = ""
    var id = 0
    var avatarURL: URL?
    weak var session: ReadmeSession?    // skipped
    var onTap: () -> Void = {}          // skipped: not Codable
}

struct ReadmeCodablePoint: Model, Codable {
    var x = 0.0
    var y = 0.0
}

struct ReadmeCodablePoints: Model, Codable {
    var points: [ReadmeCodablePoint] = []
}

/// "Declaring `Codable` on a non-final base class is enough."
class ReadmeCodableAnimal: Model, Codable {
    var name = ""
    required init() {}
}

final class ReadmeCodableDog: ReadmeCodableAnimal {
    var breed = ""
}

/// README's customizing example, for a struct.
struct ReadmeCodableExtra: Model, Codable {
    var name = ""

    enum ExtraKeys: String, CodingKey { case schema }

    func encode(to encoder: any Encoder) throws {
        try encodeProperties(to: encoder)
        var extra = encoder.container(keyedBy: ExtraKeys.self)
        try extra.encode(2, forKey: .schema)
    }
}

/// README's customizing example, for a class.
final class ReadmeCodableCustom: Model, Codable {
    var name = ""
    required init() {}

    required convenience init(from decoder: any Decoder) throws {
        self.init()
        try decodeProperties(from: decoder)
    }
}

/// "A class instance referenced twice is encoded twice."
struct ReadmeCodableTwice: Model, Codable {
    var first: ReadmeCodableAnimal?
    var second: ReadmeCodableAnimal?
}

/// Runs `body`, returning the `ArchiveError` it throws.
private func readmeArchiveError(_ body: () throws -> Void) -> ArchiveError? {
    do {
        try body()
        Issue.record("expected an ArchiveError")
        return nil
    } catch let error as ArchiveError {
        return error
    } catch {
        Issue.record("unexpected \(error)")
        return nil
    }
}

@Suite("README: Persistence")
struct ReadmePersistenceTests {
    @Test("archivedData(with:) and unarchive(_:from:) round-trip GHUser")
    func archiveRoundTrip() throws {
        let session = ReadmeSession()
        var user = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1,
                                                 "avatarURL": URL(string: "https://github.com/octocat.png")!])
        user.session = session
        let data = try ModelArchiver.archivedData(with: user)          // Data
        let restored = try ModelArchiver.unarchive(ReadmeGHUser.self, from: data)
        #expect(restored == user)
        #expect(restored.session == nil)   // conditional, and archived nowhere else
        withExtendedLifetime(session) {}
    }

    @Test("the values README's table lists come back with their declared types")
    func archivableValues() throws {
        var model = ReadmeArchivable()
        model.text = "héllo"
        model.flag = true
        model.blob = Data([0, 1, 2])
        model.when = Date(timeIntervalSince1970: 1_500_000_000.25)
        model.small = -128
        model.big = .max
        model.ratio = 0.1
        model.precise = .pi
        model.link = URL(string: "https://github.com")
        model.relative = URL(string: "issues/1", relativeTo: URL(string: "https://api.github.com/repos/")!)
        model.amount = Decimal(string: "12.5")!
        model.color = .green
        model.point = ReadmeArchPoint(x: 1, y: 2)
        model.tags = ["a", "b"]
        model.scores = ["x": 1]
        model.history = [ReadmeArchPoint(x: 3, y: 4)]
        model.nickname = nil
        model.anything = 42

        let restored = try ModelArchiver.unarchive(ReadmeArchivable.self, from: try ModelArchiver.archivedData(with: model))
        #expect(restored == model)
        #expect(restored.nickname == nil)   // nil is stored, so it wins over the non-nil default
        #expect(restored.relative?.baseURL?.absoluteString == "https://api.github.com/repos/")
        #expect(restored.relative?.absoluteString == model.relative?.absoluteString)
        #expect(restored.anything as? Int == 42)
    }

    @Test("closures, [Int: _] and a NaN date throw .unsupportedValue naming the key path")
    func unsupportedValues() {
        let dictionary = readmeArchiveError { _ = try ModelArchiver.archivedData(with: ReadmeUnarchivableDictionary()) }
        #expect(dictionary?.code == .unsupportedValue)
        #expect(dictionary?.keyPath == "byNumber")
        let closure = readmeArchiveError { _ = try ModelArchiver.archivedData(with: ReadmeUnarchivableClosure()) }
        #expect(closure?.code == .unsupportedValue)
        #expect(closure?.keyPath == "onTap")
        let date = readmeArchiveError { _ = try ModelArchiver.archivedData(with: ReadmeNaNDate()) }
        #expect(date?.code == .unsupportedValue)
    }

    @Test("Profile: avatar excluded keeps its default; user archived; session conditional")
    func encodingBehaviors() throws {
        let session = ReadmeSession()
        var profile = ReadmeProfile()
        profile.user = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1])
        profile.avatar = Data([1, 2, 3])
        profile.session = session
        #expect(ReadmeProfile.encodingBehavior(forPropertyKey: "avatar") == .excluded)
        #expect(ReadmeProfile.encodingBehavior(forPropertyKey: "session") == .conditional)
        #expect(ReadmeProfile.encodingBehavior(forPropertyKey: "user") == .unconditional)

        let restored = try ModelArchiver.unarchive(ReadmeProfile.self, from: try ModelArchiver.archivedData(with: profile))
        #expect(restored.user == profile.user)
        #expect(restored.avatar == nil)
        #expect(restored.session == nil)
        withExtendedLifetime(session) {}
    }

    @Test("class models keep identity and cycles; a conditional reference needs an unconditional one")
    func identityAndConditionals() throws {
        let root = ReadmeNode()
        root.name = "root"
        let child = ReadmeNode()
        child.name = "child"
        child.parent = root
        root.children = [child]
        root.favorite = child

        let restored = try ModelArchiver.unarchive(ReadmeNode.self, from: try ModelArchiver.archivedData(with: root))
        let restoredChild = try #require(restored.children.first)
        #expect(restored.favorite === restoredChild)       // one object, referenced twice
        #expect(restoredChild.parent === restored)         // the weak parent was archived as the root

        let alone = try ModelArchiver.unarchive(ReadmeNode.self, from: try ModelArchiver.archivedData(with: child))
        #expect(alone.name == "child")
        #expect(alone.parent == nil)                       // the parent was archived nowhere
    }

    @Test("versioning: an older archive migrates through decodeValue(forKey:from:modelVersion:)")
    func migration() throws {
        // An archive written by the version 0 app, where the type had `username`.
        ModelArchiver.register(ReadmeGHUserV1.self, forTypeName: ModelArchiver.archivedTypeName(of: ReadmeGHUserV0.self))
        let old = try ModelArchiver.archivedData(with: ReadmeGHUserV0(username: "octocat", id: 1))
        let user = try ModelArchiver.unarchive(ReadmeGHUserV1.self, from: old)
        #expect(user.login == "octocat")
        #expect(user.id == 1)
    }

    @Test("versioning: an archive newer than the type throws .newerVersion(archived:supported:)")
    func newerVersion() throws {
        let data = try ReadmeVersioned.$simulatedVersion.withValue(2) {
            try ModelArchiver.archivedData(with: ReadmeVersioned(name: "future"))
        }
        let error = readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeVersioned.self, from: data) }
        #expect(error?.code == .newerVersion(archived: 2, supported: 1))
    }

    @Test("the hook's value converts as in init(dictionary:): 3 into Double, 3.5 into Int is .typeMismatch")
    func hookConversions() throws {
        let data = try ModelArchiver.archivedData(with: ReadmeConvertingHook())
        let restored = try ModelArchiver.unarchive(ReadmeConvertingHook.self, from: data)
        #expect(restored.ratio == 3)
        #expect(restored.count == 4)
        let error = ReadmeConvertingHook.$countValue.withValue(3.5) {
            readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeConvertingHook.self, from: data) }
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.keyPath == "count")
    }

    @Test("type names: String(reflecting:); subclasses need register(_:); unregistered is .unknownType")
    func typeNamesAndSubclasses() throws {
        #expect(ModelArchiver.archivedTypeName(of: ReadmeGHUser.self) == "JSONAdapterTests.ReadmeGHUser")

        ModelArchiver.register(ReadmeArchCircle.self)
        let circle = ReadmeArchCircle()
        circle.radius = 2
        let drawing = try ModelArchiver.unarchive(ReadmeDrawing.self,
                                                  from: try ModelArchiver.archivedData(with: ReadmeDrawing(shape: circle)))
        #expect((drawing.shape as? ReadmeArchCircle)?.radius == 2)

        let square = try ModelArchiver.archivedData(with: ReadmeDrawing(shape: ReadmeArchSquare()))
        let unknown = readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeDrawing.self, from: square) }
        #expect(unknown?.code == .unknownType)

        ModelArchiver.register(ReadmeArchUnrelated.self, forTypeName: ModelArchiver.archivedTypeName(of: ReadmeArchTriangle.self))
        let triangle = try ModelArchiver.archivedData(with: ReadmeDrawing(shape: ReadmeArchTriangle()))
        let unrelated = readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeDrawing.self, from: triangle) }
        #expect(unrelated?.code == .typeMismatch)
    }

    @Test("archive format 1: a binary property list PropertyListSerialization reads; deterministic")
    func archiveFormat() throws {
        let user = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1])
        let data = try ModelArchiver.archivedData(with: user)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try ModelArchiver.archivedData(with: user) == data)

        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["$archiver"] as? String == "MantleModelArchive")
        #expect(plist["$format"] as? Int == 1)
        #expect(plist["$root"] as? Int == 0)
        let objects = try #require(plist["$objects"] as? [[String: Any]])
        #expect(objects.first?["$type"] as? String == "JSONAdapterTests.ReadmeGHUser")
        #expect(objects.first?["$version"] as? Int == 0)
        let values = try #require(objects.first?["$values"] as? [String: Any])
        #expect(values["login"] as? String == "octocat")
        #expect(values["id"] as? Int == 1)
        #expect((values["avatarURL"] as? [String: Any])?["$null"] as? Bool == true)
        #expect((values["session"] as? [String: Any])?["$null"] as? Bool == true)
    }

    @Test("untrusted data: every prefix, another format, a newer format throw their ArchiveError codes")
    func untrustedData() throws {
        let user = try ReadmeGHUser(dictionary: ["login": "octocat", "id": 1])
        let data = try ModelArchiver.archivedData(with: user)
        for length in 0..<data.count {
            let error = readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeGHUser.self, from: data.prefix(length)) }
            #expect(error?.code == .truncatedData || error?.code == .corruptData, "prefix of \(length) bytes")
        }
        let json = readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeGHUser.self, from: Data("{}".utf8)) }
        #expect(json?.code == .notAnArchive)

        var plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        plist["$format"] = 2
        let newer = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let format = readmeArchiveError { _ = try ModelArchiver.unarchive(ReadmeGHUser.self, from: newer) }
        #expect(format?.code == .unsupportedFormatVersion(archived: 2, supported: 1))
    }

    @Test("Codable: JSONEncoder / JSONDecoder; weak and closure properties skipped; nil is explicit")
    func codableUser() throws {
        let session = ReadmeSession()
        var user = ReadmeCodableUser()
        user.login = "octocat"
        user.id = 1
        user.session = session
        let json = try JSONEncoder().encode(user)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["login", "id", "avatarURL"])
        #expect(object["avatarURL"] is NSNull)

        let decoded = try JSONDecoder().decode(ReadmeCodableUser.self, from: json)
        #expect(decoded == user)
        #expect(decoded.session == nil)
        #expect(try JSONDecoder().decode(ReadmeCodableUser.self, from: Data(#"{"id": 7, "extra": 1}"#.utf8)).login == "")
        withExtendedLifetime(session) {}
    }

    @Test("Codable: a wrong type throws DecodingError with the value's coding path")
    func codableErrors() throws {
        let text = #"{"points": [{"x": 1, "y": "no"}]}"#
        do {
            _ = try JSONDecoder().decode(ReadmeCodablePoints.self, from: Data(text.utf8))
            Issue.record("expected a DecodingError")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["points", "Index 0", "y"])
        }
    }

    @Test("Codable: subclasses inherit it; customizing with encodeProperties / decodeProperties")
    func codableClassesAndCustomizing() throws {
        let dog = ReadmeCodableDog()
        dog.name = "Rex"
        dog.breed = "collie"
        let dogJSON = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(dog)) as? [String: Any])
        #expect(dogJSON["breed"] as? String == "collie" && dogJSON["name"] as? String == "Rex")
        let decodedDog = try JSONDecoder().decode(ReadmeCodableDog.self, from: try JSONEncoder().encode(dog))
        #expect(decodedDog == dog)

        let extra = try #require(try JSONSerialization.jsonObject(
            with: try JSONEncoder().encode(ReadmeCodableExtra(name: "x"))) as? [String: Any])
        #expect(extra["schema"] as? Int == 2 && extra["name"] as? String == "x")

        let custom = try JSONDecoder().decode(ReadmeCodableCustom.self, from: Data(#"{"name": "c"}"#.utf8))
        #expect(custom.name == "c")
    }

    @Test("Codable encodes values, not objects: a shared instance comes back as two")
    func codableValuesNotObjects() throws {
        let animal = ReadmeCodableAnimal()
        animal.name = "shared"
        let decoded = try JSONDecoder().decode(ReadmeCodableTwice.self,
                                               from: try JSONEncoder().encode(ReadmeCodableTwice(first: animal, second: animal)))
        #expect(decoded.first?.name == "shared")
        #expect(decoded.first !== decoded.second)
    }
}
