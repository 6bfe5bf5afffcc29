import Foundation
import MantleInternals
import MantleJSON

/// Where a codec writes one JSON value: JSON text (``JSONWriter``) or a Foundation value
/// (``FoundationValueBuilder``).
///
/// A codec writes its value once, in one generic function over this interface (`write(_:into:_:)`
/// by convention); its two entry points, ``JSONValueCodec/encode(_:_:)`` and
/// ``JSONValueCodec/write(_:to:_:)``, call it with their own sink, and the compiler specialises
/// it for each (see ``JSONValueReader`` for why there are still two entry points).
protocol JSONValueSink {
    mutating func writeNull()
    mutating func write(_ value: Bool)
    mutating func write(_ value: String)
    /// Writes an integer of any width exactly (beyond 64 bits as its digits).
    mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer)
    /// Writes a floating-point number as `JSONEncoder` does (``JSONWriter/writeFloating(_:)``).
    /// - Throws: `JSONWriterError` for NaN and ±infinity.
    mutating func writeFloating<Floating: BinaryFloatingPoint>(_ value: Floating) throws(JSONWriterError)
    /// Writes a `Decimal` with all its digits.
    /// - Throws: `JSONWriterError` for NaN.
    mutating func write(_ value: Decimal) throws(JSONWriterError)
    mutating func beginArray()
    mutating func endArray()
    mutating func beginObject()
    /// Writes the key of the object member whose value comes next.
    mutating func writeKey(_ key: String)
    mutating func endObject()
    /// Writes `value` with `codec`, through the codec's entry point for this sink.
    mutating func write<Value>(_ value: Value, with codec: JSONValueCodec<Value>,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure)
}

extension JSONValueSink {
    /// Writes a number with `write`; the sink's refusal (NaN, ±infinity) becomes the failure
    /// that says `described` cannot be written.
    @inline(__always)
    mutating func writeNumber(_ described: @autoclosure () -> String,
                              _ write: (inout Self) throws(JSONWriterError) -> Void) throws(ValueFailure) {
        do {
            try write(&self)
        } catch {
            throw ValueFailure(detail: "\(described()) cannot be written as JSON")
        }
    }
}

extension JSONWriter: JSONValueSink {
    /// `Int64` or `UInt64` where the value fits, else its digits.
    @inline(__always)
    mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if let signed = Int64(exactly: value) {
            write(signed)
        } else if let unsigned = UInt64(exactly: value) {
            write(unsigned)
        } else {
            writeIntegerText(String(value))
        }
    }

    /// A `Float` with a `Float`'s shortest digits, a narrower type (`Float16`) as the `Float`
    /// its `Codable` conformance encodes, any other as a `Double`.
    @inline(__always)
    mutating func writeFloating<Floating: BinaryFloatingPoint>(_ value: Floating) throws(JSONWriterError) {
        if let float = value as? Float {
            try write(float)
        } else if Floating.significandBitCount < Float.significandBitCount {
            try write(Float(value))
        } else {
            try write(Double(value))
        }
    }

    @inline(__always)
    mutating func write<Value>(_ value: Value, with codec: JSONValueCodec<Value>,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        try codec.write(value, to: &self, options)
    }
}

/// Builds the Foundation value that a codec writes (`NSNull()` for null), as
/// ``JSONAdapter/jsonDictionary(from:options:)`` returns it: `Int` or `UInt64` for integers
/// (an `NSDecimalNumber` beyond them), `Float` or `Double`, `NSDecimalNumber` for `Decimal`,
/// `[Any]` for arrays.
struct FoundationValueBuilder: JSONValueSink {
    /// A container begun and not yet ended.
    private enum Container {
        case array([Any])
        /// An object, and the key of the member whose value comes next.
        case object([String: Any], key: String)
    }

    /// The finished value, `nil` until one is written (an `NSNull` made only when null is
    /// written: Linux's Foundation allocates one per `NSNull()`).
    private var finished: Any?

    /// The finished value (`NSNull()` when nothing was written).
    var value: Any { finished ?? NSNull() }
    /// The containers begun and not yet ended, innermost last.
    private var open: [Container] = []

    init() {}

    /// Ends a value: the finished one, or the next element or member of the innermost open
    /// container (a later member with the same key replaces an earlier one).
    private mutating func put(_ element: Any) {
        guard let innermost = open.popLast() else {
            finished = element
            return
        }
        switch innermost {
        case .array(var array):
            array.append(element)
            open.append(.array(array))
        case .object(var object, let key):
            object[key] = element
            open.append(.object(object, key: key))
        }
    }

    mutating func writeNull() { put(NSNull()) }
    mutating func write(_ value: Bool) { put(value) }
    mutating func write(_ value: String) { put(value) }

    mutating func writeInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if let int = Int(exactly: value) {
            put(int)
        } else if let unsigned = UInt64(exactly: value) {
            put(unsigned)
        } else {
            put(wideIntegerNumber(digits: String(value)))
        }
    }

    mutating func writeFloating<Floating: BinaryFloatingPoint>(_ value: Floating) throws(JSONWriterError) {
        guard value.isFinite else { throw JSONWriterError("cannot write non-finite number \(value)") }
        if let float = value as? Float {
            put(float)
        } else if Floating.significandBitCount < Float.significandBitCount {
            put(Float(value))
        } else {
            put(Double(value))
        }
    }

    mutating func write(_ value: Decimal) throws(JSONWriterError) {
        guard !value.isNaN else { throw JSONWriterError("cannot write non-finite number NaN") }
        put(NSDecimalNumber(decimal: value))
    }

    mutating func beginArray() { open.append(.array([])) }

    mutating func endArray() {
        guard case .array(let array)? = open.popLast() else { return }
        put(array)
    }

    mutating func beginObject() { open.append(.object([:], key: "")) }

    mutating func writeKey(_ key: String) {
        guard case .object(let object, _)? = open.popLast() else { return }
        open.append(.object(object, key: key))
    }

    mutating func endObject() {
        guard case .object(let object, _)? = open.popLast() else { return }
        put(object)
    }

    mutating func write<Value>(_ value: Value, with codec: JSONValueCodec<Value>,
                               _ options: JSONAdapter.EncodingFlags) throws(ValueFailure) {
        put(try codec.encode(value, options))
    }
}

extension JSONValueCodec {
    /// The Foundation value that `write` writes into a ``FoundationValueBuilder``: the body of a
    /// codec's ``encode(_:_:)``.
    @inline(__always)
    final func building(_ write: (inout FoundationValueBuilder) throws(ValueFailure) -> Void) throws(ValueFailure) -> Any {
        var builder = FoundationValueBuilder()
        try write(&builder)
        return builder.value
    }
}
