import Foundation
import MantleJSON

extension JSONAdapter {
    /// Choices for one adapter or one call (its ``DecodingOptions/configuration``
    /// or ``EncodingOptions/configuration``), rather than for the whole process:
    /// how dates and data are written in JSON, transformers for property types, a key
    /// conversion applied to every mapping, and leniency for drifted JSON.
    ///
    /// ```swift
    /// var twitter = JSONAdapter.Configuration(dateFormat: .pattern("EEE MMM dd HH:mm:ss Z yyyy"),
    ///                                         keyConversion: .snakeCase)
    /// twitter.setTransformer(.url, forType: URL.self)
    /// let search = try JSONAdapter.model(of: TwitterSearch.self, fromJSONData: data, options: .configuration(twitter))
    /// let written = try JSONAdapter.jsonData(from: search, options: .configuration(twitter))
    /// ```
    ///
    /// Mappings are compiled once per configuration value and kept with it:
    /// keep a configuration (a `static let`, say) and pass the same value to
    /// every call. Changing a property makes a new configuration whose mappings
    /// are compiled afresh. Configurations are independent of one another, so
    /// adapters with different date formats can decode from concurrent tasks;
    /// each still sees the process-wide ``JSONAdapter/register(_:forType:)``
    /// transformers for types it has none for.
    public struct Configuration: Sendable {
        /// How `Date` properties without a transformer of their own are
        /// written in JSON.
        public enum DateFormat: Sendable, Hashable {
            /// ISO 8601 strings (`2017-10-10T16:00:00Z`; fractions and offsets
            /// accepted), the default.
            case iso8601
            /// Strings in a `DateFormatter` pattern (`EEE MMM dd HH:mm:ss Z yyyy`),
            /// through ``JSONValueTransformer/date(format:locale:timeZone:)``.
            case pattern(String, locale: Locale = Locale(identifier: "en_US_POSIX"),
                         timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current)
            /// Numbers of seconds since 1970 (fractions kept).
            case secondsSince1970
            /// Numbers of milliseconds since 1970 (fractions kept).
            case millisecondsSince1970
        }

        /// How dictionaries whose keys are neither `String` nor `Int` (nor
        /// `CodingKeyRepresentable`) are written: `[UUID: _]`, `[URL: _]`,
        /// `[Double: _]`, `[Bool: _]`, `[Int64: _]`, raw-value enums.
        ///
        /// Both forms are read whichever is chosen.
        public enum KeyedDictionaryEncoding: Sendable, Hashable {
            /// A JSON object whose member names are the keys' text
            /// (`{"E621E1F8-C36C-495A-93FC-0C247A3E6E5F": 1}`, `{"eu": 3}`), in
            /// ascending order of that text; the default.
            case object
            /// A flat array of keys and values in turn, each key as its type's
            /// JSON value (`["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", 1]`,
            /// `[2.5, "x"]`), in ascending order of the keys' text: the form
            /// `JSONEncoder` writes such dictionaries in, and the only one
            /// `JSONDecoder` reads for them.
            case keyValueArray
        }

        /// The choices, apart from the compiled mappings.
        struct Settings: Sendable {
            /// See ``JSONAdapter/Configuration/dateFormat``.
            var dateFormat: DateFormat = .iso8601
            /// See ``JSONAdapter/Configuration/dataEncoding``.
            var dataEncoding: DataEncoding = .base64
            /// See ``JSONAdapter/Configuration/keyedDictionaryEncoding``.
            var keyedDictionaryEncoding: KeyedDictionaryEncoding = .object
            /// See ``JSONAdapter/Configuration/keyConversion``.
            var keyConversion: JSONKeyConversion = .identity
            /// See ``JSONAdapter/Configuration/leniency``.
            var leniency: JSONLeniency = []
            /// See ``JSONAdapter/Configuration/setTransformer(_:forType:)``.
            var transformersByType: [ObjectIdentifier: JSONValueTransformer] = [:]
        }

        /// The choices and the mappings compiled under them.
        private(set) var context: MappingContext

        /// How `Date` properties without a transformer are written; `.iso8601` by default.
        public var dateFormat: DateFormat {
            get { context.settings.dateFormat }
            set { change { $0.dateFormat = newValue } }
        }

        /// How `Data` properties without a transformer of their own, and `Data`
        /// inside `Codable` property values, are written; `.base64` by default
        /// (as `JSONEncoder` and `JSONDecoder` do). One property can choose
        /// another form with the transformer ``JSONValueTransformer/data(_:)``.
        public var dataEncoding: DataEncoding {
            get { context.settings.dataEncoding }
            set { change { $0.dataEncoding = newValue } }
        }

