import Foundation

/// Foundation's `JSONEncoder` as the oracle for the package's JSON text: a JSON value tree that
/// encodes itself through the encoder's containers, so that `JSONEncoder` writes the text of
/// the same values with any `outputFormatting`, to compare byte for byte.
///
/// `JSONEncoder` keeps an object's members in a dictionary: without `.sortedKeys` their order is
/// its hash order, so texts of objects with more than one member compare only with `.sortedKeys`.
package enum EncoderOracle {
    /// A JSON value.
    package indirect enum Value: Encodable, Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// An integer.
        case int(Int64)
        /// An unsigned integer above `Int64.max`.
        case uint(UInt64)
        /// A decimal number, written exactly.
        case decimal(Decimal)
        /// A string.
        case string(String)
        /// An array.
        case array([Value])
        /// An object, its members in order.
        case object([Member])

        /// One member of an object.
        package struct Member: Sendable, Equatable {
            /// The key.
            package var key: String
            /// The value.
            package var value: Value

            /// A member.
            package init(_ key: String, _ value: Value) {
                self.key = key
                self.value = value
            }
        }

        /// The tree of a Foundation JSON value (`JSONSerialization`'s output, or the adapter's
        /// dictionaries); floating-point numbers are left out of the oracle on purpose, and
        /// throw, as do values of other types.
        package init(foundation value: Any) throws {
            if let dictionary = value as? [String: Any] {
                self = .object(try dictionary.map { Member($0.key, try Value(foundation: $0.value)) })
            } else if let array = value as? [Any] {
                self = .array(try array.map { try Value(foundation: $0) })
            } else if let decimal = value as? Decimal, type(of: value) == Decimal.self || value is NSDecimalNumber {
                self = .decimal(decimal)
            } else {
                try self.init(CanonicalJSON(value))
            }
        }

        /// The tree of a canonical value.
        private init(_ canonical: CanonicalJSON) throws {
            switch canonical {
            case .null: self = .null
            case .bool(let bool): self = .bool(bool)
            case .int(let int): self = .int(int)
            case .uint(let uint): self = .uint(uint)
            case .string(let string): self = .string(string)
            case .array(let elements): self = .array(try elements.map(Value.init))
            case .object(let members):
                self = .object(try members.map { Member($0.key, try Value($0.value)) })
            case .double, .unknown:
                throw OracleError(description: "the oracle takes no \(canonical)")
            }
        }

        /// Encodes the value through the encoder's containers.
        package func encode(to encoder: any Encoder) throws {
            switch self {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .bool(let bool):
                var container = encoder.singleValueContainer()
                try container.encode(bool)
            case .int(let int):
                var container = encoder.singleValueContainer()
                try container.encode(int)
            case .uint(let uint):
                var container = encoder.singleValueContainer()
                try container.encode(uint)
            case .decimal(let decimal):
                var container = encoder.singleValueContainer()
                try container.encode(decimal)
            case .string(let string):
                var container = encoder.singleValueContainer()
                try container.encode(string)
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(element) }
            case .object(let members):
                var container = encoder.container(keyedBy: Key.self)
                for member in members { try container.encode(member.value, forKey: Key(stringValue: member.key)) }
            }
        }
    }

    /// A coding key that is any string.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// What the oracle cannot take.
    package struct OracleError: Error, CustomStringConvertible {
        package var description: String
    }

    /// The text `JSONEncoder` writes for `value` with `formatting`.
    package static func text(_ value: Value, _ formatting: JSONEncoder.OutputFormatting) throws -> String {
        String(decoding: try data(value, formatting), as: UTF8.self)
    }

    /// The bytes `JSONEncoder` writes for `value` with `formatting`.
    package static func data(_ value: some Encodable, _ formatting: JSONEncoder.OutputFormatting) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return try encoder.encode(value)
    }
}
