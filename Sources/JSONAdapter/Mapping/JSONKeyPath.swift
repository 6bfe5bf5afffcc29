import MantleJSON

/// Where a property's value lives in a JSON object.
///
/// ```swift
/// static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
///     "title": "title",                              // a plain key
///     "reporterLogin": "user.login",                 // a dotted path into nested objects
///     "secondDogName": "data.1.dog.name",            // an array index on the way
///     "captain": .key("captain.name"),               // one key with a dot in it
///     "fullName": .firstOf("fullName", "full_name"), // the first of these keys present
///     "location": ["latitude", "longitude"],         // several paths, gathered into a dictionary
/// ]
/// ```
///
/// A path's keys are separated by dots; a backslash makes the next `.` or
/// `\` part of a key (`"captain\\.name"` is the one key `captain.name`;
/// ``key(_:)`` and ``escapedKey(_:)`` write the escapes). A key made only of
/// ASCII digits without a leading zero (`0`, `1`, `42`) indexes an array when
/// the value it is applied to is one, and is an ordinary key in an object.
public enum JSONKeyPath: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    /// One key, or a dotted path of keys (`"user.login"`, `"data.1.dog.name"`).
    case path(String)
    /// Several paths; the property's value is a dictionary keyed by those paths
    /// (before a transformer turns it into the property's type).
    case composite([String])
    /// Several paths for the same value, for JSON that has called it by more
    /// than one name (a renamed field; snake-case and camel-case leftovers):
    /// decoding reads the first path present in the JSON (present with `null`
    /// included), encoding writes the first path.
    case alternatives([String])

    /// A plain key or dotted path.
    public init(stringLiteral value: String) {
        self = .path(value)
    }

    /// A composite of several paths.
    public init(arrayLiteral elements: String...) {
        self = .composite(elements)
    }

    /// The first of `paths` present in the JSON when decoding, the first of
    /// them when encoding (``alternatives(_:)``):
    /// `.firstOf("fullName", "full_name")`.
    public static func firstOf(_ paths: String...) -> JSONKeyPath {
        .alternatives(paths)
    }

    /// The path of one key, taken as it is: dots and backslashes in `key`
    /// are escaped, so `.key("captain.name")` reads the member
    /// `"captain.name"` rather than `name` inside `captain`.
    public static func key(_ key: String) -> JSONKeyPath {
        .path(escapedKey(key))
    }

    /// `key` with its dots and backslashes escaped, to use it as one key of
    /// a longer path: `"data." + JSONKeyPath.escapedKey("captain.name")`.
    public static func escapedKey(_ key: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            if scalar == "." || scalar == "\\" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }

    /// The path as written, the composite's paths in brackets, or the
    /// alternatives separated by `|`.
    public var description: String {
        switch self {
        case .path(let path): return path
        case .composite(let paths): return "[" + paths.joined(separator: ", ") + "]"
        case .alternatives(let paths): return paths.joined(separator: " | ")
        }
    }
}

/// A key path checked and split into its keys.
struct ParsedKeyPath: Sendable {
    /// The path as written (`"user.login"`, `"captain\\.name"`).
    let text: String
    /// Its keys, unescaped (`["user", "login"]`, `["captain.name"]`), never empty, none empty.
    let components: [String]
    /// For each key, the array index it stands for when applied to an array
    /// (`nil` for a key that is not an index; see ``arrayIndex(of:)``).
    let arrayIndexes: [Int?]
    /// For each key, what it is looked for as when it is missing (its ASCII
    /// form, a configuration's other spellings: ``KeyFallback``); `nil` when
    /// no key has any.
    private(set) var fallbacks: [KeyFallback?]?

