import Foundation
import MantleCore
import MantleInternals

/// Turns a model graph into the property list of an archive (see
/// ``ArchiveFormat``).
///
/// Class instances go into the object table once each, found through an
/// explicit work list (so long chains of objects never deepen the stack);
/// structs, collections and scalars are written inline, recursively, up to
/// ``ArchiveFormat/maximumDepth``.
///
/// Conditional properties: a class instance under a `.conditional` key is
/// recorded, not followed. When the whole graph has been written, each
/// recorded reference is filled in if that same object (by identity) got an
/// entry through some unconditional path, and left out otherwise. This is
/// the two-pass rule of `NSKeyedArchiver`'s conditional objects, done in one
/// pass plus a patch-up. A conditional key whose value is not a class
/// instance (a struct, a number, `nil`) has no identity to match and is
/// written unconditionally.
final class ArchiveEncoder {
    /// A model entry under construction (a class, so conditional references
    /// can be patched into it after the fact).
    private final class Entry {
        /// The archived type name.
        let typeName: String
        /// The model version.
        let version: Int
        /// The property values written so far.
        var values: [String: Node] = [:]

        init(typeName: String, version: Int) {
            self.typeName = typeName
            self.version = version
        }
    }

    /// An encoded value whose model entries may still change.
    private indirect enum Node {
        /// A finished property-list value.
        case leaf(PropertyListValue)
        case array([Node])
        /// A tagged dictionary whose content is a node (`$set`, `$dict`).
        case tagged(String, Node)
        case dictionary([String: Node])
        /// A model entry.
        case entry(Entry)
    }

    /// A class instance whose entry is still to be written.
    private struct PendingObject {
        /// Its index in the object table.
        let index: Int
        /// The instance (retained until the archive is done).
        let model: any Model
        /// Where it was first met.
        let path: ArchivePath
    }

    /// A conditional reference waiting for the end of the graph.
    private struct ConditionalReference {
        /// The entry that holds the property.
        let entry: Entry
        let key: String
        /// The referenced object (retained, so its identity stays unique).
        let object: AnyObject
    }

    /// The object table; `nil` for entries not yet written.
    private var entries: [Entry?] = []
    /// The object-table index of every class instance met unconditionally.
    private var indexByObject: [ObjectIdentifier: Int] = [:]
    /// Objects whose entries are still to be written, in discovery order.
    private var pending: [PendingObject] = []
    /// Conditional references to resolve at the end.
    private var conditionals: [ConditionalReference] = []

    /// Creates an encoder for one archive.
    init() {}

    /// The property list of an archive whose root is `root`.
    func archive(_ root: any Model) throws -> PropertyListValue {
        if type(of: root) is AnyObject.Type {
            _ = reference(to: root, at: .root)
        } else {
            // Index 0 is the root's, before its values give objects indices.
            entries.append(nil)
            entries[0] = try entry(for: root, at: .root, depth: ArchiveFormat.objectValueDepth - 2)
        }
        var cursor = 0
        while cursor < pending.count {
            let object = pending[cursor]
            cursor += 1
            entries[object.index] = try entry(for: object.model, at: object.path,
                                              depth: ArchiveFormat.objectValueDepth - 2)
        }
        for conditional in conditionals {
            if let index = indexByObject[ObjectIdentifier(conditional.object)] {
                conditional.entry.values[conditional.key] = .leaf(Self.reference(index))
            }
        }
        let objects = entries.map { entry -> PropertyListValue in
            entry.map(Self.propertyList(of:)) ?? .dictionary([:])
        }
        return .dictionary([
            ArchiveFormat.archiverKey: .string(ArchiveFormat.archiverName),
            ArchiveFormat.formatKey: .integer(Int64(ArchiveFormat.version)),
            ArchiveFormat.rootKey: .integer(0),
            ArchiveFormat.objectsKey: .array(objects),
        ])
    }

    /// The `{"$ref": index}` value.
    private static func reference(_ index: Int) -> PropertyListValue {
        .dictionary([ArchiveFormat.referenceKey: .integer(Int64(index))])
    }

    /// The reference to a class instance, giving it an object-table entry
    /// (written later) when it is met for the first time.
    private func reference(to object: any Model, at path: ArchivePath) -> PropertyListValue {
        let identifier = ObjectIdentifier(object as AnyObject)
        if let index = indexByObject[identifier] { return Self.reference(index) }
        let index = entries.count
        entries.append(nil)
        indexByObject[identifier] = index
        pending.append(PendingObject(index: index, model: object, path: path))
        return Self.reference(index)
    }

