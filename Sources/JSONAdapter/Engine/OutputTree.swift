import Foundation
import MantleInternals
import MantleJSON

/// The shape of a model's JSON object, worked out once from its key paths,
/// so that encoding to text writes nested objects directly without building
/// dictionaries first.
final class OutputTree: Sendable {
    /// A member of an object: a property's value, or a nested object.
    indirect enum Node: Sendable {
        /// The value of the property at this index of the mapping's properties,
        /// with the properties whose paths lead inside it (`user` and
        /// `user.login`) set into its encoded object afterwards.
        case property(Int, overrides: [(path: ArraySlice<String>, index: Int)])
        /// A nested object with members in order.
        case object(Members)
    }

    /// An object's members in order.
    typealias Members = [(key: String, node: Node)]

    /// One member, in the order written: the tree of ``Node``s flattened, so that writing a
    /// model copies no reference (a key, a node's box) per member.
    struct Step {
        /// Where its key's prepared bytes are in ``keys`` (its range in ``JSONPreparedKeys/ranges``).
        var key: Range<Int>
        /// The index of its property in the mapping's properties, or `-1` for a nested object.
        let property: Int
        /// That property (`properties[property]`), `nil` for a nested object; held unretained,
        /// so that writing a member retains and releases nothing for it.
        ///
        /// SAFETY: the properties an `OutputTree` is made from are the ones its `write` is given
        /// (`ModelMapping` keeps both, made together in its `init`, and passes its own
        /// `properties`), and `write` runs inside a call on that mapping, which the caller holds:
        /// so each mapping outlives every read of it here. `OutputTreeTests` writes through trees
        /// whose mappings nothing else retains.
        let mapping: Unmanaged<PropertyMapping>?
        /// A nested object's end: its members are the steps after it, up to this index.
        let end: Int
        /// The index of the property's overrides in ``overrides``, or `-1` when it has none.
        let overrides: Int
        /// The property's ``PropertyMapping/canBeAbsent`` (`false` for a nested object).
        let canBeAbsent: Bool
        /// The property's ``PropertyMapping/storedScalar`` (`nil` for a nested object).
        let scalar: StoredScalar?
        /// The property's ``PropertyMapping/storageOffset`` (0 for a nested object).
        let offset: Int

        /// A nested object's step, whose members are the steps after it up to `end`.
        static func object(key: Range<Int>, end: Int) -> Step {
            Step(key: key, property: -1, mapping: nil, end: end, overrides: -1, canBeAbsent: false, scalar: nil,
                 offset: 0)
        }
    }

    /// The object's members, flattened from the tree `init` lays out: the top-level object's
    /// are the steps up to the end.
    let steps: [Step]
    /// Each step's key, unescaped (for formatted writers).
    let keyTexts: [String]
    /// The steps' keys as the compact writer writes them.
    let keys: JSONPreparedKeys
    /// ``keys``' memory, valid while the tree (which holds ``keys``) is alive.
    private let keyBytes: JSONPreparedKeys.Bytes
    /// The overrides of the properties that have some (``Step/overrides``).
    let overrides: [[(path: ArraySlice<String>, index: Int)]]

    /// Lays out single-path properties (and alternatives, at their first
    /// path); `nil` when a composite path or two properties with the same
    /// path need the dictionary route, and when a ``JSONOptional`` property
    /// is nested or shares its top-level key (leaving it out must not leave
    /// an empty object, nor drop what the others write there).
    init?(_ properties: [PropertyMapping]) {
        for property in properties where property.canBeAbsent {
            guard let path = property.keyPath.outputPath, path.components.count == 1 else { return nil }
            let sharing = properties.filter { $0.keyPath.outputPath?.components.first == path.components[0] }
            guard sharing.count == 1 else { return nil }
        }
        var root: Members = []
        for (index, property) in properties.enumerated() {
            guard let path = property.keyPath.outputPath,
                  Self.insert(index, at: path.components[...], into: &root) else { return nil }
        }
        var flat = Flattened()
        flat.add(root, properties)
        keys = JSONPreparedKeys(flat.keyTexts)
        keyBytes = keys.bytes
        for position in flat.steps.indices { flat.steps[position].key = keys.ranges[position] }
        (steps, keyTexts, overrides) = (flat.steps, flat.keyTexts, flat.overrides)
    }

    /// The tree being flattened into ``Step``s.
    private struct Flattened {
        var steps: [Step] = []
        var keyTexts: [String] = []
        var overrides: [[(path: ArraySlice<String>, index: Int)]] = []

