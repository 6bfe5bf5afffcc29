import Foundation
import MantleInternals
import MantleJSON

/// A model type's JSON mapping, compiled once and shared by every adapter
/// and every thread (Mantle rebuilt its adapters per call).
///
/// Compiling validates `jsonKeyPathsByPropertyKey` (every key a property,
/// every path well formed) and builds one ``PropertyMapping`` per mapped
/// property, in declaration order, with the codec its type or transformer calls for.
final class ModelMapping: @unchecked Sendable {
    let modelType: any JSONSerializing.Type
    /// The model type's name, for errors.
    let typeName: String
    /// The mapped properties, in declaration order.
    let properties: [PropertyMapping]
    /// ``properties`` again, held without retaining them, for
    /// ``decodeProperties(from:object:into:current:)``: walking this buffer retains nothing,
    /// where walking the array retained and released each property (3% of decoding
    /// citm_catalog.json, callgrind). Allocated in `init`, freed in `deinit`.
    private let unretainedProperties: UnsafeMutableBufferPointer<UnretainedProperty>
    let mappedKeys: Set<String>
    /// `true` when the type implements `classForParsing(jsonDictionary:)`.
    let isClassCluster: Bool
    /// `true` when the model type is a class, asked once.
    let isClassModel: Bool
    /// `true` when the type keeps every key in `serializablePropertyKeys(_:)` whatever the
    /// model (``ClassForParsingProbe/keepsEveryPropertyKey(_:)``), so that encoding skips it.
    let keepsEveryPropertyKey: Bool
    /// How the JSON object is laid out, for writing text; `nil` when two
    /// mappings overlap or a composite path needs the dictionary route.
    let outputTree: OutputTree?
    /// `true` when a model's JSON text is its ``outputTree`` written from its storage alone
    /// (``writeObject(at:to:options:)``): a struct type with an output tree, no
    /// ``JSONUnknownKeys`` property and the default `serializablePropertyKeys(_:)`, so that
    /// nothing asks the model itself.
    let writesFromStorage: Bool
    /// The order in which ``jsonDictionary(from:options:)`` writes the
    /// properties (indexes into ``properties``): shorter paths first, so that
    /// a property written inside another's value (`user.login` inside
    /// `user`) is set into it whatever the declaration order, as
    /// ``OutputTree`` does.
    private let encodingOrder: [Int]
    /// The per-type transformer registry's generation this mapping was compiled at.
    let generation: Int
    /// How the model keeps the keys its mapping does not read, if it does (``JSONUnknownKeys``).
    let unknownKeys: UnknownKeysCapture?
    /// The type's ``JSONSerializing/typeDiscriminator``, read once.
    let discriminator: JSONTypeDiscriminator?
    /// The choices it was compiled under, which the types a class cluster picks share.
    private let context: MappingContextLink

