import Foundation
import MantleInternals

/// An error from mapping JSON to a model or a model to JSON.
///
/// Its fields are those of every error of the package (``modelTypeName``,
/// ``propertyKey``, ``jsonKeyPath``, ``expected``, ``found``, ``detail``,
/// ``underlyingError``), and its description reads as theirs do: the model,
/// the property, the JSON key path and the problem, e.g.
/// `GHIssue.assignee → "assignee.login": expected String, found number 42`.
///
/// When decoding finds several failures (up to
/// ``JSONAdapter/JSONAdapter/DecodingOptions/maximumErrorCount``), the thrown
/// error is the first of them, in document order, and carries the others in
/// ``additionalErrors``; its description then has one line per failure.
public struct JSONAdapterError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable {
        /// `classForParsing(jsonDictionary:)` returned `nil` or an unrelated type,
        /// or an adapter was given a model that is not of its type to encode.
        case noClassFound
        /// The JSON is not a dictionary (or array), or a key path runs through a non-dictionary.
        case invalidJSONDictionary
        /// The mapping names no property, or has an empty or malformed key path.
        case invalidJSONMapping
        /// A transformer failed, or a value does not fit the property's type.
        case invalidValue
        /// The bytes are not valid JSON.
        case invalidJSONData
    }

    /// What went wrong.
    public var code: Code
    /// The key of the property concerned (the outermost model's), if any.
    public var propertyKey: String?
    /// Where in the JSON it went wrong, dotted, with `[i]` for array elements
    /// (`"assignee.login"`, `"[3].labels[0].name"`).
    public var jsonKeyPath: String?
    /// The 1-based line of the failing value in JSON Lines (``JSONModelReader``,
    /// ``AsyncJSONModelSequence``, ``JSONAdapter/models(of:fromJSONLines:options:)``); `nil` elsewhere.
    public var lineNumber: Int?
    /// The error behind this one: a ``TransformerError``, a ``ModelError``, or
    /// an error thrown by `validate()`.
    public var underlyingError: (any Error)?
    /// The model type concerned (the outermost one), if any.
    public var modelTypeName: String?
    /// What was expected, e.g. `String`, `an object for GHUser`, `a URL string`.
    public var expected: String?
    /// What was found, e.g. `number 42`, `null`, `string "x" at "user"`.
    public var found: String?
    /// A sentence saying more, or saying what went wrong where no expected
    /// and found value apply (`unexpected end of input at byte 12`).
    public var detail: String?
    /// The failures decoding found after this one, in document order, each
    /// with its own model, property, JSON key path, expected and found
    /// values; empty when this is the only one, or when the call's
    /// ``JSONAdapter/JSONAdapter/DecodingOptions/maximumErrorCount`` is 1.
    /// Together with this error they are at most `maximumErrorCount`.
    public var additionalErrors: [JSONAdapterError] = []
    /// How many more failures decoding found beyond
    /// ``JSONAdapter/JSONAdapter/DecodingOptions/maximumErrorCount``, counted
    /// but not kept (hostile input with a million bad values gives a million
    /// here, not a million errors); 0 when none were left out.
    public var omittedErrorCount = 0

    /// Creates an error.
    public init(code: Code, propertyKey: String? = nil, jsonKeyPath: String? = nil,
                underlyingError: (any Error)? = nil, modelTypeName: String? = nil,
                expected: String? = nil, found: String? = nil, detail: String? = nil) {
        (self.code, self.propertyKey, self.jsonKeyPath, self.modelTypeName) =
            (code, propertyKey, jsonKeyPath, modelTypeName)
        (self.expected, self.found, self.detail, self.underlyingError) = (expected, found, detail, underlyingError)
    }

    /// Every failure kept, in document order: this error (without its
    /// ``additionalErrors``), then ``additionalErrors``.
    public var allErrors: [JSONAdapterError] {
        var first = self
        first.additionalErrors = []
        first.omittedErrorCount = 0
        return [first] + additionalErrors
    }

    /// `Model.property → "json.path": problem`, e.g.
    /// `GHIssue.assignee → "[3].assignee.login": expected String, found number 42`;
    /// one such line per failure of ``allErrors``, and a last line saying how
    /// many were left out (`… and 12 more errors`) when
    /// ``omittedErrorCount`` is not 0.
    public var description: String {
        guard !additionalErrors.isEmpty || omittedErrorCount > 0 else { return message.text }
        var lines = [message.text] + additionalErrors.map(\.message.text)
        if omittedErrorCount > 0 {
            lines.append("… and \(omittedErrorCount) more error" + (omittedErrorCount == 1 ? "" : "s"))
        }
        return lines.joined(separator: "\n")
    }

    /// The facts, worded as every package error words them.
    package var message: ErrorMessage {
        let summary: String?
        switch code {
        case .invalidJSONData: summary = "invalid JSON"
        case .noClassFound, .invalidJSONDictionary, .invalidJSONMapping, .invalidValue:
            let saysNothing = expected == nil && found == nil && detail == nil && underlyingError == nil
            summary = saysNothing ? "\(code)" : nil
        }
        return ErrorMessage(modelTypeName: modelTypeName, propertyKey: propertyKey, location: jsonKeyPath,
                            lineNumber: lineNumber, summary: summary, expected: expected, found: found,
                            detail: detail, underlyingError: underlyingError)
    }
}

