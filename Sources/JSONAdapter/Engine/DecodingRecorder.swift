import Foundation
import MantleInternals
import Synchronization

/// What one decode call records as it goes, found by the codecs as a
/// task-local value: the ``JSONLeniencyReport`` entries of a call whose
/// options carry a ``JSONLeniencyReport/Recorder`` (which gets the report when
/// the call returns), and, in the call's collecting pass, the
/// ``ErrorCollector`` that gathers every failure (``errors``).
///
/// Codecs are compiled once and shared, so they cannot hold a call's report
/// or failures: the call installs a recorder as a task-local value, and the
/// decode (which is synchronous, on one thread) finds it there. Without a
/// recorder — every call that asks for neither — leniency still applies and
/// nothing is recorded.
///
/// An entry starts with the path below the value where leniency was applied
/// (`""` for a coerced value, `"[2]"` for a skipped element). As decoding
/// returns outwards, each level that adds a JSON path component prefixes the
/// entries made inside it: containers their `[i]` or key, a model's
/// property its key path (naming the model and the property on entries that
/// have none yet), a top-level array its index. A level takes a ``mark``
/// before each value and, if that value is dropped, records the drop in
/// place of what was recorded inside it (``recordDrop(_:since:found:path:reason:)``).
final class DecodingRecorder: Sendable {
    /// The recorder of the call in progress on this task, if it asked for a
    /// report or is in a collecting pass.
    ///
    /// Read once per decoded model and collection, so it first asks whether any
    /// task has a recorder installed (``installing(_:_:)`` counts them): when none
    /// has, it is `nil` without reading the task-local value, which cost 130
    /// instructions a model (3% of decoding citm_catalog.json, callgrind). A task
    /// that installed one counted it before, so it always finds its own.
    @inline(__always)
    static var current: DecodingRecorder? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            guard installedRecorders.load(ordering: .relaxed) > 0 else { return nil }
        }
        return installed
    }

    /// The recorder installed on this task; read through ``current``.
    @TaskLocal private static var installed: DecodingRecorder?

    /// How many recorders are installed on all tasks (``installing(_:_:)``).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static let installedRecorders = Atomic<Int>(0)

    /// Runs `body` with `recorder` as ``current`` on this task, counted while it runs.
    static func installing<Result>(_ recorder: DecodingRecorder, _ body: () throws -> Result) rethrows -> Result {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            installedRecorders.add(1, ordering: .relaxed)
        }
        defer {
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                installedRecorders.subtract(1, ordering: .relaxed)
            }
        }
        return try $installed.withValue(recorder) { try body() }
    }

    /// In a call's collecting pass (``ErrorCollector``), where the pass
    /// records failures; `nil` otherwise. It rides on the recorder because
    /// the levels that collect already look the recorder up once each.
    let errors: ErrorCollector?

    /// A recorder, for a collecting pass if `errors` is given.
    init(errors: ErrorCollector? = nil) {
        self.errors = errors
    }

    /// The entries so far, with paths relative to the level being decoded.
    /// Locked: the decode is one synchronous call, but code it runs (a
    /// transformer, `validate()`) could start a task, which inherits the
    /// task-local recorder.
    private let entries = LockedState<[JSONLeniencyReport.Entry]>([])

    /// The position to pass to ``prefix(from:with:)`` or ``recordDrop(_:since:found:path:reason:)``.
    var mark: Int { entries.withLock { $0.count } }

    /// Records a leniency at `path` below the value being decoded.
    func record(_ action: JSONLeniencyReport.Entry.Action, found: String, path: String = "", reason: String? = nil) {
        let entry = JSONLeniencyReport.Entry(modelTypeName: nil, propertyKey: nil, jsonKeyPath: path,
                                             found: found, action: action, reason: reason)
        entries.withLock { $0.append(entry) }
    }

    /// Records that a value was dropped (`.skipped`, `.usedDefault`) at
    /// `path`, forgetting what was recorded inside it since `mark`.
    func recordDrop(_ action: JSONLeniencyReport.Entry.Action, since mark: Int, found: String, path: String = "",
                    reason: String) {
        let entry = JSONLeniencyReport.Entry(modelTypeName: nil, propertyKey: nil, jsonKeyPath: path,
                                             found: found, action: action, reason: reason)
        entries.withLock {
            $0.removeSubrange(min(mark, $0.count)...)
            $0.append(entry)
        }
    }

    /// Puts `component` (`"[3]"`, `"labels"`, `"user.login"`) before the
    /// paths of the entries made since `mark`; `component` is only built
    /// when there are some.
    func prefix(from mark: Int, with component: @autoclosure () -> String) {
        entries.withLock { entries in
            guard mark < entries.count else { return }
            let component = component()
            for index in mark..<entries.count {
                entries[index].jsonKeyPath = joinJSONPath(component, entries[index].jsonKeyPath)
            }
        }
    }

    /// Prefixes the entries made since `mark` with a property's key path (for
    /// alternatives, the one `source` has), and names the model and property
    /// on those that name none yet.
    func attribute(from mark: Int, modelTypeName: String, property: PropertyMapping, source: JSONObjectSource) {
        entries.withLock { entries in
            guard mark < entries.count else { return }
            let keyPath = property.keyPath.text(in: source)
            for index in mark..<entries.count {
                if entries[index].propertyKey == nil {
                    entries[index].modelTypeName = modelTypeName
                    entries[index].propertyKey = property.key
                }
                entries[index].jsonKeyPath = joinJSONPath(keyPath, entries[index].jsonKeyPath)
            }
        }
    }

    /// Adds the entries of `report` as they are (a whole call's, already
    /// relative to its top level).
    func append(_ report: JSONLeniencyReport) {
        guard !report.isEmpty else { return }
        entries.withLock { $0.append(contentsOf: report.entries) }
    }

    var report: JSONLeniencyReport { JSONLeniencyReport(entries: entries.withLock { $0 }) }

    /// Runs `body` with a new recorder installed, returning its result and the report.
    static func recording<Result>(_ body: () throws -> Result) throws -> (Result, JSONLeniencyReport) {
        let recorder = DecodingRecorder()
        let result = try installing(recorder) { try body() }
        return (result, recorder.report)
    }
}

extension JSONAdapterError.Code {
    /// Whether a failure of this code may be absorbed by leniency: anything
    /// but a bad mapping, which is a programming error to surface, never a
    /// drift in the data.
    var isRecoverable: Bool { self != .invalidJSONMapping }
}

extension ValueFailure {
    /// `false` for ``JSONAdapterError/Code/invalidJSONMapping``.
    var isRecoverable: Bool { code.isRecoverable }

    /// The failure as a report entry's reason (`expected String, found null at "login"`).
    var reportReason: String {
        path.isEmpty ? problem : "\(problem) at \"\(path)\""
    }
}