        /// How dictionary properties whose keys are neither `String` nor `Int`
        /// are written (``KeyedDictionaryEncoding``); `.object` by default.
        /// `.keyValueArray` writes them as `JSONEncoder` does, so that
        /// `JSONDecoder` can read what the adapter writes. Dictionaries inside
        /// `Codable` property values are always written as their own
        /// `encode(to:)` writes them, which is `JSONEncoder`'s form.
        public var keyedDictionaryEncoding: KeyedDictionaryEncoding {
            get { context.settings.keyedDictionaryEncoding }
            set { change { $0.keyedDictionaryEncoding = newValue } }
        }

        /// A conversion applied to every key of every (non-composite) key path of the
        /// mappings decoded and encoded with this configuration (nested models
        /// included), like `JSONDecoder`'s `keyDecodingStrategy`: with
        /// `.snakeCase`, a mapping written as `jsonKeyPaths()` reads
        /// `createdAt` from `created_at`, and `"user.avatarURL"` from
        /// `user.avatar_url`. Each of ``JSONKeyPath/alternatives(_:)`` is
        /// converted; keys made of digits (array indexes) are not. Keys
        /// already in the converted form stay as they are. It applies to the
        /// coding keys of `Codable` property values too (both ways, as
        /// `JSONEncoder`'s `.convertToSnakeCase` converts them on writing), but
        /// not to the keys of `[String: _]` dictionaries inside them, which
        /// `JSONDecoder` and `JSONEncoder` leave as they are. Where a converted
        /// key is missing, `.snakeCase` and `.kebabCase` also read the keys
        /// `JSONDecoder`'s `.convertFromSnakeCase` reads: the key as declared
        /// (`chatRoom`), then any key that converts back to it (`CHAT_ROOM`);
        /// they still write the converted key. `.identity` (the keys as
        /// written) by default.
        public var keyConversion: JSONKeyConversion {
            get { context.settings.keyConversion }
            set { change { $0.keyConversion = newValue } }
        }

        /// How far decoding bends for JSON that has drifted from the models
        /// (``JSONLeniency``), for every property whose model does not choose
        /// otherwise (``JSONSerializing/jsonLeniency(forKey:)``); strict (`[]`)
        /// by default. A call's ``DecodingOptions/leniencyRecorder`` receives
        /// what was bent.
        public var leniency: JSONLeniency {
            get { context.settings.leniency }
            set { change { $0.leniency = newValue } }
        }

        /// A configuration with the given choices and no transformers by type.
        public init(dateFormat: DateFormat = .iso8601, keyConversion: JSONKeyConversion = .identity,
                    leniency: JSONLeniency = []) {
            context = MappingContext(Settings(dateFormat: dateFormat, keyConversion: keyConversion, leniency: leniency))
        }

        /// The default configuration, which every call without one uses.
        public static var standard: Configuration { Configuration(context: .standard) }

        init(context: MappingContext) {
            self.context = context
        }

        /// Uses `transformer` for every mapped property declared with exactly
        /// `type` (and elements and optionals of it) that has no transformer of
        /// its own, for this configuration only; `nil` removes it. Takes
        /// precedence over ``JSONAdapter/register(_:forType:)``.
        public mutating func setTransformer(_ transformer: JSONValueTransformer?, forType type: Any.Type) {
            change { $0.transformersByType[ObjectIdentifier(type)] = transformer }
        }

        /// The transformer set for exactly `type` with ``setTransformer(_:forType:)``.
        public func transformer(forType type: Any.Type) -> JSONValueTransformer? {
            context.settings.transformersByType[ObjectIdentifier(type)]
        }

        /// Replaces the context with one for the changed settings (mappings
        /// compiled under the old ones no longer apply).
        private mutating func change(_ body: (inout Settings) -> Void) {
            var settings = context.settings
            body(&settings)
            context = MappingContext(settings)
        }
    }
}

extension JSONKeyPath {
    /// The key path with `conversion` applied to each of its keys, except
    /// keys made of digits (array indexes); escapes are kept. A malformed
    /// path is left as it is, for the mapping's check to report.
    func converted(by conversion: JSONKeyConversion) -> JSONKeyPath {
        func convert(_ text: String) -> String {
            guard let path = ParsedKeyPath(text) else { return text }
            let keys = path.components.map { key in
                ParsedKeyPath.arrayIndex(of: key) == nil ? conversion.jsonKey(forPropertyKey: key) : key
            }
            return keys.map(JSONKeyPath.escapedKey).joined(separator: ".")
        }
        switch self {
        case .path(let path): return .path(convert(path))
        case .alternatives(let paths): return .alternatives(paths.map(convert))
        case .composite: return self  // its transformer reads the paths as written
        }
    }
}