        /// Adds `members` (of `properties`) and, after each nested object, its members.
        mutating func add(_ members: Members, _ properties: [PropertyMapping]) {
            for (key, node) in members {
                // The key's range is set once every key is prepared (in `init`).
                let range = 0..<0
                keyTexts.append(key)
                switch node {
                case .property(let index, let list):
                    overrides.append(list)
                    let property = properties[index]
                    steps.append(Step(key: range, property: index, mapping: Unmanaged.passUnretained(property),
                                      end: steps.count + 1, overrides: list.isEmpty ? -1 : overrides.count - 1,
                                      canBeAbsent: property.canBeAbsent, scalar: property.storedScalar,
                                      offset: property.storageOffset))
                    if list.isEmpty { overrides.removeLast() }
                case .object(let children):
                    let position = steps.count
                    steps.append(.object(key: range, end: position + 1))
                    add(children, properties)
                    steps[position] = .object(key: range, end: steps.count)
                }
            }
        }
    }

    /// Adds a property; `false` when its path is another property's path.
    private static func insert(_ index: Int, at path: ArraySlice<String>,
                               into members: inout Members) -> Bool {
        guard let first = path.first else { return false }
        let position = members.firstIndex { $0.key == first }
        if path.count == 1 {
            guard let position else {
                members.append((first, .property(index, overrides: [])))
                return true
            }
            // Properties already laid out below this path become overrides.
            guard case .object(let children) = members[position].node else { return false }
            members[position].node = .property(index, overrides: leaves(children, below: []))
            return true
        }
        if let position {
            switch members[position].node {
            case .property(let owner, var overrides):
                overrides.append((path.dropFirst(), index))
                members[position].node = .property(owner, overrides: overrides)
                return true
            case .object(var children):
                guard insert(index, at: path.dropFirst(), into: &children) else { return false }
                members[position].node = .object(children)
                return true
            }
        }
        var children: Members = []
        guard insert(index, at: path.dropFirst(), into: &children) else { return false }
        members.append((first, .object(children)))
        return true
    }

    /// Every property below `members`, with its path relative to them.
    private static func leaves(_ members: Members,
                               below prefix: [String]) -> [(path: ArraySlice<String>, index: Int)] {
        members.flatMap { member -> [(path: ArraySlice<String>, index: Int)] in
            let path = prefix + [member.key]
            switch member.node {
            case .property(let index, let overrides):
                return [(path[...], index)] + overrides.map { (path + $0.path, $0.index) }
            case .object(let children):
                return leaves(children, below: path)
            }
        }
    }

    /// Writes the object for the model at `base`; `current` is the index of the property being
    /// written, for the error if it fails.
    func write(_ base: UnsafeRawPointer, _ properties: [PropertyMapping], to writer: inout JSONWriter,
               selected: Set<String>?, options: JSONAdapter.EncodingFlags, current: inout Int?) throws(ValueFailure) {
        // `keyBytes` is valid while `keys` is alive: `self`, which holds it, is borrowed by
        // this call until it returns.
        try write(steps.indices, keyBytes, base, properties, to: &writer, selected: selected,
                  options: options, current: &current)
    }

    /// Writes one object level: the members `range` of ``steps``.
    private func write(_ range: Range<Int>, _ keys: JSONPreparedKeys.Bytes, _ base: UnsafeRawPointer,
                       _ properties: [PropertyMapping], to writer: inout JSONWriter,
                       selected: Set<String>?, options: JSONAdapter.EncodingFlags,
                       current: inout Int?) throws(ValueFailure) {
        let omitNilValues = options.contains(.omitNilValues)
        writer.beginObject()
        var position = range.lowerBound
        while position < range.upperBound {
            let step = steps[position]
            guard step.property >= 0 else {
                let children = (position + 1)..<step.end
                if selected == nil && !omitNilValues
                    || hasOutput(children, base, properties, selected: selected, omitNilValues: omitNilValues) {
                    writeKey(position, keys, to: &writer)
                    try write(children, keys, base, properties, to: &writer, selected: selected,
                              options: options, current: &current)
                }
                position = step.end
                continue
            }
            position += 1
            if selected == nil && !omitNilValues && step.overrides < 0, let mapping = step.mapping {
                // The common case, every property written (an absent `JSONOptional` apart):
                // one test a member instead of `includes` and the overrides'.
                if step.canBeAbsent && mapping._withUnsafeGuaranteedRef({ $0.isAbsent(at: base) }) { continue }
                if let scalar = step.scalar {
                    // Cannot fail: no `current` to set.
                    writeScalar(scalar, of: step, at: position - 1, keys, base, to: &writer)
                    continue
                }
                current = step.property
                writeKey(position - 1, keys, to: &writer)
                // (`_withUnsafeGuaranteedRef` rethrows untyped: the failure is handed out instead.)
                let failure = mapping._withUnsafeGuaranteedRef { mapping -> ValueFailure? in
                    do throws(ValueFailure) {
                        try mapping.write(from: base, to: &writer, options)
                        return nil
                    } catch {
                        return error
                    }
                }
                if let failure { throw failure }
                continue
            }
            let property = properties[step.property]
            guard Self.includes(property, base, selected: selected, omitNilValues: omitNilValues) else { continue }
            current = step.property
            writeKey(position - 1, keys, to: &writer)
            if step.overrides >= 0 {
                let overrides = overrides[step.overrides]
                if try Self.overridesChange(property, overrides, base, properties, selected: selected,
                                            options: options) {
                    try Self.writeMerged(property, overrides, base, properties, to: &writer, selected: selected,
                                         options: options, current: &current)
                    continue
                }
            }
            try property.write(from: base, to: &writer, options)
        }
        writer.endObject()
    }

