//  The compiled date patterns behind `JSONValueTransformer.date(format:)`: every
//  date the fast parser returns, and every string the fast writer returns,
//  must be exactly what DateFormatter gives; anything else must be declined.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

/// A DateFormatter configured as `JSONValueTransformer.date(format:)` configures one.
private func referenceFormatter(_ format: String, _ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.dateFormat = format
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.calendar = Calendar(identifier: .gregorian)
    return formatter
}

private let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

@Suite("Transformers: compiled date patterns")
struct DatePatternTests {
    static let twitter = "EEE MMM dd HH:mm:ss Z yyyy"

    @Test("which patterns compile", arguments: [
        ("EEE MMM dd HH:mm:ss Z yyyy", true), ("yyyy-MM-dd HH:mm:ss", true), ("yyyy/MM/dd", true),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", true), ("dd.MM.yyyy", true), ("yyyy-MM-dd'T'HH:mm:ss'Z'", true),
        ("yyyyMMdd", false), ("yy-MM-dd", false), ("yyyy-M-d", false), ("MMMM dd, yyyy", false),
        ("yyyy-MM-dd hh:mm a", false), ("HH:mm", false), ("yyyy-MM-dd'T", false), ("EEEE, yyyy-MM-dd", false),
    ])
    func compiles(format: String, expected: Bool) {
        #expect((DatePattern.compile(format) != nil) == expected)
    }

