import Foundation
import MantleCore

/// Writes models to versioned archives and reads them back (Mantle's
/// `NSCoding` support for `MTLModel`, without `NSCoder`).
///
/// ```swift
/// let data = try ModelArchiver.archivedData(with: user)
/// let copy = try ModelArchiver.unarchive(GHUser.self, from: data)
/// ```
///
/// An archive is a binary property list (see `ArchiveFormat` for the exact
/// layout) holding the root model, every class instance reachable from it
/// once (so shared references and cycles keep their identity), and each
/// model's type name and `Model.modelVersion`. What is written per
/// property follows `Model.encodingBehavior(forPropertyKey:)`:
/// `.excluded` properties are skipped, `.conditional` references are kept
/// only if the same object is archived unconditionally elsewhere in the
/// archive, `.unconditional` ones are always written.
///
/// Values that can be archived: strings, Booleans, every integer and
/// floating-point type (`Float80` to the bit), `Date`, `Data`, `URL`, `UUID`,
/// `Decimal`, `RawRepresentable` values (as their raw values), nested models
/// (structs inline, classes by reference), and optionals (a nested
/// optional's `.some(nil)` kept), arrays, sets and `[String: _]` dictionaries
/// of these. They come back exactly: strings with their own Unicode scalars,
/// numbers with their bits. Anything else (closures, non-model objects)
/// throws ``ModelArchiverError/Code/unsupportedValue`` unless its property is
/// excluded, and so does a value of an `Any` property (or a collection of
/// `Any`) that would come back as another type: a `Character`, a
/// `Substring`, an enum, a typed `Set`, a `JSONOptional`.
///
/// Reading rebuilds every value with the declared type of its property,
/// checks versions (an archive newer than the type throws), lets the model
/// migrate older archives through
/// `Model.decodeValue(forKey:from:modelVersion:)`, and ends with
/// `Model.validate()`. Malformed, truncated or hostile bytes throw an
/// ``ModelArchiverError``; they never crash.
public enum ModelArchiver {
    /// The archive format version this library writes (and the newest it reads).
    public static var formatVersion: Int { ArchiveFormat.version }

    /// An archive of `model` and everything it references.
    ///
    /// - Throws: ``ModelArchiverError`` with ``ModelArchiverError/Code/unsupportedValue``
    ///   for a property value the format cannot hold (naming its key path and
    ///   type), or ``ModelArchiverError/Code/nestingTooDeep``.
    public static func archivedData(with model: some Model) throws -> Data {
        let propertyList = try ArchiveEncoder().archive(model)
        return BinaryPropertyListWriter.data(for: propertyList)
    }

    /// The model archived in `data`, as an `M`.
    ///
    /// The root entry must be an `M`: the same type, or for a class a model
    /// subclass of it. Nested models are decoded as their properties'
    /// declared types, or for a class property as the subclass archived
    /// there. A subclass is found by the name the archive records, as long
    /// as the name says enough to find it (see ``register(_:)`` for the
    /// classes that must be registered), and is only instantiated once it is
    /// known to be the declared class or a subclass of it: an archive cannot
    /// make any other type be created.
    ///
    /// - Throws: ``ModelArchiverError`` for bytes that are not a readable archive
    ///   (``ModelArchiverError/Code/notAnArchive``, ``ModelArchiverError/Code/truncatedData``,
    ///   ``ModelArchiverError/Code/corruptData``), for a model archived at a newer
    ///   `Model.modelVersion` than its type's
    ///   (``ModelArchiverError/Code/newerVersion(archived:supported:)``) and for
    ///   values that do not fit their properties (``ModelArchiverError/Code/typeMismatch``);
    ///   errors thrown by `Model.decodeValue(forKey:from:modelVersion:)` and
    ///   `Model.validate()` pass through unchanged.
    public static func unarchive<M: Model>(_ type: M.Type, from data: Data) throws -> M {
        let propertyList: PropertyListValue
        do {
            propertyList = try BinaryPropertyListReader.value(from: data, maximumDepth: ArchiveFormat.maximumDepth)
        } catch {
            switch error {
            case .notAPropertyList:
                throw ModelArchiverError(code: .notAnArchive, detail: "the data is not a binary property list")
            case .truncated(let detail):
                throw ModelArchiverError(code: .truncatedData, detail: detail)
            case .corrupt(let detail):
                throw ModelArchiverError(code: .corruptData, detail: detail)
            case .tooDeepForStack:
                throw ModelArchiverError(code: .nestingTooDeep, detail: "containers nested too deep for this thread's stack")
            }
        }
        let contents = try ArchiveContents(propertyList: propertyList)
        return try ArchiveDecoder(contents: contents).decodeRoot(M.self)
    }

    /// Registers a model type under its archived name, for the types an
    /// archive's names alone do not find.
    ///
    /// A subclass stored where its superclass is declared needs no
    /// registration when it is declared at the top level of a module or
    /// nested in other non-generic types (`App.Message`, `App.Feed.Post`):
    /// the runtime finds it by the archived name. Register the subclasses
    /// whose names cannot be looked up: `private` and `fileprivate` classes
    /// and classes declared inside functions (their names hold no
    /// file-specific part), generic classes and classes nested in generic
    /// types, classes declared in an extension of another module's type,
    /// and names with identifiers outside ASCII. Unarchiving one that is not
    /// registered throws ``ModelArchiverError/Code/unknownType``, which says
    /// to register it. Either way a class is only instantiated if it is the
    /// declared class or a subclass of it.
    ///
    /// Registered types also let values of `Any` properties and keys a model
    /// no longer has be decoded: there, with no declared class to check
    /// against, only registered types and types the graph's declared
    /// properties name are used.
    ///
    /// Registering is thread-safe; a later registration for the same name wins.
    public static func register(_ type: any Model.Type) {
        ArchiveTypeRegistry.shared.withLock { $0[ArchiveTypeName.of(type)] = type }
    }

    /// Registers `type` under an archived type name other than its own, so
    /// archives written before a type was renamed (or moved to another
    /// module) decode as `type`, e.g.
    /// `ModelArchiver.register(Account.self, forTypeName: "MyApp.User")`.
    public static func register(_ type: any Model.Type, forTypeName name: String) {
        ArchiveTypeRegistry.shared.withLock { $0[ArchiveTypeName.normalized(name)] = type }
    }

    /// The name `type` is archived under: `String(reflecting: type)`, with
    /// the run-specific addresses of private and local types removed.
    public static func archivedTypeName(of type: any Model.Type) -> String {
        ArchiveTypeName.of(type)
    }
}
