/// How the JSON values of a stream are laid out.
public enum JSONStreamFormat: Sendable, Hashable {
    /// JSON Lines (NDJSON): one JSON value per line, lines ended by `\n`
    /// (or `\r\n`); lines holding only white space are skipped.
    case jsonLines
    /// One JSON array whose elements are read one at a time, so that the
    /// whole array is never in memory.
    case array
}
