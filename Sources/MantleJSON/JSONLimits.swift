/// The limits every reader of JSON text in this package applies unless told otherwise.
package enum JSONLimits {
    /// The deepest nesting of arrays and objects accepted by default: 512, as
    /// `JSONSerialization` and `JSONDecoder` allow. Deeper input is an error,
    /// never a stack overflow.
    package static let defaultMaximumDepth = 512

    /// The deepest nesting the parser can record (node depths are stored in 16 bits): a
    /// larger `maximumDepth` counts as this one.
    package static let largestMaximumDepth = Int(UInt16.max)  // 32-bit: 65,535
}
