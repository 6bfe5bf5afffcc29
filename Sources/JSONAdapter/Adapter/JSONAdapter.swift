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
    /// Choices for encoding.
    public struct Options: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: Int

        /// Creates options from bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Leave out properties whose value is `nil` instead of writing `null`
        /// (and nested objects left empty by that).
        public static let omitNilValues = Options(rawValue: 1 << 0)
    }

    /// The type this adapter decodes (class clusters may give subclasses).
    public let modelType: any JSONSerializing.Type
    /// The encoding options.
    public let options: Options
    /// The adapter's configuration (its ``options`` included).
    public var configuration: Configuration {
        var configuration = Configuration(context: context)
        if configuration.options != options { configuration.options = options }
        return configuration
    }
    /// The choices and compiled mappings this adapter uses (which it keeps alive).
    private let context: MappingContext
    /// The compiled mapping of ``modelType``.
    private let mapping: ModelMapping

    /// Creates an adapter for `modelType`, checking its mapping before any JSON is read.
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONMapping`` when
    ///   `jsonKeyPathsByPropertyKey` names something that is not a property, or
    ///   has an empty or malformed key path (`""`, `"a..b"`, `".a"`, `"a."`,
    ///   `[]`, `["a", ""]`).
    public convenience init(modelType: any JSONSerializing.Type, options: Options = []) throws {
        try self.init(modelType: modelType, context: .standard, options: options)
    }

    /// Creates an adapter for `modelType` whose mappings are compiled in
    /// `context` (options change only the output, not the mappings).
    init(modelType: any JSONSerializing.Type, context: MappingContext, options: Options) throws {
        self.modelType = modelType
        self.context = context
        self.options = options
        mapping = try ModelMapping.of(modelType, in: context)
    }

    // MARK: Instance API

    /// Decodes a model from a JSON dictionary.
    public func model(from jsonDictionary: [String: Any]) throws -> any JSONSerializing {
        try mapping.decodeAny(from: .dictionary(jsonDictionary))
    }

    /// Decodes a model from JSON text (a JSON object, UTF-8); nesting deeper
    /// than `maximumDepth` is ``JSONAdapterError/Code/invalidJSONData``.
    public func model(fromJSONData data: Data, maximumDepth: Int = 512) throws -> any JSONSerializing {
        try mapping.decodeAny(from: Self.parseObject(data, maximumDepth: maximumDepth))
    }

    /// Encodes a model as a JSON dictionary, with the mapping of its dynamic type.
    ///
    /// - Throws: ``JSONAdapterError/Code/noClassFound`` unless `model` is a
    ///   ``modelType`` (for a class, an instance of it or of a subclass, which
    ///   is encoded with the subclass's own mapping; for a struct or enum, of
    ///   exactly that type), where Mantle asserts; and the errors of encoding.
    public func jsonDictionary(from model: any JSONSerializing) throws -> [String: Any] {
        try checkEncodable(model)
        return try ModelMapping.forEncoding(model, in: context).jsonDictionary(from: model, options: options)
    }

    /// Encodes a model as JSON text.
    ///
    /// - Throws: ``JSONAdapterError/Code/noClassFound`` unless `model` is a
    ///   ``modelType`` (see ``jsonDictionary(from:)``); and the errors of encoding.
    public func jsonData(from model: any JSONSerializing) throws -> Data {
        try checkEncodable(model)
        var writer = JSONWriter()
        try ModelMapping.forEncoding(model, in: context).write(model, to: &writer, options: options)
        return Data(writer.bytes)
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

    // MARK: Dictionaries

    /// Decodes a model of type `type` from a JSON dictionary.
    public static func model<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any]) throws -> M {
        try ModelMapping.of(type).decode(type, from: .dictionary(jsonDictionary))
    }

    /// Decodes an array of JSON dictionaries; fails as a whole, naming the
    /// index of the failing element (`[3].assignee.login`).
    public static func models<M: JSONSerializing>(of type: M.Type, from jsonArray: [Any]) throws -> [M] {
        try decodeArray(type, jsonArray, mapping: ModelMapping.of(type))
    }

    /// Decodes an array of JSON dictionaries; `lossy` leaves out the elements that fail.
    static func decodeArray<M: JSONSerializing>(_ type: M.Type, _ jsonArray: [Any], mapping: ModelMapping,
                                                lossy: Bool = false) throws -> [M] {
        try decodeEach(jsonArray, lossy: lossy, found: ValueDescription.describe) { element in
            guard let dictionary = element as? [String: Any] else {
                throw notAnObject(ValueDescription.describe(element))
            }
            return try mapping.decode(type, from: .dictionary(dictionary))
        }
    }

    /// Encodes a model as a JSON dictionary.
    public static func jsonDictionary(from model: any JSONSerializing, options: Options = []) throws -> [String: Any] {
        try ModelMapping.forEncoding(model).jsonDictionary(from: model, options: options)
    }

    /// Encodes models as an array of JSON dictionaries.
    public static func jsonArray(from models: [any JSONSerializing], options: Options = []) throws -> [[String: Any]] {
        var result: [[String: Any]] = []
        result.reserveCapacity(models.count)
        for (index, model) in models.enumerated() {
            do {
                result.append(try jsonDictionary(from: model, options: options))
            } catch let error as JSONAdapterError {
                throw error.atIndex(index)
            }
        }
        return result
    }

    // MARK: JSON text

    /// Decodes a model from JSON text whose top level is an object.
    ///
    /// Parsed by this package's RFC 8259 parser; nesting deeper than
    /// `maximumDepth` (512 by default) is ``JSONAdapterError/Code/invalidJSONData``.
    /// Only the values the mapping reads are converted.
    public static func model<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                 maximumDepth: Int = 512) throws -> M {
        let mapping = try ModelMapping.of(type)
        return try mapping.decode(type, from: parseObject(data, maximumDepth: maximumDepth))
    }

    /// Decodes models from JSON text whose top level is an array of objects;
    /// fails as a whole, naming the index of the failing element. Nesting
    /// deeper than `maximumDepth` (512 by default) is ``JSONAdapterError/Code/invalidJSONData``.
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data,
                                                  maximumDepth: Int = 512) throws -> [M] {
        let mapping = try ModelMapping.of(type)
        let document = try parse(data, maximumDepth: maximumDepth)
        return try decodeArray(type, at: document.rootIndex, of: document, mapping: mapping)
    }

    /// Decodes the array `node` of `document`, whose elements must be objects;
    /// `lossy` leaves out the elements that fail.
    static func decodeArray<M: JSONSerializing>(_ type: M.Type, at node: Int, of document: JSONDocument,
                                                mapping: ModelMapping, lossy: Bool = false) throws -> [M] {
        guard document.kind(at: node) == .array else {
            throw JSONAdapterError(code: .invalidJSONDictionary,
                                   expected: "an array of objects", found: describe(document, node))
        }
        return try decodeEach(document.elements(of: node), lossy: lossy, found: { describe(document, $0) }) { element in
            guard document.kind(at: element) == .object else {
                throw notAnObject(describe(document, element))
            }
            return try mapping.decode(type, from: .document(document, element))
        }
    }

    /// Encodes a model as JSON text (an object).
    public static func jsonData(from model: any JSONSerializing, options: Options = []) throws -> Data {
        var writer = JSONWriter()
        try ModelMapping.forEncoding(model).write(model, to: &writer, options: options)
        return Data(writer.bytes)
    }

    /// Encodes models as JSON text (an array of objects).
    public static func jsonData(from models: [any JSONSerializing], options: Options = []) throws -> Data {
        var writer = JSONWriter()
        writer.beginArray()
        for (index, model) in models.enumerated() {
            do {
                try ModelMapping.forEncoding(model).write(model, to: &writer, options: options)
            } catch let error as JSONAdapterError {
                throw error.atIndex(index)
            }
        }
        writer.endArray()
        return Data(writer.bytes)
    }

    // MARK: Per-type transformers

    /// Registers `transformer` for every mapped property declared with
    /// exactly `type` (and for elements and optionals of it) that has no
    /// transformer of its own — Mantle's `transformerForModelPropertiesOfClass:`.
    /// Pass `nil` to remove it. Mappings compiled before are rebuilt on their next use.
    public static func register(_ transformer: ValueTransformer?, forType type: Any.Type) {
        TypeTransformerRegistry.shared.withLock { $0.set(transformer, for: type) }
    }

    // MARK: Helpers

    /// Parses JSON text, mapping parse errors to ``JSONAdapterError/Code/invalidJSONData``.
    static func parse(_ data: Data, maximumDepth: Int) throws -> JSONDocument {
        do {
            return try JSONDocument(bytes: data, maximumDepth: maximumDepth)
        } catch {
            throw JSONAdapterError(code: .invalidJSONData, underlyingError: error, detail: error.description)
        }
    }

    /// Parses JSON text whose top level must be an object.
    static func parseObject(_ data: Data, maximumDepth: Int) throws -> JSONObjectSource {
        let document = try parse(data, maximumDepth: maximumDepth)
        guard document.kind(at: document.rootIndex) == .object else {
            throw notAnObject(describe(document, document.rootIndex))
        }
        return .document(document, document.rootIndex)
    }

    /// Decodes each item in order, naming the index of the first failure;
    /// when `lossy`, a failing item is left out instead and, under a
    /// ``LeniencyRecorder``, recorded with what `found` says it held. A bad
    /// mapping always fails.
    static func decodeEach<Items: Sequence, Element>(
        _ items: Items, lossy: Bool = false, found: (Items.Element) -> String = { _ in "" },
        _ decode: (Items.Element) throws -> Element
    ) throws -> [Element] {
        let recorder = LeniencyRecorder.current
        var result: [Element] = []
        result.reserveCapacity(items.underestimatedCount)
        var index = 0
        for item in items {
            defer { index += 1 }
            let mark = recorder?.mark ?? 0
            do {
                result.append(try decode(item))
            } catch {
                let adapterError = error as? JSONAdapterError
                guard lossy, adapterError?.code.isRecoverable ?? true else {
                    guard let adapterError else { throw error }
                    throw adapterError.atIndex(index)
                }
                recorder?.recordDrop(.skipped, since: mark, found: found(item), path: "[\(index)]",
                                     reason: adapterError.map(\.description) ?? "\(error)")
                continue
            }
            recorder?.prefix(from: mark, with: "[\(index)]")
        }
        return result
    }

    /// The error for a top level (or element) that is not an object.
    static func notAnObject(_ found: String) -> JSONAdapterError {
        JSONAdapterError(code: .invalidJSONDictionary, expected: "a JSON object", found: found)
    }
}

extension JSONAdapterError {
    /// The same error for element `index` of an array.
    func atIndex(_ index: Int) -> JSONAdapterError {
        var copy = self
        copy.jsonKeyPath = joinJSONPath("[\(index)]", jsonKeyPath)
        return copy
    }
}
