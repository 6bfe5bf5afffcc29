import Foundation
import MantleJSON

/// A JSON value that ``JSONValueEncoder`` builds from a `Codable` value,
/// before it becomes a Foundation value (``foundationValue(depth:)``) or JSON
/// text (``write(to:depth:)``).
///
/// A tree is needed because `Encoder`'s containers may be filled in any
/// order (a nested container taken first and filled last, a key set twice),
/// as `JSONEncoder` builds one too. Objects keep their keys in the order
/// they were first set: a synthesized `encode(to:)` writes the properties
/// in declaration order.
enum EncodedValue {
    case null
    case bool(Bool)
    case string(String)
    /// An integer that fits `Int64`.
    case signed(Int64)
    /// An integer above `Int64.max` that fits `UInt64`.
    case unsigned(UInt64)
    /// A wider integer (`Int128`, `UInt128`) beyond 64 bits: its decimal digits.
    case wideInteger(digits: String)
    /// A finite `Double`.
    case double(Double)
    /// A finite `Float` (written with a `Float`'s shortest digits).
    case float(Float)
    /// A `Decimal` other than NaN, written exactly.
    case decimal(Decimal)
    /// What one of the adapter's codecs encoded (a date, data): a Foundation value.
    case foundation(Any)
    case object(EncodedObject)
    case array(EncodedArray)
    /// The value a `superEncoder()` gets, read when the tree is used (an
    /// empty object if nothing was encoded into it, as with `JSONEncoder`).
    case deferred(JSONValueEncoder)

    init<I: FixedWidthInteger>(integer value: I) {
        if let signed = Int64(exactly: value) {
            self = .signed(signed)
        } else if let unsigned = UInt64(exactly: value) {
            self = .unsigned(unsigned)
        } else {
            self = .wideInteger(digits: String(value))
        }
    }

    /// Throws when a tree is deeper than it can have been built (a guard:
    /// building it refuses nesting beyond ``CodableOptions/maximumDepth``) or
    /// than the stack allows.
    private static func check(_ depth: Int) throws(ValueFailure) {
        guard depth <= CodableOptions.maximumDepth + 1, RecursionGuard.hasStackRoom else {
            throw ValueFailure(detail: "values nested deeper than \(CodableOptions.maximumDepth) levels")
        }
    }

    /// The value as the adapter's Foundation JSON values: `[String: Any]`,
    /// `[Any]`, `String`, `Bool`, `Int`, `UInt64`, `Double`, `Float`,
    /// `NSDecimalNumber` (also for an `Int128`/`UInt128` beyond 64 bits),
    /// `NSNull` (as the codecs of properties of those types give them).
    func foundationValue(depth: Int = 0) throws(ValueFailure) -> Any {
        switch self {
        case .null: return NSNull()
        case .bool(let bool): return bool
        case .string(let string): return string
        case .signed(let integer): return Int(exactly: integer).map { $0 as Any } ?? integer
        case .unsigned(let integer): return integer
        case .wideInteger(let digits): return wideIntegerNumber(digits: digits)
        case .double(let double): return double
        case .float(let float): return float
        case .decimal(let decimal): return NSDecimalNumber(decimal: decimal)
        case .foundation(let value): return value
        case .object(let object):
            try Self.check(depth)
            var result = [String: Any](minimumCapacity: object.keys.count)
            for index in object.keys.indices {
                result[object.keys[index]] = try object.values[index].foundationValue(depth: depth + 1)
            }
            return result
        case .array(let array):
            try Self.check(depth)
            var result: [Any] = []
            result.reserveCapacity(array.elements.count)
            for element in array.elements { result.append(try element.foundationValue(depth: depth + 1)) }
            return result
        case .deferred(let encoder):
            return try (encoder.value ?? .object(EncodedObject())).foundationValue(depth: depth)
        }
    }

    func write(to writer: inout JSONWriter, depth: Int = 0) throws(ValueFailure) {
        switch self {
        case .null: writer.writeNull()
        case .bool(let bool): writer.write(bool)
        case .string(let string): writer.write(string)
        case .signed(let integer): writer.write(integer)
        case .unsigned(let integer): writer.write(integer)
        case .wideInteger(let digits): writer.writeIntegerText(digits)
        case .double(let double):
            do { try writer.write(double) } catch { throw ValueFailure(detail: "\(double) cannot be written as JSON") }
        case .float(let float):
            do { try writer.write(float) } catch { throw ValueFailure(detail: "\(float) cannot be written as JSON") }
        case .decimal(let decimal):
            do { try writer.write(decimal) } catch { throw ValueFailure(detail: "\(decimal) cannot be written as JSON") }
        case .foundation(let value):
            do {
                try writer.writeAny(value, sortedKeys: true)
            } catch {
                throw ValueFailure(detail: "cannot write \(ValueDescription.describe(value)) as JSON: \(error)")
            }
        case .object(let object):
            try Self.check(depth)
            writer.beginObject()
            for index in object.keys.indices {
                writer.writeKey(object.keys[index])
                try object.values[index].write(to: &writer, depth: depth + 1)
            }
            writer.endObject()
        case .array(let array):
            try Self.check(depth)
            writer.beginArray()
            for element in array.elements { try element.write(to: &writer, depth: depth + 1) }
            writer.endArray()
        case .deferred(let encoder):
            try (encoder.value ?? .object(EncodedObject())).write(to: &writer, depth: depth)
        }
    }
}

/// An object being encoded: members in the order their keys were first set.
final class EncodedObject {
    /// The keys, in order.
    private(set) var keys: [String] = []
    /// The values, at the positions of their keys.
    private(set) var values: [EncodedValue] = []
    /// The positions of the keys, once there are enough of them to be worth it.
    private var positions: [String: Int]?

    init() {}

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    func value(for key: String) -> EncodedValue? {
        position(of: key).map { values[$0] }
    }

    /// Sets `value` for `key`, replacing (in place) what was set before.
    func set(_ value: EncodedValue, for key: String) {
        if let index = position(of: key) {
            values[index] = value
            return
        }
        keys.append(key)
        values.append(value)
        if positions != nil {
            positions?[key] = keys.count - 1
        } else if keys.count > 16 {
            positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        }
    }
}

/// An array being encoded.
final class EncodedArray {
    /// The elements so far.
    var elements: [EncodedValue] = []

    init() {}
}
