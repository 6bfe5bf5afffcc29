import Foundation
import MantleCore
import MantleInternals

// Static helpers that ``ArchiveDecoder`` calls on a metatype it has opened by
// casting (`T.self as? any ArrayRepresentable.Type`, ...): inside them the
// generic parameters (`Wrapped`, `Element`, `RawValue`, ...) are known, so
// values can be rebuilt with their exact declared types.

extension OptionalRepresentable {
    /// `nil` for an archived null, else the wrapped value decoded as
    /// `Wrapped` (from inside a `$some`, which keeps a nested optional's
    /// `.some(nil)`).
    static func archiveMaterialize(_ value: ArchivedValue, decoder: ArchiveDecoder,
                                   path: ArchivePath) throws -> Any {
        if case .null = value { return Optional<Wrapped>.none as Any }
        if case .wrapped(let inner) = value {
            return Optional<Wrapped>.some(try decoder.materialize(inner, as: Wrapped.self, path: path)) as Any
        }
        return Optional<Wrapped>.some(try decoder.materialize(value, as: Wrapped.self, path: path)) as Any
    }
}

extension JSONOptionalRepresentable {
    /// `.null` for an archived null, else the value decoded as `Wrapped`
    /// (from inside a `$some` for `.value(nil)`). (An absent one is not
    /// archived: its property keeps its default.)
    static func archiveMaterialize(_ value: ArchivedValue, decoder: ArchiveDecoder,
                                   path: ArchivePath) throws -> Any {
        if case .null = value { return JSONOptional<Wrapped>.null }
        if case .wrapped(let inner) = value {
            return JSONOptional<Wrapped>.value(try decoder.materialize(inner, as: Wrapped.self, path: path))
        }
        return JSONOptional<Wrapped>.value(try decoder.materialize(value, as: Wrapped.self, path: path))
    }
}

extension ArrayRepresentable {
    /// An `[Element]` from an archived array; `nil` for anything else.
    static func archiveMaterialize(_ value: ArchivedValue, decoder: ArchiveDecoder,
                                   path: ArchivePath) throws -> Any? {
        guard case .array(let items) = value else { return nil }
        return try decoder.materializeElements(items, as: Element.self, path: path)
    }
}

extension SetRepresentable {
    /// A `Set<Element>` from an archived set; `nil` for anything else.
    static func archiveMaterialize(_ value: ArchivedValue, decoder: ArchiveDecoder,
                                   path: ArchivePath) throws -> Any? {
        guard case .set(let items) = value else { return nil }
        return Set(try decoder.materializeElements(items, as: Element.self, path: path))
    }
}

extension StringKeyedDictionaryRepresentable {
    /// A `[String: Value]` from an archived dictionary; `nil` for anything else.
    static func archiveMaterialize(_ value: ArchivedValue, decoder: ArchiveDecoder,
                                   path: ArchivePath) throws -> Any? {
        guard case .dictionary(let items) = value else { return nil }
        var result = [String: Value](minimumCapacity: items.count)
        for (key, item) in items {
            result[key] = try decoder.materialize(item, as: Value.self, path: path.appending(dictionaryKey: key))
        }
        return result
    }
}

extension RawRepresentable {
    /// The value whose raw value is the archived value decoded as `RawValue`;
    /// `nil` when no value has that raw value.
    static func archiveMaterialize(_ value: ArchivedValue, decoder: ArchiveDecoder,
                                   path: ArchivePath) throws -> Any? {
        Self(rawValue: try decoder.materialize(value, as: RawValue.self, path: path))
    }
}

extension FixedWidthInteger {
    /// The archived integer as `Self` when it fits exactly; `nil` otherwise.
    static func archiveExactly(_ value: ArchivedValue) -> Any? {
        switch value {
        case .integer(let integer): return Self(exactly: integer)
        case .unsignedInteger(let integer): return Self(exactly: integer)
        default: return nil
        }
    }
}

extension BinaryFloatingPoint {
    /// The archived number as `Self` when it converts exactly (NaN stays NaN,
    /// with its sign and, as far as `Self` holds it, its payload); `nil` otherwise.
    static func archiveExactly(_ value: ArchivedValue) -> Any? {
        switch value {
        case .real(let real): return real.isNaN ? Self(real) : Self(exactly: real)
        #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
        case .extendedReal(let number):
            let exact = number.float80
            if let same = exact as? Self { return same }
            return exact.isNaN ? Self(exact) : Self(exactly: exact)
        #endif
        case .integer(let integer): return Self(exactly: integer)
        case .unsignedInteger(let integer): return Self(exactly: integer)
        default: return nil
        }
    }
}

extension ArchiveDecoder {
    /// The archived elements of an array or set, each decoded as `Element`
    /// (errors name the element's index).
    func materializeElements<Element>(_ items: [ArchivedValue], as type: Element.Type,
                                      path: ArchivePath) throws -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            result.append(try materialize(item, as: Element.self, path: path.appending(index: index)))
        }
        return result
    }
}
