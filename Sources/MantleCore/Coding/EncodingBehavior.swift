/// Whether and how ``ModelArchiver`` archives a property (Mantle's
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
