import Foundation

/// An error from mapping JSON to a model or a model to JSON.
///
/// Its fields are those of every error of the package (``modelTypeName``,
/// ``propertyKey``, ``jsonKeyPath``, ``expected``, ``found``, ``detail``,
/// ``underlyingError``), and its description reads as theirs do: the model,
/// the property, the JSON key path and the problem, e.g.
/// `GHIssue.assignee → "assignee.login": expected String, found number 42`.
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

    /// Creates an error.
    public init(code: Code, propertyKey: String? = nil, jsonKeyPath: String? = nil,
                underlyingError: (any Error)? = nil, modelTypeName: String? = nil,
                expected: String? = nil, found: String? = nil, detail: String? = nil) {
        (self.code, self.propertyKey, self.jsonKeyPath, self.modelTypeName) =
            (code, propertyKey, jsonKeyPath, modelTypeName)
        (self.expected, self.found, self.detail, self.underlyingError) = (expected, found, detail, underlyingError)
    }

    /// `Model.property → "json.path": problem`, e.g.
    /// `GHIssue.assignee → "[3].assignee.login": expected String, found number 42`.
    public var description: String { message.text }

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

extension JSONAdapterError {
    /// Creates an error (the former spelling).
    @available(*, deprecated, renamed: "init(code:propertyKey:jsonKeyPath:underlyingError:modelTypeName:expected:found:detail:)")
    public init(code: Code, propertyKey: String? = nil, jsonKeyPath: String? = nil,
                underlyingError: (any Error)? = nil, modelTypeName: String? = nil, reason: String) {
        self.init(code: code, propertyKey: propertyKey, jsonKeyPath: jsonKeyPath, underlyingError: underlyingError,
                  modelTypeName: modelTypeName, detail: reason.isEmpty ? nil : reason)
    }

    /// What was wrong: the description without the model, property and path.
    @available(*, deprecated, message: "use expected, found and detail")
    public var reason: String { message.problem }
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

    /// The description, the problem (the description without the model,
    /// property and path) as failure reason, key path and underlying error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description,
                                   NSLocalizedFailureReasonErrorKey: message.problem]
        if let jsonKeyPath { info["MTLJSONAdapterKeyPathErrorKey"] = jsonKeyPath }
        if let propertyKey { info["MTLJSONAdapterPropertyKeyErrorKey"] = propertyKey }
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
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
