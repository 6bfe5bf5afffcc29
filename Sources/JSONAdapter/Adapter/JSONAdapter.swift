import Foundation
import MantleJSON

/// Converts between JSON and ``JSONSerializing`` models (Mantle's `MTLJSONAdapter`).
///
/// Most code uses the static methods:
///
/// ```swift
/// let issue = try JSONAdapter.model(of: GHIssue.self, from: jsonDictionary)
/// let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
/// let json = try JSONAdapter.jsonDictionary(from: issue)
/// ```
///
/// Each model type's mapping is checked and compiled once, on first use, and
/// then shared by every adapter and thread; creating adapters is cheap.
/// Failures throw ``JSONAdapterError``s that name the property and the JSON
/// key path; no partly decoded model or array is ever returned.
public final class JSONAdapter: @unchecked Sendable {
    /// The type this adapter decodes (class clusters may give subclasses).
    public let modelType: any JSONSerializing.Type
    /// The adapter's configuration, which its methods use unless their
    /// options carry another.
    public var configuration: Configuration { Configuration(context: context) }
    /// The choices and compiled mappings this adapter uses (which it keeps alive).
    private let context: MappingContext
    /// The compiled mapping of ``modelType``.
    private let mapping: ModelMapping

    /// Creates an adapter for `modelType` with `configuration`, checking its
    /// mapping before any JSON is read.
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONMapping`` when
    ///   `jsonKeyPathsByPropertyKey` names something that is not a property, or
    ///   has an empty or malformed key path (`""`, `"a..b"`, `".a"`, `"a."`,
    ///   `[]`, `["a", ""]`).
    public init(modelType: any JSONSerializing.Type, configuration: Configuration = .standard) throws {
        self.modelType = modelType
        context = configuration.context
        mapping = try ModelMapping.of(modelType, in: context)
    }

    // MARK: Instance API

    /// Decodes a model from a JSON dictionary (the one at `options.keyPath`
    /// of it, if given) with this adapter's ``configuration``, unless
    /// `options` carries another.
    ///
    /// A class cluster (``JSONSerializing/classForParsing(jsonDictionary:)``,
    /// ``JSONSerializing/typeDiscriminator``, or the options'
    /// ``DecodingOptions/discriminator-swift.property``) gives the type it
    /// chooses: for a class ``modelType``, a subclass of it; for a struct,
    /// any model type (a cluster of structs sharing a protocol, which
    /// `as? any Shape` then gives as the protocol).
    public func model(from jsonDictionary: [String: Any],
                      options: DecodingOptions = .standard) throws -> any JSONSerializing {
        let mapping = try mapping(for: options)
        return try JSONTopLevel.object(in: jsonDictionary, options) { try decodeAny($0, mapping, options) }
    }

    /// Decodes a model from JSON text (a JSON object, UTF-8, or one at
    /// `options.keyPath`) with this adapter's ``configuration``, unless
    /// `options` carries another; a class cluster gives the type it chooses
    /// (see ``model(from:options:)``).
    public func model(fromJSONData data: Data, options: DecodingOptions = .standard) throws -> any JSONSerializing {
        let mapping = try mapping(for: options)
        return try JSONTopLevel.object(in: data, options) { try decodeAny($0, mapping, options) }
    }

    /// Decodes an array of JSON dictionaries with this adapter's
    /// ``configuration``, unless `options` carries another, each as the type
    /// its class cluster chooses (see ``model(from:options:)``); fails as a
    /// whole, naming the index of the failing element, unless the
    /// configuration's leniency has ``JSONLeniency/lossyCollections``.
    ///
    /// With the options' discriminator, this is how a cluster of structs
    /// sharing a protocol decodes as that protocol:
    ///
    /// ```swift
    /// let adapter = try JSONAdapter(modelType: Circle.self)
    /// let shapes = try adapter.models(from: array, options: .discriminator(kinds)) as? [any Shape]
    /// ```
    public func models(from jsonArray: [Any], options: DecodingOptions = .standard) throws -> [any JSONSerializing] {
        let mapping = try mapping(for: options)
        return try JSONTopLevel.array(in: jsonArray, options) { try decodeAny($0, mapping, options) }
    }

    /// Decodes JSON text whose top level is an array of objects (or that has
    /// one at `options.keyPath`) with this adapter's ``configuration``,
    /// unless `options` carries another, each as the type its class cluster
    /// chooses (see ``models(from:options:)``).
    public func models(fromJSONData data: Data, options: DecodingOptions = .standard) throws -> [any JSONSerializing] {
        let mapping = try mapping(for: options)
        return try JSONTopLevel.array(in: data, options) { try decodeAny($0, mapping, options) }
    }

    /// One object decoded with `mapping`, or as the type the options' discriminator chooses.
    private func decodeAny(_ source: JSONObjectSource, _ mapping: ModelMapping,
                           _ options: DecodingOptions) throws -> any JSONSerializing {
        guard let discriminator = options.discriminator else { return try mapping.decodeAny(from: source) }
        let context = options.usesStandardConfiguration ? context : options.configuration.context
        return try discriminator.decodeAny(from: source, in: context, for: modelType)
    }

