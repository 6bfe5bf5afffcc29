import Foundation

/// A comparable rendering of a materialised JSON value (from ``JSONDocument/anyValue(at:)`` or
/// `JSONSerialization`), so that trees can be compared with `==`.
package indirect enum CanonicalJSON: Equatable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// A boolean.
    case bool(Bool)
    /// A signed integer.
    case int(Int64)
    /// An unsigned integer above `Int64.max`.
    case uint(UInt64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([CanonicalJSON])
    /// An object.
    case object([String: CanonicalJSON])
    /// A value of an unexpected type (its type name).
    case unknown(String)

    /// Converts a value tree; NSNumbers become `.bool`, `.int`, `.uint` or `.double`.
    package init(_ value: Any) {
        let type = type(of: value)
        if type == Bool.self, let v = value as? Bool {
            self = .bool(v)
        } else if type is NSNumber.Type, let n = value as? NSNumber {
            if type == Swift.type(of: NSNumber(value: true)) {
                self = .bool(n.boolValue)
            } else {
                switch UInt8(truncatingIfNeeded: n.objCType.pointee) {
                case UInt8(ascii: "d"), UInt8(ascii: "f"): self = .double(n.doubleValue)
                case UInt8(ascii: "Q"): self = n.uint64Value > UInt64(Int64.max) ? .uint(n.uint64Value) : .int(n.int64Value)
                default: self = .int(n.int64Value)
                }
            }
        } else if type == Int.self, let v = value as? Int {
            self = .int(Int64(v))
        } else if type == Int64.self, let v = value as? Int64 {
            self = .int(v)
        } else if type == UInt64.self, let v = value as? UInt64 {
            self = .uint(v)
        } else if type == Double.self, let v = value as? Double {
            self = .double(v)
        } else if let v = value as? String {
            self = .string(v)
        } else if value is NSNull {
            self = .null
        } else if let v = value as? [String: Any] {
            self = .object(v.mapValues(CanonicalJSON.init))
        } else if let v = value as? [Any] {
            self = .array(v.map(CanonicalJSON.init))
        } else {
            self = .unknown("\(type)")
        }
    }

    /// Integral doubles and integers compare equal (as JSONSerialization does not keep the form).
    package var numbersRelaxed: CanonicalJSON {
        switch self {
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: return .int(Int64(d))
        case .array(let a): return .array(a.map(\.numbersRelaxed))
        case .object(let o): return .object(o.mapValues(\.numbersRelaxed))
        default: return self
        }
    }

    /// A compact JSON-like rendering for failure messages.
    package var description: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .int(let i): return "\(i)"
        case .uint(let u): return "\(u)u"
        case .double(let d): return "\(d)"
        case .string(let s): return "\(s.debugDescription)"
        case .array(let a): return "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }.joined(separator: ",") + "}"
        case .unknown(let t): return "<\(t)>"
        }
    }
}
