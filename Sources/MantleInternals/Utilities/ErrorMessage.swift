import Foundation

/// The one wording of the package's errors (`ModelError`, `TransformerError`,
/// `JSONAdapterError`, `ModelArchiverError`) and of leniency report entries, so that
/// they all read alike:
///
///     [line N: ]Model.property → "where": summary: expected E, found F (detail)
///
/// Every part is left out when it is absent. Each error type gives its facts
/// under the same names (``modelTypeName``, ``propertyKey``, a location,
/// ``expected``, ``found``, ``detail``, ``underlyingError``) and its
/// `description` is this message's ``text``.
package struct ErrorMessage {
    package var modelTypeName: String?
    package var propertyKey: String?
    /// Where: a JSON key path or an archive path.
    package var location: String?
    /// The 1-based line of JSON Lines input.
    package var lineNumber: Int?
    /// What kind of problem, where the expected and found values do not say
    /// it alone (`no settable property with this key`, `invalid JSON`).
    package var summary: String?
    /// What was expected: a type name (`Int`) or a phrase (`a URL string`).
    package var expected: String?
    /// What was found, as MantleCore's `ValueDescription.describe(_:)` words it (`string "x"`).
    package var found: String?
    /// A sentence saying more (why, or what to do).
    package var detail: String?
    /// The error behind this one; its description stands in for the problem
    /// when the error says nothing else.
    package var underlyingError: (any Error)?

    package init(modelTypeName: String? = nil, propertyKey: String? = nil, location: String? = nil,
                 lineNumber: Int? = nil, summary: String? = nil, expected: String? = nil, found: String? = nil,
                 detail: String? = nil, underlyingError: (any Error)? = nil) {
        (self.modelTypeName, self.propertyKey, self.location, self.lineNumber) =
            (modelTypeName, propertyKey, location, lineNumber)
        (self.summary, self.expected, self.found, self.detail, self.underlyingError) =
            (summary, expected, found, detail, underlyingError)
    }

    /// `Model.property → "where"`, leaving out what is absent or empty.
    package var subject: String {
        var subject = [modelTypeName, propertyKey].compactMap { $0?.isEmpty == false ? $0 : nil }
            .joined(separator: ".")
        if let location, !location.isEmpty {
            subject += subject.isEmpty ? "\"\(location)\"" : " → \"\(location)\""
        }
        return subject
    }

    /// `summary: expected E, found F (detail)`; a detail without an expected
    /// or found value follows a colon instead (`invalid JSON: unexpected end`).
    /// With none of these, the underlying error's description.
    package var problem: String {
        var parts = [summary].compactMap { $0?.isEmpty == false ? $0 : nil }
        let clause: String?
        switch (nonEmpty(expected), nonEmpty(found)) {
        case let (expected?, found?): clause = "expected \(expected), found \(found)"
        case let (expected?, nil): clause = "expected \(expected)"
        case let (nil, found?): clause = "found \(found)"
        case (nil, nil): clause = nil
        }
        if let clause { parts.append(clause) }
        var problem = parts.joined(separator: ": ")
        if let detail = nonEmpty(detail) {
            problem = problem.isEmpty ? detail : clause != nil ? "\(problem) (\(detail))" : "\(problem): \(detail)"
        }
        if problem.isEmpty, let underlyingError { problem = "\(underlyingError)" }
        return problem
    }

    /// `[line N: ]subject: problem`: the description of every package error.
    package var text: String {
        let subject = subject
        let problem = problem
        let line = lineNumber.map { "line \($0): " } ?? ""
        return line + (subject.isEmpty ? problem : problem.isEmpty ? subject : "\(subject): \(problem)")
    }

    /// `text` unless it is `nil` or empty.
    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
