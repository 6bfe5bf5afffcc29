import Foundation
import MantleInternals

/// An error from a ``JSONValueTransformer``.
///
/// Its fields are those of every error of the package (``expected``,
/// ``found``, ``detail``, ``underlyingError``; a transformer does not know the
/// model or property it serves, so the adapter adds those), and its
/// description reads as theirs do, e.g. `expected a URL string, found number 3`.
public struct TransformerError: Error, @unchecked Sendable, CustomStringConvertible {
    // @unchecked Sendable: `inputValue` and `underlyingError` are whatever the
    // transformer was given or caught; the error only carries them.

    /// What went wrong.
    public enum Code: Sendable {
        /// The transformer cannot transform this input.
        case invalidInput
        /// A reverse transformation was asked of a one-way transformer.
        case notReversible
    }

    /// What went wrong.
    public var code: Code
    /// The value that could not be transformed.
    public var inputValue: Any?
    /// What was expected, e.g. `a URL string`, if said.
    public var expected: String?
    /// The input as error messages show it (`number 3`, `null`).
    public var found: String?
    /// A sentence saying more, if any.
    public var detail: String?
    /// The error behind this one, if any: for an array transformer, the
    /// element's error.
    public var underlyingError: (any Error)?

    /// Creates an error; for ``Code/invalidInput``, `found` describes
    /// `inputValue` unless given.
    public init(code: Code, inputValue: Any?, expected: String? = nil, found: String? = nil,
                detail: String? = nil, underlyingError: (any Error)? = nil) {
        (self.code, self.inputValue) = (code, inputValue)
        let found = found ?? (code == .invalidInput ? ValueDescription.describe(inputValue) : nil)
        (self.expected, self.found, self.detail, self.underlyingError) = (expected, found, detail, underlyingError)
    }

    /// An error for input the transformer cannot handle: `expected …, found …`.
    public static func invalidInput(_ value: Any?, expected: String) -> TransformerError {
        TransformerError(code: .invalidInput, inputValue: value, expected: expected)
    }

    /// `expected a URL string, found number 3`, or
    /// `the transformer does not allow reverse transformation`.
    public var description: String { message.text }

    /// The facts, worded as every package error words them.
    package var message: ErrorMessage {
        let summary: String?
        switch code {
        case .invalidInput: summary = expected == nil ? "could not transform the input" : nil
        case .notReversible: summary = "the transformer does not allow reverse transformation"
        }
        return ErrorMessage(summary: summary, expected: expected, found: found, detail: detail,
                            underlyingError: underlyingError)
    }
}

extension TransformerError: CustomNSError {
    /// Mantle's `MTLTransformerErrorHandlingErrorDomain`.
    public static var errorDomain: String { "MTLTransformerErrorHandlingErrorDomain" }

    /// Mantle's `MTLTransformerErrorHandlingErrorInvalidInput` (1); 2 for a
    /// reverse transformation of a one-way transformer.
    public var errorCode: Int {
        switch code {
        case .invalidInput: return 1
        case .notReversible: return 2
        }
    }

    /// The description and, under Mantle's
    /// `MTLTransformerErrorHandlingInputValueErrorKey`, the input value.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let inputValue { info["MTLTransformerErrorHandlingInputValueErrorKey"] = inputValue }
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
        return info
    }
}
