import Foundation
import MantleInternals
import MantleJSON

/// Reads JSON values of one source: the nodes of a parsed ``JSONDocument`` (``JSONDocument`` itself,
/// whose values are node indices) or Foundation values (``FoundationReader``, whose values are
/// `Any`).
///
/// A codec reads its value once, in one generic function over this interface
/// (`read(_:with:)` by convention). Its two entry points, ``JSONValueCodec/decode(_:)`` and
/// ``JSONValueCodec/decode(_:_:)``, only call it with their source's reader; the compiler
/// specialises it for each, so neither route pays for the abstraction. The values are passed
/// beside the reader rather than inside it, so that a Foundation value is borrowed from its
/// container as before, never copied into a wrapper (measured under callgrind: wrapping each
/// value cost 6–15% of decoding from dictionaries).
///
/// What each source counts as null, a string, a boolean, an integer, an array or an object is
/// decided here, once per source, rather than in every codec.
protocol JSONValueReader {
    /// One JSON value of this source.
    associatedtype Value
    /// An array's elements, in order.
    associatedtype ArrayElements: Sequence<Value>
    /// An object whose members are looked up by key (a dictionary, an object node).
    associatedtype Object
    /// An object's members (key, value) in order, the members of duplicate keys included;
    /// iterating it again starts again.
    associatedtype ObjectMembers: Sequence<(key: String, value: Value)>

    /// `true` for JSON null (`NSNull()` among Foundation values).
    func isNull(_ value: Value) -> Bool

    /// The JSON string, or `nil` for any other value.
    func string(_ value: Value) -> String?

    /// The JSON boolean, or `nil` for any other value (numbers are not booleans; among
    /// Foundation values an Objective-C `BOOL` made with `numberWithChar:` is one, see
    /// `ValueConversion.boolPropertyValue(from:)`).
    func bool(_ value: Value) -> Bool?

    /// The number exactly as an `Integer`, or `nil` when it is not a number or has no exact
    /// value of that type (`3.5`, `300` for `Int8`); `5.0` and `1e2` are integers.
    func integer<Integer: FixedWidthInteger>(_ value: Value, as type: Integer.Type) -> Integer?

    /// The number rounded once to the nearest `Floating`, or `nil` when it is not a number,
    /// is out of range (`1e400`), or is nonzero and rounds to zero (`1e-400`).
    func floating<Floating: BinaryFloatingPoint>(_ value: Value, as type: Floating.Type) -> Floating?

    /// The number's digits when it is exactly an integer (`5`, `1.5e1`; never a boolean), else
    /// `nil`.
    func integerText(_ value: Value) -> String?

    /// The number as `Decimal(string:)` reads its literal, or `nil` (see ``DecimalCodec``).
    func decimal(_ value: Value) -> Decimal?

    /// `true` when values of this source can be Swift values of any type (Foundation values
    /// built in code), which ``native(_:as:)`` and ``instance(_:of:)`` then look for; `false`
    /// for document nodes, so that a specialised codec leaves the look-up (and the metadata of
    /// its `Optional`) out of the document route.
    static var holdsSwiftValues: Bool { get }

    /// A value that is already of type `Wanted`, which only Foundation values can be (a `URL`
    /// in a dictionary built in code); `nil` for document nodes.
    func native<Wanted>(_ value: Value, as type: Wanted.Type) -> Wanted?

    /// The array's element count and elements, or `nil` for any other value.
    func array(_ value: Value) -> (count: Int, elements: ArrayElements)?

    /// The object's member count and members, or `nil` for any other value.
    func object(_ value: Value) -> (count: Int, members: ObjectMembers)?

    /// The value as an object to look keys up in, or `nil` for any other value.
    func asObject(_ value: Value) -> Object?

    /// The value of the member `key` of `object`, or `nil` when it has none. `hint` (a
    /// document's: where the search starts, see `JSONDocument.member(_:in:hint:)`) is moved
    /// past the member found; a dictionary ignores it.
    func member(_ key: String, in object: Object, hint: inout Int) -> Value?

    /// ``member(_:in:hint:)`` for a key also given as its UTF-8 bytes, `utf8`, which a document
    /// compares (a dictionary looks `key` up).
    func member(_ key: String, utf8: UnsafeBufferPointer<UInt8>, in object: Object, hint: inout Int) -> Value?

