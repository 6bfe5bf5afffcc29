import Foundation

extension ModelError: CustomNSError {
    /// The domain of model errors.
    public static var errorDomain: String { "MTLModelErrorDomain" }

    /// 1 unknown property key, 2 type mismatch, 3 nil for a non-optional
    /// property, 4 unsupported declaration.
    public var errorCode: Int {
        switch code {
        case .unknownPropertyKey: return 1
        case .typeMismatch: return 2
        case .nilForNonOptional: return 3
        case .unsupportedDeclaration: return 4
        }
    }

    /// The description.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
