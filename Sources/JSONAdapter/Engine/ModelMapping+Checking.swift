import Foundation

extension ModelMapping {
    /// Decodes this mapping's own type `M` as ``decodeOwnType(_:from:validating:)``
    /// does, for a model whose properties declare ``JSONConstraint``s or in a
    /// collecting pass (``ErrorCollector``, carried by `recorder`).
    ///
    /// After a constrained property decodes, each rule its value breaks is a
    /// failure of its own (with ``JSONLeniency/defaultOnFailure``, the
    /// property keeps its default instead). Outside a collecting pass the
    /// first failure is thrown, as the plain loop throws it. In a collecting
    /// pass each failure is recorded (or, for a nested value's, its entries
    /// are attributed to the property) and decoding goes on; then, if there
    /// was any, ``CollectedFailures`` is thrown, and `validate()` runs only
    /// when there was none.
    func decodeChecking<M: JSONSerializing>(_ type: M.Type, from source: JSONObjectSource, validating: Bool,
                                            _ recorder: LeniencyRecorder?) throws -> M {
        let errors = recorder?.errors
        var model = M()
        var current = ""
        var first: (failure: ValueFailure, key: String, since: Int)?
        /// Throws the failure of the property `key` at `keyPath`, or records it in a collecting pass.
        func fail(_ failure: ValueFailure, key: String, keyPath: @autoclosure () -> String) throws(ValueFailure) {
            guard let errors else { throw failure }
            let since: Int
            if let collected = failure.collectedSince {
                errors.attribute(from: collected, modelTypeName: typeName, propertyKey: key, keyPath: keyPath())
                since = collected
            } else {
                since = errors.record(failure.entry(propertyKey: key, jsonKeyPath: keyPath(), modelTypeName: typeName))
            }
            if first == nil { first = (failure, key, since) }
        }
        do throws(ValueFailure) {
            try model.withMutableStorageAddress { (base) throws(ValueFailure) in
                var hint = 0
                for property in properties {
                    current = property.key
                    let failures: [ValueFailure]
                    do throws(ValueFailure) {
                        failures = try decodeChecked(property, from: source, hint: &hint, into: base, recorder)
                    } catch {
                        failures = [error]
                    }
                    for failure in failures {
                        try fail(failure, key: property.key, keyPath: property.keyPath.text(in: source))
                    }
                }
                if let unknownKeys {
                    current = unknownKeys.property.key
                    do throws(ValueFailure) {
                        try unknownKeys.capture(from: source, into: base)
                    } catch {
                        try fail(error, key: unknownKeys.property.key, keyPath: unknownKeys.property.key)
                    }
                }
            }
        } catch {
            throw adapterError(error, forKey: current, in: source)
        }
        if let first {
            throw CollectedFailures(first: adapterError(first.failure, forKey: first.key, in: source), since: first.since)
        }
        if validating { try model.validate() }
        return model
    }

    /// Decodes `property` into the model at `base` (checking its constraints
    /// if it has any), returning the failures of the rules its value breaks;
    /// a failure to decode is thrown. With ``JSONLeniency/defaultOnFailure``
    /// either keeps the default, as ``decode(_:from:_:_:)`` does for a failure.
    private func decodeChecked(_ property: PropertyMapping, from source: JSONObjectSource, hint: inout Int,
                               into base: UnsafeMutableRawPointer,
                               _ recorder: LeniencyRecorder?) throws(ValueFailure) -> [ValueFailure] {
        var broken: [ValueFailure] = []
        try decode(property, from: source, recorder) { () throws(ValueFailure) in
            switch source {
            case .dictionary(let dictionary):
                if property.constraints.isEmpty {
                    try property.decode(from: dictionary, into: base)
                } else {
                    broken = try property.decodeChecked(from: dictionary, into: base)
                }
            case .document(let document, let node):
                if property.constraints.isEmpty {
                    try property.decode(from: document, object: node, hint: &hint, into: base)
                } else {
                    broken = try property.decodeChecked(from: document, object: node, hint: &hint, into: base)
                }
            }
            // A broken rule under `.defaultOnFailure` is a failure the property
            // absorbs by keeping its default (the value was not stored).
            if let rule = broken.first, property.defaultsOnFailure {
                broken = []
                throw rule
            }
        }
        return broken
    }
}