    /// The value of key `index` of `path` in `object` in its ASCII form or another spelling
    /// (``KeyFallback``), where the key itself is missing.
    func otherSpelling(of path: ParsedKeyPath, at index: Int, in object: Object) -> Value?

    /// The element at `position` when the value is an array (`.some(nil)` past its end), or
    /// `nil` when it is not an array.
    func element(at position: Int, of value: Value) -> Value??

    /// The value as a Foundation value (a document node materialised as ``nativeValue(_:)``
    /// does; a Foundation value as it is), for a composite key path's gathered object.
    func foundationValue(_ value: Value) throws(ValueFailure) -> Any

    /// The array's elements when each is an `Int` (as ``integer(_:as:)`` reads it), else `nil`.
    func intArray(_ value: Value) -> [Int]?
    /// The array's elements when each is a `Double` (as ``floating(_:as:)`` reads it), else `nil`.
    func doubleArray(_ value: Value) -> [Double]?
    /// The array's elements when each is a `Float` (as ``floating(_:as:)`` reads it), else `nil`.
    func floatArray(_ value: Value) -> [Float]?
    /// The array's elements when each is a string, else `nil`.
    func stringArray(_ value: Value) -> [String]?

    /// A value that already has the type `Wanted` and needs no decoding, for a `Codable`
    /// type: exactly a `Wanted`, or a class instance that casts to one (never a Swift collection
    /// converted element by element, which its `init(from:)` should read); `nil` for document
    /// nodes.
    func instance<Wanted>(_ value: Value, of type: Wanted.Type) -> Wanted?

    /// The object as a model decodes it, or `nil` for any other value.
    func objectSource(_ value: Value) -> JSONObjectSource?

    /// The scalar for a ``JSONLeniency`` coercion, or `nil` for null and containers.
    func scalar(_ value: Value) -> FoundScalar?

    /// The value as the `Codable` bridge's decoder reads it.
    func decodingValue(_ value: Value) -> DecodingValue

    /// The value as the Swift values the bytes route makes (`Int`, `Double`, `[String: Any]`,
    /// `NSNull()`; see ``NativeJSONValue``).
    func nativeValue(_ value: Value) throws(ValueFailure) -> Any

    /// What the value is, for an error's `found` (`number 42`, `string "x"`, `null`).
    func found(_ value: Value) -> String

    /// The value decoded by `codec`, through the codec's entry point for this source.
    func decode<Decoded>(_ value: Value, with codec: JSONValueCodec<Decoded>) throws(ValueFailure) -> Decoded
}

extension JSONValueReader {
    /// The array's elements when `read` reads each of them, else `nil`.
    @inline(__always)
    func elements<Element>(of value: Value, _ read: (Value) -> Element?) -> [Element]? {
        guard let (count, elements) = array(value) else { return nil }
        var result: [Element] = []
        result.reserveCapacity(count)
        for element in elements {
            guard let converted = read(element) else { return nil }
            result.append(converted)
        }
        return result
    }

    func intArray(_ value: Value) -> [Int]? { elements(of: value) { integer($0, as: Int.self) } }
    func doubleArray(_ value: Value) -> [Double]? { elements(of: value) { floating($0, as: Double.self) } }
    func floatArray(_ value: Value) -> [Float]? { elements(of: value) { floating($0, as: Float.self) } }
    func stringArray(_ value: Value) -> [String]? { elements(of: value) { string($0) } }
}

/// A parsed document reads its nodes itself: the document is the reader, so passing it costs
/// what passing the document did (a struct holding it would be retained by the generic
/// codecs that make one).
extension JSONDocument: JSONValueReader {
    func isNull(_ node: Int) -> Bool { kind(at: node) == .null }

    func string(_ node: Int) -> String? {
        kind(at: node) == .string ? string(at: node) : nil
    }

    func bool(_ node: Int) -> Bool? {
        kind(at: node) == .bool ? bool(at: node) : nil
    }

    @inline(__always)
    func integer<Integer: FixedWidthInteger>(_ node: Int, as type: Integer.Type) -> Integer? {
        integerValue(at: node, as: type)
    }

    @inline(__always)
    func floating<Floating: BinaryFloatingPoint>(_ node: Int, as type: Floating.Type) -> Floating? {
        floatingValue(at: node, as: type)
    }

