import Foundation

/// The layout of a model archive, format version 1.
///
/// An archive is a binary property list (`bplist00`, readable with `plutil`
/// or `PropertyListSerialization`) whose top object is a dictionary:
///
/// ```
/// {
///   "$archiver": "MantleModelArchive",
///   "$format":   1,                      // this layout's version
///   "$root":     0,                      // index of the root model in $objects
///   "$objects":  [ entry, entry, ... ]   // the object table
/// }
/// ```
///
/// The object table holds one *model entry* for the root model and one for
/// every class instance in the graph (each instance once, however often it
/// is referenced). A model entry is
///
/// ```
/// { "$type": "MyApp.User",   // String(reflecting:) of the model's dynamic type
///   "$version": 2,           // the type's modelVersion when archived
///   "$values": { "login": value, ... } }   // archived properties by key
/// ```
///
/// Values are written as:
///
/// | Swift value                                   | archived as                               |
/// |-----------------------------------------------|-------------------------------------------|
/// | `String`, `Bool`, `Data`, `Date` (not NaN)    | the native property-list object           |
/// | integers                                      | integer (above `Int64.max`: 128-bit integer) |
/// | `Float`, `Double`, and `Float80` values a `Double` holds | real                           |
/// | other `Float80` values                        | `{"$float80": <10 bytes>}`: sign and exponent, then the 63 fraction bits, big-endian |
/// | `nil` (any optional), `NSNull`                | `{"$null": true}`                         |
/// | `.some(nil)` of a nested optional (`Int??`)   | `{"$some": {"$null": true}}` (one `$some` per `.some` layer) |
/// | `JSONOptional`                                | absent: left out (like an excluded property); null: `{"$null": true}`; a value: as that value |
/// | `URL`                                         | `{"$url": relativeString}` plus `"$base": absolute base` when relative |
/// | `UUID`                                        | `{"$uuid": "E621E1F8-..."}`               |
/// | `Decimal`                                     | `{"$decimal": "12.5"}`                    |
/// | `RawRepresentable` (enums, option sets)       | the raw value                             |
/// | `Array`                                       | array                                     |
/// | `Set`                                         | `{"$set": [elements]}`                    |
/// | `[String: _]`                                 | `{"$dict": {key: value}}`                 |
/// | struct model                                  | its model entry, inline                   |
/// | class model                                   | `{"$ref": index into $objects}`           |
///
/// Every dictionary in the archive is one of these tagged forms, so values
/// are self-describing: a reader needs the declared Swift types only to
/// rebuild enums, models, `Character`s, typed sets and exact number types.
/// Where it has none (a value of an `Any` property, or of a collection of
/// `Any`), the writer accepts only values that come back equal from what the
/// archive says alone, and refuses the others (`Character`, `Substring`,
/// enums, typed sets) rather than have them change type. Properties that are
/// excluded, or conditional and dropped, are simply absent from `$values`.
/// Unknown top-level keys are ignored; readers reject a newer `$format`.
enum ArchiveFormat {
    /// The format version written, and the newest one read.
    static let version = 1
    /// The value of ``archiverKey`` that identifies a model archive.
    static let archiverName = "MantleModelArchive"
    /// The deepest container nesting in the property list (readers reject
    /// deeper lists, writers refuse to produce them).
    static let maximumDepth = 256
    /// The container depth of the values of a model entry in the object
    /// table: top dictionary, `$objects`, the entry, its `$values`, then the value.
    static let objectValueDepth = 5

    /// Top-level key naming the archiver.
    static let archiverKey = "$archiver"
    /// Top-level key of the format version.
    static let formatKey = "$format"
    /// Top-level key of the root model's index in the object table.
    static let rootKey = "$root"
    /// Top-level key of the object table.
    static let objectsKey = "$objects"
    /// Model entry key of the type name.
    static let typeKey = "$type"
    /// Model entry key of the model version.
    static let versionKey = "$version"
    /// Model entry key of the property values.
    static let valuesKey = "$values"
    /// Tag of `nil`.
    static let nullKey = "$null"
    /// Tag of a class-model reference.
    static let referenceKey = "$ref"
    /// Tag of a set.
    static let setKey = "$set"
    /// Tag of a string-keyed dictionary.
    static let dictionaryKey = "$dict"
    /// Tag of a URL (its relative string).
    static let urlKey = "$url"
    /// The base of a relative URL.
    static let urlBaseKey = "$base"
    /// Tag of a UUID.
    static let uuidKey = "$uuid"
    /// Tag of a decimal number.
    static let decimalKey = "$decimal"
    /// Tag of an 80-bit extended-precision number (``ExtendedReal``).
    static let float80Key = "$float80"
    /// Tag of a `.some` around an inner `nil` (a nested optional).
    static let someKey = "$some"
}