    /// This adapter's mapping, or, when `options` carries a configuration
    /// other than the standard one, ``modelType``'s mapping in that.
    private func mapping(for options: DecodingOptions) throws -> ModelMapping {
        options.usesStandardConfiguration ? mapping : try ModelMapping.of(modelType, in: options.configuration.context)
    }

    /// Encodes a model as a JSON dictionary, with the mapping of its dynamic
    /// type in this adapter's ``configuration``, unless `options` carries another.
    ///
    /// - Throws: ``JSONAdapterError/Code/noClassFound`` unless `model` is a
    ///   ``modelType`` (for a class, an instance of it or of a subclass, which
    ///   is encoded with the subclass's own mapping; for a struct or enum, of
    ///   exactly that type), where Mantle asserts; and the errors of encoding.
    public func jsonDictionary(from model: any JSONSerializing,
                               options: EncodingOptions = .standard) throws -> [String: Any] {
        try checkEncodable(model)
        return try Self.jsonDictionary(from: model, in: context(for: options), flags: options.flags)
    }

    /// Encodes a model as JSON text laid out as `options.outputFormatting`
    /// says, with this adapter's ``configuration`` unless `options` carries another.
    ///
    /// - Throws: ``JSONAdapterError/Code/noClassFound`` unless `model` is a
    ///   ``modelType`` (see ``jsonDictionary(from:options:)-swift.type.method``); and the errors of encoding.
    public func jsonData(from model: any JSONSerializing, options: EncodingOptions = .standard) throws -> Data {
        try checkEncodable(model)
        var writer = options.makeWriter()
        try ModelMapping.forEncoding(model, in: context(for: options)).write(model, to: &writer, options: options.flags)
        return writer.takeData()
    }

    /// This adapter's context, or the one of the configuration `options` carries when it is
    /// not the standard one.
    private func context(for options: EncodingOptions) -> MappingContext {
        options.usesStandardConfiguration ? context : options.configuration.context
    }

    /// Fails unless `model` is a ``modelType`` or, for a class, a subclass of it.
    private func checkEncodable(_ model: any JSONSerializing) throws {
        let dynamicType = type(of: model)
        guard ObjectIdentifier(dynamicType) == ObjectIdentifier(modelType)
                || (modelType is AnyClass && isSubclass(dynamicType, of: modelType)) else {
            let name = ValueDescription.typeName(modelType)
            throw JSONAdapterError(code: .noClassFound, modelTypeName: name,
                                   detail: "an adapter for \(name) cannot encode a \(ValueDescription.typeName(dynamicType)), "
                                       + "which is not a \(name)")
        }
    }

    // MARK: Decoding

