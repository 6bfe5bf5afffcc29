import Foundation

extension JSONAdapter.Configuration.DataEncoding {
    /// The JSON Schema of data in this encoding: a string of its alphabet
    /// (with `contentEncoding`), or an array of byte values.
    var jsonSchema: [String: Any] {
        switch self {
        case .base64:
            // `Data(base64Encoded:)`: groups of four, padded, no whitespace.
            return ["type": "string", "contentEncoding": "base64",
                    "pattern": "^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"]
        case .base64URL:
            // With or without padding; never one character past a group of four.
            return ["type": "string", "contentEncoding": "base64url",
                    "pattern": "^([A-Za-z0-9_-]{4})*([A-Za-z0-9_-]{2}(==)?|[A-Za-z0-9_-]{3}=?)?$"]
        case .hex:
            return ["type": "string", "contentEncoding": "base16", "pattern": "^([0-9A-Fa-f]{2})*$"]
        case .byteArray:
            return ["type": "array", "items": ["type": "integer", "minimum": 0, "maximum": 255]]
        }
    }

    /// ``jsonSchema`` as the generator's value: exact in kinds; in values
    /// too, but for base64's unused low bits, which `Data(base64Encoded:)` may accept.
    var valueSchema: ValueSchema {
        ValueSchema(schema: jsonSchema, kinds: self == .byteArray ? .array : .string, isTypeExact: true,
                    isValueExact: self == .hex || self == .byteArray)
    }
}
