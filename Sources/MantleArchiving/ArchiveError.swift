import Foundation
import MantleCore

/// An error from ``ModelArchiver``: bytes that are not a readable archive, an
/// archive that does not fit the requested model type, or a value that
/// cannot be archived.
///
/// The description names the problem and, where one applies, the key path
/// from the root model to the value concerned, e.g.
/// `owner.repositories[2].stars: expected Int, found string "many"`.
public struct ArchiveError: Error, CustomStringConvertible {
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
        /// A model in the archive was written at a ``Model/modelVersion``
        /// newer than its type's current one.
        case newerVersion(archived: Int, supported: Int)
        /// An archived value does not fit the declared type of its property,
        /// or the archived model type is not the one expected.
        case typeMismatch
        /// An archived class is neither the declared class nor registered
        /// with ``ModelArchiver/register(_:)``.
        case unknownType
        /// A property holds a value the archive format cannot store (for
        /// example a closure or a non-model class instance).
        case unsupportedValue
        /// Values are nested deeper than the format allows.
        case nestingTooDeep
    }

    /// What went wrong.
    public var code: Code
    /// Where in the model graph, e.g. `owner.tags[2]`; empty for the root or
    /// for problems with the archive as a whole.
    public var keyPath: String
    /// The innermost model property key on ``keyPath``, if any.
    public var propertyKey: String?
    /// The model type concerned, if any.
    public var modelTypeName: String?
    /// The type of the value concerned: the declared type for
    /// ``Code/typeMismatch``, the value's type for ``Code/unsupportedValue``,
    /// the archived type name for ``Code/unknownType``.
    public var valueTypeName: String?
    /// Specifics, e.g. `found string "many"` or the kind of damage.
    public var detail: String

    /// Creates an error.
    public init(code: Code, keyPath: String = "", propertyKey: String? = nil,
                modelTypeName: String? = nil, valueTypeName: String? = nil, detail: String = "") {
        self.code = code
        self.keyPath = keyPath
        self.propertyKey = propertyKey
        self.modelTypeName = modelTypeName
        self.valueTypeName = valueTypeName
        self.detail = detail
    }

    /// A sentence naming the problem and where it is.
    public var description: String {
        let location = keyPath.isEmpty ? "" : "\(keyPath): "
        let model = modelTypeName.map { " (\($0))" } ?? ""
        let suffix = detail.isEmpty ? "" : ": \(detail)"
        switch code {
        case .notAnArchive:
            return "Not a model archive\(suffix)"
        case .truncatedData:
            return "Archive data is truncated\(suffix)"
        case .corruptData:
            return "Archive data is corrupt\(suffix)"
        case .unsupportedFormatVersion(let archived, let supported):
            return "Archive format version \(archived) is newer than the supported version \(supported)"
        case .newerVersion(let archived, let supported):
            return "\(location)\(modelTypeName ?? "model") was archived at version \(archived), "
                + "newer than its current version \(supported)"
        case .typeMismatch:
            return "\(location)expected \(valueTypeName ?? "another type")\(model)\(suffix)"
        case .unknownType:
            return "\(location)unknown archived type \(valueTypeName ?? "")\(model)\(suffix)"
        case .unsupportedValue:
            return "\(location)a value of type \(valueTypeName ?? "unknown") cannot be archived\(model)\(suffix)"
        case .nestingTooDeep:
            return "\(location)values are nested too deeply\(suffix)"
        }
    }
}

extension ModelDescriptor {
    /// Throws ``ArchiveError/Code/unsupportedValue`` for a model type with a
    /// declaration the write path refuses (see ``checkSupported()``).
    func checkSupported(at path: ArchivePath) throws(ArchiveError) {
        guard let refusal = unsupportedDeclaration else { return }
        throw ArchiveError(code: .unsupportedValue, keyPath: path.appending(key: refusal.propertyKey).description,
                           propertyKey: refusal.propertyKey, modelTypeName: typeName,
                           valueTypeName: refusal.expectedTypeName, detail: refusal.foundValueDescription)
    }
}
