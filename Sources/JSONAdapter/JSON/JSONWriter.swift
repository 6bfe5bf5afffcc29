import Foundation

/// Why a value cannot be written as JSON.
package struct JSONWriterError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, including the key path where applicable,
    /// e.g. `unsupported type Date at $.items[3].created`.
    package var message: String

    /// Creates an error with a message.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}

/// Streaming writer of compact RFC 8259 JSON text into ``bytes``.
///
/// Commas between elements and members are inserted automatically. The caller is responsible for
/// a well-formed call sequence (`writeKey` before each member value, balanced begin/end calls);
/// the writer does not check it.
///
/// Strings are written as UTF-8 with only `"`, `\` and control characters escaped (`\n \t \r \b
/// \f`, other controls as `\u00XX`); `/` and non-ASCII are written as is. Doubles use Swift's
/// shortest round-trip representation, so integral values keep a fraction (`3.0`, `1e+20`) and
/// read back as doubles.
package struct JSONWriter: Sendable {
    /// The JSON text written so far.
    package var bytes: [UInt8] = []
    /// Whether the next element/member needs a leading comma.
    private var needsComma = false
    /// Maximum nesting accepted by ``writeAny(_:sortedKeys:)`` (which also catches cycles).
    package var maximumDepth = 512

    /// Creates an empty writer.
    package init() {}

    // MARK: - Scalars

    /// Emits a comma if a previous sibling was written.
    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// Writes `null`.
    package mutating func writeNull() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes `true` or `false`.
    package mutating func write(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes a quoted, escaped string.
    package mutating func write(_ value: String) {
        separate()
        appendQuoted(value)
    }

    /// Writes a signed integer.
    package mutating func write(_ value: Int64) {
        separate()
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDigits(value.magnitude)
        } else {
            appendDigits(UInt64(value))
        }
    }

    /// Writes an unsigned integer.
    package mutating func write(_ value: UInt64) {
        separate()
        appendDigits(value)
    }

    /// Writes a double with the shortest digits that round-trip (`0.1`, `3.0`, `1e-07`, `-0.0`):
    /// the text of `description`, appended without making a `String`.
    /// - Throws: ``JSONWriterError`` for NaN and ±infinity, which JSON cannot represent.
    package mutating func write(_ value: Double) throws(JSONWriterError) {
        try writeFloatingPoint(value)
    }

    /// Writes a float with the shortest digits that round-trip as a `Float` (`0.1`, not
    /// `0.10000000149011612`). - Throws: ``JSONWriterError`` for NaN and ±infinity.
    package mutating func write(_ value: Float) throws(JSONWriterError) {
        try writeFloatingPoint(value)
    }

    /// Writes a finite number through its `TextOutputStreamable` conformance,
    /// which formats into a stack buffer and hands over ASCII bytes.
    private mutating func writeFloatingPoint<Number: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: Number
    ) throws(JSONWriterError) {
        guard value.isFinite else {
            throw JSONWriterError("cannot write non-finite number \(value)")
        }
        separate()
        var sink = ASCIISink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
    }

    /// Writes a `Decimal` exactly (plain digits, no exponent).
    /// - Throws: ``JSONWriterError`` for NaN.
    package mutating func write(_ value: Decimal) throws(JSONWriterError) {
        guard !value.isNaN else {
            throw JSONWriterError("cannot write non-finite number NaN")
        }
        separate()
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Writes the decimal digits of an integer of any width (such as
    /// `String(someInt128)`: an optional `-` and digits, not validated).
    package mutating func writeIntegerText(_ text: String) {
        writeNumberText(text)
    }

    /// Appends already valid JSON number text (no validation).
    private mutating func writeNumberText(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    // MARK: - Containers

    /// Writes `{`; follow with `writeKey` + value pairs and ``endObject()``.
    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes a member key and the colon; the next write is the member's value.
    package mutating func writeKey(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `}`.
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`; follow with element writes and ``endArray()``.
    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`.
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: - Any

    /// Writes a Foundation-style value tree, like `JSONSerialization` would.
    ///
    /// Accepted: `nil` (also nested optionals) and `NSNull` as `null`; `Bool`; every Swift
    /// integer type (including 128-bit ones, written exactly); `Double`, `Float` and other binary
    /// floating-point types; `Decimal`; `NSNumber` (booleans detected by class, integers and
    /// floating point by `objCType`; `NSDecimalNumber` written exactly); `String`, `Substring`,
    /// `NSString`; `[Any]`, `[Any?]`, `NSArray`; `[String: Any]`, `[String: Any?]` and
    /// `NSDictionary` with string keys.
    ///
    /// - Parameters:
    ///   - value: The value tree.
    ///   - sortedKeys: Whether to write object members in ascending UTF-8 byte order of their keys
    ///     (locale-independent; otherwise dictionary iteration order).
    /// - Throws: ``JSONWriterError`` naming the unsupported type (or non-finite number, non-string
    ///   key, nesting deeper than ``maximumDepth``) and the key path, e.g. `$.items[3].created`.
    package mutating func writeAny(_ value: Any?, sortedKeys: Bool = false) throws(JSONWriterError) {
        var path: [PathComponent] = []
        try writeAny(value, sortedKeys: sortedKeys, path: &path)
    }

    /// One step of the key path reported in errors.
    private enum PathComponent {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// Renders a key path as `$`, `$.a[2].b`.
    private static func render(_ path: [PathComponent]) -> String {
        var text = "$"
        for component in path {
            switch component {
            case .key(let key): text += "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Builds an error whose message ends with the key path.
    private static func error(_ message: String, _ path: [PathComponent]) -> JSONWriterError {
        JSONWriterError("\(message) at \(render(path))")
    }

    /// The recursive worker of ``writeAny(_:sortedKeys:)``.
    private mutating func writeAny(_ value: Any?, sortedKeys: Bool, path: inout [PathComponent])
        throws(JSONWriterError)
    {
        guard var value else {
            writeNull()
            return
        }
        // Unwrap optionals hidden inside `Any` (e.g. elements of `[Any?]`).
        while let optional = value as? any JSONWriterOptional {
            guard let wrapped = optional.jsonWrappedValue else {
                writeNull()
                return
            }
            value = wrapped
        }

        let type = type(of: value)
        // Exact type checks first: `as?` would bridge between NSNumber and Swift numbers.
        if type is NSNumber.Type, let number = value as? NSNumber {
            try write(number, path: path)
            return
        }
        if type == Bool.self, let bool = value as? Bool {
            write(bool)
            return
        }
        if type == String.self, let string = value as? String {
            write(string)
            return
        }
        if type == Double.self, let double = value as? Double {
            guard double.isFinite else { throw Self.error("cannot write non-finite number \(double)", path) }
            try write(double)
            return
        }
        if type == Int.self, let int = value as? Int {
            write(Int64(int))
            return
        }
        if let integer = value as? any BinaryInteger {
            if let signed = Int64(exactly: integer) {
                write(signed)
            } else if let unsigned = UInt64(exactly: integer) {
                write(unsigned)
            } else {
                writeNumberText(String(describing: integer))
            }
            return
        }
        if type == Float.self, let float = value as? Float {
            guard float.isFinite else { throw Self.error("cannot write non-finite number \(float)", path) }
            try write(float)
            return
        }
        if let floating = value as? any BinaryFloatingPoint {
            let double = Double(floating)
            guard double.isFinite else { throw Self.error("cannot write non-finite number \(floating)", path) }
            try write(double)
            return
        }
        if type == Decimal.self, let decimal = value as? Decimal {
            guard !decimal.isNaN else { throw Self.error("cannot write non-finite number NaN", path) }
            try write(decimal)
            return
        }
        // Class checks by type first: on Linux, `is`/`as?` to a class type
        // bridges a Swift collection whole (and recursively) to Foundation.
        if type is NSNull.Type {
            writeNull()
            return
        }
        if let string = value as? any StringProtocol {
            write(String(string))
            return
        }
        if type is NSString.Type, let string = value as? NSString {
            write(String(describing: string))
            return
        }
        // Swift collections only: casting an NSArray to `[Any]` bridges it
        // whole, without end for one that contains itself.
        if !(type is AnyObject.Type), let dictionary = value as? [String: Any] {
            try writeObject(dictionary.map { ($0.key, $0.value) }, sortedKeys: sortedKeys, path: &path)
            return
        }
        if !(type is AnyObject.Type), let array = value as? [Any] {
            try writeArray(array, sortedKeys: sortedKeys, path: &path)
            return
        }
        if type is AnyObject.Type, let dictionary = value as? NSDictionary {
            var members: [(String, Any)] = []
            members.reserveCapacity(dictionary.count)
            for (key, member) in FoundationContainers.members(of: dictionary) {
                guard let string = FoundationContainers.string(key) else {
                    throw Self.error("dictionary key of type \(Swift.type(of: key)) is not a string", path)
                }
                members.append((string, member))
            }
            try writeObject(members, sortedKeys: sortedKeys, path: &path)
            return
        }
        if type is AnyObject.Type, let array = value as? NSArray {
            try writeArray(FoundationContainers.elements(of: array), sortedKeys: sortedKeys, path: &path)
            return
        }
        throw Self.error("unsupported type \(type)", path)
    }

    /// Writes an `NSNumber`, distinguishing booleans, integers and floating point.
    private mutating func write(_ number: NSNumber, path: [PathComponent]) throws(JSONWriterError) {
        if type(of: number) == type(of: NSNumber(value: true)) {
            write(number.boolValue)
            return
        }
        if let decimal = number as? NSDecimalNumber {
            let value = decimal.decimalValue
            guard !value.isNaN else { throw Self.error("cannot write non-finite number NaN", path) }
            try write(value)
            return
        }
        let code = UInt8(truncatingIfNeeded: number.objCType.pointee)
        switch code {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            let double = number.doubleValue
            guard double.isFinite else { throw Self.error("cannot write non-finite number \(double)", path) }
            if code == UInt8(ascii: "f") {
                try write(number.floatValue)
            } else {
                try write(double)
            }
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            write(number.uint64Value)
        case UInt8(ascii: "c"):
            // A signed char: on Darwin this is also how booleans created from literals look.
            write(Int64(number.int8Value))
        default:
            write(number.int64Value)
        }
    }

    /// Throws when writing one level deeper would pass ``maximumDepth`` or
    /// what the thread's stack can hold (``RecursionGuard``).
    private func checkDepth(_ path: [PathComponent]) throws(JSONWriterError) {
        guard path.count < maximumDepth else { throw Self.error("nesting deeper than \(maximumDepth)", path) }
        guard RecursionGuard.hasStackRoom else { throw Self.error("nesting deeper than the stack allows", path) }
    }

    /// Writes an array of values.
    private mutating func writeArray(_ array: [Any], sortedKeys: Bool, path: inout [PathComponent])
        throws(JSONWriterError)
    {
        try checkDepth(path)
        beginArray()
        for (index, element) in array.enumerated() {
            path.append(.index(index))
            try writeAny(element, sortedKeys: sortedKeys, path: &path)
            path.removeLast()
        }
        endArray()
    }

    /// Writes an object from key/value pairs.
    private mutating func writeObject(_ members: [(String, Any)], sortedKeys: Bool, path: inout [PathComponent])
        throws(JSONWriterError)
    {
        try checkDepth(path)
        var members = members
        if sortedKeys {
            members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        }
        beginObject()
        for (key, member) in members {
            writeKey(key)
            path.append(.key(key))
            try writeAny(member, sortedKeys: sortedKeys, path: &path)
            path.removeLast()
        }
        endObject()
    }

    // MARK: - Low level

    /// Appends the decimal digits of `value`.
    private mutating func appendDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes >= 20 digits
        withUnsafeMutableBytes(of: &buffer) { raw in
            var v = value
            var i = raw.count
            repeat {
                i &-= 1
                raw[i] = UInt8(truncatingIfNeeded: v % 10) &+ UInt8(ascii: "0")
                v /= 10
            } while v != 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[i...]))
        }
    }

    /// Appends `string` quoted and escaped.
    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        JSONDocument.withUTF8(string) { utf8 in
            var runStart = 0
            var i = 0
            while i < utf8.count {
                let c = utf8[i]
                if c >= 0x20 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\") {
                    i &+= 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                bytes.append(UInt8(ascii: "\\"))
                switch c {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(c)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let low = c & 0xF
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              UInt8(ascii: "0") &+ (c &>> 4),
                                              low < 10 ? UInt8(ascii: "0") &+ low : UInt8(ascii: "a") &+ (low &- 10)])
                }
                i &+= 1
                runStart = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Lets ``JSONWriter/writeAny(_:sortedKeys:)`` see through optionals wrapped in `Any`.
package protocol JSONWriterOptional {
    /// The wrapped value, or nil.
    var jsonWrappedValue: Any? { get }
}

/// Every optional exposes its wrapped value to ``JSONWriter/writeAny(_:sortedKeys:)``.
extension Optional: JSONWriterOptional {
    /// The wrapped value, or nil.
    package var jsonWrappedValue: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}

/// A text stream that appends to a byte array; the standard library's number
/// formatting hands it ASCII bytes directly (`_writeASCII`), with no `String`.
private struct ASCIISink: TextOutputStream {
    /// The bytes written so far.
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