    private init(type: any JSONSerializing.Type, context: MappingContext, generation: Int) throws(JSONAdapterError) {
        self.generation = generation
        self.context = MappingContextLink(context)
        modelType = type
        typeName = String(describing: type)
        let descriptor = ModelDescriptor.of(type)
        if let refusal = descriptor.unsupportedDeclaration {
            throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: refusal.propertyKey,
                                   underlyingError: refusal, modelTypeName: typeName, detail: refusal.message.problem)
        }
        let conversion = context.settings.keyConversion
        let declaredKeyPaths = type.jsonKeyPathsByPropertyKey
        let keyPaths = declaredKeyPaths.mapValues { $0.converted(by: conversion) }
        for (key, keyPath) in keyPaths.sorted(by: { $0.key < $1.key }) {
            guard descriptor.property(forKey: key) != nil else {
                throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: key, jsonKeyPath: keyPath.description,
                                       modelTypeName: typeName,
                                       detail: "the mapping names \"\(key)\", which is not a property of \(typeName)")
            }
            guard ResolvedKeyPath(keyPath) != nil else {
                throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: key, jsonKeyPath: keyPath.description,
                                       modelTypeName: typeName,
                                       detail: ResolvedKeyPath.malformation(of: keyPath))
            }
        }
        var properties: [PropertyMapping] = []
        Self.$compiling.withValue(Self.compiling.union([ObjectIdentifier(type)])) {
            for property in descriptor.properties {
                guard var keyPath = keyPaths[property.key].flatMap(ResolvedKeyPath.init) else { continue }
                if let separator = conversion.wordSeparator,
                   let declared = declaredKeyPaths[property.key].flatMap(ResolvedKeyPath.init) {
                    keyPath = keyPath.readingOtherSpellings(of: declared, separator: separator)
                }
                let builder = PropertyMappingBuilder(key: property.key, keyPath: keyPath,
                                                     transformer: type.jsonTransformer(forKey: property.key),
                                                     leniency: type.jsonLeniency(forKey: property.key)
                                                         ?? context.settings.leniency,
                                                     constraints: type.jsonConstraints(forKey: property.key),
                                                     context: context)
                properties.append(property.accessor.accept(builder))
            }
        }
        if let unsupported = properties.first(where: { $0.unsupportedReason != nil }),
           let reason = unsupported.unsupportedReason {
            throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: unsupported.key,
                                   jsonKeyPath: keyPaths[unsupported.key]?.description, modelTypeName: typeName,
                                   detail: "\(typeName).\(unsupported.key) is a \(ValueDescription.typeName(unsupported.valueType)), "
                                       + "which JSON cannot hold: \(reason); or give it a transformer")
        }
        for property in properties {
            guard let refusal = property.constraintRefusal else { continue }
            throw JSONAdapterError(code: .invalidJSONMapping, propertyKey: property.key,
                                   jsonKeyPath: keyPaths[property.key]?.description, modelTypeName: typeName,
                                   detail: "jsonConstraints(forKey: \"\(property.key)\") of \(typeName) declares a rule "
                                       + "that cannot apply: \(refusal)")
        }
        self.properties = properties
        // SAFETY: a buffer of exactly `properties.count` elements, all initialised here; the
        // elements are trivial (`unowned(unsafe)`), so `deinit` frees it without deinitialising.
        unretainedProperties = .allocate(capacity: properties.count)
        _ = unretainedProperties.initialize(from: properties.lazy.map(UnretainedProperty.init))
        mappedKeys = Set(properties.map(\.key))
        discriminator = type.typeDiscriminator
        unknownKeys = UnknownKeysCapture(descriptor: descriptor, properties: properties)
        isClassCluster = discriminator != nil || ClassForParsingProbe.overridesClassForParsing(type)
        isClassModel = type is AnyClass
        keepsEveryPropertyKey = ClassForParsingProbe.keepsEveryPropertyKey(type)
        outputTree = OutputTree(properties)
        writesFromStorage = outputTree != nil && unknownKeys == nil && keepsEveryPropertyKey && !isClassModel
        encodingOrder = properties.indices.sorted { left, right in
            let (leftDepth, rightDepth) = (properties[left].keyPath.depth, properties[right].keyPath.depth)
            return leftDepth != rightDepth ? leftDepth < rightDepth : left < right
        }
    }

    deinit {
        // SAFETY: allocated in `init` and freed only here.
        unretainedProperties.deallocate()
    }

    /// A property mapping held without retaining it.
    ///
    /// SAFETY: the mapping's ``properties`` array retains every one of them for the mapping's
    /// lifetime, and a decode holds the mapping (its caller does) while it walks them.
    /// `NestedDocumentDecodingTests` decodes nested models through mappings that only a
    /// configuration's cache holds, whose configuration is then released (ASan runs it in CI).
    private struct UnretainedProperty {
        let reference: Unmanaged<PropertyMapping>

        init(_ property: PropertyMapping) { reference = .passUnretained(property) }
    }

    // MARK: Cache

    /// The model types whose mappings this task is compiling (to spot recursion).
    @TaskLocal private static var compiling: Set<ObjectIdentifier> = []

    /// `true` while `type`'s mapping is being compiled by this task.
    static func isCompiling(_ type: Any.Type) -> Bool {
        compiling.contains(ObjectIdentifier(type))
    }

    /// The compiled mapping of `type` in `context` (the process-wide default
    /// unless a ``JSONAdapter/Configuration`` says otherwise).
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONMapping`` for a bad mapping.
    /// A mapping compiled while a per-type transformer was being registered
    /// is recompiled on its next use.
    static func of(_ type: any JSONSerializing.Type,
                   in context: MappingContext = .standard) throws(JSONAdapterError) -> ModelMapping {
        let generation = TypeTransformerRegistry.shared.withLock { $0.generation }
        if let cached = context.mappings.cachedValue(for: type), cached.generation == generation { return cached }
        let mapping = try ModelMapping(type: type, context: context, generation: generation)
        context.mappings.setValue(mapping, for: type)
        return mapping
    }

    /// The mapping to encode `model` with: its dynamic type's (a class
    /// cluster's subclass is encoded with its own mapping), in `context`.
    static func forEncoding(_ model: any JSONSerializing,
                            in context: MappingContext = .standard) throws(JSONAdapterError) -> ModelMapping {
        try of(type(of: model), in: context)
    }

    // MARK: Decoding

    /// Decodes a model of this mapping's type, or of the type its
    /// `classForParsing(jsonDictionary:)` picks, which must be `M` or a subclass.
    func decode<M: JSONSerializing>(_ type: M.Type, from source: JSONObjectSource) throws -> M {
        if isClassCluster, let chosen = try chosenType(for: source) { return try decode(chosen, as: type, from: source) }
        return try decodeOwnType(type, from: source)
    }

    /// ``decode(_:from:)`` for the object `node` of `document`, a nested model's usual source:
    /// for `M` this mapping's own type, with no class cluster and no recorder (a report or a
    /// collecting pass), the properties are decoded in a loop of its own, which builds no
    /// ``JSONObjectSource`` unless a property fails; otherwise it is ``decode(_:from:)``.
    func decode<M: JSONSerializing>(_ type: M.Type, in document: JSONDocument, object node: Int) throws -> M {
        guard !isClassCluster, ObjectIdentifier(M.self) == ObjectIdentifier(modelType), DecodingRecorder.current == nil else {
            return try decode(type, from: .document(document, node))
        }
        var model = M()
        // The index of the property being decoded, as in `decodeOwnType`.
        var current = 0
        do throws(ValueFailure) {
            if isClassModel {
                try model.withMutableStorageAddress { (base) throws(ValueFailure) in
                    try decodeProperties(from: document, object: node, into: base, current: &current)
                }
            } else {
                // `withMutableStorageAddress` for a struct, without asking the runtime again
                // whether `M` is a class. SAFETY: exclusive access to `model` for the duration of
                // the closure, and a struct's field offsets count from the start of its value
                // (`NestedDocumentDecodingTests` decodes nested struct and class models).
                try withUnsafeMutablePointer(to: &model) { (pointer) throws(ValueFailure) in
                    try decodeProperties(from: document, object: node, into: UnsafeMutableRawPointer(pointer),
                                         current: &current)
                }
            }
        } catch {
            throw failure(error, at: current, of: properties, in: .document(document, node))
        }
        try model.validate()
        return model
    }

    /// Decodes every property (and the unknown keys) from the object `node` of `document` into
    /// the model at `base`, counting in `current` the properties done, for
    /// ``decode(_:in:object:)``. Not generic, so the loop is compiled once.
    private func decodeProperties(from document: JSONDocument, object node: Int, into base: UnsafeMutableRawPointer,
                                  current: inout Int) throws(ValueFailure) {
        var hint = 0
        for unretained in unretainedProperties {
            var failure: ValueFailure?
            // SAFETY: the property is alive for the whole call (see `UnretainedProperty`), which
            // is what `_withUnsafeGuaranteedRef` asks; the reference does not escape the closure.
            unretained.reference._withUnsafeGuaranteedRef { property in
                do throws(ValueFailure) {
                    try property.decode(from: document, object: node, hint: &hint, into: base)
                } catch {
                    failure = error
                }
            }
            if let failure {
                try keepDefault(unretained.reference.takeUnretainedValue(), after: failure, in: .document(document, node), nil, 0)
            }
            current += 1
        }
        if let unknownKeys {
            try unknownKeys.capture(from: .document(document, node), into: base)
        }
    }

    /// The error for `failure` of the property at `index` in `properties` (their count: the
    /// unknown keys), read from `source`. Out of line: only a failure gets here.
    @inline(never)
    private func failure(_ failure: ValueFailure, at index: Int, of properties: [PropertyMapping],
                         in source: JSONObjectSource) -> any Error {
        let key = index < properties.count ? properties[index].key : unknownKeys?.property.key ?? ""
        return adapterError(failure, forKey: key, in: source)
    }

    /// Decodes the class-cluster member `chosen` as an `M`. Out of line: its cast asks the runtime
    /// for `M?`'s metadata, which the compiler would ask for on entry to every decode.
    @inline(never)
    private func decode<M: JSONSerializing>(_ chosen: any JSONSerializing.Type, as type: M.Type,
                                            from source: JSONObjectSource) throws -> M {
        guard let result = try ModelMapping.of(chosen, in: context.resolve()).decodeOwnType(from: source) as? M else {
            throw noClassFound(chosen)
        }
        return result
    }

    /// Decodes a model of this mapping's type, or of any type its
    /// `classForParsing(jsonDictionary:)` picks (a subclass, for a class).
    func decodeAny(from source: JSONObjectSource) throws -> any JSONSerializing {
        if isClassCluster, let chosen = try chosenType(for: source) {
            if modelType is AnyClass, !isSubclass(chosen, of: modelType) { throw noClassFound(chosen) }
            return try ModelMapping.of(chosen, in: context.resolve()).decodeOwnType(from: source)
        }
        return try decodeOwnType(from: source)
    }

    /// The type `classForParsing(jsonDictionary:)` picks when it is not this
    /// mapping's own type; `nil` for the own type.
    private func chosenType(for source: JSONObjectSource) throws -> (any JSONSerializing.Type)? {
        if let discriminator {
            let chosen = try discriminator.type(for: source)
            return ObjectIdentifier(chosen) == ObjectIdentifier(modelType) ? nil : chosen
        }
        // Public API that takes a dictionary: on the bytes route, the one whole object
        // materialised (see `JSONObjectSource.dictionary`).
        guard let chosen = modelType.classForParsing(jsonDictionary: source.dictionary) else {
            throw JSONAdapterError(code: .noClassFound, modelTypeName: typeName,
                                   detail: "classForParsing(jsonDictionary:) of \(typeName) found no type for the JSON")
        }
        return ObjectIdentifier(chosen) == ObjectIdentifier(modelType) ? nil : chosen
    }

    /// The error for a chosen type unrelated to the mapping's type.
    private func noClassFound(_ chosen: any JSONSerializing.Type) -> JSONAdapterError {
        JSONAdapterError(code: .noClassFound, modelTypeName: typeName,
                         detail: "classForParsing(jsonDictionary:) returned \(chosen), which is not a \(typeName)")
    }

    /// Decodes this mapping's own type, opened from the existential.
    private func decodeOwnType(from source: JSONObjectSource) throws -> any JSONSerializing {
        try decodeOwnType(modelType, from: source)
    }

    /// Decodes this mapping's own type `M`: `M()`, every mapped property (or
    /// only `selected`, which then leaves out the unknown keys, for a merge
    /// patch), then `validate()` (unless `validating` is `false`, for a
    /// partial update's patch). A failure throws before the model escapes;
    /// `validate()`'s errors pass through unchanged.
    func decodeOwnType<M: JSONSerializing>(_ type: M.Type, from source: JSONObjectSource,
                                           validating: Bool = true,
                                           properties selected: [PropertyMapping]? = nil) throws -> M {
        let properties = selected ?? self.properties
        var model = M()
        // The index in `properties` of the property being decoded (`properties.count`: the
        // unknown keys), for the error: its key is only copied when there is one.
        var current = 0
        let recorder = DecodingRecorder.current
        if let recorder, let errors = recorder.errors {
            return try decodeCollecting(model, from: source, validating: validating, recorder, errors)
        }
        do throws(ValueFailure) {
            try model.withMutableStorageAddress { (base) throws(ValueFailure) in
                switch source {
                case .dictionary(let dictionary):
                    for property in properties {
                        try decode(property, from: source, recorder) { () throws(ValueFailure) in
                            try property.decode(from: dictionary, into: base)
                        }
                        current += 1
                    }
                case .document(let document, let node) where recorder == nil && selected == nil:
                    // Every property and the unknown keys, in the loop that retains nothing.
                    return try decodeProperties(from: document, object: node, into: base, current: &current)
                case .document(let document, let node):
                    var hint = 0
                    for property in properties {
                        try decode(property, from: source, recorder) { () throws(ValueFailure) in
                            try property.decode(from: document, object: node, hint: &hint, into: base)
                        }
                        current += 1
                    }
                }
                if let unknownKeys, selected == nil {
                    try unknownKeys.capture(from: source, into: base)
                }
            }
        } catch {
            throw failure(error, at: current, of: properties, in: source)
        }
        if validating { try model.validate() }
        return model
    }

    /// Runs `body`, which decodes `property`; a failure may keep the default
    /// (``keepDefault(_:after:in:_:_:)``); what `recorder` got meanwhile is
    /// attributed to the property.
    @inline(__always)
    func decode(_ property: PropertyMapping, from source: JSONObjectSource, _ recorder: DecodingRecorder?,
                        _ body: () throws(ValueFailure) -> Void) throws(ValueFailure) {
        let mark = recorder?.mark ?? 0
        do throws(ValueFailure) {
            try body()
        } catch {
            try keepDefault(property, after: error, in: source, recorder, mark)
        }
        recorder?.attribute(from: mark, modelTypeName: typeName, property: property, source: source)
    }

    /// Handles a property's `failure`: with ``JSONLeniency/defaultOnFailure``
    /// the property keeps the default `init()` gave it (nothing was stored)
    /// and that is recorded, in place of what was recorded inside the value
    /// (and, in a collecting pass, the failures found inside it are
    /// forgotten); otherwise, and for a bad mapping, the failure is thrown.
    private func keepDefault(_ property: PropertyMapping, after failure: ValueFailure, in source: JSONObjectSource,
                             _ recorder: DecodingRecorder?, _ mark: Int) throws(ValueFailure) {
        guard property.defaultsOnFailure, failure.isRecoverable else { throw failure }
        if let since = failure.collectedSince { recorder?.errors?.forget(from: since) }
        recorder?.recordDrop(.usedDefault, since: mark, found: property.foundDescription(in: source),
                             reason: failure.reportReason)
    }

    /// The adapter error for a property's failure, naming the property's key
    /// path (for alternatives, the one `source` has).
    func adapterError(_ failure: ValueFailure, forKey key: String, in source: JSONObjectSource? = nil) -> any Error {
        if let passthrough = failure.passthrough { return passthrough }
        let keyPath = properties.first(where: { $0.key == key })?.keyPath.text(in: source) ?? key
        return JSONAdapterError(failure, propertyKey: key, jsonKeyPath: joinJSONPath(keyPath, failure.path),
                                modelTypeName: typeName)
    }

    // MARK: Encoding

    /// The keys `model` wants written, or `nil` for all of them.
    private func selectedKeys(_ model: some JSONSerializing) -> Set<String>? {
        if keepsEveryPropertyKey { return nil }
        let selected = model.serializablePropertyKeys(mappedKeys)
        return selected.count == mappedKeys.count && selected == mappedKeys ? nil : selected
    }

    /// The model as a JSON dictionary; dotted paths build nested dictionaries.
    func jsonDictionary(from model: any JSONSerializing, options: JSONAdapter.EncodingFlags) throws -> [String: Any] {
        let selected = selectedKeys(model)
        return try jsonDictionary(of: model, options: options, mergingUnknownKeys: true) { selected?.contains($0) ?? true }
    }

    /// The JSON dictionary of the mapped properties of `model` whose keys `includes` accepts,
    /// written in ``encodingOrder`` (shorter key paths first); with `mergingUnknownKeys`, the
    /// members a ``JSONUnknownKeys`` property keeps are merged in. An absent ``JSONOptional``
    /// is left out, its null written as a value; `options` apply.
    func jsonDictionary(of model: any JSONSerializing, options: JSONAdapter.EncodingFlags,
                        mergingUnknownKeys: Bool = false,
                        including includes: (String) -> Bool) throws -> [String: Any] {
        let omitNilValues = options.contains(.omitNilValues)
        var result: [String: Any] = [:]
        var current = ""
        do throws(ValueFailure) {
            try model.withStorageAddress { (base) throws(ValueFailure) in
                for index in encodingOrder {
                    let property = properties[index]
                    guard includes(property.key) else { continue }
                    current = property.key
                    if property.canBeAbsent, property.isAbsent(at: base) { continue }
                    let value = try property.encode(from: base, options)
                    if omitNilValues, !property.canBeAbsent, ValueConversion.isNull(value) { continue }
                    if let path = property.keyPath.outputPath {
                        try Self.insert(value, at: path.components[...], into: &result)
                    } else {
                        // A composite: each of its paths gets its member of the value.
                        let parts = value as? [String: Any] ?? [:]
                        for path in property.keyPath.paths {
                            guard let part = parts[path.text] else { continue }
                            if omitNilValues, ValueConversion.isNull(part) { continue }
                            try Self.insert(part, at: path.components[...], into: &result)
                        }
                    }
                }
                if mergingUnknownKeys, let unknownKeys {
                    current = unknownKeys.property.key
                    try UnknownKeysCapture.merge(unknownKeys.members(at: base), into: &result)
                }
            }
        } catch {
            throw adapterError(error, forKey: current)
        }
        return result
    }

    /// Writes `model`'s JSON object. Generic, so that a nested model (`ModelCodec`) is written
    /// from where it is, not copied into an existential box first.
    func write(_ model: some JSONSerializing, to writer: inout JSONWriter, options: JSONAdapter.EncodingFlags) throws {
        if writesFromStorage {
            return try model.withStorageAddress { (base) throws in
                try writeObject(at: base, to: &writer, options: options)
            }
        }
        let hasUnknownKeys = unknownKeys.map { capture in
            model.withStorageAddress { !capture.members(at: $0).isEmpty }
        } ?? false
        guard let outputTree, !hasUnknownKeys else {
            let dictionary = try jsonDictionary(from: model, options: options)
            do {
                try writer.writeAny(dictionary, sortedKeys: true)
            } catch {
                throw JSONAdapterError(code: .invalidValue, underlyingError: error, modelTypeName: typeName)
            }
            return
        }
        let selected = selectedKeys(model)
        var current: Int?
        do throws(ValueFailure) {
            try model.withStorageAddress { (base) throws(ValueFailure) in
                try outputTree.write(base, properties, to: &writer, selected: selected,
                                     options: options, current: &current)
            }
        } catch {
            throw adapterError(error, forKey: current.map { properties[$0].key } ?? "")
        }
    }

    /// Writes the JSON object of the model whose storage is at `base` (a value of
    /// ``modelType``), as ``write(_:to:options:)`` writes it: only for a mapping that
    /// ``writesFromStorage``, which needs nothing but the storage.
    func writeObject(at base: UnsafeRawPointer, to writer: inout JSONWriter,
                     options: JSONAdapter.EncodingFlags) throws {
        guard writesFromStorage, outputTree != nil else {
            throw JSONAdapterError(code: .invalidValue, modelTypeName: typeName,
                                   detail: "\(typeName) cannot be written from its storage alone")
        }
        var current: Int?
        do throws(ValueFailure) {
            // Through the stored property, not a binding of it, which retained the tree per model.
            try outputTree?.write(base, properties, to: &writer, selected: nil, options: options, current: &current)
        } catch {
            throw adapterError(error, forKey: current.map { properties[$0].key } ?? "")
        }
    }
}

/// `true` when `type` is `base` or one of its subclasses.
func isSubclass(_ type: Any.Type, of base: any JSONSerializing.Type) -> Bool {
    func check<Base>(_: Base.Type) -> Bool { type is Base.Type }
    return check(base)
}
