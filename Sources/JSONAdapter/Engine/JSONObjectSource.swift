import Foundation
import MantleJSON

/// The JSON object a model is decoded from.
enum JSONObjectSource {
    /// A Foundation dictionary (from `JSONSerialization` or built in code).
    case dictionary([String: Any])
    /// An object node of a parsed document.
    case document(JSONDocument, Int)

    /// The object as a dictionary (materialised for a document node).
    var dictionary: [String: Any] {
        switch self {
        case .dictionary(let dictionary): return dictionary
        case .document(let document, let node): return document.anyValue(at: node) as? [String: Any] ?? [:]
        }
    }
}
