import Foundation

/// JSON through Foundation's `JSONSerialization`: the independent reference the tests compare the
/// library with, and the way they turn JSON text into the objects an app gets from it.
package enum FoundationJSON {
    /// A JSON object parsed by `JSONSerialization`.
    package static func object(_ json: String) throws -> [String: Any] {
        try object(Data(json.utf8))
    }

    /// A JSON object parsed by `JSONSerialization`.
    package static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any] else {
            throw FixtureError(description: "not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    /// A JSON array parsed by `JSONSerialization`.
    package static func array(_ json: String) throws -> [Any] {
        guard let array = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? [Any] else {
            throw FixtureError(description: "not a JSON array: \(json)")
        }
        return array
    }

    /// Any JSON value (fragments included) parsed by `JSONSerialization`.
    package static func value(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    /// What `JSONSerialization` makes of `data` (an object or an array at the top), or `nil` when
    /// it refuses the bytes: the dictionary path's input, for untrusted bytes.
    package static func parsed(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data)
    }

    /// The canonical text of a JSON value (sorted keys, no spaces), to compare values that may be
    /// Swift values on one side and Foundation objects on the other; an object gives its own text
    /// (`{"a":1}`). Values Foundation cannot write give a marker instead of crashing.
    package static func canonical(_ value: Any?) -> String {
        let wrapped: [Any] = [value ?? NSNull()]
        guard JSONSerialization.isValidJSONObject(wrapped),
              let data = try? JSONSerialization.data(withJSONObject: wrapped, options: [.sortedKeys]) else {
            return "<not JSON: \(String(describing: value))>"
        }
        // `[` + the value's text + `]`.
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// The canonical text of JSON text (any value, fragments included).
    package static func canonical(json: String) -> String {
        guard let value = try? value(json) else { return "<invalid JSON: \(json)>" }
        return canonical(value)
    }

    /// `true` when `value` is JSON null.
    package static func isNull(_ value: Any?) -> Bool {
        value is NSNull
    }

    /// A JSON number as a `Double`, whether it came as a Swift number or an `NSNumber`.
    package static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let x as Int: return Double(x)
        case let x as Double: return x
        case let x as Int64: return Double(x)
        case let x as UInt64: return Double(x)
        case let x as Float: return Double(x)
        #if os(Linux) || os(Windows) || os(Android)
        case let x as Int128: return Double(x)
        case let x as UInt128: return Double(x)
        case let x as Float16: return Double(x)
        #endif
        default: return nil
        }
    }
}

/// A problem of the test input itself (not of the library).
package struct FixtureError: Error, CustomStringConvertible {
    /// What is wrong with the input.
    package var description: String

    /// An error saying `description`.
    package init(description: String) { self.description = description }
}
