import Foundation
import MantleCore
import MantleInternals

/// An error from ``ModelArchiver``: bytes that are not a readable archive, an
/// archive that does not fit the requested model type, or a value that
/// cannot be archived.
///
/// Its fields are those of every error of the package (``modelTypeName``,
/// ``propertyKey``, ``archivePath``, ``expected``, ``found``, ``detail``,
/// ``underlyingError``), and its description reads as theirs do: the model
/// type and the path from the root model to the value concerned (which ends
/// with the property key), then the problem, e.g.
/// `GHRepository → "owner.repositories[2].stars": expected Int, found string "many"`.
public struct ModelArchiverError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// The bytes are not a binary property list, or the property list is
        /// not a model archive.
        case notAnArchive
        /// The data ends early: a binary property list's header or trailer is
        /// missing or inconsistent (as it is for a cut-off file).
        case truncatedData
        /// The bytes are a damaged property list, or a property list whose
        /// structure breaks the archive format.
        case corruptData
        /// The archive was written in a newer format than this library reads.
        case unsupportedFormatVersion(archived: Int, supported: Int)
        /// A model in the archive was written at a `Model.modelVersion`
        /// newer than its type's current one.
        case newerVersion(archived: Int, supported: Int)
        /// An archived value does not fit the declared type of its property,
        /// or the archived model type is not the one expected.
        case typeMismatch
        /// An archived type is not the declared type, and no subclass of the
        /// declared class by that name is registered with
        /// ``ModelArchiver/register(_:)`` or can be found by its name.
        case unknownType
        /// A property holds a value the archive format cannot store (for
        /// example a closure or a non-model class instance).
        case unsupportedValue
        /// Values are nested deeper than the format allows.
        case nestingTooDeep
    }

    /// What went wrong.
    public var code: Code
    /// Where in the model graph, from the root model, e.g. `owner.tags[2]`;
    /// `nil` for the root model or for problems with the archive as a whole.
    public var archivePath: String?
    /// The innermost model property key on ``archivePath``, if any.
    public var propertyKey: String?
    /// The model type concerned, if known: the one whose property failed, or
    /// for ``Code/newerVersion(archived:supported:)``, the model archived at a newer version.
    public var modelTypeName: String?
    /// What was expected: the declared type for ``Code/typeMismatch`` and
    /// ``Code/unknownType``; the versions read for the version codes.
    public var expected: String?
    /// What was found: the archived value (`string "many"`), the archived type
    /// name for ``Code/unknownType``, the value's type for
    /// ``Code/unsupportedValue``, the version written for the version codes.
    public var found: String?
    /// A sentence saying more: the kind of damage, or what to do.
    public var detail: String?
    /// The error behind this one, if any.
    public var underlyingError: (any Error)?

    /// Creates an error; for the version codes, `expected` and `found` are
    /// the versions unless given.
    public init(code: Code, archivePath: String? = nil, propertyKey: String? = nil, modelTypeName: String? = nil,
                expected: String? = nil, found: String? = nil, detail: String? = nil,
                underlyingError: (any Error)? = nil) {
        (self.code, self.archivePath, self.propertyKey, self.modelTypeName) =
            (code, archivePath, propertyKey, modelTypeName)
        let versions = code.versions
        let expected = expected ?? versions.map { "version \($0.supported) or older" }
        let found = found ?? versions.map { "version \($0.archived)" }
        (self.expected, self.found, self.detail, self.underlyingError) = (expected, found, detail, underlyingError)
    }

    /// `Model → "path": problem`, e.g.
    /// `GHRepository → "owner.repositories[2].stars": expected Int, found string "many"`
    /// or `not a model archive: the data is not a binary property list`.
    public var description: String { message.text }

    /// The facts, worded as every package error words them; the property key
    /// is left out, as the archive path ends with it.
    package var message: ErrorMessage {
        let summary: String?
        switch code {
        case .notAnArchive: summary = "not a model archive"
        case .truncatedData: summary = "truncated archive data"
        case .corruptData: summary = "corrupt archive data"
        case .unsupportedFormatVersion: summary = "unsupported archive format"
        case .newerVersion: summary = "archived at a newer model version"
        case .typeMismatch: summary = nil
        case .unknownType: summary = "unknown archived type"
        case .unsupportedValue: summary = "a value the archive cannot store"
        case .nestingTooDeep: summary = "values nested too deeply"
        }
        return ErrorMessage(modelTypeName: modelTypeName, location: archivePath, summary: summary,
                            expected: expected, found: found, detail: detail, underlyingError: underlyingError)
    }
}

extension ModelArchiverError.Code {
    /// The archived and supported versions of a version code, or `nil`.
    var versions: (archived: Int, supported: Int)? {
        switch self {
        case .unsupportedFormatVersion(let archived, let supported), .newerVersion(let archived, let supported):
            return (archived, supported)
        case .notAnArchive, .truncatedData, .corruptData, .typeMismatch, .unknownType, .unsupportedValue,
             .nestingTooDeep:
            return nil
        }
    }
}

extension ModelDescriptor {
    /// Throws ``ModelArchiverError/Code/unsupportedValue`` for a model type with a
    /// declaration the write path refuses (see ``checkSupported()``).
    func checkSupported(at path: ArchivePath) throws(ModelArchiverError) {
        guard let refusal = unsupportedDeclaration else { return }
        let at = refusal.propertyKey.isEmpty ? path : path.appending(key: refusal.propertyKey)
        throw ModelArchiverError(.unsupportedValue, at: at, modelTypeName: typeName, found: refusal.found,
                           detail: refusal.detail)
    }
}
