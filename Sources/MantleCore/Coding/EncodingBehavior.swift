/// Whether and how `ModelArchiver` (module `MantleArchiving`) archives a
/// property, and whether `Codable` codes it (Mantle's
/// `MTLModelEncodingBehavior`).
public enum EncodingBehavior: Sendable {
    /// Not archived.
    case excluded
    /// Always archived.
    case unconditional
    /// Archived only if the same object is archived unconditionally elsewhere
    /// in the archive (as `NSKeyedArchiver`'s conditional objects).
    case conditional
}
