import Foundation

/// Kinds of JSON node.
package enum JSONKind: UInt8, Sendable {
    /// The literal `null`.
    case null
    /// The literals `true` and `false`.
    case bool
    /// A number.
    case number
    /// A string (a value or an object key).
    case string
    /// An array.
    case array
    /// An object.
    case object
}

/// One node of a ``JSONDocument`` tape: a 16-byte POD record.
///
/// Field meaning depends on ``kind``:
/// - `.string`: ``a`` = byte offset of the content (after the opening quote), ``b`` = content
///   length in bytes (still escaped). Flags ``stringHasEscapes``, ``stringIsKey``.
/// - `.number`: ``a`` = byte offset, ``b`` = length. Flags ``numberIsInteger``, ``numberIsNegative``.
/// - `.bool` / `.null`: ``a`` = byte offset, ``b`` = length. Flag ``boolTrue``.
/// - `.array` / `.object`: ``a`` = number of elements / members, ``b`` = tape index just past
///   the whole subtree. Flag ``objectMayHaveDuplicateKeys``.
package struct JSONNode: Sendable {
    /// Byte offset (scalars) or element/member count (containers).
    package var a: UInt32
    /// Byte length (scalars) or index of the next sibling (containers).
    package var b: UInt32
    /// Byte offset of the node's first byte in the input (the quote, bracket or first character).
    package var offset: UInt32
    /// The node's kind.
    package var kind: JSONKind
    /// Kind-specific flag bits (see the static constants).
    package var flags: UInt8
    /// Number of containers enclosing this node (the root has depth 0).
    package var depth: UInt16

    /// String flag: the raw content contains backslash escapes.
    package static let stringHasEscapes: UInt8 = 1
    /// String flag: the string is an object key.
    package static let stringIsKey: UInt8 = 2
    /// Number flag: no fraction and no exponent.
    package static let numberIsInteger: UInt8 = 1
    /// Number flag: starts with `-`.
    package static let numberIsNegative: UInt8 = 2
    /// Bool flag: the literal is `true`.
    package static let boolTrue: UInt8 = 1
    /// Object flag: two keys may be equal (exact 64-bit hash match of unescaped bytes; false
    /// positives only make hinted look-ups fall back to a linear scan).
    package static let objectMayHaveDuplicateKeys: UInt8 = 1
}
