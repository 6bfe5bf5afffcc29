import Foundation
import MantleJSON

/// The JSON object a model is decoded from.
enum JSONObjectSource {
    /// A Foundation dictionary (from `JSONSerialization` or built in code).
    case dictionary([String: Any])
    /// An object node of a parsed document.
    case document(JSONDocument, Int)

    /// The object as a dictionary (materialised for a document node).
    ///
    /// One caller needs it: a class cluster's `classForParsing(jsonDictionary:)`,
    /// public API that takes the whole object as a dictionary and may read any of
    /// it. It is built once per decoded object, only for types that implement the
    /// method (`ModelMapping.isClassCluster`), and the chosen type then decodes from
    /// the document itself. A ``JSONTypeDiscriminator`` reads its one field from
    /// the document instead.
    var dictionary: [String: Any] {
        switch self {
        case .dictionary(let dictionary): return dictionary
        case .document(let document, let node): return (try? document.anyValue(at: node)) as? [String: Any] ?? [:]
        }
    }
}
