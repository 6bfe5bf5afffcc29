/// The limits every reader of JSON text in this package applies unless told otherwise.
package enum JSONLimits {
    /// The deepest nesting of arrays and objects accepted by default: 512, as
    /// `JSONSerialization` and `JSONDecoder` allow. Deeper input is an error,
    /// never a stack overflow.
    package static let defaultMaximumDepth = 512
}
