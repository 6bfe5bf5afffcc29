import Foundation
import MantleInternals
import MantleJSON

/// The configuration's choices that apply inside `Codable` property values:
/// how `Date` and `Data` are written (the codecs a property of that type
/// gets, transformers by type included) and the key conversion applied to
/// coding keys, as `JSONDecoder`'s and `JSONEncoder`'s strategies would.
final class CodableOptions: @unchecked Sendable {
    // @unchecked Sendable: immutable `let`s, the codecs are immutable, and the
    // key cache is behind its lock.

    /// The deepest nesting of containers a `Codable` value may encode to, as
    /// deep as this package's parser reads by default.
    static let maximumDepth = JSONLimits.defaultMaximumDepth
    /// The most key conversions remembered (keys can come from the input, as
    /// the keys of an `[Int: _]` dictionary do: the cache must not grow without end).
    private static let cacheLimit = 1024

    /// `Date` values, as the configuration writes them.
    let dateCodec: JSONValueCodec<Date>
    /// `Data` values, as the configuration writes them.
    let dataCodec: JSONValueCodec<Data>
    /// `Decimal` values, exactly.
    let decimalCodec = DecimalCodec()
    /// The key conversion, or `nil` for the keys as written.
    private let conversion: JSONKeyConversion?
    /// Conversions already made, by coding key.
    private let cache = LockedState<[String: String]>([:])

    init(_ context: MappingContext) {
        dateCodec = CodecFactory.codec(for: Date.self, in: context, leniency: [])
        dataCodec = CodecFactory.codec(for: Data.self, in: context, leniency: [])
        let conversion = context.settings.keyConversion
        self.conversion = conversion.isIdentity ? nil : conversion
    }

    var convertsKeys: Bool { conversion != nil }

    /// The JSON key of the coding key named `name`.
    @inline(__always)
    func jsonKey(for name: String) -> String {
        guard let conversion else { return name }
        if let known = cache.withLock({ $0[name] }) { return known }
        let converted = conversion.jsonKey(forPropertyKey: name)
        cache.withLock { cache in
            if cache.count < Self.cacheLimit { cache[name] = converted }
        }
        return converted
    }

    /// The other spellings of the coding key named `name` that the
    /// conversion reads where its JSON key is missing (``KeySpellings``), or
    /// `nil` when it reads none.
    func spellings(for name: String, jsonKey: String) -> KeySpellings? {
        guard let separator = conversion?.wordSeparator else { return nil }
        return KeySpellings(converted: jsonKey, declared: name, separator: separator)
    }

    /// The names of coding keys that read the JSON key `jsonKey`, most likely
    /// first, for `allKeys`: the key itself when not converting; otherwise
    /// its camel-case forms (undoing `snake_case` and `kebab-case` as
    /// `JSONDecoder`'s `.convertFromSnakeCase` does) and the key itself, each
    /// kept only if it converts to `jsonKey` or reads it as another spelling
    /// (``KeySpellings``).
    func codingKeyNames(forJSONKey jsonKey: String) -> [String] {
        guard let conversion else { return [jsonKey] }
        let separator = conversion.wordSeparator
        var names: [String] = []
        for candidate in [JSONKeyConversion.camelCase(jsonKey, separator: "_"),
                          JSONKeyConversion.camelCase(jsonKey, separator: "-"), jsonKey]
        where !names.contains(candidate) {
            let reads = self.jsonKey(for: candidate) == jsonKey
                || separator.map { candidate == jsonKey || JSONKeyConversion.camelCase(jsonKey, separator: $0) == candidate }
                ?? false
            if reads { names.append(candidate) }
        }
        return names
    }

}
