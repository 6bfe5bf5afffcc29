import Foundation
import MantleJSON

/// One JSON value as a codec reads it, wherever it came from: a node of a parsed
/// ``JSONDocument`` (``DocumentNode``) or a Foundation value (``FoundationValue``).
///
/// A codec reads its value once, in one generic function over this interface
/// (`value(from:)` by convention). Its two entry points, ``JSONValueCodec/decode(_:)`` and
/// ``JSONValueCodec/decode(_:_:)``, only wrap their input in a reader and call it; the
/// compiler specialises that function for each reader, so neither route pays for the
/// abstraction. (One entry point taking either reader would be one vtable slot, but every
/// value on the bytes route would then build and switch over the wrapper: measured under
/// callgrind, see `CONTRIBUTING.md`, "Codecs".)
///
/// What each source counts as null, a string, a boolean, an integer or an array is decided
/// here, once per source, rather than in every codec.
protocol JSONValueReader {
    /// The readers of an array's elements, in order.
    associatedtype Elements: Sequence<Self>

    /// `true` for JSON null (`NSNull()` among Foundation values).
    var isNull: Bool { get }

    /// The JSON string, or `nil` for any other value.
    var string: String? { get }

    /// The JSON boolean, or `nil` for any other value (numbers are not booleans; among
    /// Foundation values an Objective-C `BOOL` made with `numberWithChar:` is one, see
    /// `ValueConversion.boolPropertyValue(from:)`).
    var bool: Bool? { get }

    /// The number exactly as an `Integer`, or `nil` when it is not a number or has no exact
    /// value of that type (`3.5`, `300` for `Int8`); `5.0` and `1e2` are integers.
    func integer<Integer: FixedWidthInteger>(as type: Integer.Type) -> Integer?

    /// The number rounded once to the nearest `Floating`, or `nil` when it is not a number,
    /// is out of range (`1e400`), or is nonzero and rounds to zero (`1e-400`).
    func floating<Floating: BinaryFloatingPoint>(as type: Floating.Type) -> Floating?

    /// The number as `Decimal(string:)` reads its literal, or `nil` (see ``DecimalCodec``).
    var decimal: Decimal? { get }

    /// A value that is already of type `Value`, which only Foundation values can be (a `URL`
    /// in a dictionary built in code); `nil` for document nodes.
    func native<Value>(_ type: Value.Type) -> Value?

    /// The array's element count and elements, or `nil` for any other value.
    var array: (count: Int, elements: Elements)? { get }

    /// The array's elements when each is an `Int` (as ``integer(as:)`` reads it), else `nil`.
    var intArray: [Int]? { get }
    /// The array's elements when each is a `Double` (as ``floating(as:)`` reads it), else `nil`.
    var doubleArray: [Double]? { get }
    /// The array's elements when each is a `Float` (as ``floating(as:)`` reads it), else `nil`.
    var floatArray: [Float]? { get }
    /// The array's elements when each is a string, else `nil`.
    var stringArray: [String]? { get }

    /// The value as the Swift values the bytes route makes (`Int`, `Double`, `[String: Any]`,
    /// `NSNull()`; see ``NativeJSONValue``).
    func nativeValue() throws(ValueFailure) -> Any

    /// What the value is, for an error's `found` (`number 42`, `string "x"`, `null`).
    var found: String { get }

    /// The value decoded by `codec`, through the codec's entry point for this reader.
    func decoded<Value>(by codec: JSONValueCodec<Value>) throws(ValueFailure) -> Value
}

extension JSONValueReader {
    /// The array's elements when `read` reads each of them, else `nil`.
    @inline(__always)
    func elements<Element>(_ read: (Self) -> Element?) -> [Element]? {
        guard let (count, elements) = array else { return nil }
        var result: [Element] = []
        result.reserveCapacity(count)
        for element in elements {
            guard let value = read(element) else { return nil }
            result.append(value)
        }
        return result
    }

    var intArray: [Int]? { elements { $0.integer(as: Int.self) } }
    var doubleArray: [Double]? { elements { $0.floating(as: Double.self) } }
    var floatArray: [Float]? { elements { $0.floating(as: Float.self) } }
    var stringArray: [String]? { elements { $0.string } }
}

/// A node of a parsed document, as a ``JSONValueReader``.
struct DocumentNode: JSONValueReader {
    let document: JSONDocument
    let node: Int

    @inline(__always)
    init(_ document: JSONDocument, _ node: Int) {
        self.document = document
        self.node = node
    }

    var isNull: Bool { document.kind(at: node) == .null }

    var string: String? {
        document.kind(at: node) == .string ? document.string(at: node) : nil
    }

