import Foundation
import MantleJSON

/// What a key of a path is looked for as when it is missing: its ASCII form,
/// when it has one (``JSONDocument/asciiForm(of:)``: all-ASCII objects are
/// searched by bytes), and the other spellings a conversion reads.
struct KeyFallback: Sendable {
    /// The all-ASCII key canonically equivalent to the key (the Kelvin sign's `K`), if any.
    let asciiForm: String?
    /// The other spellings a snake- or kebab-case configuration reads, if any.
    let spellings: KeySpellings?

    /// The value node to read in the object `node` when the key itself is missing, or `nil`.
    func node(in document: JSONDocument, object node: Int) -> Int? {
        if let asciiForm, let found = document.member(asciiForm, in: node) { return found }
        return spellings?.node(in: document, object: node)
    }
}

/// The other spellings of one key that a configuration's
/// ``JSONAdapter/Configuration/keyConversion`` reads when it is
/// ``JSONKeyConversion/snakeCase`` or ``JSONKeyConversion/kebabCase`` and
/// the converted spelling (`chat_room`, the one written) is absent, as
/// `JSONDecoder`'s `.convertFromSnakeCase` reads every key whose conversion
/// is the declared one:
///
/// 1. the key as declared (`chatRoom`: JSON that already writes some keys
///    in camel case);
/// 2. else any key that `.convertFromSnakeCase` reads as the declared key
///    (``JSONKeyConversion/camelCase(_:separator:)``: `CHAT_ROOM`,
///    `chat__room`, `Chat_Room`); when there are several, the first in
///    Unicode order, since a dictionary from `JSONSerialization` keeps no
///    order to choose by.
///
/// Looking up the converted spelling costs nothing more; these are looked
/// for only when it is missing.
struct KeySpellings: Sendable {
    /// The converted spelling, looked up first (by the caller).
    let converted: String
    let declared: String
    /// The separator the conversion joins words with.
    let separator: Character
    /// `separator`'s byte (it is ASCII).
    private let separatorByte: UInt8
    /// `declared`'s bytes without separators, ASCII letters lowercased, when
    /// it is all ASCII: what a key of the third kind must spell, whatever its case.
    private let skeleton: [UInt8]?

    /// The spellings of `declared`, which `separator`'s conversion writes as `converted`.
    init(converted: String, declared: String, separator: Character) {
        self.converted = converted
        self.declared = declared
        self.separator = separator
        let separatorByte = separator.asciiValue ?? UInt8(ascii: "_")
        self.separatorByte = separatorByte
        skeleton = declared.utf8.allSatisfy { $0 < 0x80 }
            ? declared.utf8.filter { $0 != separatorByte }.map(Self.folded) : nil
    }

    /// `byte` with an ASCII capital lowercased.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// `false` when `key` cannot be of the third kind, without building
    /// strings: it has no separator, or, all ASCII, does not spell the
    /// declared key's letters in any case. (Case mappings beyond ASCII can
    /// change lengths, so a key that is not all ASCII is left to the conversion.)
    private func mayBeOtherSpelling(_ key: String) -> Bool {
        var hasSeparator = false
        var index = 0
        for byte in key.utf8 {
            if byte == separatorByte {
                hasSeparator = true
                continue
            }
            guard let skeleton else { continue }
            if byte >= 0x80 { return key.utf8.contains(separatorByte) }
            guard index < skeleton.count, skeleton[index] == Self.folded(byte) else { return false }
            index += 1
        }
        return hasSeparator && (skeleton == nil || index == skeleton?.count)
    }

    /// `true` when `key` is one of the third kind: neither spelling, and read as `declared`.
    func isOtherSpelling(_ key: String) -> Bool {
        mayBeOtherSpelling(key) && key != converted && key != declared
            && JSONKeyConversion.camelCase(key, separator: separator) == declared
    }

    /// The key of the third kind to read among `keys`, or `nil`.
    private func otherSpelling(among keys: some Sequence<String>) -> String? {
        var chosen: String?
        for key in keys where isOtherSpelling(key) {
            if let current = chosen, current <= key { continue }
            chosen = key
        }
        return chosen
    }

    /// The key of `dictionary` to read when the converted spelling is absent, or `nil`.
    func key(in dictionary: [String: Any]) -> String? {
        if declared != converted, dictionary[declared] != nil { return declared }
        return otherSpelling(among: dictionary.keys)
    }

    /// The key of the object `node` to read when the converted spelling is absent, or `nil`.
    func key(in document: JSONDocument, object node: Int) -> String? {
        if declared != converted, document.member(declared, in: node) != nil { return declared }
        return otherSpelling(among: document.members(of: node).lazy.map { document.string(at: $0.key) })
    }

    /// The value to read in `dictionary` when the converted spelling is absent, or `nil`.
    func value(in dictionary: [String: Any]) -> Any? {
        if declared != converted, let value = dictionary[declared] { return value }
        return otherSpelling(among: dictionary.keys).flatMap { dictionary[$0] }
    }

    /// The value node to read in the object `node` when the converted spelling is absent, or `nil`.
    func node(in document: JSONDocument, object node: Int) -> Int? {
        if declared != converted, let found = document.member(declared, in: node) { return found }
        return otherSpelling(among: document.members(of: node).lazy.map { document.string(at: $0.key) })
            .flatMap { document.member($0, in: node) }
    }
}