    /// Parses `text`, or returns `nil` when it is empty, has an empty key
    /// (`"a..b"`, `".a"`, `"a."`), or a backslash that escapes neither `.`
    /// nor `\` (a trailing one included).
    init?(_ text: String) {
        guard let components = Self.split(text) else { return nil }
        self.text = text
        self.components = components
        arrayIndexes = components.map(Self.arrayIndex(of:))
        let asciiForms = components.map(JSONDocument.asciiForm(of:))
        if asciiForms.contains(where: { $0 != nil }) {
            fallbacks = asciiForms.map { form in form.map { KeyFallback(asciiForm: $0, spellings: nil) } }
        }
    }

    /// The other spellings of key `index`, if any.
    func spellings(at index: Int) -> KeySpellings? {
        fallbacks?[index]?.spellings
    }

    /// This path (converted by a conversion that joins words with
    /// `separator`), reading the other spellings of `declared`'s keys (the
    /// path before conversion) where its own are missing. Index keys have none.
    func readingOtherSpellings(of declared: ParsedKeyPath, separator: Character) -> ParsedKeyPath {
        guard declared.components.count == components.count else { return self }
        var copy = self
        copy.fallbacks = components.indices.map { index in
            let asciiForm = fallbacks?[index]?.asciiForm
            guard arrayIndexes[index] == nil else { return asciiForm.map { KeyFallback(asciiForm: $0, spellings: nil) } }
            return KeyFallback(asciiForm: asciiForm,
                               spellings: KeySpellings(converted: components[index], declared: declared.components[index],
                                                       separator: separator))
        }
        return copy
    }

    /// The value of another spelling of key `index` in `object`, where the key itself is
    /// missing (a dictionary compares keys by canonical equivalence: no ASCII form to try).
    func otherSpelling(at index: Int, in object: [String: Any]) -> Any? {
        spellings(at: index)?.value(in: object)
    }

    /// The node of key `index`'s ASCII form or another spelling in the object `node`, where
    /// the key itself is missing.
    func otherSpelling(at index: Int, in document: JSONDocument, object node: Int) -> Int? {
        fallbacks?[index]?.node(in: document, object: node)
    }

    /// The path as written, with the spellings `source` has where other
    /// spellings were read (``KeySpellings``), for errors and reports.
    func text(in source: JSONObjectSource) -> String {
        guard fallbacks != nil else { return text }
        var keys = components
        switch source {
        case .dictionary(let dictionary):
            var current: Any = dictionary
            for index in components.indices {
                guard let object = current as? [String: Any] else { break }
                if let value = object[components[index]] {
                    current = value
                } else if let key = spellings(at: index)?.key(in: object), let value = object[key] {
                    keys[index] = key
                    current = value
                } else {
                    break
                }
            }
        case .document(let document, let node):
            var current = node
            for index in components.indices where document.kind(at: current) == .object {
                if let found = document.member(components[index], in: current) {
                    current = found
                } else if let key = spellings(at: index)?.key(in: document, object: current),
                          let found = document.member(key, in: current) {
                    keys[index] = key
                    current = found
                } else {
                    break
                }
            }
        }
        return keys == components ? text : keys.map(JSONKeyPath.escapedKey).joined(separator: ".")
    }

    /// The unescaped keys of `text`, or `nil` when it is malformed.
    private static func split(_ text: String) -> [String]? {
        var components: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                guard scalar == "." || scalar == "\\" else { return nil }
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "." {
                guard !current.isEmpty else { return nil }
                components.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        guard !escaping, !current.isEmpty else { return nil }
        components.append(String(current))
        return components
    }

    /// The array index `key` stands for: ASCII digits only, no sign, no
    /// leading zero except in `"0"`; one too large for `Int` is `Int.max`
    /// (beyond every array). `nil` for any other key.
    static func arrayIndex(of key: String) -> Int? {
        let digits = key.utf8
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        return Int(key) ?? Int.max  // 32-bit: an index beyond Int is beyond every array on every platform
    }
}

/// A property's JSON location, validated.
enum ResolvedKeyPath: Sendable {
    case single(ParsedKeyPath)
    /// Several paths gathered into a dictionary keyed by their texts.
    case composite([ParsedKeyPath])
    /// Several paths for one value: the first present is read, the first is written.
    case alternatives([ParsedKeyPath])

