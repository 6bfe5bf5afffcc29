import Foundation
import MantleInternals

/// The failures of one decode call's collecting pass: what lets a
/// ``JSONAdapterError`` report every failure at once
/// (``JSONAdapter/DecodingOptions/maximumErrorCount``).
///
/// A call decodes as if it stopped at the first failure: that pass costs
/// what it always did. Only when it throws does the call decode the same
/// input again, in a collecting pass: the pass installs a
/// ``DecodingRecorder`` carrying a collector (codecs already look the
/// recorder up once per model or collection, so spotting the pass costs
/// them one `nil` check), and the levels that hold several values — a
/// model's properties, a collection's elements or members, a top-level
/// array's objects — then go on past a failure instead of throwing it.
///
/// A failure is recorded where it is caught, with its path relative to that
/// level. The level goes on, and once done throws its first failure marked
/// with the collector's ``mark`` before it (``ValueFailure/collectedSince``,
/// or ``CollectedFailures`` out of a model): the levels further out then
/// prefix the entries since that mark with their path component (a model's
/// property names its model and property on them, the outermost one
/// winning, as a thrown error is renamed on its way out) instead of
/// recording the failure again. A level that drops the value instead
/// (``JSONLeniency/lossyCollections``, ``JSONLeniency/defaultOnFailure``)
/// forgets the entries since the mark, so that a lenient drop is never an
/// error.
///
/// At most ``bound`` entries are kept; further failures are only counted.
final class ErrorCollector: Sendable {
    /// The entries and the count.
    private struct State {
        /// The first ``ErrorCollector/bound`` failures, in document order.
        var entries: [JSONAdapterError] = []
        /// For each entry, `true` while its underlying error's coding path
        /// goes on outwards (``ValueFailure/continuesCodingPath``): until the
        /// entry is attributed to a property.
        var continuesCodingPath: [Bool] = []
        /// How many failures were recorded, kept or not.
        var count = 0
    }

    /// How many failures are kept (at least 1).
    let bound: Int
    /// Locked: the decode is one synchronous call, but code it runs (a
    /// transformer, `validate()`) could start a task, which inherits the
    /// task-local recorder that carries the collector.
    private let state = LockedState(State())

    /// A collector that keeps `bound` failures (1 if `bound` is less).
    init(bound: Int) {
        self.bound = max(bound, 1)
    }

    /// The position to pass to ``prefix(from:with:)``,
    /// ``attribute(from:modelTypeName:propertyKey:keyPath:)`` or
    /// ``forget(from:)``: how many failures were recorded so far (entry
    /// `i` is failure `i`, while `i` is below ``bound``).
    var mark: Int { state.withLock { $0.count } }

    /// Records a failure (`entry`, with its path relative to the level that
    /// caught it), returning the ``mark`` before it. The entry is built only
    /// while fewer than ``bound`` are kept. `continuesCodingPath` says that
    /// the levels further out put their components before its underlying
    /// error's coding path too (``ValueFailure/continuesCodingPath``).
    @discardableResult
    func record(_ entry: @autoclosure () -> JSONAdapterError, continuesCodingPath: Bool = false) -> Int {
        state.withLock { state in
            if state.entries.count < bound {
                state.entries.append(entry())
                state.continuesCodingPath.append(continuesCodingPath)
            }
            state.count += 1
            return state.count - 1
        }
    }

    /// Puts `component` (`[3]`, `labels`) before the paths of the entries
    /// kept since `mark` (and before the coding paths that go on outwards).
    func prefix(from mark: Int, with component: JSONPathComponent) {
        state.withLock { state in
            guard mark < state.entries.count else { return }
            let text = component.text
            for index in mark..<state.entries.count {
                state.entries[index].jsonKeyPath = joinJSONPath(text, state.entries[index].jsonKeyPath)
                if state.continuesCodingPath[index], let underlying = state.entries[index].underlyingError {
                    state.entries[index].underlyingError = CodingErrorPath.prefixing(underlying, with: component.codingKey)
                }
            }
        }
    }

