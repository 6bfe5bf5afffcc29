import Foundation

extension JSONTopLevel {
    /// Runs `decode`, the decoding of a call's object or array. When it
    /// throws and `options` allow more than one error
    /// (``JSONAdapter/DecodingOptions/maximumErrorCount``), decodes the same
    /// input again in a collecting pass (``ErrorCollector``) and throws the
    /// first failure with the others as its
    /// ``JSONAdapterError/additionalErrors``.
    ///
    /// A call that succeeds runs `decode` once, as it always did. A call
    /// with one failure throws the error it threw the first time, unchanged.
    static func collecting<Result>(_ options: JSONAdapter.DecodingOptions,
                                   _ decode: () throws -> Result) throws -> Result {
        do {
            return try decode()
        } catch {
            return try collectingPass(after: error, options, decode)
        }
    }

    /// The collecting pass after `decode` threw `error`: throws `error`, or
    /// the first failure with the others; returns what `decode` gives if,
    /// the second time, code it runs (a transformer, `validate()`) decided
    /// to let it succeed.
    static func collectingPass<Result>(after error: any Error, _ options: JSONAdapter.DecodingOptions,
                                               _ decode: () throws -> Result) throws -> Result {
        let outer = DecodingRecorder.current
        var firstError = error
        if let collected = error as? CollectedFailures {
            // A call made (by a transformer, or `validate()`) inside another
            // call's collecting pass ran in that pass: what it recorded
            // there is not the other call's, and its error is the first.
            outer?.errors?.forget(from: collected.since)
            firstError = collected.first
        }
        guard options.maximumErrorCount > 1 else { throw firstError }
        let errors = ErrorCollector(bound: options.maximumErrorCount)
        let pass = DecodingRecorder(errors: errors)
        let result: Result
        do {
            result = try DecodingRecorder.installing(pass) { try decode() }
        } catch is CollectedFailures {
            throw combined(firstError, errors.failures)
        } catch {
            // Failed where nothing collects (the top level's own
            // `validate()`, a class cluster's choice): the one failure.
            throw firstError
        }
        outer?.append(pass.report)
        return result
    }

    /// The error that reports `failures`, whose first is `first` (the error
    /// the call threw the first time): `first` itself when it is the only
    /// one; otherwise the first as a ``JSONAdapterError`` with the others
    /// and the count of those left out.
    ///
    /// The others are the entries but the one that is `first`, which is
    /// usually the first entry but not always: a Foundation dictionary that
    /// is bridged again for the second pass (`NSDictionary` on Linux) may
    /// hand out its members in another order.
    private static func combined(_ first: any Error,
                                 _ failures: (kept: [JSONAdapterError], count: Int)) -> any Error {
        guard failures.count > 1, let firstEntry = failures.kept.first else { return first }
        var error = first as? JSONAdapterError ?? firstEntry
        var others = failures.kept
        let same = others.firstIndex { $0.code == error.code && $0.jsonKeyPath == error.jsonKeyPath
            && $0.propertyKey == error.propertyKey && $0.modelTypeName == error.modelTypeName }
        others.remove(at: same ?? others.startIndex)
        error.additionalErrors = others
        error.omittedErrorCount = failures.count - failures.kept.count
        return error
    }

    /// ``decodeEach(_:lossy:found:_:)`` in a collecting pass: every item's
    /// failure is recorded (or its entries prefixed with its index) and
    /// decoding goes on; then, if there was any, ``CollectedFailures`` is thrown.
    static func decodeEachCollecting<Items: Sequence, Element>(
        _ items: Items, lossy: Bool, found: (Items.Element) -> String, _ recorder: DecodingRecorder,
        _ errors: ErrorCollector, _ decode: (Items.Element) throws -> Element
    ) throws -> [Element] {
        var result: [Element] = []
        var first: (error: any Error, since: Int)?
        var index = 0
        for item in items {
            defer { index += 1 }
            let mark = recorder.mark
            do {
                result.append(try decode(item))
            } catch {
                let collected = error as? CollectedFailures
                let failure = collected?.first ?? error
                let adapterError = failure as? JSONAdapterError
                if lossy, adapterError?.code.isRecoverable ?? true {
                    if let collected { errors.forget(from: collected.since) }
                    recorder.recordDrop(.skipped, since: mark, found: found(item), path: "[\(index)]",
                                        reason: adapterError.map(\.description) ?? "\(failure)")
                    continue
                }
                let since: Int
                if let collected {
                    errors.prefix(from: collected.since, with: .index(index))
                    since = collected.since
                } else {
                    since = errors.record(adapterError?.atIndex(index)
                        ?? JSONAdapterError(code: .invalidValue, jsonKeyPath: "[\(index)]", underlyingError: failure))
                }
                if first == nil { first = (adapterError?.atIndex(index) ?? failure, since) }
                continue
            }
            recorder.prefix(from: mark, with: "[\(index)]")
        }
        if let first { throw CollectedFailures(first: first.error, since: first.since) }
        return result
    }
}