    /// Decodes a model of type `type` from a JSON dictionary (or from the one
    /// at `options.keyPath` of it).
    ///
    /// A class cluster gives the subclass its
    /// ``JSONSerializing/classForParsing(jsonDictionary:)`` or
    /// ``JSONSerializing/typeDiscriminator`` chooses, or, when the options
    /// carry one, their ``DecodingOptions/discriminator-swift.property``;
    /// a type that is not `M` or a subclass of it is
    /// ``JSONAdapterError/Code/noClassFound``.
    public static func model<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any],
                                                 options: DecodingOptions = .standard) throws -> M {
        let mapping = try ModelMapping.of(type, in: options.configuration.context)
        return try JSONTopLevel.object(in: jsonDictionary, options) { try decode(type, mapping, from: $0, options) }
    }

    /// Decodes an array of JSON dictionaries; fails as a whole, naming the
    /// index of the failing element (`[3].assignee.login`), unless the
    /// configuration's leniency has ``JSONLeniency/lossyCollections``.
    ///
    /// A top-level array has no key path into it: `options.keyPath` is for
    /// JSON text (``models(of:fromJSONData:options:)``), whose array may sit
    /// inside an object; a key path here is
    /// ``JSONAdapterError/Code/invalidJSONDictionary``.
    public static func models<M: JSONSerializing>(of type: M.Type, from jsonArray: [Any],
                                                  options: DecodingOptions = .standard) throws -> [M] {
        let mapping = try ModelMapping.of(type, in: options.configuration.context)
        return try JSONTopLevel.array(in: jsonArray, options) { try decode(type, mapping, from: $0, options) }
    }

    /// Decodes a model from JSON text whose top level is an object (or that
    /// has one at `options.keyPath`).
    ///
    /// Parsed by this package's RFC 8259 parser; nesting deeper than
    /// `options.maximumDepth` (``DecodingOptions/defaultMaximumDepth`` by
    /// default) is ``JSONAdapterError/Code/invalidJSONData``. Only the values
    /// the mapping reads are converted. A class cluster gives its chosen
    /// type, as for ``model(of:from:options:)``.
    public static func model<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                 options: DecodingOptions = .standard) throws -> M {
        let mapping = try ModelMapping.of(type, in: options.configuration.context)
        return try JSONTopLevel.object(in: data, options) { try decode(type, mapping, from: $0, options) }
    }

    /// Decodes models from JSON text whose top level is an array of objects
    /// (or that has one at `options.keyPath`, `"data.items"`, errors then
    /// naming the whole path: `data.items[3].user.login`); fails as a whole,
    /// naming the index of the failing element, unless the configuration's
    /// leniency has ``JSONLeniency/lossyCollections``. Nesting deeper than
    /// `options.maximumDepth` is ``JSONAdapterError/Code/invalidJSONData``.
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                  options: DecodingOptions = .standard) throws -> [M] {
        let mapping = try ModelMapping.of(type, in: options.configuration.context)
        return try JSONTopLevel.array(in: data, options) { try decode(type, mapping, from: $0, options) }
    }

    /// One top-level object decoded as `type` with its `mapping`, or as the
    /// type `options.discriminator` chooses: what every static decode does.
    @inline(__always)
    static func decode<M: JSONSerializing>(_ type: M.Type, _ mapping: ModelMapping, from source: JSONObjectSource,
                                           _ options: DecodingOptions) throws -> M {
        guard let discriminator = options.discriminator else { return try mapping.decode(type, from: source) }
        return try discriminator.decode(type, from: source, in: options.configuration.context)
    }

    // MARK: Encoding

    /// Encodes a model as a JSON dictionary, with its dynamic type's mapping
    /// in `options.configuration`; `options.outputFormatting` shapes text
    /// only, so it does not apply.
    public static func jsonDictionary(from model: any JSONSerializing,
                                      options: EncodingOptions = .standard) throws -> [String: Any] {
        try jsonDictionary(from: model, in: options.configuration.context, flags: options.flags)
    }

    /// Encodes models as an array of JSON dictionaries (see
    /// ``jsonDictionary(from:options:)-swift.type.method``); fails as a whole, naming the index
    /// of the model that failed.
    public static func jsonArray(from models: [any JSONSerializing],
                                 options: EncodingOptions = .standard) throws -> [[String: Any]] {
        let context = options.configuration.context, flags = options.flags
        var result: [[String: Any]] = []
        result.reserveCapacity(models.count)
        for (index, model) in models.enumerated() {
            do {
                result.append(try jsonDictionary(from: model, in: context, flags: flags))
            } catch let error as JSONAdapterError {
                throw error.atIndex(index)
            }
        }
        return result
    }

    /// Encodes a model as JSON text (an object), with its dynamic type's
    /// mapping in `options.configuration`, laid out as
    /// `options.outputFormatting` says: for the same values, the bytes
    /// `JSONEncoder` writes with the same `outputFormatting`.
    public static func jsonData(from model: any JSONSerializing, options: EncodingOptions = .standard) throws -> Data {
        var writer = options.makeWriter()
        try ModelMapping.forEncoding(model, in: options.configuration.context)
            .write(model, to: &writer, options: options.flags)
        return writer.takeData()
    }

    /// Encodes models as JSON text (an array of objects), as
    /// ``jsonData(from:options:)-s4mr`` encodes each; fails as a whole,
    /// naming the index of the model that failed.
    public static func jsonData(from models: [any JSONSerializing], options: EncodingOptions = .standard) throws -> Data {
        let context = options.configuration.context, flags = options.flags
        var writer = options.makeWriter()
        writer.beginArray()
        for (index, model) in models.enumerated() {
            do {
                try ModelMapping.forEncoding(model, in: context).write(model, to: &writer, options: flags)
            } catch let error as JSONAdapterError {
                throw error.atIndex(index)
            }
        }
        writer.endArray()
        return writer.takeData()
    }

    /// A model as a JSON dictionary, with its dynamic type's mapping in `context`:
    /// what every `jsonDictionary` method does.
    static func jsonDictionary(from model: any JSONSerializing, in context: MappingContext,
                               flags: EncodingFlags) throws -> [String: Any] {
        try ModelMapping.forEncoding(model, in: context).jsonDictionary(from: model, options: flags)
    }

    // MARK: Per-type transformers

    /// Registers `transformer` for every mapped property declared with
    /// exactly `type` (and for elements and optionals of it) that has no
    /// transformer of its own — Mantle's `transformerForModelPropertiesOfClass:`.
    /// Pass `nil` to remove it. Mappings compiled before are rebuilt on their next use.
    public static func register(_ transformer: JSONValueTransformer?, forType type: Any.Type) {
        TypeTransformerRegistry.shared.withLock { $0.set(transformer, for: type) }
    }
}

extension JSONAdapterError {
    /// The same error for element `index` of an array.
    func atIndex(_ index: Int) -> JSONAdapterError {
        prefixingPath("[\(index)]")
    }
}
