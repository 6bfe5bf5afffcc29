import Foundation

/// An error from building or changing a model through its property keys
/// (``Model/init(dictionary:)``, `setValue(_:forKey:)`).
///
/// The description says which property failed and why, e.g.
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
        /// than `.none`); ``ModelError/foundValueDescription`` says why. Every
        /// throwing use of the model type reports it.
        case unsupportedDeclaration
    }

    /// What went wrong.
    public var code: Code
    /// The key of the property concerned.
    public var propertyKey: String
    /// The model type's name.
    public var modelTypeName: String
    /// The property's declared type (empty for ``Code/unknownPropertyKey``).
    public var expectedTypeName: String
    /// What was found instead, e.g. `number 3.5` (empty when nothing applies);
    /// for ``Code/unsupportedDeclaration``, what about the declaration is not supported.
    public var foundValueDescription: String

    /// Creates an error.
    public init(code: Code, propertyKey: String, modelTypeName: String = "",
                expectedTypeName: String = "", foundValueDescription: String = "") {
        self.code = code
        self.propertyKey = propertyKey
        self.modelTypeName = modelTypeName
        self.expectedTypeName = expectedTypeName
        self.foundValueDescription = foundValueDescription
    }

    /// A sentence naming the model, the property and the problem.
    public var description: String {
        let subject = modelTypeName.isEmpty ? propertyKey
            : propertyKey.isEmpty ? modelTypeName : "\(modelTypeName).\(propertyKey)"
        switch code {
        case .unknownPropertyKey:
            return "\(subject): no settable property with this key"
        case .typeMismatch:
            return "\(subject): expected \(expectedTypeName), found \(foundValueDescription)"
        case .nilForNonOptional:
            return "\(subject): expected \(expectedTypeName), found null (the property is not optional)"
        case .unsupportedDeclaration:
            return "\(subject): the declaration (\(expectedTypeName)) is not supported: \(foundValueDescription)"
        }
    }
}

extension ModelError {
    /// The error for a failed conversion of a value for `key` of `modelType`.
    package init(_ failure: ConversionFailure, propertyKey: String, modelTypeName: String) {
        switch failure {
        case .mismatch(let expected, let found):
            self.init(code: .typeMismatch, propertyKey: propertyKey, modelTypeName: modelTypeName,
                      expectedTypeName: ValueDescription.typeName(expected),
                      foundValueDescription: ValueDescription.describe(found))
        case .nilForNonOptional(let expected):
            self.init(code: .nilForNonOptional, propertyKey: propertyKey, modelTypeName: modelTypeName,
                      expectedTypeName: ValueDescription.typeName(expected),
                      foundValueDescription: "null")
        }
    }
}
