//  A decode call's result together with its leniency report, for the tests
//  that compare reports.

import Foundation
@testable import JSONAdapter

/// Runs `body` with a new `JSONLeniencyReport.Recorder` (to pass in the
/// call's options) and returns its result with the report the recorder received.
func recordingLeniency<Result>(
    _ body: (JSONLeniencyReport.Recorder) throws -> Result
) rethrows -> (model: Result, report: JSONLeniencyReport) {
    let recorder = JSONLeniencyReport.Recorder()
    let result = try body(recorder)
    return (result, recorder.report)
}
