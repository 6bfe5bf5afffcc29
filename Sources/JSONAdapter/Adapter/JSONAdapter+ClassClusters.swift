import Foundation
import MantleJSON

// Decoding families of model types (structs sharing a protocol, say) by a
// JSON field that names each object's type (`JSONTypeDiscriminator`).

extension JSONAdapter {
    /// Decodes the JSON object `data` as the type `family` chooses, returned as
    /// `Family` — a protocol existential the family's types share, such as
    /// `(any Shape).self`, or `(any JSONSerializing).self`.
    ///
    /// - Throws: ``JSONAdapterError/Code/noClassFound`` when the field names
    ///   no type of the family (and it has no fallback) or the chosen type is
    ///   not a `Family`; the errors of decoding that type otherwise.
    public static func model<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                     fromJSONData data: Data, maximumDepth: Int = 512) throws -> Family {
        try member(family, as: type, from: parseObject(data, maximumDepth: maximumDepth))
    }

    /// Decodes a JSON array of objects, each as the type `family` chooses for
    /// it; fails as a whole, naming the index of the failing element.
    public static func models<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                      fromJSONData data: Data, maximumDepth: Int = 512) throws -> [Family] {
        let document = try parse(data, maximumDepth: maximumDepth)
        let root = document.rootIndex
        guard document.kind(at: root) == .array else {
            throw JSONAdapterError(code: .invalidJSONDictionary,
                                   reason: "expected an array of objects, found \(describe(document, root))")
        }
        return try decodeEach(document.elements(of: root)) { element in
            guard document.kind(at: element) == .object else { throw notAnObject(describe(document, element)) }
            return try member(family, as: type, from: .document(document, element))
        }
    }

    /// Decodes a JSON dictionary as the type `family` chooses (see
    /// ``model(_:of:fromJSONData:maximumDepth:)``).
    public static func model<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                     from jsonDictionary: [String: Any]) throws -> Family {
        try member(family, as: type, from: .dictionary(jsonDictionary))
    }

    /// Decodes an array of JSON dictionaries, each as the type `family` chooses for it.
    public static func models<Family>(_ type: Family.Type, of family: JSONTypeDiscriminator,
                                      from jsonArray: [Any]) throws -> [Family] {
        try decodeEach(jsonArray) { element in
            guard let dictionary = element as? [String: Any] else { throw notAnObject(ValueDescription.describe(element)) }
            return try member(family, as: type, from: .dictionary(dictionary))
        }
    }

    /// One object decoded as the type `family` chooses, as a `Family`.
    private static func member<Family>(_ family: JSONTypeDiscriminator, as type: Family.Type,
                                       from source: JSONObjectSource) throws -> Family {
        let chosen = try family.type(for: source)
        let model = try ModelMapping.of(chosen).decodeAny(from: source)
        guard let member = model as? Family else {
            throw JSONAdapterError(code: .noClassFound, jsonKeyPath: family.keyPath, modelTypeName: String(describing: chosen),
                                   reason: "the type field \"\(family.keyPath)\" chose \(chosen), which is not a "
                                       + ValueDescription.typeName(Family.self))
        }
        return member
    }
}
