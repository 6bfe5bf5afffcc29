import Foundation

/// An error from mapping JSON to a model or a model to JSON.
///
/// Its description names the model, the property, the JSON key path and the
/// problem, e.g. `GHIssue.assignee → "assignee.login": expected String, found number 42`.
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
    /// ``AsyncJSONModelSequence``, ``JSONAdapter/models(of:fromJSONLines:maximumDepth:)``); `nil` elsewhere.
    public var lineNumber: Int?
    /// The error behind this one: a ``TransformerError``, a ``ModelError``, or
    /// an error thrown by `validate()`.
    public var underlyingError: (any Error)?
    /// The model type concerned, if any.
    public var modelTypeName: String?
    /// What was wrong, e.g. `expected String, found number 42`.
    public var reason: String

    /// Creates an error.
    public init(code: Code, propertyKey: String? = nil, jsonKeyPath: String? = nil,
                underlyingError: (any Error)? = nil, modelTypeName: String? = nil, reason: String = "") {
        self.code = code
        self.propertyKey = propertyKey
        self.jsonKeyPath = jsonKeyPath
        self.underlyingError = underlyingError
        self.modelTypeName = modelTypeName
        self.reason = reason
    }

    /// `Model.property → "json.path": reason`.
    public var description: String {
        let subject = describeSubject(modelTypeName: modelTypeName, propertyKey: propertyKey, jsonKeyPath: jsonKeyPath)
        let reason = reason.isEmpty ? underlyingError.map { "\($0)" } ?? "\(code)" : reason
        let line = lineNumber.map { "line \($0): " } ?? ""
        return line + (subject.isEmpty ? reason : "\(subject): \(reason)")
    }
}

/// `Model.property → "json.path"`, leaving out what is `nil` or empty: the
/// subject of an error or a leniency report entry.
func describeSubject(modelTypeName: String?, propertyKey: String?, jsonKeyPath: String?) -> String {
    var subject = [modelTypeName, propertyKey].compactMap { $0 }.joined(separator: ".")
    if let jsonKeyPath, !jsonKeyPath.isEmpty {
        subject += subject.isEmpty ? "\"\(jsonKeyPath)\"" : " → \"\(jsonKeyPath)\""
    }
    return subject
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

    /// The description, failure reason, key path and underlying error.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description,
                                   NSLocalizedFailureReasonErrorKey: reason]
        if let jsonKeyPath { info["MTLJSONAdapterKeyPathErrorKey"] = jsonKeyPath }
        if let propertyKey { info["MTLJSONAdapterPropertyKeyErrorKey"] = propertyKey }
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}