    /// Puts a property's key path before the paths of the entries kept since
    /// `mark`, and names the property and its model on them (replacing those
    /// of a nested model: errors name the outermost).
    func attribute(from mark: Int, modelTypeName: String, propertyKey: String, keyPath: @autoclosure () -> String) {
        state.withLock { state in
            guard mark < state.entries.count else { return }
            let keyPath = keyPath()
            for index in mark..<state.entries.count {
                state.continuesCodingPath[index] = false
                state.entries[index].modelTypeName = modelTypeName
                state.entries[index].propertyKey = propertyKey
                state.entries[index].jsonKeyPath = joinJSONPath(keyPath, state.entries[index].jsonKeyPath)
            }
        }
    }

    /// Forgets the failures recorded since `mark` (inside a value that
    /// leniency dropped), kept or only counted.
    func forget(from mark: Int) {
        state.withLock { state in
            guard mark < state.count else { return }
            state.count = mark
            if mark < state.entries.count {
                state.entries.removeSubrange(mark...)
                state.continuesCodingPath.removeSubrange(mark...)
            }
        }
    }

    /// The failures kept, and how many were recorded in all.
    var failures: (kept: [JSONAdapterError], count: Int) {
        state.withLock { ($0.entries, $0.count) }
    }
}

/// What a model (or a top-level array) throws in a collecting pass when
/// failures were recorded inside it: the first, as a pass that stops at
/// the first failure would have thrown it, and the collector's mark before it.
struct CollectedFailures: Error {
    /// The first failure: a ``JSONAdapterError``, or a nested model's
    /// `validate()` error.
    var first: any Error
    /// The ``ErrorCollector/mark`` before it.
    var since: Int
}

/// The failures a collecting pass finds among the elements (or members) of
/// one collection: each is recorded, or its entries prefixed, and decoding
/// goes on; ``finish()`` then throws the first, marked.
struct CollectedElements {
    /// The pass's recorder (which carries `errors`).
    let recorder: DecodingRecorder
    /// Where the pass records failures.
    let errors: ErrorCollector
    /// `true` when failing elements are left out (``JSONLeniency/lossyCollections``).
    let lossy: Bool
    /// The first failure, below the collection.
    private var first: ValueFailure?
    /// The collector's mark before it.
    private var since = 0

    init(recorder: DecodingRecorder, errors: ErrorCollector, lossy: Bool) {
        (self.recorder, self.errors, self.lossy) = (recorder, errors, lossy)
    }

    /// Decodes the element at `component` with `body`, as the collection
    /// does outside a collecting pass, except that a failure it would throw
    /// is noted and decoding goes on; `nil` for an element that failed.
    ///
    /// (`body` returns the element rather than storing it, unlike the
    /// collections' own loops: closures alike in shape would be merged into
    /// one function by the optimiser, at a cost to the loops that every
    /// decode runs.)
    mutating func decode<Output>(at component: JSONPathComponent, found: @autoclosure () -> String,
                                 _ body: () throws(ValueFailure) -> Output) -> Output? {
        let mark = recorder.mark
        let output: Output
        do throws(ValueFailure) {
            output = try body()
        } catch {
            if lossy, error.isRecoverable {
                if let since = error.collectedSince { errors.forget(from: since) }
                recorder.recordDrop(.skipped, since: mark, found: found(), path: component.text, reason: error.reportReason)
            } else {
                note(error, at: component)
            }
            return nil
        }
        recorder.prefix(from: mark, with: component.text)
        return output
    }

    /// Notes the failure of the element at `component`.
    private mutating func note(_ failure: ValueFailure, at component: JSONPathComponent) {
        let start: Int
        let prefixed = failure.prefixed(by: component)
        if let since = failure.collectedSince {
            errors.prefix(from: since, with: component)
            start = since
        } else {
            start = errors.record(prefixed.entry(jsonKeyPath: ""), continuesCodingPath: failure.continuesCodingPath)
        }
        if first == nil { (first, since) = (prefixed, start) }
    }

    /// Throws the first failure, marked, if there was one.
    func finish() throws(ValueFailure) {
        guard var first else { return }
        first.collectedSince = since
        throw first
    }
}
