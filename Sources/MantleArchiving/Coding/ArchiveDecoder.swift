import Foundation
import MantleCore
import MantleInternals

/// Rebuilds a model graph from checked archive contents (see
/// ``ArchiveContents``), guided by the declared Swift types of the properties.
///
/// For each model entry it:
/// 1. checks the archived type name against the declared type (a class may
///    be a subclass, registered or found by its name) and the archived
///    version against the type's `Model.modelVersion`;
/// 2. decodes every archived value into a plain value: by the declared type
///    of the property with that key when there is one (so enums, nested
///    models, exact number types and collections of them come back typed),
///    self-described otherwise (keys the model no longer has, or values whose
///    declared type changed);
/// 3. asks `Model.decodeValue(forKey:from:modelVersion:)` for the value of
///    every property key and stores it with the package's conversion rules
///    (`nil` leaves the default);
/// 4. calls `Model.validate()`.
///
/// Class instances are created once per object-table entry and shared, so
/// identity, shared references and cycles survive. An instance is registered
/// before its properties are decoded, so a cycle sees the instance being
/// built. Past ``deferralDepth`` nested values, newly met instances are
/// filled after the current one instead of recursively, which bounds the
/// stack for long chains of objects.
final class ArchiveDecoder {
    /// How many values may be nested (across objects) before new objects are
    /// filled later rather than recursively.
    static let deferralDepth = 64

    private let contents: ArchiveContents
    /// Class instances by object-table index (`nil`: not created yet).
    private var objects: [(any Model)?]
    /// Instances created but not yet filled, in creation order.
    private var deferred: [(index: Int, path: ArchivePath)] = []
    /// The current nesting of values being decoded.
    private var depth = 0
    /// Model types met in declared property types, by archived name, for
    /// values decoded without a declared type.
    private var knownTypes: [String: any Model.Type] = [:]
    /// Model types whose properties were scanned into `knownTypes`.
    private var scannedTypes: Set<ObjectIdentifier> = []
    /// Archived type names by model type (``ArchiveTypeName/of(_:)`` reflects on the type each time).
    private var typeNames: [ObjectIdentifier: String] = [:]

    /// The archived name of `type`.
    private func typeName(of type: any Model.Type) -> String {
        if let known = typeNames[ObjectIdentifier(type)] { return known }
        let name = ArchiveTypeName.of(type)
        typeNames[ObjectIdentifier(type)] = name
        return name
    }

    /// Creates a decoder for one archive.
    init(contents: ArchiveContents) {
        self.contents = contents
        self.objects = Array(repeating: nil, count: contents.objects.count)
    }

    func decodeRoot<M: Model>(_ type: M.Type) throws -> M {
        let root: M
        if M.self is AnyObject.Type {
            let object = try self.object(at: contents.root, declared: M.self, path: .root)
            guard let typed = object as? M else {
                throw ModelArchiverError(.typeMismatch, at: .root, expected: ArchiveTypeName.of(M.self),
                                   found: ArchiveTypeName.of(Swift.type(of: object)))
            }
            root = typed
        } else {
            root = try structModel(M.self, from: contents.objects[contents.root], path: .root)
        }
        var cursor = 0
        while cursor < deferred.count {
            let item = deferred[cursor]
            cursor += 1
            guard let object = objects[item.index] else { continue }
            try fill(object, from: contents.objects[item.index], path: item.path)
        }
        return root
    }

    // MARK: Models

    /// The class instance of object-table entry `index`, created (and filled,
    /// or queued for filling) on first use.
    ///
    /// - Parameter declared: The declared class, or `nil` when decoding
    ///   without a declared type (then the archived name must be known).
    private func object(at index: Int, declared: (any Model.Type)?, path: ArchivePath) throws -> any Model {
        if let existing = objects[index] { return existing }
        let entry = contents.objects[index]
        let modelType = try resolveType(named: entry.typeName, declared: declared, path: path)
        guard modelType is AnyObject.Type else {
            throw ModelArchiverError(.typeMismatch, at: path, expected: declared.map(ArchiveTypeName.of),
                               found: entry.typeName, detail: "object \(index) is a \(entry.typeName), which is not a class")
        }
        try checkVersion(of: entry, for: modelType, path: path)
        let instance = modelType.init()
        objects[index] = instance
        if depth >= Self.deferralDepth {
            deferred.append((index, path))
        } else {
            try fill(instance, from: entry, path: path)
        }
        return instance
    }

