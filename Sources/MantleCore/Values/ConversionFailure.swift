import Foundation

/// Why a value could not become a value of a property's declared type.
///
/// Internal currency of the conversion layer; `Model` turns it into a
/// ``ModelError`` and the JSON adapter into a `JSONAdapterError`, each adding
/// the property key (and JSON key path) that the conversion layer never sees.
package enum ConversionFailure: Error, @unchecked Sendable {
    /// The value has the wrong type, or a number does not fit the target type exactly.
    case mismatch(expected: Any.Type, found: Any?)
    /// `nil` or `NSNull` was given for a type that is not optional.
    case nilForNonOptional(expected: Any.Type)

    /// The value that was found (`nil` for a missing or null value).
    package var foundValue: Any? {
        switch self {
        case .mismatch(_, let found): return found
        case .nilForNonOptional: return nil
        }
    }
}