    func integerText(_ node: Int) -> String? { integerDigits(at: node) }

    /// The literal's own text, read by `Decimal(string:)`.
    func decimal(_ node: Int) -> Decimal? {
        guard kind(at: node) == .number else { return nil }
        return DecimalCodec.decimal(fromLiteral: numberText(at: node))
    }

    static var holdsSwiftValues: Bool { false }

    func native<Wanted>(_ node: Int, as type: Wanted.Type) -> Wanted? { nil }

    func array(_ node: Int) -> (count: Int, elements: ElementNodes)? {
        guard kind(at: node) == .array else { return nil }
        return (count(at: node), ElementNodes(elements: elements(of: node)))
    }

    func object(_ node: Int) -> (count: Int, members: MemberTexts)? {
        guard kind(at: node) == .object else { return nil }
        return (count(at: node), MemberTexts(document: self, members: members(of: node)))
    }

    // The document reads scalar arrays inside MantleJSON, with the same per-element rules.
    func intArray(_ node: Int) -> [Int]? { intArray(at: node) }
    func doubleArray(_ node: Int) -> [Double]? { doubleArray(at: node) }
    func floatArray(_ node: Int) -> [Float]? { floatArray(at: node) }
    func stringArray(_ node: Int) -> [String]? { stringArray(at: node) }

    func asObject(_ node: Int) -> Int? { kind(at: node) == .object ? node : nil }

    // `member(_:in:hint:)` is the document's own.

    @inline(__always)
    func member(_ key: String, utf8: UnsafeBufferPointer<UInt8>, in object: Int, hint: inout Int) -> Int? {
        member(utf8: utf8, in: object, hint: &hint)
    }

    func otherSpelling(of path: ParsedKeyPath, at index: Int, in object: Int) -> Int? {
        path.otherSpelling(at: index, in: self, object: object)
    }

    func element(at position: Int, of node: Int) -> Int?? {
        guard kind(at: node) == .array else { return nil }
        guard position < count(at: node) else { return .some(nil) }
        var elements = elements(of: node).dropFirst(position).makeIterator()
        return .some(elements.next())
    }

    func foundationValue(_ node: Int) throws(ValueFailure) -> Any { try nativeValue(at: node) }

    func instance<Wanted>(_ node: Int, of type: Wanted.Type) -> Wanted? { nil }

    @inline(__always)
    func objectSource(_ node: Int) -> JSONObjectSource? {
        kind(at: node) == .object ? .document(self, node) : nil
    }

    func scalar(_ node: Int) -> FoundScalar? { FoundScalar(self, node) }

    func decodingValue(_ node: Int) -> DecodingValue { .node(self, node) }

    func nativeValue(_ node: Int) throws(ValueFailure) -> Any { try nativeValue(at: node) }

    func found(_ node: Int) -> String { describe(self, node) }

    @inline(__always)
    func decode<Decoded>(_ node: Int, with codec: JSONValueCodec<Decoded>) throws(ValueFailure) -> Decoded {
        try codec.decode(self, node)
    }

    /// The element nodes of an array node. `JSONDocument.Elements` itself, iterated in a
    /// specialised generic codec, is called through its conformance's witness, which lives in
    /// MantleJSON and is not inlined; this iterator's witness is in this module.
    struct ElementNodes: Sequence, IteratorProtocol {
        var elements: JSONDocument.Elements

        @inline(__always)
        mutating func next() -> Int? { elements.next() }

        var underestimatedCount: Int { elements.underestimatedCount }
    }

    /// The key texts and value nodes of an object node's members.
    struct MemberTexts: Sequence, IteratorProtocol {
        let document: JSONDocument
        var members: JSONDocument.Members

        @inline(__always)
        mutating func next() -> (key: String, value: Int)? {
            members.next().map { (document.string(at: $0.key), $0.value) }
        }
    }
}

/// Reads Foundation JSON values (from `JSONSerialization` or built in code; `NSNull()` for null).
///
/// Arrays and dictionaries are cast (`as? [Any]`, `as? [String: Any]`): reading them through
/// ``FoundationContainers``, as the `Codable` bridge does, cost 4.3% of decoding citm_catalog.json
/// and 2.6% of canada.json from dictionaries (callgrind).
struct FoundationReader: JSONValueReader {
    @inline(__always)
    init() {}