    /// Decodes `entry`'s values into the class instance `object`.
    private func fill<M: Model>(_ object: M, from entry: ArchivedModel, path: ArchivePath) throws {
        var model = object
        try decodeEntry(entry, into: &model, path: path)
    }

    /// A struct model of type `M` from its inline entry.
    private func structModel<M: Model>(_ type: M.Type, from entry: ArchivedModel, path: ArchivePath) throws -> M {
        _ = try resolveType(named: entry.typeName, declared: M.self, path: path)
        try checkVersion(of: entry, for: M.self, path: path)
        var model = M()
        try decodeEntry(entry, into: &model, path: path)
        return model
    }

    /// The type to decode an entry archived as `name` with: the declared type
    /// if the names match, else a registered type (which must be the declared
    /// type or a subclass of it), else for a declared class the subclass the
    /// runtime finds by that name (``ArchiveTypeLookup``); without a declared
    /// type, a registered type or one met in a declared property type.
    private func resolveType(named name: String, declared: (any Model.Type)?,
                             path: ArchivePath) throws -> any Model.Type {
        if let declared, typeName(of: declared) == name { return declared }
        let registered = ArchiveTypeRegistry.shared.withLock { $0[name] }
        guard let declared else {
            if let found = registered ?? knownTypes[name] { return found }
            throw ModelArchiverError(.unknownType, at: path, found: name,
                               detail: "register it with ModelArchiver.register(_:)")
        }
        if let registered {
            guard Self.isType(registered, subtypeOf: declared) else {
                throw ModelArchiverError(.typeMismatch, at: path, expected: ArchiveTypeName.of(declared),
                                   found: ArchiveTypeName.of(registered), detail: "not a subclass")
            }
            return registered
        }
        switch ArchiveTypeLookup.subclass(named: name, of: declared) {
        case .subclass(let found):
            return found
        case .unrelated(let type):
            throw ModelArchiverError(.typeMismatch, at: path, expected: ArchiveTypeName.of(declared),
                               found: ArchiveTypeName.of(type), detail: "not a model subclass")
        case .notFound where declared is AnyObject.Type:
            throw ModelArchiverError(.unknownType, at: path, expected: ArchiveTypeName.of(declared), found: name,
                               detail: "no class of this name can be found without registering it (private, local "
                                   + "and generic classes cannot); if it is a subclass, register it with "
                                   + "ModelArchiver.register(_:)")
        case .notFound:
            throw ModelArchiverError(.unknownType, at: path, expected: ArchiveTypeName.of(declared), found: name,
                               detail: "register the type archived as \(name) with ModelArchiver.register(_:forTypeName:) "
                                   + "if it was renamed")
        }
    }

    /// `true` when `type` is `Declared` or a subclass of it.
    private static func isType<Declared>(_ type: Any.Type, subtypeOf declared: Declared.Type) -> Bool {
        type is Declared.Type
    }

    /// Throws if `entry` was archived at a newer version than `type` supports.
    private func checkVersion(of entry: ArchivedModel, for type: any Model.Type, path: ArchivePath) throws {
        guard entry.version <= type.modelVersion else {
            throw ModelArchiverError(.newerVersion(archived: entry.version, supported: type.modelVersion), at: path,
                               modelTypeName: ArchiveTypeName.of(type))
        }
    }

    /// Decodes `entry` into `model` (steps 2–4 of the type's description).
    private func decodeEntry<M: Model>(_ entry: ArchivedModel, into model: inout M, path: ArchivePath) throws {
        let modelType = type(of: model)
        let descriptor = ModelDescriptor.of(modelType)
        try descriptor.checkSupported(at: path)
        learnTypes(of: modelType, descriptor: descriptor)

        var archived = [String: Any](minimumCapacity: entry.values.count)
        for property in descriptor.properties {
            guard let value = entry.values[property.key] else { continue }
            let propertyPath = path.appending(key: property.key)
            do {
                let visitor = MaterializingVisitor(decoder: self, value: value, path: propertyPath)
                let typed = try property.accessor.accept(visitor).get()
                // As `dictionaryValue` shows it: a nested optional's `.some(nil)` stays an inner `nil`.
                archived[property.key] = ValueConversion.readableValue(typed) ?? NSNull()
            } catch let error as ModelArchiverError where error.code == .typeMismatch || error.code == .unknownType {
                // The declared type changed (or never fit): hand the hook the
                // self-described value; storing it will fail if nothing converts it.
                guard let plain = try? plainValue(value, path: propertyPath) else { throw error }
                archived[property.key] = plain
            }
        }
        for key in entry.values.keys.sorted() where descriptor.property(forKey: key) == nil {
            // A key the model no longer has: offered to the hook if it can be
            // decoded without a declared type, ignored otherwise.
            guard let value = entry.values[key] else { continue }
            if let plain = try? plainValue(value, path: path.appending(key: key)) { archived[key] = plain }
        }

        let version = entry.version
        try model.withMutableStorageAddress { base in
            for property in descriptor.properties where property.accessor.isWritable {
                guard let value = try modelType.decodeValue(forKey: property.key, from: archived,
                                                            modelVersion: version) else { continue }
                do {
                    try property.accessor.writeValue(value, to: base)
                } catch {
                    let found = (error as? ConversionFailure)?.foundValue
                    throw ModelArchiverError(.typeMismatch, at: path.appending(key: property.key),
                                       modelTypeName: descriptor.typeName,
                                       expected: ValueDescription.typeName(property.accessor.valueType),
                                       found: ValueDescription.describe(found))
                }
            }
        }
        try model.validate()
    }

