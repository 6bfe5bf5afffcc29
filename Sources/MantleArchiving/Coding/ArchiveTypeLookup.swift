import MantleCore
import MantleInternals

/// Finds the class an archive names (``ArchiveTypeName``, `String(reflecting:)`
/// of the dynamic type) through the Swift runtime, so that a subclass stored
/// where its superclass is declared needs no registration.
///
/// Only names made of plain identifiers are looked up: `Module.Class` and
/// classes nested in other types, `Module.Outer.Inner`. The name is turned
/// into the runtime's mangled form, each enclosing type tried as a struct, a
/// class and an enum in turn (`6Module5OuterV5InnerC`), and resolved with
/// `_typeByName`. Names that do not say enough to be mangled are not looked
/// up: private and local types (`(unknown context)`, whose file-specific
/// discriminator the name lacks), generic classes and types nested in generic
/// ones (their arguments could name any type), types declared in an
/// extension of another module's type (`(extension in App):…`), identifiers
/// outside ASCII. Those need ``ModelArchiver/register(_:)``.
///
/// An archive is untrusted, so a name is only ever answered with a model
/// class that is the declared class or a subclass of it: the caller checks
/// that before creating an instance, and nothing is created here.
enum ArchiveTypeLookup {
    /// What a name resolves to.
    enum Outcome {
        /// A model class: the declared class or a subclass of it.
        case subclass(any Model.Type)
        /// A type that exists but is not a model subclass of the declared class.
        case unrelated(Any.Type)
        /// Nothing the runtime can find by this name.
        case notFound
    }

    /// Model classes found so far, by archived name: each name is looked up
    /// in the runtime once (there are only as many as the process has classes).
    private static let found = LockedState<[String: any Model.Type]>([:])

    /// Longest name looked up, in UTF-8 bytes, and most components: a bound
    /// on the work a hostile name can cause (a few runtime lookups per component).
    private static let maximumNameLength = 1_024
    private static let maximumComponents = 16

    /// The class named `name` if it is `declared` or a model subclass of it.
    static func subclass(named name: String, of declared: any Model.Type) -> Outcome {
        guard declared is AnyObject.Type else { return .notFound }
        if let known = found.withLock({ $0[name] }) {
            return isType(known, subtypeOf: declared) ? .subclass(known) : .unrelated(known)
        }
        guard let components = identifiers(of: name), let type = lookUp(components) else { return .notFound }
        guard let model = type as? any Model.Type, model is AnyObject.Type else { return .unrelated(type) }
        found.withLock { $0[name] = model }
        return isType(model, subtypeOf: declared) ? .subclass(model) : .unrelated(model)
    }

    /// `true` when `type` is `Declared` or a subclass of it.
    private static func isType<Declared>(_ type: Any.Type, subtypeOf declared: Declared.Type) -> Bool {
        type is Declared.Type
    }

    /// The dot-separated components of `name` when each is an ASCII
    /// identifier (and there are at least a module and a type); `nil` otherwise.
    static func identifiers(of name: String) -> [Substring]? {
        guard name.utf8.count <= maximumNameLength else { return nil }
        let components = name.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...maximumComponents).contains(components.count),
              components.allSatisfy(isIdentifier) else { return nil }
        return components
    }

    /// `true` for `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The class `Module.Outer….Name` whose components are `components`,
    /// found one enclosing type at a time.
    ///
    /// SAFETY: `_typeByName` reads its argument as a mangled name, where bytes
    /// 0x01–0x1F begin symbolic references (relative pointers the runtime would
    /// follow); every string passed here is made of ASCII identifiers
    /// (``identifiers(of:)``), their decimal lengths and the kind letters, so it
    /// holds none. For such a name the runtime returns `nil` rather than trapping
    /// when nothing matches: an unknown module or type, a kind that differs (a
    /// struct looked up as a class), a generic type without its arguments. A
    /// type it finds has its metadata created and nothing else: no initializer
    /// or other code of the type runs. `SubclassLookupTests` tests each of these.
    private static func lookUp(_ components: [Substring]) -> Any.Type? {
        var mangled = mangle(components[0])
        for context in components.dropFirst().dropLast() {
            let prefix = mangled + mangle(context)
            guard let kind = ["V", "C", "O"].first(where: { _typeByName(prefix + $0) != nil }) else { return nil }
            mangled = prefix + kind
        }
        guard let last = components.last else { return nil }
        return _typeByName(mangled + mangle(last) + "C")
    }

    /// An identifier as the mangling spells it: its length, then itself.
    private static func mangle(_ identifier: Substring) -> String {
        "\(identifier.utf8.count)\(identifier)"
    }
}