/// Joins JSON path pieces: `"user"` + `"login"` is `"user.login"`, `"labels"`
/// + `"[2]"` is `"labels[2]"`, `"[3]"` + `"user"` is `"[3].user"`.
func joinJSONPath(_ prefix: String, _ rest: String?) -> String {
    guard let rest, !rest.isEmpty else { return prefix }
    guard !prefix.isEmpty else { return rest }
    return rest.hasPrefix("[") ? prefix + rest : prefix + "." + rest
}

extension JSONAdapterError: CustomNSError {
    /// Mantle's `MTLJSONAdapterErrorDomain`.
    public static var errorDomain: String { "MTLJSONAdapterErrorDomain" }

    /// Mantle's codes: `MTLJSONAdapterErrorNoClassFound` (2),
    /// `…InvalidJSONDictionary` (3), `…InvalidJSONMapping` (4); and this
    /// library's `invalidValue` (5) and `invalidJSONData` (6).
    public var errorCode: Int {
        switch code {
        case .noClassFound: return 2
        case .invalidJSONDictionary: return 3
        case .invalidJSONMapping: return 4
        case .invalidValue: return 5
        case .invalidJSONData: return 6
        }
    }

    /// The description (every line), the problem (the first failure's
    /// description without the model, property and path) as failure reason,
    /// key path and underlying error; and, when decoding found more than one
    /// failure, the ``additionalErrors`` as `NSError`s under
    /// `"MTLJSONAdapterAdditionalErrorsKey"` and the ``omittedErrorCount``
    /// under `"MTLJSONAdapterOmittedErrorCountKey"`.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description,
                                   NSLocalizedFailureReasonErrorKey: message.problem]
        if let jsonKeyPath { info["MTLJSONAdapterKeyPathErrorKey"] = jsonKeyPath }
        if let propertyKey { info["MTLJSONAdapterPropertyKeyErrorKey"] = propertyKey }
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        if !additionalErrors.isEmpty {
            info["MTLJSONAdapterAdditionalErrorsKey"] = additionalErrors.map { $0 as NSError }
        }
        if omittedErrorCount > 0 { info["MTLJSONAdapterOmittedErrorCountKey"] = omittedErrorCount }
        return info
    }
}

extension JSONAdapterError {
    /// The error for a value's `failure`, with the property, the JSON key
    /// path and the model type it concerns.
    init(_ failure: ValueFailure, propertyKey: String? = nil, jsonKeyPath: String?, modelTypeName: String? = nil) {
        self.init(code: failure.code, propertyKey: propertyKey, jsonKeyPath: jsonKeyPath,
                  underlyingError: failure.underlying, modelTypeName: modelTypeName,
                  expected: failure.expected, found: failure.found, detail: failure.detail)
    }
}

extension JSONAdapterError {
    /// The same error with `component` (`"[3]"`, `"data.items"`) before its
    /// JSON key path and those of its ``additionalErrors``.
    func prefixingPath(_ component: String) -> JSONAdapterError {
        var copy = self
        copy.jsonKeyPath = joinJSONPath(component, jsonKeyPath)
        for index in copy.additionalErrors.indices {
            copy.additionalErrors[index].jsonKeyPath = joinJSONPath(component, copy.additionalErrors[index].jsonKeyPath)
        }
        return copy
    }

    /// The same error with `lineNumber` on it and on its ``additionalErrors``
    /// (all from one value of JSON Lines).
    func onLine(_ lineNumber: Int) -> JSONAdapterError {
        var copy = self
        copy.lineNumber = lineNumber
        for index in copy.additionalErrors.indices { copy.additionalErrors[index].lineNumber = lineNumber }
        return copy
    }
}
