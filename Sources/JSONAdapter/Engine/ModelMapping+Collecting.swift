import Foundation

extension ModelMapping {
    /// Decodes `model`, just made by `M()`, as
    /// ``decodeOwnType(_:from:validating:)`` does, in a collecting pass
    /// (``ErrorCollector``): a property's failure is recorded (or, for a
    /// nested value's, its entries are attributed to the property) and
    /// decoding goes on with the next property. If there was any failure,
    /// ``CollectedFailures`` is thrown (with the first as the plain loop
    /// would have thrown it), and `validate()` does not run.
    func decodeCollecting<M: JSONSerializing>(_ model: M, from source: JSONObjectSource, validating: Bool,
                                              _ recorder: DecodingRecorder, _ errors: ErrorCollector) throws -> M {
        var model = model
        var first: (failure: ValueFailure, key: String, since: Int)?
        /// Records the failure of the property `key`, at `keyPath`.
        func note(_ failure: ValueFailure, key: String, keyPath: @autoclosure () -> String) {
            let since: Int
            if let collected = failure.collectedSince {
                errors.attribute(from: collected, modelTypeName: typeName, propertyKey: key, keyPath: keyPath())
                since = collected
            } else {
                since = errors.record(failure.entry(propertyKey: key, jsonKeyPath: keyPath(), modelTypeName: typeName))
            }
            if first == nil { first = (failure, key, since) }
        }
        model.withMutableStorageAddress { base in
            var hint = 0
            for property in properties {
                do throws(ValueFailure) {
                    try decode(property, from: source, recorder) { () throws(ValueFailure) in
                        switch source {
                        case .dictionary(let dictionary): try property.decode(from: dictionary, into: base)
                        case .document(let document, let node):
                            try property.decode(from: document, object: node, hint: &hint, into: base)
                        }
                    }
                } catch {
                    note(error, key: property.key, keyPath: property.keyPath.text(in: source))
                }
            }
            if let unknownKeys {
                do throws(ValueFailure) {
                    try unknownKeys.capture(from: source, into: base)
                } catch {
                    note(error, key: unknownKeys.property.key, keyPath: unknownKeys.property.key)
                }
            }
        }
        if let first {
            throw CollectedFailures(first: adapterError(first.failure, forKey: first.key, in: source), since: first.since)
        }
        if validating { try model.validate() }
        return model
    }
}