    /// Records the model types that `type`'s properties declare (through
    /// optionals and collections), for decoding values without a declared type.
    private func learnTypes(of type: any Model.Type, descriptor: ModelDescriptor) {
        guard scannedTypes.insert(ObjectIdentifier(type)).inserted else { return }
        func learn(_ type: Any.Type) {
            switch ValueKind.of(type) {
            case .optional(let optional): learn(optional.wrappedType)
            case .jsonOptional(let optional): learn(optional.wrappedType)
            case .array(let array): learn(array.elementType)
            case .set(let set): learn(set.elementType)
            case .stringKeyedDictionary(let dictionary): learn(dictionary.valueType)
            case .keyedDictionary(let dictionary): learn(dictionary.valueType)
            case .model(let model): knownTypes[ArchiveTypeName.of(model)] = model
            case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid,
                 .date, .data, .rawRepresentable, .null, .foundationNumber, .foundationString,
                 .foundationArray, .foundationDictionary, .codable, .other:
                break
            }
        }
        for property in descriptor.properties { learn(property.accessor.valueType) }
    }

    // MARK: Values

    /// Hands a property's declared type to ``materialize(_:as:path:)``.
    private struct MaterializingVisitor: PropertyAccessorVisitor {
        let decoder: ArchiveDecoder
        let value: ArchivedValue
        /// Where it is.
        let path: ArchivePath

        /// Decodes the value as the property's declared type `Value`.
        func visit<Value>(_ accessor: TypedPropertyAccessor<Value>) -> Result<Any, any Error> {
            Result { try decoder.materialize(value, as: Value.self, path: path) }
        }
    }

    /// The `.typeMismatch` error for `value` where a `T` was expected.
    private func mismatch<T>(_ value: ArchivedValue, _ type: T.Type, at path: ArchivePath,
                             note: String? = nil) -> ModelArchiverError {
        ModelArchiverError(.typeMismatch, at: path, expected: ValueDescription.typeName(T.self),
                     found: value.summary, detail: note)
    }

