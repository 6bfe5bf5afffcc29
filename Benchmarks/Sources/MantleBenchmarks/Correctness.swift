import Foundation
import GitHubModels

/// The fields compared across contenders, from either model family.
struct IssueFingerprint: Equatable, CustomStringConvertible {
    /// The issue number.
    var number: Int
    /// The title.
    var title: String
    /// The state's raw value.
    var state: String
    /// The body.
    var body: String?
    /// Locked or not.
    var locked: Bool
    /// The comment count.
    var comments: Int
    /// The URLs, as strings.
    var urls: [String?]
    /// The user's login, id, type and admin flag, if any.
    var user: String?
    /// `user.login`, read as its own path.
    var reporterLogin: String?
    /// The assignee's login and id, if any.
    var assignee: String?
    /// Each label's id, name, colour, default flag and description.
    var labels: [String]
    /// The three dates.
    var dates: [Date?]

    /// The fields of a library (or hand-written) model.
    init(_ issue: GHIssue) {
        number = issue.number
        title = issue.title
        state = issue.state.rawValue
        body = issue.body
        locked = issue.locked
        comments = issue.comments
        urls = [issue.url, issue.htmlURL, issue.user?.avatarURL, issue.user?.htmlURL,
                issue.assignee?.htmlURL].map { $0?.absoluteString }
        user = issue.user.map { "\($0.login) \($0.id) \($0.type.rawValue) \($0.siteAdmin)" }
        reporterLogin = issue.reporterLogin
        assignee = issue.assignee.map { "\($0.login) \($0.id)" }
        labels = issue.labels.map {
            "\($0.id) \($0.name) \($0.color) \($0.isDefault) \($0.summary ?? "nil") \($0.url?.absoluteString ?? "nil")"
        }
        dates = [issue.createdAt, issue.updatedAt, issue.closedAt]
    }

    /// The fields of a `Codable` twin.
    init(_ issue: CodableIssue) {
        number = issue.number
        title = issue.title
        state = issue.state.rawValue
        body = issue.body
        locked = issue.locked
        comments = issue.comments
        urls = [issue.url, issue.htmlURL, issue.user?.avatarURL, issue.user?.htmlURL,
                issue.assignee?.htmlURL].map { $0?.absoluteString }
        user = issue.user.map { "\($0.login) \($0.id) \($0.type.rawValue) \($0.siteAdmin)" }
        reporterLogin = issue.reporterLogin
        assignee = issue.assignee.map { "\($0.login) \($0.id)" }
        labels = issue.labels.map {
            "\($0.id) \($0.name) \($0.color) \($0.isDefault) \($0.summary ?? "nil") \($0.url?.absoluteString ?? "nil")"
        }
        dates = [issue.createdAt, issue.updatedAt, issue.closedAt]
    }

    /// All fields, for error messages.
    var description: String {
        "#\(number) \(title) \(state) locked=\(locked) comments=\(comments) urls=\(urls) user=\(user ?? "nil") "
            + "reporter=\(reporterLogin ?? "nil") assignee=\(assignee ?? "nil") labels=\(labels) dates=\(dates)"
    }
}

/// A contender that decoded or encoded something different from the others.
struct MismatchError: Error, CustomStringConvertible {
    /// What differs.
    var description: String
}

/// The correctness guard run before any timing.
enum CorrectnessGuard {
    /// Checks that every decoder produced the same values (and the values the
    /// input was built with), and that both encoders' output decodes back to them.
    static func check(count: Int, labelCount: Int, handWritten: [GHIssue], codable: [CodableIssue],
                      oursFromDictionaries: [GHIssue], oursFromData: [GHIssue],
                      codableContender: CodableContender) throws {
        for (name, decodedCount) in [("hand-written", handWritten.count), ("JSONDecoder", codable.count),
                                     ("ours from dictionaries", oursFromDictionaries.count),
                                     ("ours from Data", oursFromData.count)]
        where decodedCount != count {
            throw MismatchError(description: "\(name) decoded \(decodedCount) issues, expected \(count)")
        }
        for index in 0..<count {
            let reference = IssueFingerprint(handWritten[index])
            let others = [("JSONDecoder", IssueFingerprint(codable[index])),
                          ("ours from dictionaries", IssueFingerprint(oursFromDictionaries[index])),
                          ("ours from Data", IssueFingerprint(oursFromData[index]))]
            for (name, fingerprint) in others where fingerprint != reference {
                throw MismatchError(description: "issue [\(index)]: \(name) decoded\n  \(fingerprint)\n"
                                        + "but hand-written code decoded\n  \(reference)")
            }
            let enriched = index % 2 == 1
            guard reference.number == index + 1, reference.user != nil,
                  reference.reporterLogin != nil, reference.dates[0] != nil,
                  (reference.assignee != nil) == enriched,
                  reference.labels.count == (enriched ? labelCount : 0)
            else {
                throw MismatchError(description: "issue [\(index)] is not what the input was built with: \(reference)")
            }
        }
        guard handWritten == oursFromDictionaries else {
            throw MismatchError(description: "hand-written models are not == to ours from dictionaries")
        }
        guard oursFromDictionaries == oursFromData else {
            throw MismatchError(description: "ours from dictionaries are not == to ours from Data")
        }
        guard oursFromDictionaries.map(PlainIssue.init) == oursFromData.map(PlainIssue.init) else {
            throw MismatchError(description: "the Hashable twins of ours from dictionaries and from Data differ")
        }
        guard LibraryContender.hash(oursFromDictionaries) == LibraryContender.hash(oursFromData) else {
            throw MismatchError(description: "equal models hash differently")
        }

        let ourOutput = try LibraryContender.data(from: oursFromData)
        guard try LibraryContender.issues(from: ourOutput) == oursFromData else {
            throw MismatchError(description: "ours: jsonData(from:) output does not decode back to the same models")
        }
        let ourDictionaries = try LibraryContender.dictionaries(from: oursFromData)
        guard try LibraryContender.issues(from: ourDictionaries) == oursFromData else {
            throw MismatchError(description: "ours: jsonArray(from:) output does not decode back to the same models")
        }
        let mapper = HandWrittenMapper()
        guard try mapper.issues(from: oursFromData.map(mapper.jsonDictionary(from:))) == oursFromData else {
            throw MismatchError(description: "hand-written dictionaries do not decode back to the same models")
        }
        let codableOutput = try codableContender.data(from: codable)
        let roundTripped = try codableContender.issues(from: codableOutput)
        guard roundTripped.map(IssueFingerprint.init) == codable.map(IssueFingerprint.init) else {
            throw MismatchError(description: "JSONEncoder output does not decode back to the same models")
        }
    }
}
