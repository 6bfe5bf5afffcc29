import Foundation
import MantleJSON

/// JSON null ↔ `nil`; anything else through the wrapped type's codec.
final class OptionalCodec<Wrapped>: JSONValueCodec<Wrapped?>, @unchecked Sendable {
    /// The codec of the wrapped type.
    let wrapped: JSONValueCodec<Wrapped>

    /// Wraps a codec.
    init(_ wrapped: JSONValueCodec<Wrapped>) { self.wrapped = wrapped }

    override var expectation: String { wrapped.expectation + " or null" }

    override func decode(_ value: Any) throws(ValueFailure) -> Wrapped? {
        if ValueConversion.isNull(value) { return nil }
        return try wrapped.decode(value)
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Wrapped? {
        if document.kind(at: node) == .null { return nil }
        return try wrapped.decode(document, node)
    }

    override func encode(_ value: Wrapped?, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any {
        guard let value else { return NSNull() }
        return try wrapped.encode(value, options)
    }

    override func write(_ value: Wrapped?, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, options)
    }

    override func isNil(_ value: Wrapped?) -> Bool { value == nil }

    override func encodedValue(at path: ArraySlice<String>, in value: Wrapped?,
                               _ options: JSONAdapter.Options) throws(ValueFailure) -> Any? {
        guard let value else { return nil }
        return try wrapped.encodedValue(at: path, in: value, options)
    }
}

/// JSON arrays ↔ `[Element]`, element by element; a failure names its index.
final class ArrayCodec<Element>: JSONValueCodec<[Element]>, @unchecked Sendable {
    /// The codec of the elements.
    let element: JSONValueCodec<Element>

    /// Wraps an element codec.
    init(_ element: JSONValueCodec<Element>) { self.element = element }

    override func decode(_ value: Any) throws(ValueFailure) -> [Element] {
        guard let array = value as? [Any] else { throw mismatch(value) }
        var result: [Element] = []
        result.reserveCapacity(array.count)
        for (index, item) in array.enumerated() {
            do throws(ValueFailure) {
                result.append(try element.decode(item))
            } catch {
                throw error.prefixed(by: "[\(index)]")
            }
        }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [Element] {
        guard document.kind(at: node) == .array else { throw mismatch(document, node) }
        var result: [Element] = []
        result.reserveCapacity(document.count(at: node))
        for (index, child) in document.elements(of: node).enumerated() {
            do throws(ValueFailure) {
                result.append(try element.decode(document, child))
            } catch {
                throw error.prefixed(by: "[\(index)]")
            }
        }
        return result
    }

    override func encode(_ value: [Element], _ options: JSONAdapter.Options) throws(ValueFailure) -> Any {
        var result: [Any] = []
        result.reserveCapacity(value.count)
        for (index, item) in value.enumerated() {
            do throws(ValueFailure) {
                result.append(try element.encode(item, options))
            } catch {
                throw error.prefixed(by: "[\(index)]")
            }
        }
        return result
    }

    override func write(_ value: [Element], to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.beginArray()
        for (index, item) in value.enumerated() {
            do throws(ValueFailure) {
                try element.write(item, to: &writer, options)
            } catch {
                throw error.prefixed(by: "[\(index)]")
            }
        }
        writer.endArray()
    }
}

/// JSON arrays ↔ `Set<Element>` (through ``ArrayCodec``).
final class SetCodec<Element: Hashable>: JSONValueCodec<Set<Element>>, @unchecked Sendable {
    /// The array form.
    let array: ArrayCodec<Element>

    /// Wraps an element codec.
    init(_ element: JSONValueCodec<Element>) { array = ArrayCodec(element) }

    override func decode(_ value: Any) throws(ValueFailure) -> Set<Element> {
        Set(try array.decode(value))
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Set<Element> {
        Set(try array.decode(document, node))
    }

    override func encode(_ value: Set<Element>, _ options: JSONAdapter.Options) throws(ValueFailure) -> Any {
        try array.encode(Array(value), options)
    }

    override func write(_ value: Set<Element>, to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        try array.write(Array(value), to: &writer, options)
    }
}

/// JSON objects ↔ `[String: Value]`, value by value; a failure names its key.
final class DictionaryCodec<Element>: JSONValueCodec<[String: Element]>, @unchecked Sendable {
    /// The codec of the values.
    let element: JSONValueCodec<Element>

    /// Wraps a value codec.
    init(_ element: JSONValueCodec<Element>) { self.element = element }

    override func decode(_ value: Any) throws(ValueFailure) -> [String: Element] {
        guard let dictionary = value as? [String: Any] else { throw mismatch(value) }
        var result = [String: Element](minimumCapacity: dictionary.count)
        for (key, item) in dictionary {
            do throws(ValueFailure) {
                result[key] = try element.decode(item)
            } catch {
                throw error.prefixed(by: key)
            }
        }
        return result
    }

    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> [String: Element] {
        guard document.kind(at: node) == .object else { throw mismatch(document, node) }
        var result = [String: Element](minimumCapacity: document.count(at: node))
        for (keyNode, valueNode) in document.members(of: node) {
            let key = document.string(at: keyNode)  // the last of duplicate keys wins
            do throws(ValueFailure) {
                result[key] = try element.decode(document, valueNode)
            } catch {
                throw error.prefixed(by: key)
            }
        }
        return result
    }

    override func encode(_ value: [String: Element], _ options: JSONAdapter.Options) throws(ValueFailure) -> Any {
        var result = [String: Any](minimumCapacity: value.count)
        for (key, item) in value {
            do throws(ValueFailure) {
                result[key] = try element.encode(item, options)
            } catch {
                throw error.prefixed(by: key)
            }
        }
        return result
    }

    override func write(_ value: [String: Element], to writer: inout JSONWriter, _ options: JSONAdapter.Options) throws(ValueFailure) {
        writer.beginObject()
        for key in value.keys.sorted() {
            guard let item = value[key] else { continue }
            writer.writeKey(key)
            do throws(ValueFailure) {
                try element.write(item, to: &writer, options)
            } catch {
                throw error.prefixed(by: key)
            }
        }
        writer.endObject()
    }
}

/// Any JSON value ↔ `Any`, unchanged (null is `NSNull()`).
final class AnyCodec: JSONValueCodec<Any>, @unchecked Sendable {
    override var expectation: String { "any JSON value" }
    /// Foundation objects become the Swift values the bytes path gives (see ``NativeJSONValue``).
    override func decode(_ value: Any) throws(ValueFailure) -> Any { try NativeJSONValue.native(value) }
    override func decode(_ document: JSONDocument, _ node: Int) throws(ValueFailure) -> Any {
        document.anyValue(at: node)
    }
}

/// A value that must already have the property's type (`as?`), for types
/// JSON has no representation of unless a transformer makes one.
final class CastingCodec<Value>: JSONValueCodec<Value>, @unchecked Sendable {
    /// The package's exact conversion into `Value`.
    let converter = ValueConversion.converter(to: Value.self)

    override func decode(_ value: Any) throws(ValueFailure) -> Value {
        do {
            return try converter.convert(value)
        } catch {
            throw mismatch(value)
        }
    }
}
