import Foundation
import MantleJSON

extension JSONAdapter {
    /// Decodes a model from the object at `keyPath` (dotted, e.g. `"data.viewer"`)
    /// of a JSON text whose top level is an object.
    ///
    /// A missing or `null` value at `keyPath`, or an intermediate that is not an
    /// object, is ``JSONAdapterError/Code/invalidJSONDictionary``; errors inside
    /// the model name the whole path (`data.viewer.login`).
    public static func model<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data, atKeyPath keyPath: String,
                                                 maximumDepth: Int = 512) throws -> M {
        let path = try parsedSubPath(keyPath)
        let mapping = try ModelMapping.of(type)
        let (document, node) = try locate(path, in: data, maximumDepth: maximumDepth)
        return try withSubPath(path) {
            guard document.kind(at: node) == .object else { throw notAnObject(describe(document, node)) }
            return try mapping.decode(type, from: .document(document, node))
        }
    }

    /// Decodes models from the array at `keyPath` (e.g. `"data.items"`) of a
    /// JSON text whose top level is an object; errors name the whole path
    /// (`data.items[3].user.login`).
    public static func models<M: JSONSerializing>(of type: M.Type, fromJSONData data: Data, atKeyPath keyPath: String,
                                                  maximumDepth: Int = 512) throws -> [M] {
        let path = try parsedSubPath(keyPath)
        let mapping = try ModelMapping.of(type)
        let (document, node) = try locate(path, in: data, maximumDepth: maximumDepth)
        return try withSubPath(path) { try decodeArray(type, at: node, of: document, mapping: mapping) }
    }

    /// Decodes a model from the dictionary at `keyPath` of `jsonDictionary`.
    public static func model<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any],
                                                 atKeyPath keyPath: String) throws -> M {
        let path = try parsedSubPath(keyPath)
        let value = try locate(path, in: jsonDictionary)
        return try withSubPath(path) {
            guard let dictionary = value as? [String: Any] else { throw notAnObject(ValueDescription.describe(value)) }
            return try model(of: type, from: dictionary)
        }
    }

    /// Decodes models from the array at `keyPath` of `jsonDictionary`.
    public static func models<M: JSONSerializing>(of type: M.Type, from jsonDictionary: [String: Any],
                                                  atKeyPath keyPath: String) throws -> [M] {
        let path = try parsedSubPath(keyPath)
        let value = try locate(path, in: jsonDictionary)
        return try withSubPath(path) {
            guard let array = value as? [Any] else {
                throw JSONAdapterError(code: .invalidJSONDictionary,
                                       reason: "expected an array of objects, found \(ValueDescription.describe(value))")
            }
            return try models(of: type, from: array)
        }
    }

    // MARK: Helpers

    /// `keyPath` split into keys; a malformed one is ``JSONAdapterError/Code/invalidJSONMapping``.
    private static func parsedSubPath(_ keyPath: String) throws -> ParsedKeyPath {
        guard let path = ParsedKeyPath(keyPath) else {
            throw JSONAdapterError(code: .invalidJSONMapping, jsonKeyPath: keyPath,
                                   reason: "malformed JSON key path \(String(reflecting: keyPath))")
        }
        return path
    }

    /// The node at `path` in the JSON text `data`.
    private static func locate(_ path: ParsedKeyPath, in data: Data,
                               maximumDepth: Int) throws -> (JSONDocument, Int) {
        let document = try parse(data, maximumDepth: maximumDepth)
        let root = document.rootIndex
        guard document.kind(at: root) == .object else { throw notAnObject(describe(document, root)) }
        var hint = 0
        let node: Int?
        do {
            node = try KeyPathLookup.node(at: path, in: document, object: root, hint: &hint)
        } catch {
            throw JSONAdapterError(code: error.code, jsonKeyPath: path.text, reason: error.reason)
        }
        guard let node, document.kind(at: node) != .null else { throw missingValue(path) }
        return (document, node)
    }

    /// The value at `path` in `dictionary`.
    private static func locate(_ path: ParsedKeyPath, in dictionary: [String: Any]) throws -> Any {
        let value: Any?
        do {
            value = try KeyPathLookup.value(at: path, in: dictionary)
        } catch {
            throw JSONAdapterError(code: error.code, jsonKeyPath: path.text, reason: error.reason)
        }
        guard let value, !ValueConversion.isNull(value) else { throw missingValue(path) }
        return value
    }

    /// The error for nothing (or `null`) at the requested path.
    private static func missingValue(_ path: ParsedKeyPath) -> JSONAdapterError {
        JSONAdapterError(code: .invalidJSONDictionary, jsonKeyPath: path.text,
                         reason: "no value at \"\(path.text)\"")
    }

    /// Runs `body`, prefixing the JSON key path of its errors with `path`.
    private static func withSubPath<Result>(_ path: ParsedKeyPath, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch var error as JSONAdapterError {
            error.jsonKeyPath = joinJSONPath(path.text, error.jsonKeyPath)
            throw error
        }
    }
}
