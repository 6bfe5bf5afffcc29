import Foundation

/// Collects the ``JSONLeniencyReport`` entries of one `…WithReport` call.
///
/// Codecs are compiled once and shared, so they cannot hold a call's report:
/// the call installs a recorder as a task-local value, and the decode (which
/// is synchronous, on one thread) finds it there. Without a recorder —
/// every other call — leniency still applies and nothing is recorded.
///
/// An entry starts with the path below the value where leniency was applied
/// (`""` for a coerced value, `"[2]"` for a skipped element). As decoding
/// returns outwards, each level that adds a JSON path component prefixes the
/// entries made inside it: containers their `[i]` or key, a model's
/// property its key path (naming the model and the property on entries that
/// have none yet), a top-level array its index. A level takes a ``mark``
/// before each value and, if that value is dropped, ``discard(from:)``s what
/// was recorded inside it.
final class LeniencyRecorder: @unchecked Sendable {
    // @unchecked Sendable: used only by the one synchronous decode that installed it.

    /// The recorder of the call in progress on this task, if it asked for a report.
    @TaskLocal static var current: LeniencyRecorder?

    /// The entries so far, with paths relative to the level being decoded.
    private(set) var entries: [JSONLeniencyReport.Entry] = []

    /// The position to pass to ``prefix(from:with:)`` or ``discard(from:)``.
    var mark: Int { entries.count }

    /// Records a leniency at `path` below the value being decoded.
    func record(_ action: JSONLeniencyReport.Entry.Action, found: String, path: String = "", reason: String? = nil) {
        entries.append(JSONLeniencyReport.Entry(modelTypeName: nil, propertyKey: nil, jsonKeyPath: path,
                                                found: found, action: action, reason: reason))
    }

    /// Forgets the entries made since `mark` (their value was dropped).
    func discard(from mark: Int) {
        entries.removeSubrange(mark...)
    }

    /// Puts `component` (`"[3]"`, `"labels"`, `"user.login"`) before the
    /// paths of the entries made since `mark`.
    func prefix(from mark: Int, with component: @autoclosure () -> String) {
        guard mark < entries.count else { return }
        let component = component()
        for index in mark..<entries.count {
            entries[index].jsonKeyPath = joinJSONPath(component, entries[index].jsonKeyPath)
        }
    }

    /// Prefixes the entries made since `mark` with a property's key path, and
    /// names the model and property on those that name none yet.
    func attribute(from mark: Int, modelTypeName: String, property: PropertyMapping) {
        guard mark < entries.count else { return }
        for index in mark..<entries.count where entries[index].propertyKey == nil {
            entries[index].modelTypeName = modelTypeName
            entries[index].propertyKey = property.key
        }
        prefix(from: mark, with: property.keyPath.text)
    }

    /// The report of what was recorded.
    var report: JSONLeniencyReport { JSONLeniencyReport(entries: entries) }

    /// Runs `body` with a new recorder installed, returning its result and the report.
    static func recording<Result>(_ body: () throws -> Result) throws -> (Result, JSONLeniencyReport) {
        let recorder = LeniencyRecorder()
        let result = try $current.withValue(recorder) { try body() }
        return (result, recorder.report)
    }
}

/// Whether a failure may be absorbed by leniency: anything but a bad mapping,
/// which is a programming error to surface, never a drift in the data.
extension ValueFailure {
    /// `false` for ``JSONAdapterError/Code/invalidJSONMapping``.
    var isRecoverable: Bool { code != .invalidJSONMapping }

    /// The failure as a report entry's reason (`expected String, found null at "login"`).
    var reportReason: String {
        path.isEmpty ? reason : "\(reason) at \"\(path)\""
    }
}
