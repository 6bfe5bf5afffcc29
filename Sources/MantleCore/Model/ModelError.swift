import Foundation
import MantleInternals

/// An error from building or changing a model through its property keys
/// (``Model/init(dictionary:)``, `setValue(_:forKey:)`), or from a model type
/// whose declaration the package cannot handle exactly.
///
/// Its fields are those of every error of the package (``modelTypeName``,
/// ``propertyKey``, ``expected``, ``found``, ``detail``, ``underlyingError``),
/// and its description reads as theirs do, e.g.
/// `GHUser.id: expected Int, found number 3.5`.
public struct ModelError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable {
        /// The key names no property that takes part in the model (or a `let` constant).
        case unknownPropertyKey
        /// The value's type does not fit the property, or a number does not fit exactly.
        case typeMismatch
        /// `nil` or `NSNull` was given for a property that is not optional.
        case nilForNonOptional
        /// The property's declaration cannot be read and written exactly by
        /// reflection (for example an `unowned` reference given a storage other
        /// than `.none`): ``ModelError/found`` is the declaration and
        /// ``ModelError/detail`` says why. Every throwing use of the model type
        /// reports it.
        case unsupportedDeclaration
    }

    /// What went wrong.
    public var code: Code
    /// The key of the property concerned; empty when the error concerns the
    /// model type as a whole (an enum, a missing `ObservableModel` conformance).
    public var propertyKey: String
    /// The model type's name, if known.
    public var modelTypeName: String?
    /// What the property takes: its declared type (`Int`); `nil` for
    /// ``Code/unknownPropertyKey`` and ``Code/unsupportedDeclaration``.
    public var expected: String?
    /// What was found instead, e.g. `number 3.5` or `null`; for
    /// ``Code/unsupportedDeclaration``, the declaration (`unowned GHUser`, `enum`).
    public var found: String?
    /// A sentence saying more: why a declaration is not supported and what to do.
    public var detail: String?
    /// The error behind this one, if any.
    public var underlyingError: (any Error)?

    /// Creates an error.
    public init(code: Code, propertyKey: String, modelTypeName: String? = nil, expected: String? = nil,
                found: String? = nil, detail: String? = nil, underlyingError: (any Error)? = nil) {
        (self.code, self.propertyKey, self.modelTypeName) = (code, propertyKey, modelTypeName)
        (self.expected, self.found, self.detail, self.underlyingError) = (expected, found, detail, underlyingError)
    }

    /// `Model.property: problem`, e.g. `GHUser.id: expected Int, found number 3.5`
    /// or `GHUser.nmae: no settable property with this key`.
    public var description: String { message.text }

    /// The facts, worded as every package error words them.
    package var message: ErrorMessage {
        let summary: String?
        var detail = detail
        switch code {
        case .unknownPropertyKey: summary = "no settable property with this key"
        case .typeMismatch: summary = nil
        case .nilForNonOptional:
            summary = nil
            detail = detail ?? "the property is not optional"
        case .unsupportedDeclaration: summary = "unsupported declaration"
        }
        return ErrorMessage(modelTypeName: modelTypeName, propertyKey: propertyKey, summary: summary,
                            expected: expected, found: found, detail: detail, underlyingError: underlyingError)
    }
}

extension ModelError {
    /// The error for a failed conversion of a value for `key` of `modelType`.
    package init(_ failure: ConversionFailure, propertyKey: String, modelTypeName: String?) {
        switch failure {
        case .mismatch(let expected, let found):
            self.init(code: .typeMismatch, propertyKey: propertyKey, modelTypeName: modelTypeName,
                      expected: ValueDescription.typeName(expected), found: ValueDescription.describe(found))
        case .nilForNonOptional(let expected):
            self.init(code: .nilForNonOptional, propertyKey: propertyKey, modelTypeName: modelTypeName,
                      expected: ValueDescription.typeName(expected), found: "null")
        }
    }
}
