import Foundation

/// The shape of a model's JSON object, worked out once from its key paths,
/// so that encoding to text writes nested objects directly without building
/// dictionaries first.
struct OutputTree: Sendable {
    /// A member of an object: a property's value, or a nested object.
    indirect enum Node: Sendable {
        /// The value of the property at this index of the mapping's properties.
        case property(Int)
        /// A nested object with members in order.
        case object([(key: String, node: Node)])
    }

    /// The top-level object's members.
    let members: [(key: String, node: Node)]

    /// Lays out single-path properties; `nil` when a composite path or two
    /// overlapping paths need the dictionary route.
    init?(_ properties: [PropertyMapping]) {
        var root: [(key: String, node: Node)] = []
        for (index, property) in properties.enumerated() {
            guard case .single(let path) = property.keyPath,
                  Self.insert(index, at: path.components[...], into: &root) else { return nil }
        }
        members = root
    }

    /// Adds a property; `false` when its path collides with another.
    private static func insert(_ index: Int, at path: ArraySlice<String>,
                               into members: inout [(key: String, node: Node)]) -> Bool {
        guard let first = path.first else { return false }
        let position = members.firstIndex { $0.key == first }
        if path.count == 1 {
            guard position == nil else { return false }
            members.append((first, .property(index)))
            return true
        }
        if let position {
            guard case .object(var children) = members[position].node,
                  insert(index, at: path.dropFirst(), into: &children) else { return false }
            members[position].node = .object(children)
            return true
        }
        var children: [(key: String, node: Node)] = []
        guard insert(index, at: path.dropFirst(), into: &children) else { return false }
        members.append((first, .object(children)))
        return true
    }

    /// Writes the object for the model at `base`.
    func write(_ base: UnsafeRawPointer, _ properties: [PropertyMapping], to writer: inout JSONWriter,
               selected: Set<String>?, omitNilValues: Bool, current: inout String) throws(ValueFailure) {
        try Self.write(members, base, properties, to: &writer, selected: selected,
                       omitNilValues: omitNilValues, current: &current)
    }

    /// Writes one object level.
    private static func write(_ members: [(key: String, node: Node)], _ base: UnsafeRawPointer,
                              _ properties: [PropertyMapping], to writer: inout JSONWriter,
                              selected: Set<String>?, omitNilValues: Bool,
                              current: inout String) throws(ValueFailure) {
        writer.beginObject()
        for (key, node) in members {
            switch node {
            case .property(let index):
                let property = properties[index]
                guard includes(property, base, selected: selected, omitNilValues: omitNilValues) else { continue }
                current = property.key
                writer.writeKey(key)
                try property.write(from: base, to: &writer)
            case .object(let children):
                if selected != nil || omitNilValues,
                   !hasOutput(children, base, properties, selected: selected, omitNilValues: omitNilValues) {
                    continue
                }
                writer.writeKey(key)
                try write(children, base, properties, to: &writer, selected: selected,
                          omitNilValues: omitNilValues, current: &current)
            }
        }
        writer.endObject()
    }

    /// `true` when the property is written.
    private static func includes(_ property: PropertyMapping, _ base: UnsafeRawPointer,
                                 selected: Set<String>?, omitNilValues: Bool) -> Bool {
        if let selected, !selected.contains(property.key) { return false }
        return !(omitNilValues && property.isNil(at: base))
    }

    /// `true` when any property below these members is written.
    private static func hasOutput(_ members: [(key: String, node: Node)], _ base: UnsafeRawPointer,
                                  _ properties: [PropertyMapping], selected: Set<String>?,
                                  omitNilValues: Bool) -> Bool {
        members.contains { member in
            switch member.node {
            case .property(let index):
                return includes(properties[index], base, selected: selected, omitNilValues: omitNilValues)
            case .object(let children):
                return hasOutput(children, base, properties, selected: selected, omitNilValues: omitNilValues)
            }
        }
    }
}