    /// Writes the key of the step at `position`.
    @inline(__always)
    private func writeKey(_ position: Int, _ keys: JSONPreparedKeys.Bytes, to writer: inout JSONWriter) {
        guard writer.isCompact else { return writer.writeKey(keyTexts[position]) }
        // `keys` are ``keys``' bytes (alive during the write), and each step's key is the range
        // `init` took from ``keys``' ranges.
        writer.writeKey(steps[position].key, in: keys)
    }

    /// Writes the member of `step` (at `position`), a property whose ``Step/scalar`` is
    /// `scalar`, from the model's storage at `base`: as its codec writes it.
    @inline(__always)
    private func writeScalar(_ scalar: StoredScalar, of step: Step, at position: Int, _ keys: JSONPreparedKeys.Bytes,
                             _ base: UnsafeRawPointer, to writer: inout JSONWriter) {
        // SAFETY: `scalar` is the property's `storedScalar`, set only for a plain accessor,
        // whose value is stored at `base + offset` (`TypedPropertyAccessor.loadValue`), with
        // a codec whose `Value` is the scalar's type (`StoredScalar.of`); `base` is the model's
        // storage during this call. `StoredScalarWritingTests` writes each kind, plain and
        // through a property wrapper (which has no `storedScalar`), against `JSONEncoder`.
        let value = base + step.offset
        if case .int = scalar, writer.isCompact {
            return writer.writeMember(step.key, in: keys, Int64(value.load(as: Int.self)))
        }
        writeKey(position, keys, to: &writer)
        scalar.write(at: value, to: &writer)
    }

    /// `true` when any property among the steps `range` is written.
    private func hasOutput(_ range: Range<Int>, _ base: UnsafeRawPointer, _ properties: [PropertyMapping],
                           selected: Set<String>?, omitNilValues: Bool) -> Bool {
        range.contains { position in
            let property = steps[position].property
            return property >= 0 && Self.includes(properties[property], base, selected: selected,
                                                  omitNilValues: omitNilValues)
        }
    }

    /// `true` when the property is written (an absent `JSONOptional` is not).
    private static func includes(_ property: PropertyMapping, _ base: UnsafeRawPointer,
                                 selected: Set<String>?, omitNilValues: Bool) -> Bool {
        if let selected, !selected.contains(property.key) { return false }
        if property.canBeAbsent, property.isAbsent(at: base) { return false }
        return !(omitNilValues && property.isNil(at: base))
    }

    /// `false` when writing the overrides into the property's encoded object
    /// would change nothing: each is `nil` (which never replaces a value) or
    /// equal to what the property writes there already (`user.login` of a
    /// user) — then the property is written directly.
    private static func overridesChange(_ property: PropertyMapping,
                                        _ overrides: [(path: ArraySlice<String>, index: Int)],
                                        _ base: UnsafeRawPointer, _ properties: [PropertyMapping],
                                        selected: Set<String>?, options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Bool {
        for (path, index) in overrides {
            let inner = properties[index]
            guard includes(inner, base, selected: selected, omitNilValues: options.contains(.omitNilValues)) else {
                continue
            }
            let value = try inner.encode(from: base, options)
            if ValueConversion.isNull(value) { continue }
            guard let existing = try property.encodedValue(at: path, from: base, options),
                  let left = existing as? AnyHashable, let right = value as? AnyHashable, left == right else {
                return true
            }
        }
        return false
    }

    /// Writes a property whose encoded object other properties write into.
    private static func writeMerged(_ property: PropertyMapping, _ overrides: [(path: ArraySlice<String>, index: Int)],
                                    _ base: UnsafeRawPointer, _ properties: [PropertyMapping],
                                    to writer: inout JSONWriter, selected: Set<String>?,
                                    options: JSONAdapter.EncodingFlags, current: inout Int?) throws(ValueFailure) {
        let omitNilValues = options.contains(.omitNilValues)
        // The property's value sits under one key of a holder, so that the
        // overrides are inserted with the same rules as in `jsonDictionary`.
        var holder: [String: Any] = [property.key: try property.encode(from: base, options)]
        for (path, index) in overrides {
            let inner = properties[index]
            guard includes(inner, base, selected: selected, omitNilValues: omitNilValues) else { continue }
            current = index
            try ModelMapping.insert(try inner.encode(from: base, options), at: [property.key] + path, into: &holder)
        }
        let value = holder[property.key] ?? NSNull()
        do {
            try writer.writeAny(value, sortedKeys: true)
        } catch {
            throw ValueFailure(detail: "cannot write \(ValueDescription.describe(value)) as JSON: \(error)")
        }
    }
}
