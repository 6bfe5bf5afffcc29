//  `description` of models holding a NaN `Date`, which Foundation traps
//  describing. In a child process, so that a trap fails one test.

import Foundation
import Testing
@testable import MantleCore

/// A plain struct (not a model) with a date, described by Swift's default.
struct DatedEvent {
    var name = "launch"
    var at = Date(timeIntervalSinceReferenceDate: .nan)
}

/// Dates in every place a model shows them.
struct NaNDates: Model {
    var date = Date(timeIntervalSinceReferenceDate: .nan)
    var optional: Date? = Date(timeIntervalSinceReferenceDate: .nan)
    var list = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: .nan)]
    var byKey = ["when": Date(timeIntervalSinceReferenceDate: .nan)]
    var anything: Any = Date(timeIntervalSinceReferenceDate: .nan)
    var event = DatedEvent()
    var plain = Date(timeIntervalSinceReferenceDate: 0)
}

@Suite("Model: describing NaN dates")
struct NaNDateDescriptionTests {
    #if os(macOS) || os(Linux) || os(Windows)
    @Test("a model holding NaN dates describes them without trapping")
    func describesNaNDates() async {
        await #expect(processExitsWith: .success) {
            let nan = "Date(timeIntervalSinceReferenceDate: nan)"
            let zero = String(describing: Date(timeIntervalSinceReferenceDate: 0))
            let text = NaNDates().description
            let expected = [
                "date: \(nan)", "optional: \(nan)", "list: [\(String(reflecting: Date(timeIntervalSinceReferenceDate: 0))), \(nan)]",
                "byKey: [\"when\": \(nan)]", "anything: \(nan)", "event: DatedEvent(name: \"launch\", at: \(nan))",
                "plain: \(zero)",
            ]
            guard expected.allSatisfy(text.contains) else { exit(1) }
            guard ValueDescription.describe(Date(timeIntervalSinceReferenceDate: .nan)) == "Date \(nan)" else { exit(2) }
            // Values without a NaN date keep Swift's own description.
            guard ValueDescription.text(of: [1, 2]) == "[1, 2]",
                  ValueDescription.text(of: DatedEvent(at: Date(timeIntervalSinceReferenceDate: 0)))
                    == String(describing: DatedEvent(at: Date(timeIntervalSinceReferenceDate: 0))) else { exit(3) }
        }
    }
    #endif
}