    /// What the encoder needs to know about a model type, worked out once per archive.
    private struct TypePlan {
        let descriptor: ModelDescriptor
        /// The archived type name.
        let typeName: String
        /// The properties written, with their encoding behavior and whether
        /// their values are read back without a declared type (``isUntyped(_:)``).
        let properties: [(property: ModelDescriptor.Property, behavior: EncodingBehavior, untyped: Bool)]
    }

    /// The plans made so far, by model type.
    private var plans: [ObjectIdentifier: TypePlan] = [:]

    /// The plan of `modelType`, checking its declarations the first time.
    private func plan(for modelType: any Model.Type, at path: ArchivePath) throws -> TypePlan {
        if let known = plans[ObjectIdentifier(modelType)] { return known }
        let descriptor = ModelDescriptor.of(modelType)
        try descriptor.checkSupported(at: path)
        let properties = descriptor.properties.compactMap { property -> (ModelDescriptor.Property, EncodingBehavior, Bool)? in
            let behavior = modelType.encodingBehavior(forPropertyKey: property.key)
            if behavior == .excluded { return nil }
            return (property, behavior, Self.isUntyped(property.accessor.valueType))
        }
        let plan = TypePlan(descriptor: descriptor, typeName: ArchiveTypeName.of(modelType), properties: properties)
        plans[ObjectIdentifier(modelType)] = plan
        return plan
    }

    /// The entry of one model; `depth` is the container depth of the entry dictionary.
    private func entry(for model: any Model, at path: ArchivePath, depth: Int) throws -> Entry {
        let modelType = type(of: model)
        let plan = try plan(for: modelType, at: path)
        let owner = plan.descriptor.typeName
        let entry = Entry(typeName: plan.typeName, version: modelType.modelVersion)
        try model.withStorageAddress { base in
            for (property, behavior, untyped) in plan.properties {
                let key = property.key
                let stored = property.accessor.readValue(from: base)
                let value = flattenedOptional(stored)
                // An absent `JSONOptional` is left out, as in JSON (decoding keeps the default).
                if let optional = value as? any JSONOptionalRepresentable, optional.isAbsent { continue }
                if behavior == .conditional, let value, type(of: value) is AnyObject.Type,
                   !ValueConversion.isNull(value) {
                    conditionals.append(ConditionalReference(entry: entry, key: key, object: value as AnyObject))
                    continue
                }
                if !untyped, let stored, stored is any OptionalRepresentable, value == nil {
                    // A nested optional's `.some(nil)` (`readValue` keeps the inner `nil` it holds).
                    try checkDepth(depth + 2, at: path.appending(key: key))
                    entry.values[key] = .tagged(ArchiveFormat.someKey,
                                                try encode(stored, at: path.appending(key: key), depth: depth + 3,
                                                           owner: owner, untyped: false))
                    continue
                }
                entry.values[key] = try encode(stored, at: path.appending(key: key), depth: depth + 2,
                                               owner: owner, untyped: untyped)
            }
        }
        return entry
    }

    /// Throws unless a container may sit at `depth`.
    private func checkDepth(_ depth: Int, at path: ArchivePath) throws {
        guard depth <= ArchiveFormat.maximumDepth, RecursionGuard.hasStackRoom else {
            throw ModelArchiverError(.nestingTooDeep, at: path,
                               detail: "archives nest at most \(ArchiveFormat.maximumDepth) containers, and no deeper than the stack allows")
        }
    }

    /// A tagged single-key dictionary holding a string.
    private static func tagged(_ tag: String, _ string: String) -> Node {
        .leaf(.dictionary([tag: .string(string)]))
    }

    /// `true` when a value declared as `type` is read back from what the
    /// archive says alone (`Any`, `AnyHashable`, protocol types, Foundation
    /// containers), not rebuilt as a declared Swift type.
    static func isUntyped(_ type: Any.Type) -> Bool {
        switch ValueKind.of(type) {
        case .optional(let optional): return isUntyped(optional.wrappedType)
        case .jsonOptional(let optional): return isUntyped(optional.wrappedType)
        case .any, .other, .null, .foundationNumber, .foundationString, .foundationArray, .foundationDictionary:
            return true
        case .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .array, .set, .stringKeyedDictionary, .keyedDictionary, .model, .rawRepresentable, .codable:
            return false
        }
    }

    /// The number of `.some` layers around an inner `nil` (`Int??` set to
    /// `.some(nil)` has one), or 0 when `value` is no such nested optional.
    private static func someLayers(around value: Any?) -> Int {
        var layers = 0
        var current = value
        while let unwrapped = current, let optional = unwrapped as? any OptionalRepresentable {
            guard let inner = optional.wrappedValue else { return layers }
            layers += 1
            current = inner
        }
        return 0
    }