    /// `value` rebuilt as a value of the declared type `T`.
    func materialize<T>(_ value: ArchivedValue, as type: T.Type, path: ArchivePath) throws -> T {
        guard RecursionGuard.hasStackRoom else {
            throw ModelArchiverError(.nestingTooDeep, at: path, detail: "values nest deeper than the stack allows")
        }
        depth += 1
        defer { depth -= 1 }
        func typed(_ result: Any?) throws -> T {
            guard let result, let typed = result as? T else { throw mismatch(value, T.self, at: path) }
            return typed
        }

        let kind = ValueKind.of(T.self)
        if case .optional(let optional) = kind {
            return try typed(optional.archiveMaterialize(value, decoder: self, path: path))
        }
        if case .jsonOptional(let optional) = kind {
            return try typed(optional.archiveMaterialize(value, decoder: self, path: path))
        }
        if case .null = value {
            if T.self == Any.self { return try typed(NSNull()) }
            throw mismatch(value, T.self, at: path)
        }
        switch (kind, value) {
        case (.model(let modelType), _):
            if modelType is AnyObject.Type {
                guard case .reference(let index) = value else { throw mismatch(value, T.self, at: path) }
                let object = try self.object(at: index, declared: modelType, path: path)
                guard let result = object as? T else {
                    throw ModelArchiverError(.typeMismatch, at: path, expected: ValueDescription.typeName(T.self),
                                       found: ArchiveTypeName.of(Swift.type(of: object)))
                }
                return result
            }
            guard case .model(let entry) = value else { throw mismatch(value, T.self, at: path) }
            return try typed(structModel(modelType, from: entry, path: path))
        case (.string, .string(let string)): return try typed(string)
        case (.substring, .string(let string)): return try typed(Substring(string))
        case (.character, .string(let string)):
            guard string.count == 1, let character = string.first else {
                throw mismatch(value, T.self, at: path, note: "not one character")
            }
            return try typed(character)
        case (.bool, .bool(let bool)): return try typed(bool)
        case (.date, .date(let date)): return try typed(date)
        case (.data, .data(let data)): return try typed(data)
        case (.url, .url(let url)): return try typed(url)
        case (.uuid, .uuid(let uuid)): return try typed(uuid)
        case (.decimal, .decimal(let decimal)): return try typed(decimal)
        case (.string, _), (.substring, _), (.character, _), (.bool, _), (.date, _), (.data, _), (.url, _),
             (.uuid, _), (.decimal, _):
            throw mismatch(value, T.self, at: path)
        case (.integer(let integer), _): return try typed(integer.archiveExactly(value))
        case (.floating(let floating), _): return try typed(floating.archiveExactly(value))
        case (.array(let array), _): return try typed(array.archiveMaterialize(value, decoder: self, path: path))
        case (.set(let set), _): return try typed(set.archiveMaterialize(value, decoder: self, path: path))
        case (.stringKeyedDictionary(let dictionary), _):
            return try typed(dictionary.archiveMaterialize(value, decoder: self, path: path))
        case (.rawRepresentable(let raw), _):
            guard let result = try raw.archiveMaterialize(value, decoder: self, path: path) else {
                throw mismatch(value, T.self, at: path, note: "no value has this raw value")
            }
            return try typed(result)
        case (.optional, _), (.jsonOptional, _), (.keyedDictionary, _), (.any, _), (.null, _), (.foundationNumber, _), (.foundationString, _),
             (.foundationArray, _), (.foundationDictionary, _), (.codable, _), (.other, _):
            // `Any`, `AnyObject`, `AnyHashable`, protocol types, Foundation
            // classes, `Codable` types (which archives cannot hold: the
            // encoder refuses them): whatever the archive describes, if it fits.
            return try typed(plainValue(value, path: path))
        }
    }

    /// `value` decoded from what the archive says alone: Swift scalars,
    /// `[Any]`, `Set<AnyHashable>` (`[Any]` if an element is not hashable),
    /// `[String: Any]`, `NSNull()` for nil, and models whose archived type
    /// is registered or declared somewhere in the graph.
    func plainValue(_ value: ArchivedValue, path: ArchivePath) throws -> Any {
        guard RecursionGuard.hasStackRoom else {
            throw ModelArchiverError(.nestingTooDeep, at: path, detail: "values nest deeper than the stack allows")
        }
        depth += 1
        defer { depth -= 1 }
        switch value {
        case .null: return NSNull()
        case .wrapped(let inner): return try plainValue(inner, path: path)
        case .extendedReal(let number):
            #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
            return number.float80
            #else
            throw ModelArchiverError(.typeMismatch, at: path, found: value.summary,
                               detail: "this platform has no Float80 (\(number.signAndExponent), \(number.fraction))")
            #endif
        case .string(let string): return string
        case .integer(let integer): return Int(exactly: integer) ?? integer
        case .unsignedInteger(let integer): return integer
        case .real(let real): return real
        case .bool(let bool): return bool
        case .date(let date): return date
        case .data(let data): return data
        case .url(let url): return url
        case .uuid(let uuid): return uuid
        case .decimal(let decimal): return decimal
        case .array(let items):
            return try items.enumerated().map { try plainValue($1, path: path.appending(index: $0)) }
        case .set(let items):
            let elements = try items.enumerated().map { try plainValue($1, path: path.appending(index: $0)) }
            if let hashable = elements as? [AnyHashable] { return Set(hashable) }
            return elements
        case .dictionary(let items):
            var result = [String: Any](minimumCapacity: items.count)
            for (key, item) in items { result[key] = try plainValue(item, path: path.appending(dictionaryKey: key)) }
            return result
        case .model(let entry):
            let modelType = try resolveType(named: entry.typeName, declared: nil, path: path)
            guard !(modelType is AnyObject.Type) else {
                throw ModelArchiverError(.typeMismatch, at: path, detail: "\(entry.typeName) is a class, archived inline")
            }
            return try structModel(modelType, from: entry, path: path)
        case .reference(let index):
            return try object(at: index, declared: nil, path: path)
        }
    }
}
