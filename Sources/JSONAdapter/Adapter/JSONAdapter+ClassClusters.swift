import Foundation
import MantleJSON

// Decoding a class cluster — types chosen by the content of each JSON object —
// declared by a `JSONTypeDiscriminator` rather than by a base class: structs
// (or any model types) sharing a protocol, returned as that protocol's
// existential. A base class that declares its cluster itself
// (`classForParsing(jsonDictionary:)`, `typeDiscriminator`) needs none of
// this: `model(of: Base.self, ...)` gives the chosen subclass.

extension JSONAdapter {
    /// Decodes a JSON dictionary (or the one at `options.keyPath` of it) as
    /// the type `cluster` chooses for it, returned as `Base` — the protocol
    /// existential the cluster's types share, such as `(any Shape).self`, or
    /// `(any JSONSerializing).self`.
    ///
    /// ```swift
    /// let shapes = JSONTypeDiscriminator(keyPath: "kind", types: ["circle": Circle.self, "square": Square.self])
    /// let shape = try JSONAdapter.model(of: (any Shape).self, in: shapes, from: jsonDictionary)
    /// ```
    ///
    /// - Throws: ``JSONAdapterError/Code/noClassFound`` when the field names
    ///   no type of the cluster (and it has no fallback) or the chosen type is
    ///   not a `Base`; the errors of decoding that type otherwise.
    public static func model<Base>(of type: Base.Type, in cluster: JSONTypeDiscriminator,
                                   from jsonDictionary: [String: Any], options: DecodingOptions = .standard) throws -> Base {
        try JSONTopLevel.object(in: jsonDictionary, options) { try member(of: cluster, as: type, from: $0, options) }
    }

    /// Decodes an array of JSON dictionaries, each as the type `cluster`
    /// chooses for it; fails as a whole, naming the index of the failing
    /// element, unless the configuration's leniency has ``JSONLeniency/lossyCollections``.
    public static func models<Base>(of type: Base.Type, in cluster: JSONTypeDiscriminator,
                                    from jsonArray: [Any], options: DecodingOptions = .standard) throws -> [Base] {
        try JSONTopLevel.array(in: jsonArray, options) { try member(of: cluster, as: type, from: $0, options) }
    }

    /// Decodes the array of JSON dictionaries at `options.keyPath` of
    /// `jsonDictionary`, each as the type `cluster` chooses for it.
    public static func models<Base>(of type: Base.Type, in cluster: JSONTypeDiscriminator,
                                    from jsonDictionary: [String: Any], options: DecodingOptions) throws -> [Base] {
        try JSONTopLevel.array(in: jsonDictionary, options) { try member(of: cluster, as: type, from: $0, options) }
    }

    /// Decodes the JSON object `data` (or the one at `options.keyPath`) as the
    /// type `cluster` chooses (see ``model(of:in:from:options:)``).
    public static func model<Base>(of type: Base.Type, in cluster: JSONTypeDiscriminator,
                                   fromJSONData data: Data, options: DecodingOptions = .standard) throws -> Base {
        try JSONTopLevel.object(in: data, options) { try member(of: cluster, as: type, from: $0, options) }
    }

    /// Decodes a JSON array of objects (or the one at `options.keyPath`), each
    /// as the type `cluster` chooses for it; fails as a whole, naming the
    /// index of the failing element, unless the configuration's leniency has
    /// ``JSONLeniency/lossyCollections``.
    public static func models<Base>(of type: Base.Type, in cluster: JSONTypeDiscriminator,
                                    fromJSONData data: Data, options: DecodingOptions = .standard) throws -> [Base] {
        try JSONTopLevel.array(in: data, options) { try member(of: cluster, as: type, from: $0, options) }
    }

    /// One object decoded as the type `cluster` chooses, as a `Base`.
    private static func member<Base>(of cluster: JSONTypeDiscriminator, as type: Base.Type,
                                     from source: JSONObjectSource, _ options: DecodingOptions) throws -> Base {
        let chosen = try cluster.type(for: source)
        let model = try ModelMapping.of(chosen, in: options.configuration.context).decodeAny(from: source)
        guard let member = model as? Base else {
            throw JSONAdapterError(code: .noClassFound, jsonKeyPath: cluster.keyPath, modelTypeName: String(describing: chosen),
                                   detail: "the type field \"\(cluster.keyPath)\" chose \(chosen), which is not a "
                                       + ValueDescription.typeName(Base.self))
        }
        return member
    }
}