    func isNull(_ value: Any) -> Bool { ValueConversion.isNull(value) }

    func string(_ value: Any) -> String? { value as? String }

    func bool(_ value: Any) -> Bool? { ValueConversion.boolPropertyValue(from: value) }

    /// The value itself when it has the type, else through ``NumberValue``: its integers,
    /// integral `Double`s and integral `Decimal`s / `NSDecimalNumber`s (`JSONSerialization`'s
    /// form of integers beyond 64 bits).
    @inline(__always)
    func integer<Integer: FixedWidthInteger>(_ value: Any, as type: Integer.Type) -> Integer? {
        if Swift.type(of: value) == Integer.self, let same = value as? Integer { return same }
        return NumberValue(value)?.exactly(Integer.self)
    }

    @inline(__always)
    func floating<Floating: BinaryFloatingPoint>(_ value: Any, as type: Floating.Type) -> Floating? {
        if Swift.type(of: value) == Floating.self, let same = value as? Floating { return same }
        return NumberValue.rounded(value, as: Floating.self)
    }

    /// An integral `Double` counts (`5.0`, as `JSONSerialization` reads `5.0` and `1e2`), as the
    /// document counts the literal.
    func integerText(_ value: Any) -> String? {
        guard ValueConversion.exactBool(from: value) == nil, let number = NumberValue(value)?.canonical,
              number.isInteger else { return nil }
        return number.description
    }

    /// A `Decimal` or `NSDecimalNumber` as it is; another number through its text (an integer's
    /// digits, a finite `Double`'s shortest form).
    func decimal(_ value: Any) -> Decimal? {
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

    static var holdsSwiftValues: Bool { true }

    @inline(__always)
    func native<Wanted>(_ value: Any, as type: Wanted.Type) -> Wanted? { value as? Wanted }

    func array(_ value: Any) -> (count: Int, elements: [Any])? {
        guard let array = value as? [Any] else { return nil }
        return (array.count, array)
    }

    func object(_ value: Any) -> (count: Int, members: [String: Any])? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return (dictionary.count, dictionary)
    }

    func asObject(_ value: Any) -> [String: Any]? { value as? [String: Any] }

    @inline(__always)
    func member(_ key: String, in object: [String: Any], hint: inout Int) -> Any? { object[key] }

    @inline(__always)
    func member(_ key: String, utf8: UnsafeBufferPointer<UInt8>, in object: [String: Any], hint: inout Int) -> Any? {
        object[key]
    }

    func otherSpelling(of path: ParsedKeyPath, at index: Int, in object: [String: Any]) -> Any? {
        path.otherSpelling(at: index, in: object)
    }

    /// A Foundation array's nested containers are taken as they are (``FoundationContainers``).
    func element(at position: Int, of value: Any) -> Any?? {
        guard let array = value as? [Any] else { return nil }
        return .some(position < array.count ? array[position] : nil)
    }

    func foundationValue(_ value: Any) throws(ValueFailure) -> Any { value }

    @inline(__always)
    func instance<Wanted>(_ value: Any, of type: Wanted.Type) -> Wanted? {
        guard Swift.type(of: value) == Wanted.self || Swift.type(of: value) is AnyObject.Type else { return nil }
        return value as? Wanted
    }

    @inline(__always)
    func objectSource(_ value: Any) -> JSONObjectSource? {
        (value as? [String: Any]).map(JSONObjectSource.dictionary)
    }

    func scalar(_ value: Any) -> FoundScalar? { FoundScalar(value) }

    func decodingValue(_ value: Any) -> DecodingValue { .foundation(value) }

    func nativeValue(_ value: Any) throws(ValueFailure) -> Any { try NativeJSONValue.native(value) }

    func found(_ value: Any) -> String { ValueDescription.describe(value) }

    @inline(__always)
    func decode<Decoded>(_ value: Any, with codec: JSONValueCodec<Decoded>) throws(ValueFailure) -> Decoded {
        try codec.decode(value)
    }
}

extension JSONValueCodec {
    /// The failure for `value`, read by `reader`, being of the wrong kind.
    func mismatch<Reader: JSONValueReader>(_ value: Reader.Value, _ reader: Reader) -> ValueFailure {
        .mismatch(expected: expectation, found: reader.found(value))
    }
}