    /// Encodes one value; `depth` is the container depth it would have.
    ///
    /// - Parameter untyped: `true` when the reader will not know the value's
    ///   declared type (see ``isUntyped(_:)``): then only values that come back
    ///   equal from the archive alone are accepted; a `Character`, a
    ///   `Substring`, an enum or a typed `Set` would come back as a `String`,
    ///   a raw value or a `Set<AnyHashable>`, and throw instead.
    private func encode(_ value: Any?, at path: ArchivePath, depth: Int, owner: String,
                        untyped: Bool) throws -> Node {
        let layers = untyped ? 0 : Self.someLayers(around: value)
        if layers > 0 {
            // A nested optional's `.some(nil)`: each `.some` is written, so it does not come back as `nil`.
            try checkDepth(depth + layers, at: path)
            var node = Node.leaf(.dictionary([ArchiveFormat.nullKey: .bool(true)]))
            for _ in 0..<layers { node = .tagged(ArchiveFormat.someKey, node) }
            return node
        }
        guard let value = flattenedOptional(value), !ValueConversion.isNull(value) else {
            try checkDepth(depth, at: path)
            return .leaf(.dictionary([ArchiveFormat.nullKey: .bool(true)]))
        }
        let unsupported = { (detail: String) in
            ModelArchiverError(.unsupportedValue, at: path, modelTypeName: owner,
                         found: ValueDescription.typeName(type(of: value)), detail: detail)
        }
        let changesType = { (comesBackAs: String) in
            unsupported("in a property declared Any (or a collection of Any), it would come back as \(comesBackAs); "
                        + "declare the type, or store a value the archive describes")
        }
        let kind = ValueKind.of(value: value)
        switch kind {
        case .model:
            guard let model = value as? any Model else { break }
            if type(of: model) is AnyObject.Type {
                try checkDepth(depth, at: path)
                return .leaf(reference(to: model, at: path))
            }
            try checkDepth(depth + 1, at: path)
            return .entry(try entry(for: model, at: path, depth: depth))
        case .string, .foundationString:
            if let string = value as? String { return .leaf(.string(string)) }
        case .substring, .character:
            if untyped { throw changesType("a String") }
            return .leaf(.string(String(describing: value)))
        case .bool:
            if let bool = value as? Bool { return .leaf(.bool(bool)) }
        case .decimal:
            if let decimal = value as? Decimal {
                try checkDepth(depth, at: path)
                return Self.tagged(ArchiveFormat.decimalKey, DecimalText.text(for: decimal))
            }
        case .integer, .floating, .foundationNumber:
            if let bool = ValueConversion.exactBool(from: value) { return .leaf(.bool(bool)) }
            let number = NumberValue(value)
            switch number {
            case .signed(let integer): return .leaf(.integer(integer))
            case .unsigned(let integer): return .leaf(.unsignedInteger(integer))
            case .floating(let real): return .leaf(.real(real))
            case .approximate(let real) where real.isNaN: return .leaf(.real(real))
            case .approximate, .wide:
                // A `Float80` that neither a `Double` nor a 64-bit integer holds: its 80 bits.
                if let bits = ExtendedReal(value) {
                    try checkDepth(depth, at: path)
                    return .leaf(.dictionary([ArchiveFormat.float80Key: .data(bits.data)]))
                }
                if case .wide = number { throw unsupported("integers must fit in 64 bits") }
                throw unsupported("only numbers a Double holds exactly (and every Float80) can be archived")
            case nil: break
            }
        case .date:
            if let date = value as? Date {
                guard !date.timeIntervalSinceReferenceDate.isNaN else {
                    throw unsupported("a NaN date has no meaning (and Foundation traps describing one)")
                }
                return .leaf(.date(date.timeIntervalSinceReferenceDate))
            }
        case .data:
            if let data = value as? Data { return .leaf(.data(data)) }
        case .url:
            if let url = value as? URL {
                try checkDepth(depth, at: path)
                guard let base = url.baseURL else { return Self.tagged(ArchiveFormat.urlKey, url.relativeString) }
                return .leaf(.dictionary([ArchiveFormat.urlKey: .string(url.relativeString),
                                          ArchiveFormat.urlBaseKey: .string(base.absoluteString)]))
            }
        case .uuid:
            if let uuid = value as? UUID {
                try checkDepth(depth, at: path)
                return Self.tagged(ArchiveFormat.uuidKey, uuid.uuidString)
            }
        case .rawRepresentable:
            if untyped { throw changesType("its raw value") }
            if let raw = value as? any RawRepresentable {
                return try encode(raw.rawValue, at: path, depth: depth, owner: owner, untyped: false)
            }
        // Foundation containers are read without bridging them whole (which
        // never ends for one that contains itself): as the Swift forms below.
        case .foundationArray:
            if let array = value as? NSArray {
                return try encode(FoundationContainers.elements(of: array), at: path, depth: depth, owner: owner,
                                  untyped: true)
            }
        case .foundationDictionary:
            if let dictionary = value as? NSDictionary {
                var members: [String: Any] = [:]
                for (key, member) in FoundationContainers.members(of: dictionary) {
                    guard let key = FoundationContainers.string(key) else {
                        throw ModelArchiverError(.unsupportedValue, at: path, modelTypeName: owner,
                                           found: "NSDictionary", detail: "dictionary keys must be strings")
                    }
                    members[key] = member
                }
                return try encode(members, at: path, depth: depth, owner: owner, untyped: true)
            }
        case .set(let setType):
            if untyped, setType.elementType != AnyHashable.self { throw changesType("a Set<AnyHashable>") }
            if let set = value as? Set<AnyHashable> {
                try checkDepth(depth + 1, at: path)
                let elementsUntyped = untyped || Self.isUntyped(setType.elementType)
                var items: [Node] = []
                items.reserveCapacity(set.count)
                for (index, element) in set.enumerated() {
                    items.append(try encode(element.base, at: path.appending(index: index), depth: depth + 2,
                                            owner: owner, untyped: elementsUntyped))
                }
                return .tagged(ArchiveFormat.setKey, .array(items))
            }
        case .array(let arrayType):
            if let array = value as? [Any] {
                try checkDepth(depth, at: path)
                let elementsUntyped = untyped || Self.isUntyped(arrayType.elementType)
                var items: [Node] = []
                items.reserveCapacity(array.count)
                for (index, element) in array.enumerated() {
                    items.append(try encode(element, at: path.appending(index: index), depth: depth + 1, owner: owner,
                                            untyped: elementsUntyped))
                }
                return .array(items)
            }
        case .stringKeyedDictionary(let dictionaryType):
            if let dictionary = value as? [String: Any] {
                try checkDepth(depth + 1, at: path)
                let valuesUntyped = untyped || Self.isUntyped(dictionaryType.valueType)
                var items: [String: Node] = [:]
                items.reserveCapacity(dictionary.count)
                for key in dictionary.keys.sorted() {
                    guard let element = dictionary[key] else { continue }
                    items[key] = try encode(element, at: path.appending(dictionaryKey: key), depth: depth + 2,
                                            owner: owner, untyped: valuesUntyped)
                }
                return .tagged(ArchiveFormat.dictionaryKey, .dictionary(items))
            }
        case .jsonOptional:
            if untyped { throw changesType("its value or nil") }
            if let optional = value as? any JSONOptionalRepresentable {
                switch optional.erased {
                case .null: return try encode(nil, at: path, depth: depth, owner: owner, untyped: false)
                case .value(let wrapped):
                    if flattenedOptional(wrapped) == nil {
                        // `.value(nil)` of a `JSONOptional<T?>`: not its `.null`.
                        try checkDepth(depth + 1, at: path)
                        return .tagged(ArchiveFormat.someKey,
                                       try encode(wrapped, at: path, depth: depth + 1, owner: owner, untyped: false))
                    }
                    return try encode(wrapped, at: path, depth: depth, owner: owner, untyped: false)
                case .absent:
                    // Only a model's property can be left out.
                    throw unsupported("an absent JSONOptional has no archived form inside a collection")
                }
            }
        case .optional, .null:
            // Not reached: optionals were flattened and null handled above.
            try checkDepth(depth, at: path)
            return .leaf(.dictionary([ArchiveFormat.nullKey: .bool(true)]))
        case .keyedDictionary, .any, .codable, .other:
            // Archives hold string-keyed dictionaries only, and no `Codable`
            // values (encode the model with `Codable` instead, which codes
            // each property through its own conformance).
            break
        }
        throw unsupported("exclude the property with encodingBehavior(forPropertyKey:)")
    }

    /// The finished property list of a node.
    private static func propertyList(of node: Node) -> PropertyListValue {
        switch node {
        case .leaf(let value): return value
        case .array(let items): return .array(items.map(propertyList(of:)))
        case .tagged(let tag, let content): return .dictionary([tag: propertyList(of: content)])
        case .dictionary(let items): return .dictionary(items.mapValues(propertyList(of:)))
        case .entry(let entry): return propertyList(of: entry)
        }
    }

    /// The finished property list of a model entry.
    private static func propertyList(of entry: Entry) -> PropertyListValue {
        .dictionary([
            ArchiveFormat.typeKey: .string(entry.typeName),
            ArchiveFormat.versionKey: .integer(Int64(entry.version)),
            ArchiveFormat.valuesKey: .dictionary(entry.values.mapValues(propertyList(of:))),
        ])
    }
}
