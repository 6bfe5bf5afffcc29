import Foundation
import MantleInternals

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
        return "\(typeName(type(of: value))) \(text(of: value).prefix(60))"
    }
}

extension ValueDescription {
    /// `String(describing: value)`, except that a `Date` whose time is NaN,
    /// which Foundation traps describing, is shown as
    /// `Date(timeIntervalSinceReferenceDate: nan)` wherever it sits: alone, in
    /// optionals, collections and other values (models describe their own
    /// properties the same way).
    package static func text(of value: Any) -> String {
        guard mayHoldDate(type(of: value), depth: 0), holdsNaNDate(value, budget: 10_000) else {
            return String(describing: value)
        }
        return render(value, nested: false)
    }

    /// The text of a NaN date.
    private static let nanDate = "Date(timeIntervalSinceReferenceDate: nan)"

    /// `false` when no value of `type` can hold a `Date` that its own
    /// description shows (models describe themselves through ``text(of:)``).
    private static func mayHoldDate(_ type: Any.Type, depth: Int) -> Bool {
        guard depth < 16 else { return true }
        switch ValueKind.of(type) {
        case .date, .any, .codable, .other: return true
        case .optional(let optional): return mayHoldDate(optional.wrappedType, depth: depth + 1)
        case .jsonOptional(let optional): return mayHoldDate(optional.wrappedType, depth: depth + 1)
        case .array(let array): return mayHoldDate(array.elementType, depth: depth + 1)
        case .set(let set): return mayHoldDate(set.elementType, depth: depth + 1)
        case .stringKeyedDictionary(let dictionary): return mayHoldDate(dictionary.valueType, depth: depth + 1)
        case .keyedDictionary(let dictionary):
            return mayHoldDate(dictionary.keyType, depth: depth + 1) || mayHoldDate(dictionary.valueType, depth: depth + 1)
        case .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .data, .model,
             .rawRepresentable, .null, .foundationNumber, .foundationString, .foundationArray, .foundationDictionary:
            return false
        }
    }

    /// `true` when a NaN `Date` is found in `value` (through `Mirror`,
    /// visiting at most `budget` values, not into models, objects or
    /// Foundation containers).
    private static func holdsNaNDate(_ value: Any, budget: Int) -> Bool {
        var remaining = budget
        var pending: [Any] = [value]
        while let next = pending.popLast(), remaining > 0 {
            remaining -= 1
            if let date = next as? Date {
                if date.timeIntervalSinceReferenceDate.isNaN { return true }
                continue
            }
            if type(of: next) is AnyObject.Type || next is any Model { continue }
            guard mayHoldDate(type(of: next), depth: 0) else { continue }
            pending.append(contentsOf: Mirror(reflecting: next).children.map(\.value))
        }
        return false
    }

    /// The description of a value holding a NaN date, in the form Swift
    /// gives it (`[a, b]`, `Optional(x)`, `Type(label: x)`), with the NaN
    /// dates shown as ``nanDate``; `nested` values use their debug form, as
    /// inside Swift's own collection descriptions.
    private static func render(_ value: Any, nested: Bool) -> String {
        guard RecursionGuard.hasStackRoom else { return "…" }
        if let date = value as? Date {
            if date.timeIntervalSinceReferenceDate.isNaN { return nanDate }
            return nested ? String(reflecting: date) : String(describing: date)
        }
        if type(of: value) is AnyObject.Type || value is any Model
            || !mayHoldDate(type(of: value), depth: 0) {
            return nested ? String(reflecting: value) : String(describing: value)
        }
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { (label: $0.label, value: $0.value) }
        switch mirror.displayStyle {
        case .optional?:
            guard let wrapped = children.first else { return "nil" }
            return "Optional(\(render(wrapped.value, nested: true)))"
        case .collection?:
            return "[" + children.map { render($0.value, nested: true) }.joined(separator: ", ") + "]"
        case .set?:
            let elements = children.map { render($0.value, nested: true) }.joined(separator: ", ")
            return nested ? "Set([\(elements)])" : "[\(elements)]"
        case .dictionary?:
            if children.isEmpty { return "[:]" }
            return "[" + children.map { entry -> String in
                let parts = Mirror(reflecting: entry.value).children.map(\.value)
                guard parts.count == 2 else { return render(entry.value, nested: true) }
                return render(parts[0], nested: true) + ": " + render(parts[1], nested: true)
            }.joined(separator: ", ") + "]"
        case .tuple?:
            return "(" + children.map { ($0.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? "")
                + render($0.value, nested: true) }.joined(separator: ", ") + ")"
        case .enum?:
            let name = ReflectiveEquality.caseName(of: value) ?? "?"
            guard let payload = children.first else { return "\(typeName(type(of: value))).\(name)" }
            return "\(typeName(type(of: value))).\(name)(\(render(payload.value, nested: true)))"
        default:
            let fields = children.map { ($0.label.map { "\($0): " } ?? "") + render($0.value, nested: true) }
            return "\(typeName(type(of: value)))(\(fields.joined(separator: ", ")))"
        }
    }
}
