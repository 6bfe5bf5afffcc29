import MantleCore
import MantleInternals

/// The model types registered with ``ModelArchiver/register(_:)``, by
/// archived type name. Thread-safe.
enum ArchiveTypeRegistry {
    /// The registry ``ModelArchiver`` uses.
    static let shared = LockedState<[String: any Model.Type]>([:])
}
