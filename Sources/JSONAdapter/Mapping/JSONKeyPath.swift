/// Where a property's value lives in a JSON object.
///
/// ```swift
/// static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
///     "title": "title",                         // a plain key
///     "reporterLogin": "user.login",            // a dotted path into nested objects
///     "location": ["latitude", "longitude"],    // several paths, gathered into a dictionary
/// ]
/// ```
public enum JSONKeyPath: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    CustomStringConvertible {
    /// One key, or a dotted path of keys (`"user.login"`).
    case path(String)
    /// Several paths; the property's value is a dictionary keyed by those paths
    /// (before a transformer turns it into the property's type).
    case composite([String])

    /// A plain key or dotted path.
    public init(stringLiteral value: String) {
        self = .path(value)
    }

    /// A composite of several paths.
    public init(arrayLiteral elements: String...) {
        self = .composite(elements)
    }

    /// The path as written, or the composite's paths in brackets.
    public var description: String {
        switch self {
        case .path(let path): return path
        case .composite(let paths): return "[" + paths.joined(separator: ", ") + "]"
        }
    }
}

/// A dotted key path checked and split into its keys.
struct ParsedKeyPath: Sendable {
    /// The path as written (`"user.login"`).
    let text: String
    /// Its keys (`["user", "login"]`), never empty, none empty.
    let components: [String]

    /// Splits `text`, or returns `nil` when it is empty or has an empty key
    /// (`"a..b"`, `".a"`, `"a."`).
    init?(_ text: String) {
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.isEmpty, !components.contains(where: \.isEmpty) else { return nil }
        self.text = text
        self.components = components
    }
}

/// A property's JSON location, validated.
enum ResolvedKeyPath: Sendable {
    /// One path.
    case single(ParsedKeyPath)
    /// Several paths gathered into a dictionary keyed by their texts.
    case composite([ParsedKeyPath])

    /// Validates `keyPath`, or returns `nil` when it is malformed (an empty
    /// composite included).
    init?(_ keyPath: JSONKeyPath) {
        switch keyPath {
        case .path(let text):
            guard let parsed = ParsedKeyPath(text) else { return nil }
            self = .single(parsed)
        case .composite(let texts):
            let parsed = texts.compactMap(ParsedKeyPath.init)
            guard !texts.isEmpty, parsed.count == texts.count else { return nil }
            self = .composite(parsed)
        }
    }

    /// The path as shown in errors.
    var text: String {
        switch self {
        case .single(let path): return path.text
        case .composite(let paths): return paths.map(\.text).joined(separator: ",")
        }
    }
}
