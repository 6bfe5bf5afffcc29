import Foundation
import MantleInternals

/// Models inside untyped values — an `Any` property holding a model, or
/// `[Any]` and `[String: Any]` values with models among their elements —
/// encoded as a nested-model property would be: each with the mapping of its
/// own dynamic type, in the configuration of the model being encoded. A
/// ``JSONOptional`` among them becomes `null` or its value.
///
/// Decoding such a property gives JSON values (`[String: Any]`), never
/// models: nothing in the JSON says which type an object was.
struct EmbeddedModels {
    /// The deepest container nesting searched (``NativeJSONValue/maximumDepth``);
    /// deeper fails instead of exhausting the stack, and models nested in
    /// models are also bounded by the thread's stack (``checkStackRoom()``).
    static let maximumDepth = NativeJSONValue.maximumDepth

    /// The configuration the models are encoded in.
    let context: MappingContextLink
    let options: JSONAdapter.EncodingFlags

    /// `value` with every model inside it replaced by its JSON object, or
    /// `nil` when it holds none (then it is written as it is). A failure names
    /// its place below `value` (`[2].name`).
    func replacingModels(in value: Any) throws(ValueFailure) -> Any? {
        try replacingModels(in: value, depth: 0)
    }

    /// ``replacingModels(in:)`` for a value `depth` containers down.
    private func replacingModels(in value: Any, depth: Int) throws(ValueFailure) -> Any? {
        switch ValueKind.of(value: value) {
        case .model:
            guard let model = value as? any JSONSerializing else { return nil }
            return try encode(model)
        case .optional:
            guard let wrapped = flattenedOptional(value) else { return nil }
            return try replacingModels(in: wrapped, depth: depth)
        case .jsonOptional:
            // Always replaced: the writer has no form for the enum itself.
            guard let optional = value as? any JSONOptionalRepresentable else { return nil }
            switch optional.erased {
            case .null: return NSNull()
            case .value(let wrapped): return try replacingModels(in: wrapped, depth: depth) ?? wrapped
            case .absent:
                throw ValueFailure(detail: "an absent JSONOptional has no JSON form inside a value; use .null")
            }
        case .array(let array):
            guard Self.mayHoldModels(array.elementType), let elements = value as? [Any] else { return nil }
            return try replacingModels(inElements: elements, depth: depth)
        case .foundationArray:
            guard let elements = FoundationContainers.arrayElements(of: value) else { return nil }
            return try replacingModels(inElements: elements, depth: depth)
        case .stringKeyedDictionary(let dictionary):
            guard Self.mayHoldModels(dictionary.valueType), let members = value as? [String: Any] else { return nil }
            return try replacingModels(inMembers: members.map { ($0.key, $0.value) }, depth: depth)
        case .foundationDictionary:
            // A key that is not a string is the writer's to refuse.
            guard let members = FoundationContainers.stringKeyedMembers(of: value) else { return nil }
            return try replacingModels(inMembers: members.map { ($0.key, $0.value) }, depth: depth)
        case .any, .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .set, .keyedDictionary, .rawRepresentable, .null, .foundationNumber, .foundationString, .codable, .other:
            return nil
        }
    }

    /// The elements with models replaced, or `nil` when none is a model or holds one.
    private func replacingModels(inElements elements: [Any], depth: Int) throws(ValueFailure) -> [Any]? {
        try checkDepth(depth)
        var result: [Any]?
        for index in elements.indices {
            let replaced: Any?
            do throws(ValueFailure) {
                replaced = try replacingModels(in: elements[index], depth: depth + 1)
            } catch {
                throw error.prefixed(by: .index(index))
            }
            guard let replaced else { continue }
            if result == nil { result = elements }
            result?[index] = replaced
        }
        return result
    }

    /// The members with models replaced, or `nil` when none is a model or holds one.
    private func replacingModels(inMembers members: [(String, Any)], depth: Int) throws(ValueFailure) -> [String: Any]? {
        try checkDepth(depth)
        var replacements: [(String, Any)] = []
        for (key, member) in members {
            do throws(ValueFailure) {
                if let replaced = try replacingModels(in: member, depth: depth + 1) { replacements.append((key, replaced)) }
            } catch {
                throw error.prefixed(by: .member(key))
            }
        }
        guard !replacements.isEmpty else { return nil }
        var result = [String: Any](minimumCapacity: members.count)
        for (key, member) in members { result[key] = member }
        for (key, replaced) in replacements { result[key] = replaced }
        return result
    }

    /// The model's JSON object, with its own type's mapping.
    private func encode(_ model: any JSONSerializing) throws(ValueFailure) -> [String: Any] {
        try checkStackRoom()
        let mapping: ModelMapping
        do {
            mapping = try ModelMapping.forEncoding(model, in: context.resolve())
        } catch {
            throw ValueFailure(error)
        }
        return try rethrowingNested { () throws -> [String: Any] in
            try mapping.jsonDictionary(from: model, options: options)
        }
    }

    /// Fails when a container at `depth` would pass ``maximumDepth``, or the
    /// thread's stack cannot hold another level (512 KiB on Apple's secondary
    /// threads holds fewer than ``maximumDepth`` levels of this search in a
    /// debug build).
    private func checkDepth(_ depth: Int) throws(ValueFailure) {
        guard depth < Self.maximumDepth else {
            throw ValueFailure(detail: "containers nested deeper than \(Self.maximumDepth) levels")
        }
        guard RecursionGuard.hasStackRoom else {
            throw ValueFailure(detail: "containers nested too deep for this thread's stack")
        }
    }

    /// `false` for element types whose values cannot be or hold a model
    /// (strings, numbers, dates, ...), whose containers are not searched.
    private static func mayHoldModels(_ type: Any.Type) -> Bool {
        switch ValueKind.of(type) {
        case .string, .substring, .character, .bool, .integer, .floating, .decimal, .url, .uuid, .date, .data,
             .rawRepresentable, .null, .foundationNumber, .foundationString:
            return false
        case .any, .model, .optional, .jsonOptional, .array, .set, .stringKeyedDictionary, .keyedDictionary,
             .foundationArray, .foundationDictionary, .other:
            return true
        case .codable:
            // A `Codable` value is no model and holds none the writer could reach.
            return false
        }
    }
}
