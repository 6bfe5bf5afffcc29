import Foundation

/// Short, human-readable descriptions of types and values for error messages,
/// e.g. `String`, `[GHLabel]`, `number 42`, `string "open"`, `null`, `object`.
package enum ValueDescription {
    /// A type's name as a Swift developer writes it (`Int`, `[String]`, `URL?`).
    package static func typeName(_ type: Any.Type) -> String {
        switch ValueKind.of(type) {
        case .optional(let optional): return typeName(optional.wrappedType) + "?"
        case .jsonOptional(let optional): return "JSONOptional<" + typeName(optional.wrappedType) + ">"
        case .array(let array): return "[" + typeName(array.elementType) + "]"
        case .stringKeyedDictionary(let dictionary): return "[String: " + typeName(dictionary.valueType) + "]"
        case .set(let set): return "Set<" + typeName(set.elementType) + ">"
        case .keyedDictionary(let dictionary):
            return "[" + typeName(dictionary.keyType) + ": " + typeName(dictionary.valueType) + "]"
        case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid,
             .date, .data, .model, .rawRepresentable, .null, .foundationNumber, .foundationString,
             .foundationArray, .foundationDictionary, .codable, .other:
            return String(describing: type)
        }
    }

    /// What a value is, in JSON terms where it is a JSON value: `null`,
    /// `Bool true`, `number 42`, `string "abc"`, `array of 3`, `object`; other
    /// values give their type and value.
    package static func describe(_ value: Any?) -> String {
        guard let value, !ValueConversion.isNull(value) else { return "null" }
        if let bool = ValueConversion.exactBool(from: value) { return "Bool \(bool)" }
        if let number = NumberValue(value) { return "number \(number)" }
        if let string = value as? String {
            let shown = string.count > 60 ? String(string.prefix(57)) + "..." : string
            return "string \(String(reflecting: shown))"
        }
        // Foundation containers by class, never bridged: bridging an NSArray
        // converts all of it (without end for one that contains itself).
        if type(of: value) is AnyObject.Type {
            if let array = value as? NSArray { return "array of \(array.count)" }
            if value is NSDictionary { return "object" }
            return "\(typeName(type(of: value))) object"
        }
        if let array = value as? [Any] { return "array of \(array.count)" }
        if value is [String: Any] { return "object" }
        return "\(typeName(type(of: value))) \(String(describing: value).prefix(60))"
    }
}