    /// Validates `keyPath`, or returns `nil` when it is malformed (an empty
    /// composite or list of alternatives included).
    init?(_ keyPath: JSONKeyPath) {
        switch keyPath {
        case .path(let text):
            guard let parsed = ParsedKeyPath(text) else { return nil }
            self = .single(parsed)
        case .composite(let texts):
            let parsed = texts.compactMap(ParsedKeyPath.init)
            guard !texts.isEmpty, parsed.count == texts.count else { return nil }
            self = .composite(parsed)
        case .alternatives(let texts):
            let parsed = texts.compactMap(ParsedKeyPath.init)
            guard !texts.isEmpty, parsed.count == texts.count else { return nil }
            self = .alternatives(parsed)
        }
    }

    /// Every path it names.
    var paths: [ParsedKeyPath] {
        switch self {
        case .single(let path): return [path]
        case .composite(let paths), .alternatives(let paths): return paths
        }
    }

    /// The one path encoding writes the value at (an alternative's first);
    /// `nil` for a composite, whose parts go to their own paths.
    var outputPath: ParsedKeyPath? {
        switch self {
        case .single(let path): return path
        case .alternatives(let paths): return paths.first
        case .composite: return nil
        }
    }

    /// The path as shown in errors: for alternatives, the one the JSON
    /// `source` has (or the one that runs through a non-object there), else
    /// the first (the one written); with the spellings `source` has where
    /// other spellings were read (``KeySpellings``).
    func text(in source: JSONObjectSource? = nil) -> String {
        switch self {
        case .single(let path): return source.map(path.text(in:)) ?? path.text
        case .composite(let paths): return paths.map(\.text).joined(separator: ",")
        case .alternatives(let paths):
            let index = source.map { KeyPathLookup.alternativeIndex(among: paths, in: $0) } ?? 0
            return source.map(paths[index].text(in:)) ?? paths[index].text
        }
    }

    /// This path (converted by a conversion that joins words with
    /// `separator`), reading the other spellings of `declared`'s keys (the
    /// path before conversion) where its own are missing. A composite's
    /// paths are not converted, and read as written.
    func readingOtherSpellings(of declared: ResolvedKeyPath, separator: Character) -> ResolvedKeyPath {
        switch (self, declared) {
        case (.single(let path), .single(let original)):
            return .single(path.readingOtherSpellings(of: original, separator: separator))
        case (.alternatives(let paths), .alternatives(let originals)) where paths.count == originals.count:
            return .alternatives(zip(paths, originals).map { $0.readingOtherSpellings(of: $1, separator: separator) })
        default:
            return self
        }
    }
}

extension ResolvedKeyPath {
    /// The number of keys of the shortest path it writes, to order encoding.
    var depth: Int {
        paths.map(\.components.count).min() ?? 0
    }

    /// Why `keyPath` is malformed, for the ``JSONAdapterError/Code/invalidJSONMapping`` error.
    static func malformation(of keyPath: JSONKeyPath) -> String {
        let texts: [String]
        switch keyPath {
        case .path(let text): texts = [text]
        case .composite(let paths):
            guard !paths.isEmpty else { return "malformed JSON key path: an empty composite" }
            texts = paths
        case .alternatives(let paths):
            guard !paths.isEmpty else { return "malformed JSON key path: an empty list of alternatives" }
            texts = paths
        }
        let bad = texts.first { ParsedKeyPath($0) == nil } ?? keyPath.description
        let escapeHint = bad.contains("\\")
            ? " (a backslash makes the next \".\" or \"\\\" part of a key; write \"\\\\\" for a backslash)" : ""
        return "malformed JSON key path \(String(reflecting: bad))" + escapeHint
    }
}
