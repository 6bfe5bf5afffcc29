import Foundation

extension JSONLeniencyReport {
    /// Receives the reports of the decode calls given it in their
    /// ``JSONAdapter/JSONAdapter/DecodingOptions/leniencyRecorder``; read
    /// ``report`` after the call.
    ///
    /// ```swift
    /// let recorder = JSONLeniencyReport.Recorder()
    /// let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data,
    ///                                     options: .init(configuration: lenient, leniencyRecorder: recorder))
    /// if !recorder.report.isEmpty { log.notice("server drift: \(recorder.report)") }
    /// ```
    ///
    /// A call adds its entries when it returns, all at once (a call that
    /// throws adds none), so one recorder may serve several calls, from
    /// several tasks: ``report`` lists every call's entries, each call's
    /// together and with paths from that call's top level. Streams add each
    /// model's entries as it is handed out, prefixed with its index (`[41]`).
    public final class Recorder: Sendable {
        /// The entries so far, behind a lock.
        private let storage = DecodingRecorder()

        /// A recorder with nothing recorded.
        public init() {}

        /// What the calls so far bent, in the order they returned.
        public var report: JSONLeniencyReport { storage.report }

        /// Adds the report of one call that returned.
        func append(_ report: JSONLeniencyReport) {
            storage.append(report)
        }
    }
}