    var bool: Bool? {
        document.kind(at: node) == .bool ? document.bool(at: node) : nil
    }

    @inline(__always)
    func integer<Integer: FixedWidthInteger>(as type: Integer.Type) -> Integer? {
        document.integerValue(at: node, as: type)
    }

    @inline(__always)
    func floating<Floating: BinaryFloatingPoint>(as type: Floating.Type) -> Floating? {
        document.floatingValue(at: node, as: type)
    }

    /// The literal's own text, read by `Decimal(string:)`.
    var decimal: Decimal? {
        guard document.kind(at: node) == .number else { return nil }
        return DecimalCodec.decimal(fromLiteral: document.numberText(at: node))
    }

    func native<Value>(_ type: Value.Type) -> Value? { nil }

    var array: (count: Int, elements: Elements)? {
        guard document.kind(at: node) == .array else { return nil }
        return (document.count(at: node), Elements(document: document, children: document.elements(of: node)))
    }

    // The document reads scalar arrays inside MantleJSON, with the same per-element rules.
    var intArray: [Int]? { document.intArray(at: node) }
    var doubleArray: [Double]? { document.doubleArray(at: node) }
    var floatArray: [Float]? { document.floatArray(at: node) }
    var stringArray: [String]? { document.stringArray(at: node) }

    func nativeValue() throws(ValueFailure) -> Any { try document.nativeValue(at: node) }

    var found: String { describe(document, node) }

    @inline(__always)
    func decoded<Value>(by codec: JSONValueCodec<Value>) throws(ValueFailure) -> Value {
        try codec.decode(document, node)
    }

    /// The readers of an array node's elements.
    struct Elements: Sequence, IteratorProtocol {
        let document: JSONDocument
        var children: JSONDocument.Elements

        @inline(__always)
        mutating func next() -> DocumentNode? {
            children.next().map { DocumentNode(document, $0) }
        }
    }
}

/// A Foundation JSON value (from `JSONSerialization` or built in code; `NSNull()` for null),
/// as a ``JSONValueReader``.
struct FoundationValue: JSONValueReader {
    let value: Any

    @inline(__always)
    init(_ value: Any) { self.value = value }

    var isNull: Bool { ValueConversion.isNull(value) }

    var string: String? { value as? String }

    var bool: Bool? { ValueConversion.boolPropertyValue(from: value) }

    /// The value itself when it has the type, else through ``NumberValue``: its integers,
    /// integral `Double`s and integral `Decimal`s / `NSDecimalNumber`s (`JSONSerialization`'s
    /// form of integers beyond 64 bits).
    @inline(__always)
    func integer<Integer: FixedWidthInteger>(as type: Integer.Type) -> Integer? {
        if Swift.type(of: value) == Integer.self, let same = value as? Integer { return same }
        return NumberValue(value)?.exactly(Integer.self)
    }

    @inline(__always)
    func floating<Floating: BinaryFloatingPoint>(as type: Floating.Type) -> Floating? {
        if Swift.type(of: value) == Floating.self, let same = value as? Floating { return same }
        return NumberValue.rounded(value, as: Floating.self)
    }

    /// A `Decimal` or `NSDecimalNumber` as it is; another number through its text (an integer's
    /// digits, a finite `Double`'s shortest form).
    var decimal: Decimal? {
        if Swift.type(of: value) == Decimal.self, let same = value as? Decimal { return same }
        if let number = ValueConversion.foundationNumber(value), let decimal = number as? NSDecimalNumber {
            return decimal.decimalValue
        }
        guard let number = NumberValue(value) else { return nil }
        switch number {
        case .floating(let x) where x.isFinite: return DecimalCodec.decimal(fromLiteral: "\(x)")
        case .floating, .approximate: return nil
        case .signed, .unsigned, .wide: return DecimalCodec.decimal(fromLiteral: number.description)
        }
    }

    @inline(__always)
    func native<Value>(_ type: Value.Type) -> Value? { value as? Value }

    var array: (count: Int, elements: LazyMapSequence<[Any], FoundationValue>)? {
        guard let array = value as? [Any] else { return nil }
        return (array.count, array.lazy.map(FoundationValue.init))
    }

    func nativeValue() throws(ValueFailure) -> Any { try NativeJSONValue.native(value) }

    var found: String { ValueDescription.describe(value) }

    @inline(__always)
    func decoded<Value>(by codec: JSONValueCodec<Value>) throws(ValueFailure) -> Value {
        try codec.decode(value)
    }
}

extension JSONValueCodec {
    /// The failure for a value of the wrong kind.
    func mismatch(_ input: some JSONValueReader) -> ValueFailure {
        .mismatch(expected: expectation, found: input.found)
    }
}
