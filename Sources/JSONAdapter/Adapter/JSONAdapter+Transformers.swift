import Foundation
import MantleInternals

extension JSONAdapter {
    /// JSON dictionary ↔ model of `modelType` (Mantle's
    /// `dictionaryTransformerWithModelClass:`), for properties whose
    /// transformer must be explicit.
    ///
    /// `nil` passes through; anything that is not a dictionary (or, in
    /// reverse, a model) throws ``TransformerError/Code/invalidInput``; the
    /// adapter's own errors pass through unchanged. Its stated JSON Schema
    /// (``JSONValueTransformer/withJSONSchema(_:)``) is an object; a property
    /// typed as the model, with no transformer, gets the model's full schema.
    public static func dictionaryTransformer(modelType: any JSONSerializing.Type) -> JSONValueTransformer {
        let box = UncheckedModelType(modelType)
        return JSONValueTransformer(
            forward: { value in
                guard let value = flattenedOptional(value) else { return nil }
                guard let dictionary = value as? [String: Any] else {
                    throw TransformerError.invalidInput(value, expected: "a JSON object for \(box.type)")
                }
                return try JSONAdapter(modelType: box.type).model(from: dictionary)
            },
            reverse: { value in
                guard let value = flattenedOptional(value) else { return nil }
                guard let model = value as? any JSONSerializing else {
                    throw TransformerError.invalidInput(value, expected: "a \(box.type) model")
                }
                return try JSONAdapter.jsonDictionary(from: model)
            })
            .withJSONSchema(["type": "object"])
    }

    /// JSON array of dictionaries ↔ `[model]` of `modelType` (Mantle's
    /// `arrayTransformerWithModelClass:`); `NSNull` elements stay `NSNull()`,
    /// and an element of the wrong kind throws with that element as input.
    public static func arrayTransformer(modelType: any JSONSerializing.Type) -> JSONValueTransformer {
        let element = dictionaryTransformer(modelType: modelType)
        return JSONValueTransformer(
            forward: { try JSONValueTransformer.mapArray($0, reportingWholeArray: false, element.transformedValue) },
            reverse: { try JSONValueTransformer.mapArray($0, reportingWholeArray: false, element.reverseTransformedValue) })
            .withJSONSchema(["type": "array", "items": ["type": ["object", "null"]]])
    }
}

/// A model type carried into `@Sendable` closures.
private struct UncheckedModelType: @unchecked Sendable {
    let type: any JSONSerializing.Type
    init(_ type: any JSONSerializing.Type) { self.type = type }
}
