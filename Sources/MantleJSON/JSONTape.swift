import Foundation

@usableFromInline
package enum JSONKind: UInt8, Sendable, BitwiseCopyable {
    case null
    /// The literals `true` and `false`.
    case bool
    case number
    /// A string (a value or an object key).
    case string
    case array
    case object
}

/// One node of a ``JSONDocument`` tape: a 16-byte POD record, internal to the engine
/// (``JSONDocument``'s accessors are the way in).
///
/// Its first two words mean one thing for scalars and another for containers, and each has a
/// name for both (``startOrCount``, ``lengthOrEnd``); read them through the view for the kind:
/// - scalars (`.string`, `.number`, `.bool`, `.null`): ``textStart`` and ``textLength``, the
///   byte range of the node's text in the input (for strings the content between the quotes,
///   still escaped). Flags: ``stringHasEscapes``, ``stringIsKey``, ``stringHasNonASCII``;
///   ``numberIsInteger``, ``numberIsNegative``; ``boolTrue``.
/// - containers (`.array`, `.object`): ``entryCount``, the number of elements or members, and
///   ``subtreeEnd``, the tape index just past the whole subtree. Flags
///   ``objectMayHaveDuplicateKeys``, ``objectHasNonASCIIKeys``.
@usableFromInline
struct JSONNode: Sendable, BitwiseCopyable {
    /// ``textStart`` (scalars) or ``entryCount`` (containers).
    @usableFromInline var startOrCount: UInt32
    /// ``textLength`` (scalars) or ``subtreeEnd`` (containers).
    @usableFromInline var lengthOrEnd: UInt32
    /// Byte offset of the node's first byte in the input (the quote, bracket or first character).
    @usableFromInline var offset: UInt32
    @usableFromInline var kind: JSONKind
    /// Kind-specific flag bits (see the static constants).
    @usableFromInline var flags: UInt8
    /// Number of containers enclosing this node (the root has depth 0).
    @usableFromInline var depth: UInt16

    /// A scalar node whose text is the `textLength` bytes at `textStart`. Positions are below
    /// 4 GiB and depths below 65,536 (the scanner checks both), so the narrowing is exact.
    @inline(__always)
    init(scalar kind: JSONKind, textStart: Int, textLength: Int, offset: Int, flags: UInt8, depth: Int) {
        startOrCount = UInt32(truncatingIfNeeded: textStart)
        lengthOrEnd = UInt32(truncatingIfNeeded: textLength)
        self.offset = UInt32(truncatingIfNeeded: offset)
        self.kind = kind
        self.flags = flags
        self.depth = UInt16(truncatingIfNeeded: depth)
    }

    /// A container node opened at `offset`; its ``entryCount`` and ``subtreeEnd`` are set
    /// when it closes.
    @inline(__always)
    init(container kind: JSONKind, offset: Int, depth: Int) {
        startOrCount = 0
        lengthOrEnd = 0
        self.offset = UInt32(truncatingIfNeeded: offset)
        self.kind = kind
        flags = 0
        self.depth = UInt16(truncatingIfNeeded: depth)
    }

    /// Scalars: the byte offset of the node's text (for strings, just after the opening quote).
    @inlinable var textStart: Int { Int(startOrCount) }  // 32-bit: an offset into the input, whose count is an Int
    /// Scalars: the length of the node's text in bytes (for strings, still escaped).
    @inlinable var textLength: Int { Int(lengthOrEnd) }  // 32-bit: a length within the input

    /// Containers: the number of elements (arrays) or members (objects).
    @inlinable var entryCount: Int {
        get { Int(startOrCount) }  // 32-bit: at most the input's count
        set { startOrCount = UInt32(truncatingIfNeeded: newValue) }
    }

    /// Containers: the tape index just past the whole subtree (its next sibling's index).
    @inlinable var subtreeEnd: Int {
        get { Int(lengthOrEnd) }  // 32-bit: a tape index, below the input's count
        set { lengthOrEnd = UInt32(truncatingIfNeeded: newValue) }
    }

    /// Whether the node is an array or an object.
    @inlinable var isContainer: Bool { kind.rawValue >= JSONKind.array.rawValue }

    /// String flag: the raw content contains backslash escapes.
    @usableFromInline static let stringHasEscapes: UInt8 = 1
    /// String flag: the string is an object key.
    @usableFromInline static let stringIsKey: UInt8 = 2
    /// String flag: the unescaped text has a byte above 0x7F (it is not all ASCII). Set on keys,
    /// and on values without escapes (a value with escapes never has it: read it on a value only
    /// when ``stringHasEscapes`` is clear).
    @usableFromInline static let stringHasNonASCII: UInt8 = 4
    /// Number flag: no fraction and no exponent.
    @usableFromInline static let numberIsInteger: UInt8 = 1
    /// Number flag: starts with `-`.
    @usableFromInline static let numberIsNegative: UInt8 = 2
    /// Bool flag: the literal is `true`.
    @usableFromInline static let boolTrue: UInt8 = 1
    /// Object flag: two keys may be equal (exact 64-bit hash match of unescaped bytes; false
    /// positives only make hinted look-ups fall back to a linear scan).
    @usableFromInline static let objectMayHaveDuplicateKeys: UInt8 = 1
    /// Object flag: a key is not all ASCII (``stringHasNonASCII``), so look-ups compare keys
    /// as Swift strings, by canonical equivalence (`"cafe\u0301"` is `"café"`), where bytes
    /// could differ for one key; such objects are searched to their end, the last match winning.
    @usableFromInline static let objectHasNonASCIIKeys: UInt8 = stringHasNonASCII
}
