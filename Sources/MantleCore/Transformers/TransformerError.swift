import Foundation

/// An error from a ``ValueTransformer``.
public struct TransformerError: Error, @unchecked Sendable, CustomStringConvertible {
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
    /// What was expected, e.g. `a URL string`; empty when not given.
    public var expectation: String

    /// Creates an error.
    public init(code: Code, inputValue: Any?, expectation: String = "") {
        self.code = code
        self.inputValue = inputValue
        self.expectation = expectation
    }

    /// An error for input the transformer cannot handle: `expected …, found …`.
    public static func invalidInput(_ value: Any?, expected expectation: String) -> TransformerError {
        TransformerError(code: .invalidInput, inputValue: value, expectation: expectation)
    }

    /// A sentence saying what the transformer expected and what it found.
    public var description: String {
        switch code {
        case .notReversible:
            return "the transformer does not allow reverse transformation"
        case .invalidInput:
            let found = ValueDescription.describe(inputValue)
            return expectation.isEmpty ? "could not transform \(found)" : "expected \(expectation), found \(found)"
        }
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
        return info
    }
}
