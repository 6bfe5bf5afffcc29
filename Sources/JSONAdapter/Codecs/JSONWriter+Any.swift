import Foundation
import MantleInternals
import MantleJSON

// Writing untyped value trees (`Any` properties, `[String: Any]` dictionaries,
// `JSONSerialization`-style Foundation objects) through the JSON engine's
// writer, with each value's ``ValueKind`` deciding how it is written.

extension JSONWriter {
    /// Writes a Foundation-style value tree, like `JSONSerialization` would.
    ///
    /// Accepted: `nil` (also nested optionals) and `NSNull` as `null`; `Bool`; every Swift
    /// integer type (including 128-bit ones, written exactly); `Double`, `Float` and other binary
    /// floating-point types; `Decimal`; `NSNumber` (booleans detected by class, integers and
    /// floating point by `objCType`; `NSDecimalNumber` written exactly); `String`, `Substring`,
    /// `Character`, `NSString`; `[Any]`, `[Any?]`, `NSArray`; `[String: Any]`, `[String: Any?]`
    /// and `NSDictionary` with string keys.
    ///
    /// - Parameters:
    ///   - value: The value tree.
    ///   - sortedKeys: Whether to write object members in ascending UTF-8 byte order of their keys
    ///     (locale-independent; otherwise dictionary iteration order).
    /// - Throws: `JSONWriterError` naming the unsupported type (or non-finite number, non-string
    ///   key, nesting deeper than `maximumDepth` or than the stack allows) and the key path, e.g.
    ///   `$.items[3].created`.
    package mutating func writeAny(_ value: Any?, sortedKeys: Bool = false) throws(JSONWriterError) {
        var path = AnyValuePath()
        try writeAny(value, sortedKeys: sortedKeys, path: &path)
    }

    /// The recursive worker of ``writeAny(_:sortedKeys:)``.
    private mutating func writeAny(_ value: Any?, sortedKeys: Bool, path: inout AnyValuePath)
        throws(JSONWriterError)
    {
        // Optionals hidden inside `Any` (elements of `[Any?]`) are unwrapped.
        guard let value = flattenedOptional(value) else {
            writeNull()
            return
        }
        switch ValueKind.of(value: value) {
        case .null, .optional:
            writeNull()
            return
        case .bool:
            if let bool = value as? Bool { return write(bool) }
        case .string, .foundationString:
            if let string = value as? String { return write(string) }
        case .substring, .character:
            return write(String(describing: value))
        case .foundationNumber:
            if let number = value as? NSNumber { return try write(number, path: path) }
        case .floating:
            if let double = value as? Double { return try path.rethrowing { () throws(JSONWriterError) in try write(double) } }
            if let float = value as? Float { return try path.rethrowing { () throws(JSONWriterError) in try write(float) } }
            if let number = NumberValue(value) { return try write(number, path: path) }
        case .integer:
            if let int = value as? Int { return write(Int64(int)) }
            if let number = NumberValue(value) { return try write(number, path: path) }
        case .decimal:
            if let decimal = value as? Decimal { return try path.rethrowing { () throws(JSONWriterError) in try write(decimal) } }
        // Swift collections by their kind; Foundation containers read without
        // bridging (bridging an NSArray converts all of it, without end for
        // one that contains itself).
        case .stringKeyedDictionary:
            if let dictionary = value as? [String: Any] {
                return try writeObject(dictionary.map { ($0.key, $0.value) }, sortedKeys: sortedKeys, path: &path)
            }
        case .array:
            if let array = value as? [Any] { return try writeArray(array, sortedKeys: sortedKeys, path: &path) }
        case .foundationDictionary:
            if let dictionary = value as? NSDictionary {
                var members: [(String, Any)] = []
                members.reserveCapacity(dictionary.count)
                for (key, member) in FoundationContainers.members(of: dictionary) {
                    guard let string = FoundationContainers.string(key) else {
                        throw path.error("dictionary key of type \(type(of: key)) is not a string")
                    }
                    members.append((string, member))
                }
                return try writeObject(members, sortedKeys: sortedKeys, path: &path)
            }
        case .foundationArray:
            if let array = value as? NSArray {
                return try writeArray(FoundationContainers.elements(of: array), sortedKeys: sortedKeys, path: &path)
            }
        case .any, .url, .uuid, .date, .data, .set, .keyedDictionary, .model, .rawRepresentable, .codable, .other,
             .jsonOptional:
            // A `JSONOptional` inside a value was replaced by its JSON form (`EmbeddedModels`).
            break
        }
        throw path.error("unsupported type \(type(of: value))")
    }

    /// Writes a number exactly: 64-bit integers as digits, wider ones through
    /// their decimal text, floating-point numbers with the shortest digits.
    private mutating func write(_ number: NumberValue, path: AnyValuePath) throws(JSONWriterError) {
        switch number {
        case .signed(let x): write(x)
        case .unsigned(let x): write(x)
        case .wide: writeIntegerText(number.description)
        case .floating(let x), .approximate(let x):
            try path.rethrowing { () throws(JSONWriterError) in try write(x) }
        }
    }

    /// Writes an `NSNumber` as it holds its value (``NumberValue/storage(of:)``).
    private mutating func write(_ number: NSNumber, path: AnyValuePath) throws(JSONWriterError) {
        try path.rethrowing { () throws(JSONWriterError) in
            switch NumberValue.storage(of: number) {
            case .bool(let bool): write(bool)
            case .decimal(let decimal): try write(decimal)
            case .float(let float): try write(float)
            case .double(let double): try write(double)
            case .unsigned(let x): write(x)
            case .signed(let x): write(x)
            }
        }
    }

    /// Throws when writing one level deeper would pass `maximumDepth` or
    /// what the thread's stack can hold (``RecursionGuard``).
    private func checkDepth(_ path: AnyValuePath) throws(JSONWriterError) {
        guard path.components.count < maximumDepth else { throw path.error("nesting deeper than \(maximumDepth)") }
        guard RecursionGuard.hasStackRoom else { throw path.error("nesting deeper than the stack allows") }
    }

    private mutating func writeArray(_ array: [Any], sortedKeys: Bool, path: inout AnyValuePath)
        throws(JSONWriterError)
    {
        try checkDepth(path)
        beginArray()
        for (index, element) in array.enumerated() {
            path.components.append(.index(index))
            try writeAny(element, sortedKeys: sortedKeys, path: &path)
            path.components.removeLast()
        }
        endArray()
    }

    private mutating func writeObject(_ members: [(String, Any)], sortedKeys: Bool, path: inout AnyValuePath)
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
            path.components.append(.key(key))
            try writeAny(member, sortedKeys: sortedKeys, path: &path)
            path.components.removeLast()
        }
        endObject()
    }
}

/// Where ``JSONWriter/writeAny(_:sortedKeys:)`` is in the value tree, for
/// errors: rendered as `$`, `$.a[2].b`.
private struct AnyValuePath {
    /// One step of the path.
    enum Component {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the root.
    var components: [Component] = []

    /// The path as `$.a[2].b`.
    var rendered: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key): text += "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// An error whose message ends with the path.
    func error(_ message: String) -> JSONWriterError {
        JSONWriterError("\(message) at \(rendered)")
    }

    /// Runs `body`, adding the path to the message of the error it throws.
    func rethrowing(_ body: () throws(JSONWriterError) -> Void) throws(JSONWriterError) {
        do throws(JSONWriterError) {
            try body()
        } catch {
            throw self.error(error.message)
        }
    }
}