    @Test("only en_US_POSIX with a fixed-offset time zone is compiled")
    func localeAndZone() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        #expect(DatePattern(format: "yyyy-MM-dd", locale: posix, timeZone: utc) != nil)
        #expect(DatePattern(format: "yyyy-MM-dd", locale: posix, timeZone: try #require(TimeZone(secondsFromGMT: 19_800))) != nil)
        #expect(DatePattern(format: "yyyy-MM-dd", locale: Locale(identifier: "fr_FR"), timeZone: utc) == nil)
        if let newYork = TimeZone(identifier: "America/New_York") {
            #expect(DatePattern(format: "yyyy-MM-dd", locale: posix, timeZone: newYork) == nil)
        }
    }

    /// Input strings and whether the fast parser must handle them itself.
    static let parseCases: [(format: String, text: String, handled: Bool)] = [
        (twitter, "Sun Aug 31 00:29:15 +0000 2014", true),      // real tweet timestamp (twitter.json)
        (twitter, "Tue Feb 29 12:00:00 -0800 2000", true),       // leap day, negative offset
        (twitter, "Fri Mar 01 23:59:59 +0530 2024", true),       // half-hour offset
        (twitter, "Mon Aug 31 00:29:15 +0000 2014", false),      // wrong weekday: declined
        (twitter, "Sun Aug 31 00:29:15 GMT 2014", false),        // another zone form: declined
        (twitter, "sun aug 31 00:29:15 +0000 2014", false),      // case: declined
        ("yyyy-MM-dd HH:mm:ss", "2024-02-29 23:59:59", true),
        ("yyyy-MM-dd HH:mm:ss", "2023-02-29 10:00:00", false),   // not a leap year
        ("yyyy-MM-dd HH:mm:ss", "1900-02-29 10:00:00", false),   // not a leap year
        ("yyyy-MM-dd HH:mm:ss", "2024-13-01 10:00:00", false),   // month 13
        ("yyyy-MM-dd HH:mm:ss", "2024-04-31 10:00:00", false),   // April 31
        ("yyyy-MM-dd HH:mm:ss", "2024-01-01 24:00:00", false),
        ("yyyy-MM-dd HH:mm:ss", "2024-01-01 10:60:00", false),
        ("yyyy-MM-dd HH:mm:ss", "2024-01-01 10:00:60", false),
        ("yyyy-MM-dd HH:mm:ss", "2024-1-01 10:00:00", false),    // width
        ("yyyy-MM-dd HH:mm:ss", "2024-01-01 10:00:00 ", false),  // trailing text
        ("yyyy-MM-dd HH:mm:ss", "1583-01-01 00:00:00", false),   // before 1600: DateFormatter decides
        ("yyyy-MM-dd HH:mm:ss", "9999-12-31 23:59:59", true),
        ("yyyy/MM/dd", "1970-01-01", false),                     // wrong separator
        ("yyyy/MM/dd", "1970/01/01", true),
        ("yyyy/MM/dd", "1600/03/01", true),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2017-10-10T16:00:00.123+0200", true),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2017-10-10T16:00:00.12+0200", false),
        ("dd MMM yyyy", "05 Dec 2019", true),
        ("dd MMM yyyy", "05 Dex 2019", false),
    ]

    @Test("parsing gives DateFormatter's date, or declines", arguments: parseCases)
    func parse(format: String, text: String, handled: Bool) throws {
        let pattern = try #require(DatePattern(format: format, locale: Locale(identifier: "en_US_POSIX"), timeZone: utc))
        let fast = pattern.date(from: text)
        #expect((fast != nil) == handled)
        if let fast {
            #expect(fast == referenceFormatter(format, utc).date(from: text))
        }
        // Through the transformer, the result is DateFormatter's in every case
        // (a string DateFormatter rejects is an error).
        let transformed = (try? JSONValueTransformer.date(format: format).transformedValue(text)) as? Date
        #expect(transformed == referenceFormatter(format, utc).date(from: text))
    }

    @Test("generated dates: same strings and same dates as DateFormatter", arguments: [
        (twitter, 0), ("yyyy-MM-dd HH:mm:ss", 0), ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", 0), ("yyyy/MM/dd", 0),
        (twitter, -28_800), ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", 19_800), ("dd MMM yyyy HH:mm", 3_600),
    ])
    func generated(format: String, offset: Int) throws {
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        let pattern = try #require(DatePattern(format: format, locale: Locale(identifier: "en_US_POSIX"), timeZone: zone))
        let formatter = referenceFormatter(format, zone)
        var generator = SplitMix64(seed: UInt64(bitPattern: Int64(offset)) ^ UInt64(format.utf8.count))
        var handled = 0
        for _ in 0..<2_000 {
            // Whole milliseconds between 1601 and 9998.
            let milliseconds = Int64.random(in: -11_600_000_000_000 ... 253_300_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let expectedString = formatter.string(from: date)
            if let fastString = pattern.string(from: date) {
                handled += 1
                #expect(fastString == expectedString, "\(date)")
            }
            let expectedDate = formatter.date(from: expectedString)
            #expect(expectedDate != nil)
            if let fastDate = pattern.date(from: expectedString) {
                #expect(fastDate == expectedDate, "\(expectedString)")
            } else {
                Issue.record("declined \(expectedString)")
            }
        }
        #expect(handled > 1_500)
    }

    /// Instants whose seconds (or milliseconds) since 1970 do not fit 32 bits, where `Int` has
    /// 32 bits (arm64_32 watchOS): parsed by the fast path itself (not declined), and written by
    /// it where it can show the milliseconds whole, as DateFormatter parses and writes them.
    @Test("dates beyond 32-bit seconds and milliseconds: handled, and as DateFormatter", arguments: [
        -11_670_912_000_000,   // 1600-03-01, the first year handled
        -2_208_988_800_000,    // 1900-01-01
        -2_147_483_649_000,    // 1901-12-13T20:45:51Z: seconds below Int32.min
        -2_147_483_648_000,
        -1,                    // 1969-12-31T23:59:59.999Z
        2_147_483_647,         // 1970-01-25T20:31:23.647Z: milliseconds at Int32.max
        2_147_483_648,
        2_147_483_647_000,     // 2038-01-19T03:14:07Z: seconds at Int32.max
        2_147_483_648_001,
        4_294_967_296_000,     // 2106-02-07T06:28:16Z: 2^32 seconds
        253_402_300_799_999,   // 9999-12-31T23:59:59.999Z, the last instant handled
    ] as [Int64])
    func beyond32Bits(milliseconds: Int64) throws {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        for (format, offset) in [("yyyy-MM-dd'T'HH:mm:ss.SSSZ", 0), (Self.twitter, 0), ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", -28_800)] {
            let zone = try #require(TimeZone(secondsFromGMT: offset))
            let pattern = try #require(DatePattern(format: format, locale: Locale(identifier: "en_US_POSIX"), timeZone: zone))
            let formatter = referenceFormatter(format, zone)
            let expected = formatter.string(from: date)
            // The writer declines a date whose milliseconds its Double arithmetic cannot show to
            // be whole (near 1970 a millisecond is not exact in seconds since 2001): DateFormatter
            // writes those. Whole seconds it writes itself, at both ends of the range too.
            let text = pattern.string(from: date)
            if milliseconds % 1000 == 0 {
                #expect(text == expected)
            } else {
                #expect(text == nil || text == expected)
            }
            let parsed = try #require(pattern.date(from: expected), "declined \(expected)")
            #expect(parsed == formatter.date(from: expected), "\(expected)")
            if format != Self.twitter {
                #expect(parsed == date, "\(expected)")
            }
        }
    }
}
