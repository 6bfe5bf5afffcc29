import Foundation
import MantleJSON

// Arrays of the common scalars (`[Int]`, `[Double]`, `[Float]`, `[String]`) decoded by
// non-generic code. ``ArrayCodec`` is generic and runs unspecialised: each array it makes asks
// the runtime for `[Element]`'s metadata and, to reserve its storage, for
// `_ContiguousArrayStorage<Element>`'s (about 350 instructions per array; a sixth of decoding
// canada.json, whose 111,000 points are `[Float]`s, measured under callgrind). These codecs
// decode an array whose elements all decode with the scalar codec's own rule (the reader's
// `intArray`, `doubleArray`, … which a document answers inside MantleJSON, applying the same
// accessor per element); anything else —
// not an array, an element that fails — is handed to the ``ArrayCodec`` they wrap, which decodes
// it again from the start and gives the same result or error as without them (a scalar codec
// has no side effect to repeat). Writing JSON bytes is a loop of their own for the same reason
// (the wrapped codec's, per element, asked for generic metadata and witness tables: 23% of
// encoding canada.json); encoding to Foundation values is the wrapped codec's.

/// `[Element]` for a scalar `Element` whose plain codec is ``IntCodec``, ``DoubleCodec``,
/// ``FloatCodec`` or ``StringCodec``: the fast path of decoding, the wrapped ``ArrayCodec``
/// for the rest.
class ScalarArrayCodec<Element>: JSONValueCodec<[Element]>, @unchecked Sendable {
    // @unchecked Sendable: one immutable `let` of a Sendable-checked codec.

    /// The general codec: errors, leniency and encoding.
    let general: ArrayCodec<Element>

    init(_ general: ArrayCodec<Element>) { self.general = general }

    override var unsupportedReason: String? { general.unsupportedReason }
    override var expectation: String { general.expectation }
    override func encode(_ value: [Element], _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) -> Any {
        try general.encode(value, options)
    }
    override func write(_ value: [Element], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try general.write(value, to: &writer, options)
    }

    /// Writes `value` as ``ArrayCodec`` does (an element's failure prefixed by its index), each
    /// element with `writeElement`; inlined into each subclass, so the loop is compiled for its
    /// element type.
    @inline(__always)
    final func write(_ value: [Element], to writer: inout JSONWriter,
                     eachWith writeElement: (Element, inout JSONWriter) throws(ValueFailure) -> Void) throws(ValueFailure) {
        writer.beginArray()
        for index in value.indices {
            do throws(ValueFailure) {
                try writeElement(value[index], &writer)
            } catch {
                throw error.prefixed(by: .index(index))
            }
        }
        writer.endArray()
    }

    /// Which scalar array codec `general` can have, or `nil`: its element codec must be exactly
    /// one of the plain scalar codecs (not a coercing or transforming one).
    static func wrapping(_ general: ArrayCodec<Element>) -> Any? {
        switch general.element {
        case let element as IntCodec:
            return (general as? ArrayCodec<Int>).map { IntArrayCodec($0, element: element) }
        case let element as DoubleCodec:
            return (general as? ArrayCodec<Double>).map { DoubleArrayCodec($0, element: element) }
        case let element as FloatCodec:
            return (general as? ArrayCodec<Float>).map { FloatArrayCodec($0, element: element) }
        case is StringCodec:
            return (general as? ArrayCodec<String>).map(StringArrayCodec.init)
        default:
            return nil
        }
    }
}

/// `[Int]` (see ``ScalarArrayCodec``).
final class IntArrayCodec: ScalarArrayCodec<Int>, @unchecked Sendable {
    /// The element codec, whose rule each element follows.
    private let element: IntCodec

    /// Wraps `general`, whose elements `element` decodes.
    init(_ general: ArrayCodec<Int>, element: IntCodec) {
        self.element = element
        super.init(general)
    }

    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> [Int] {
        if let values = reader.intArray(value) { return values }
        return try reader.decode(value, with: general)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> [Int] { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Int] {
        try read(node, with: document)
    }

    override func write(_ value: [Int], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, to: &writer) { (item, writer) throws(ValueFailure) in try element.write(item, to: &writer, options) }
    }
}

/// `[Double]` (see ``ScalarArrayCodec``).
final class DoubleArrayCodec: ScalarArrayCodec<Double>, @unchecked Sendable {
    /// The element codec, whose rule each element follows.
    private let element: DoubleCodec

    /// Wraps `general`, whose elements `element` decodes.
    init(_ general: ArrayCodec<Double>, element: DoubleCodec) {
        self.element = element
        super.init(general)
    }

    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> [Double] {
        if let values = reader.doubleArray(value) { return values }
        return try reader.decode(value, with: general)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> [Double] { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Double] {
        try read(node, with: document)
    }

    override func write(_ value: [Double], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, to: &writer) { (item, writer) throws(ValueFailure) in try element.write(item, to: &writer, options) }
    }
}

/// `[Float]` (see ``ScalarArrayCodec``).
final class FloatArrayCodec: ScalarArrayCodec<Float>, @unchecked Sendable {
    /// The element codec, whose rule each element follows.
    private let element: FloatCodec

    /// Wraps `general`, whose elements `element` decodes.
    init(_ general: ArrayCodec<Float>, element: FloatCodec) {
        self.element = element
        super.init(general)
    }

    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> [Float] {
        if let values = reader.floatArray(value) { return values }
        return try reader.decode(value, with: general)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> [Float] { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Float] {
        try read(node, with: document)
    }

    override func write(_ value: [Float], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try write(value, to: &writer) { (item, writer) throws(ValueFailure) in try element.write(item, to: &writer, options) }
    }
}

/// `[String]` (see ``ScalarArrayCodec``; ``StringCodec``'s rule: a JSON string, as it is).
final class StringArrayCodec: ScalarArrayCodec<String>, @unchecked Sendable {
    @inline(__always)
    func read<Reader: JSONValueReader>(_ value: Reader.Value, with reader: Reader) throws(ValueFailure) -> [String] {
        if let values = reader.stringArray(value) { return values }
        return try reader.decode(value, with: general)
    }

    override func decode(_ value: Any) throws(ValueFailure) -> [String] { try read(value, with: FoundationReader()) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [String] {
        try read(node, with: document)
    }

    override func write(_ value: [String], to writer: inout JSONWriter, _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        // `StringCodec`'s rule: the string, as it is.
        try write(value, to: &writer) { (item, writer) throws(ValueFailure) in writer.write(item) }
    }
}
