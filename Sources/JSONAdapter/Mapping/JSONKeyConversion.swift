import Foundation

/// How a property key becomes a JSON key when a mapping is generated with
/// ``JSONSerializing/jsonKeyPaths(converting:overriding:)``.
///
/// ```swift
/// struct GHUser: JSONSerializing {
///     var login = ""
///     var avatarURL: URL?
///     var htmlURL: URL?
///     var siteAdmin = false
///
///     static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
///         jsonKeyPaths(converting: .snakeCase)   // avatar_url, html_url, site_admin
///     }
/// }
/// ```
public struct JSONKeyConversion: Sendable {
    /// Turns one property key into a JSON key.
    private let convert: @Sendable (String) -> String
    /// `true` for ``identity`` only, so that `Codable` values skip converting keys.
    private(set) var isIdentity = false
    /// The character that joins words (`_`, `-`) in ``snakeCase`` and
    /// ``kebabCase``, whose ``JSONAdapter/Configuration/keyConversion`` also
    /// reads the other spellings ``KeySpellings`` lists; `nil` for the others.
    private(set) var wordSeparator: Character?

    /// A conversion by `convert`, applied to every property key.
    public static func custom(_ convert: @escaping @Sendable (String) -> String) -> JSONKeyConversion {
        JSONKeyConversion(convert: convert)
    }

    /// The property key itself (Mantle's `+[NSDictionary mtl_identityPropertyMapWithModel:]`).
    public static let identity = JSONKeyConversion(convert: { $0 }, isIdentity: true)

    /// Words joined by underscores, lowercased, splitting words as Foundation's
    /// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` does: `htmlURL` →
    /// `html_url`, `avatarURL` → `avatar_url`, `myURLProperty` → `my_url_property`.
    ///
    /// As a configuration's ``JSONAdapter/Configuration/keyConversion``, it
    /// also reads the keys `JSONDecoder`'s `.convertFromSnakeCase` reads (see there).
    public static let snakeCase = JSONKeyConversion(convert: { JSONKeyConversion.words(of: $0).joined(separator: "_") },
                                                    wordSeparator: "_")

    /// Words joined by hyphens, lowercased, split as for ``snakeCase``:
    /// `htmlURL` → `html-url`.
    ///
    /// As a configuration's ``JSONAdapter/Configuration/keyConversion``, it
    /// also reads the keys ``snakeCase`` reads, with `-` for `_`.
    public static let kebabCase = JSONKeyConversion(convert: { JSONKeyConversion.words(of: $0).joined(separator: "-") },
                                                    wordSeparator: "-")

    /// The JSON key for `propertyKey`.
    public func jsonKey(forPropertyKey propertyKey: String) -> String {
        convert(propertyKey)
    }

    /// `key` read back into camel case as `JSONDecoder`'s
    /// `.convertFromSnakeCase` reads a JSON key, with `separator` for `_`:
    /// the words between separators joined, the first lowercased and the
    /// others capitalized (`ALL_CAPS` → `allCaps`, `this__and__that` →
    /// `thisAndThat`, `one_2_three` → `one2Three`), leading and trailing
    /// separators kept (`_one_two_` → `_oneTwo_`); a key with no separator
    /// between words stays as it is (`chatRoom`, `ALLCAPS`, `_test`).
    static func camelCase(_ key: String, separator: Character) -> String {
        guard let first = key.firstIndex(where: { $0 != separator }),
              let last = key.lastIndex(where: { $0 != separator }) else { return key }
        let words = key[first...last].split(separator: separator)
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// The lowercased words of a camel-case key.
    ///
    /// A word ends before each uppercase letter, except inside a run of
    /// uppercase letters (an acronym), which is one word; when such a run is
    /// followed by a lowercase letter, its last capital starts the next word
    /// (`URLProperty` → `url`, `property`). Characters that are neither
    /// uppercase nor lowercase (digits, `_`) stay in the current word.
    static func words(of key: String) -> [String] {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return [key] }
        func isUppercase(_ index: Int) -> Bool { CharacterSet.uppercaseLetters.contains(scalars[index]) }
        func isLowercase(_ index: Int) -> Bool { CharacterSet.lowercaseLetters.contains(scalars[index]) }
        func next(from start: Int, where matches: (Int) -> Bool) -> Int? {
            (start..<scalars.count).first(where: matches)
        }
        var ranges: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let capital = next(from: searchStart, where: isUppercase) {
            ranges.append(wordStart..<capital)
            guard let lowercase = next(from: capital, where: isLowercase) else {
                wordStart = capital
                break
            }
            if lowercase == capital + 1 {
                wordStart = capital
            } else {
                ranges.append(capital..<(lowercase - 1))
                wordStart = lowercase - 1
            }
            searchStart = lowercase + 1
        }
        ranges.append(wordStart..<scalars.count)
        return ranges.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }
    }
}

extension JSONSerializing {
    /// A mapping of every property key (``Model/propertyKeys``) to the JSON
    /// key `conversion` makes of it, with `overrides` replacing or adding
    /// entries: the whole `jsonKeyPathsByPropertyKey` in one line.
    ///
    /// ```swift
    /// static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
    ///     jsonKeyPaths(converting: .snakeCase, overriding: ["reporterLogin": "user.login"])
    /// }
    /// ```
    ///
    /// With the default `.identity` it is Mantle's
    /// `+[NSDictionary mtl_identityPropertyMapWithModel:]`. Leave a property
    /// out of JSON by removing its key from the result.
    ///
    /// The keys are those of the type it is called on at run time: a base
    /// class whose `class var jsonKeyPathsByPropertyKey` returns
    /// `jsonKeyPaths()` maps each subclass's own properties too.
    public static func jsonKeyPaths(
        converting conversion: JSONKeyConversion = .identity,
        overriding overrides: [String: JSONKeyPath] = [:]
    ) -> [String: JSONKeyPath] {
        // `Self` is the static type at the call site (a base class, in its
        // `class var`), while `self` is the metatype the call was made on at
        // run time (the subclass being mapped): ask it for its keys.
        let modelType: any Model.Type = self
        let propertyKeys = modelType.propertyKeys
        var mapping = [String: JSONKeyPath](minimumCapacity: propertyKeys.count + overrides.count)
        for key in propertyKeys { mapping[key] = .path(conversion.jsonKey(forPropertyKey: key)) }
        return mapping.adding(overrides)
    }
}

extension Dictionary where Key == String, Value == JSONKeyPath {
    /// This mapping with `entries` added, replacing entries for the same keys
    /// (Mantle's `mtl_dictionaryByAddingEntriesFromDictionary:`): a subclass
    /// extends its superclass's mapping in one line.
    ///
    /// ```swift
    /// override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
    ///     super.jsonKeyPathsByPropertyKey.adding(["mergedAt": "merged_at"])
    /// }
    /// ```
    public func adding(_ entries: [String: JSONKeyPath]) -> [String: JSONKeyPath] {
        merging(entries) { _, added in added }
    }
}
