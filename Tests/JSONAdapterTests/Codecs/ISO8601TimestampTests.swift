import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter
import MantleInternals

/// Epoch seconds of 2017-10-10T16:00:00Z, used by many cases.
private let octoberTenth: Int64 = 1_507_651_200

// MARK: - Helpers

/// Foundation's parser/formatter without fractional seconds (the oracle).
private var foundationWhole: Date.ISO8601FormatStyle { Date.ISO8601FormatStyle() }
/// Foundation's parser/formatter with (millisecond) fractional seconds.
private var foundationFractional: Date.ISO8601FormatStyle { Date.ISO8601FormatStyle(includingFractionalSeconds: true) }

/// Parses with Foundation, trying both the whole-second and the fractional style.
private func foundationParse(_ string: String) -> Date? {
    (try? foundationWhole.parse(string)) ?? (try? foundationFractional.parse(string))
}

/// Runs the byte-level entry point over a copy of `string`'s UTF-8.
private func parseBytes(_ string: String) -> Date? {
    Array(string.utf8).withUnsafeBufferPointer { ISO8601Timestamp.date(fromUTF8: $0) }
}

/// Runs the byte-level entry point over arbitrary bytes.
private func parseBytes(_ bytes: [UInt8]) -> Date? {
    bytes.withUnsafeBufferPointer { ISO8601Timestamp.date(fromUTF8: $0) }
}

/// Collects every string in a decoded JSON value that looks like a date-time ("YYYY-MM-DDT…").
private func collectTimestamps(in value: Any, into result: inout [String]) {
    if let dictionary = value as? [String: Any] {
        for child in dictionary.values { collectTimestamps(in: child, into: &result) }
    } else if let array = value as? [Any] {
        for child in array { collectTimestamps(in: child, into: &result) }
    } else if let string = value as? String {
        let bytes = Array(string.utf8)
        let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9]
        if bytes.count >= 11, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
           bytes[10] == UInt8(ascii: "T"),
           digitPositions.allSatisfy({ bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }) {
            result.append(string)
        }
    }
}

/// First instant for which Foundation's Gregorian calendar is proleptic-compatible.
/// Before 1582-10-15 Foundation switches to the Julian calendar, while ISO 8601
/// (and this codec) use the proleptic Gregorian calendar, so comparisons start in 1583.
private let firstComparableEpochSeconds: Int64 = -12_212_553_600  // 1583-01-01T00:00:00Z

// MARK: - Parsing

/// Tests for the hand-written RFC 3339 codec `ISO8601Timestamp`.
@Suite("ISO8601Timestamp")
struct ISO8601TimestampTests {
    /// Parses valid timestamps to the exact instant.
    @Test("parses valid timestamps to the exact instant", arguments: ISO8601TimestampTests.validTimestampCases)
    func parsesValid(_ testCase: ValidTimestampCase) throws {
        let date = try #require(ISO8601Timestamp.date(from: testCase.input))
        #expect(date == testCase.expectedDate)
        #expect(parseBytes(testCase.input) == date)
    }

    /// Agrees with Date.ISO8601FormatStyle wherever Foundation accepts the input.
    @Test("agrees with Date.ISO8601FormatStyle wherever Foundation accepts the input", arguments: ISO8601TimestampTests.validTimestampCases)
    func agreesWithFoundationOnValid(_ testCase: ValidTimestampCase) {
        guard testCase.epochSeconds >= firstComparableEpochSeconds,
              let expected = foundationParse(testCase.input) else { return }
        #expect(ISO8601Timestamp.date(from: testCase.input) == expected)
    }

    /// Rejects malformed or out-of-range timestamps.
    @Test("rejects malformed or out-of-range timestamps", arguments: ISO8601TimestampTests.invalidTimestampCases)
    func rejectsInvalid(_ input: String) {
        #expect(ISO8601Timestamp.date(from: input) == nil)
        #expect(parseBytes(input) == nil)
    }

    /// Empty and nil-based buffers are rejected.
    @Test("empty and nil-based buffers are rejected")
    func emptyBuffers() {
        #expect(ISO8601Timestamp.date(fromUTF8: UnsafeBufferPointer(start: nil, count: 0)) == nil)
        #expect(parseBytes([UInt8]()) == nil)
    }

    /// Accepts a substring's bytes via the UTF-8 entry point.
    @Test("accepts a substring's bytes via the UTF-8 entry point")
    func parsesSliceOfLargerBuffer() {
        let json = Array(#"{"created_at":"2017-10-10T16:00:00Z"}"#.utf8)
        let date = json.withUnsafeBufferPointer { buffer in
            ISO8601Timestamp.date(fromUTF8: UnsafeBufferPointer(rebasing: buffer[15..<35]))
        }
        #expect(date == Date(timeIntervalSince1970: TimeInterval(octoberTenth)))
    }

    /// February 29 is valid exactly in Gregorian leap years 0001–9999.
    @Test("February 29 is valid exactly in Gregorian leap years 0001–9999")
    func leapDays() {
        for year in 1...9999 {
            let padded = String(repeating: "0", count: 4 - String(year).count) + String(year)
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let parsed = ISO8601Timestamp.date(from: "\(padded)-02-29T00:00:00Z")
            #expect((parsed != nil) == isLeap, "year \(padded)")
            if let parsed {
                #expect(ISO8601Timestamp.string(from: parsed) == "\(padded)-02-29T00:00:00Z")
            }
        }
    }

    /// Very long fractions are accepted and rounded to nanoseconds.
    @Test("very long fractions are accepted and rounded to nanoseconds")
    func longFraction() throws {
        let digits = String(repeating: "9", count: 100_000)
        let date = try #require(ISO8601Timestamp.date(from: "2017-10-10T16:00:00.\(digits)Z"))
        #expect(abs(date.timeIntervalSince1970 - TimeInterval(octoberTenth + 1)) < 1e-6)
        #expect(ISO8601Timestamp.date(from: "2017-10-10T16:00:00.\(digits)xZ") == nil)
    }

    /// Never traps on mutated or random input.
    @Test("never traps on mutated or random input")
    func fuzz() {
        var generator = SplitMix64(seed: 0xF022)
        let alphabet = Array("0123456789-:.+TtZz ,\u{0}é".utf8) + [0xFF, 0x80]
        var accepted = 0
        for testCase in Self.validTimestampCases {
            let bytes = Array(testCase.input.utf8)
            // Every truncation.
            for length in 0..<bytes.count {
                _ = parseBytes(Array(bytes[..<length]))
            }
            // Every single-byte substitution.
            for position in bytes.indices {
                for replacement in alphabet {
                    var mutated = bytes
                    mutated[position] = replacement
                    if let date = parseBytes(mutated) {
                        accepted += 1
                        #expect(date.timeIntervalSinceReferenceDate.isFinite)
                        #expect(ISO8601Timestamp.date(from: ISO8601Timestamp.string(from: date)) != nil)
                    }
                }
            }
        }
        // Random byte soup with plausible lengths.
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            _ = parseBytes(bytes)
            _ = ISO8601Timestamp.date(from: String(decoding: bytes, as: UTF8.self))
        }
        #expect(accepted > 0)
    }

    // MARK: - Formatting

    /// Formats dates in UTC with a fraction only when needed, of the fewest of 3, 6 or 9 digits
    /// that read back as the same `Date`.
    @Test("formats dates in UTC with the fewest fraction digits that read back exactly",
          arguments: ISO8601TimestampTests.formatCases)
    func formats(_ testCase: FormatCase) throws {
        let string = ISO8601Timestamp.string(from: testCase.date)
        #expect(string == testCase.expected)
        let parsed = try #require(ISO8601Timestamp.date(from: string))
        if testCase.date.timeIntervalSinceReferenceDate >= Double(ISO8601Timestamp.minimumReferenceSeconds),
           testCase.date.timeIntervalSinceReferenceDate < Double(ISO8601Timestamp.maximumReferenceSeconds),
           !testCase.isNearer {
            #expect(parsed == testCase.date)
        }
    }

    /// A timestamp read and written back is the same `Date`, whatever its fraction (any
    /// number of digits, rounded to nanoseconds when read), in every year.
    @Test("a timestamp read, written and read again is the same Date")
    func timestampRoundTrip() throws {
        var generator = SplitMix64(seed: 26_011)
        let lowest = ISO8601Timestamp.minimumReferenceSeconds
        let highest = ISO8601Timestamp.maximumReferenceSeconds - 1
        for index in 0..<20_000 {
            // A third near 2001, where a Double is finer than a nanosecond.
            let seconds = index % 3 == 0 ? Int64.random(in: -100_000...100_000, using: &generator)
                : Int64.random(in: lowest...highest, using: &generator)
            let digits = Int.random(in: 0...14, using: &generator)
            let fraction = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let whole = ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: Double(seconds)))
            let text = digits == 0 ? whole : whole.dropLast() + "." + fraction + "Z"
            let date = try #require(ISO8601Timestamp.date(from: String(text)), "\(text)")
            let written = ISO8601Timestamp.string(from: date)
            #expect(ISO8601Timestamp.date(from: written) == date, "\(text) → \(written)")
            #expect([20, 24, 27, 30].contains(written.utf8.count), "\(written)")
        }
    }

    /// Any `Date` more than half a year from 2001 (where a `Double` is coarser than a
    /// nanosecond) is written as a timestamp that reads back as exactly that `Date`.
    @Test("any Date more than half a year from 2001 survives a round trip exactly")
    func dateRoundTrip() throws {
        var generator = SplitMix64(seed: 11_2026)
        let lowest = Double(ISO8601Timestamp.minimumReferenceSeconds)
        let highest = Double(ISO8601Timestamp.maximumReferenceSeconds)
        var checked = 0
        while checked < 20_000 {
            let interval = checked % 2 == 0 ? Double.random(in: lowest..<highest, using: &generator)
                : Double.random(in: 16_777_216..<4_000_000_000, using: &generator)
            guard abs(interval) >= 16_777_216 else { continue }
            let date = Date(timeIntervalSinceReferenceDate: interval)
            let written = ISO8601Timestamp.string(from: date)
            #expect(ISO8601Timestamp.date(from: written) == date, "\(interval) → \(written)")
            checked += 1
        }
        // Dates made from milliseconds since 1970 are not the dates those milliseconds read as.
        let fromMilliseconds = Date(timeIntervalSince1970: 1_507_651_200.123)
        #expect(ISO8601Timestamp.string(from: fromMilliseconds) == "2017-10-10T16:00:00.122999907Z")
        #expect(ISO8601Timestamp.date(from: "2017-10-10T16:00:00.122999907Z") == fromMilliseconds)
    }

    /// A fraction of more than nine digits is rounded, half up, at the tenth.
    @Test("a fraction beyond nanoseconds rounds half up at the tenth digit", arguments: [
        ("1000.1234567894", "1000.123456789"), ("1000.1234567895", "1000.123456790"),
        ("1000.12345678949999", "1000.123456789"), ("1000.9999999995", "1001"),
        ("1000.0000000004", "1000"), ("1000.00000000050", "1000.000000001"),
    ])
    func roundsNanoseconds(long: String, short: String) throws {
        /// `text` (seconds since 2001, with a fraction) as a timestamp.
        func timestamp(_ text: String) -> String {
            let parts = text.split(separator: ".")
            let whole = ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: Double(parts[0]) ?? 0))
            return parts.count == 1 ? whole : whole.dropLast() + "." + parts[1] + "Z"
        }
        let rounded = try #require(ISO8601Timestamp.date(from: timestamp(long)))
        #expect(rounded == ISO8601Timestamp.date(from: timestamp(short)))
        #expect(ISO8601Timestamp.string(from: rounded) == timestamp(short))
    }

    /// Foundation's sentinel dates format without trapping.
    @Test("Foundation's sentinel dates format without trapping")
    func sentinelDates() {
        #expect(ISO8601Timestamp.string(from: .distantPast) == "0001-01-01T00:00:00Z")  // 0000-12-30, clamped
        #expect(ISO8601Timestamp.string(from: .distantFuture) == "4001-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01T00:00:00Z")
    }

    // MARK: - Round trips

    /// Round-trips every timestamp in the GitHub issues fixture.
    @Test("round-trips every timestamp in the GitHub issues fixture")
    func fixtureRoundTrip() throws {
        let url = RepositoryFiles.url("Examples/Fixtures/issues.json")
        let data = try Data(contentsOf: url)
        let json = try JSONSerialization.jsonObject(with: data)
        var timestamps: [String] = []
        collectTimestamps(in: json, into: &timestamps)
        try #require(!timestamps.isEmpty, "no timestamps found in \(url.path)")
        for timestamp in timestamps {
            let date = try #require(ISO8601Timestamp.date(from: timestamp), "\(timestamp)")
            #expect(date == (try foundationWhole.parse(timestamp)), "\(timestamp)")
            #expect(ISO8601Timestamp.string(from: date) == timestamp)
            #expect(parseBytes(timestamp) == date)
        }
    }

    /// Round-trips dates across the whole supported range.
    @Test("round-trips dates across the whole supported range")
    func rangeRoundTrip() throws {
        let lowest = ISO8601Timestamp.minimumReferenceSeconds * 1000
        let highest = ISO8601Timestamp.maximumReferenceSeconds * 1000
        // A prime-ish stride in milliseconds visits every month, weekday and millisecond residue.
        var milliseconds = lowest
        var count = 0
        while milliseconds < highest {
            let date = Date(timeIntervalSinceReferenceDate: TimeInterval(milliseconds) / 1000)
            let string = ISO8601Timestamp.string(from: date)
            let parsed = try #require(ISO8601Timestamp.date(from: string), "\(string)")
            #expect(parsed == date, "\(string)")
            #expect(ISO8601Timestamp.string(from: parsed) == string)
            #expect(string.utf8.count == (milliseconds % 1000 == 0 ? 20 : 24))
            milliseconds += 3_155_378_977  // ~36.5 days, odd millisecond residue
            count += 1
        }
        #expect(count > 90_000)
    }

    /// Matches Date.ISO8601FormatStyle for 1,000 pseudo-random dates.
    @Test("matches Date.ISO8601FormatStyle for 1,000 pseudo-random dates")
    func matchesFoundationForRandomDates() throws {
        var generator = SplitMix64(seed: 20_171_010)
        let lowest = (firstComparableEpochSeconds - ISO8601Timestamp.referenceDateOffset) * 1000
        let highest = ISO8601Timestamp.maximumReferenceSeconds * 1000
        for index in 0..<1_000 {
            var milliseconds = Int64.random(in: lowest..<highest, using: &generator)
            if index % 4 == 0 { milliseconds -= milliseconds % 1000 }  // exercise the whole-second form
            let date = Date(timeIntervalSinceReferenceDate: TimeInterval(milliseconds) / 1000)

            let ours = ISO8601Timestamp.string(from: date)
            // Foundation truncates to milliseconds, we round to nearest; nudging by half a
            // millisecond makes Foundation round too (the nudge dwarfs Double's error here).
            let theirs = milliseconds % 1000 == 0
                ? foundationWhole.format(date)
                : foundationFractional.format(date.addingTimeInterval(0.0005))
            #expect(ours == theirs)

            let parsed = ISO8601Timestamp.date(from: ours)
            let foundationParsed = milliseconds % 1000 == 0
                ? try foundationWhole.parse(ours)
                : try foundationFractional.parse(ours)
            #expect(parsed == foundationParsed, "\(ours)")
            #expect(parsed == date, "\(ours)")
        }
    }

    // MARK: - Beyond 32 bits

    /// Instants whose seconds or milliseconds since 1970 do not fit 32 bits, where `Int` has
    /// 32 bits (arm64_32 watchOS); the seconds are `Int64` here as in the parser and writer.
    @Test("instants beyond 32-bit seconds parse, write and agree with Foundation", arguments: [
        ("1901-12-13T20:45:51Z", Int64(-2_147_483_649), 0.0),
        ("1901-12-13T20:45:52Z", Int64(-2_147_483_648), 0.0),
        ("1970-01-25T20:31:23.648Z", Int64(2_147_483), 0.648),  // 2^31 milliseconds
        ("2038-01-19T03:14:07Z", Int64(2_147_483_647), 0.0),
        ("2038-01-19T03:14:08Z", Int64(2_147_483_648), 0.0),
        ("2038-01-19T03:14:08.001Z", Int64(2_147_483_648), 0.001),
        ("2106-02-07T06:28:16Z", Int64(4_294_967_296), 0.0),
        ("2100-01-01T00:00:00Z", Int64(4_102_444_800), 0.0),
        ("1900-01-01T00:00:00Z", Int64(-2_208_988_800), 0.0),
        ("9999-12-31T23:59:59.999Z", Int64(253_402_300_799), 0.999),
        ("1600-03-01T00:00:00Z", Int64(-11_670_912_000), 0.0),
        ("0001-01-01T00:00:00Z", Int64(-62_135_596_800), 0.0),
    ])
    func beyond32Bits(text: String, epochSeconds: Int64, fraction: Double) throws {
        let expected = ValidTimestampCase(text, epochSeconds, fraction: fraction).expectedDate
        let date = try #require(ISO8601Timestamp.date(from: text))
        #expect(date == expected)
        #expect(ISO8601Timestamp.string(from: date) == text)
        if epochSeconds >= firstComparableEpochSeconds {
            let foundation = fraction == 0 ? foundationWhole : foundationFractional
            #expect(foundation.format(date.addingTimeInterval(fraction == 0 ? 0 : 0.0005)) == text)
        }
    }

    /// The largest offsets move an instant of year 1 or 9999 across the formattable range:
    /// parsed as-is, written clamped.
    @Test("offsets of ±23:59 at both ends of the range", arguments: [
        ("0001-01-01T00:00:00+23:59", Int64(-62_135_683_140), "0001-01-01T00:00:00Z"),
        ("9999-12-31T23:59:59-23:59", Int64(253_402_387_139), "9999-12-31T23:59:59.999Z"),
    ])
    func extremeOffsets(text: String, epochSeconds: Int64, written: String) throws {
        let date = try #require(ISO8601Timestamp.date(from: text))
        #expect(date == Date(timeIntervalSince1970: TimeInterval(epochSeconds)))
        #expect(ISO8601Timestamp.exactString(from: date) == nil)
        #expect(ISO8601Timestamp.string(from: date) == written)
    }

    // MARK: - Arithmetic

    /// Range constants match the calendar arithmetic.
    @Test("range constants match the calendar arithmetic")
    func constants() {
        #expect(ISO8601Timestamp.referenceDateOffset == Int64(-Date(timeIntervalSince1970: 0).timeIntervalSinceReferenceDate))
        #expect(ISO8601Timestamp.minimumReferenceSeconds
            == Int64(CivilCalendar.daysSince1970(year: 1, month: 1, day: 1)) * 86_400 - ISO8601Timestamp.referenceDateOffset)
        #expect(ISO8601Timestamp.maximumReferenceSeconds
            == Int64(CivilCalendar.daysSince1970(year: 10_000, month: 1, day: 1)) * 86_400 - ISO8601Timestamp.referenceDateOffset)
    }
}

// MARK: - Tables

/// Case tables and helpers, nested so their names cannot clash with other test files.
extension ISO8601TimestampTests {
    /// A timestamp that must parse, with the instant it denotes.
    struct ValidTimestampCase: Sendable, CustomTestStringConvertible {
        /// The text handed to the parser.
        let input: String
        /// Whole seconds since 1970-01-01T00:00:00Z.
        let epochSeconds: Int64
        /// Fractional part added on top of `epochSeconds`.
        let fraction: Double

        /// Creates a case; `fraction` defaults to zero.
        init(_ input: String, _ epochSeconds: Int64, fraction: Double = 0) {
            self.input = input
            self.epochSeconds = epochSeconds
            self.fraction = fraction
        }

        /// The expected date, built with a single rounding step exactly like the parser does.
        var expectedDate: Date {
            Date(timeIntervalSince1970: TimeInterval(epochSeconds)).addingTimeInterval(fraction)
        }

        /// Shown by the test runner.
        var testDescription: String { input }
    }

    /// A date and the string `ISO8601Timestamp.string(from:)` must produce for it.
    struct FormatCase: Sendable, CustomTestStringConvertible {
        /// The date (any, including non-finite intervals).
        let date: Date
        /// The expected output.
        let expected: String
        /// `true` when the output is the next second, nearer than any nine digits (not the same `Date`).
        let isNearer: Bool

        /// A case for the date `secondsSince1970` seconds after 1970.
        init(_ secondsSince1970: Double, _ expected: String) {
            date = Date(timeIntervalSince1970: secondsSince1970)
            self.expected = expected
            isNearer = false
        }

        /// A case for the date `reference` seconds after 2001 (the `Date`'s own number, as
        /// timestamps are read).
        init(reference: Double, _ expected: String, isNearer: Bool = false) {
            date = Date(timeIntervalSinceReferenceDate: reference)
            self.expected = expected
            self.isNearer = isNearer
        }

        /// Shown by the test runner.
        var testDescription: String { "\(date.timeIntervalSinceReferenceDate) -> \(expected)" }
    }

    /// Timestamps that must be accepted.
    static let validTimestampCases: [ValidTimestampCase] = [
        ValidTimestampCase("1970-01-01T00:00:00Z", 0),
        ValidTimestampCase("2017-10-10T16:00:00Z", octoberTenth),
        ValidTimestampCase("2017-10-10t16:00:00z", octoberTenth),
        ValidTimestampCase("2017-10-10T16:00:00.000Z", octoberTenth),
        ValidTimestampCase("2017-10-10T16:00:00.123Z", octoberTenth, fraction: 0.123),
        ValidTimestampCase("2017-10-10T16:00:00.5Z", octoberTenth, fraction: 0.5),
        ValidTimestampCase("2017-10-10T16:00:00.123456Z", octoberTenth, fraction: 0.123456),
        ValidTimestampCase("2017-10-10T16:00:00.1234567890123456789012Z", octoberTenth, fraction: 0.123456789012345678),
        ValidTimestampCase("2017-10-10T18:00:00+02:00", octoberTenth),
        ValidTimestampCase("2017-10-10T18:00:00+0200", octoberTenth),
        ValidTimestampCase("2017-10-10T18:00:00.25+02:00", octoberTenth, fraction: 0.25),
        ValidTimestampCase("2017-10-10T12:30:00-03:30", octoberTenth),
        ValidTimestampCase("2017-10-10T12:30:00-0330", octoberTenth),
        ValidTimestampCase("2017-10-10T16:00:00+00:00", octoberTenth),
        ValidTimestampCase("2017-10-10T16:00:00-00:00", octoberTenth),
        ValidTimestampCase("2017-10-11T15:59:00+23:59", octoberTenth),
        ValidTimestampCase("2017-10-09T16:01:00-23:59", octoberTenth),
        ValidTimestampCase("2017-12-31T23:59:59Z", 1_514_764_799),
        ValidTimestampCase("2017-12-31T23:59:59.999999Z", 1_514_764_799, fraction: 0.999999),
        ValidTimestampCase("2016-02-29T12:00:00Z", 1_456_747_200),
        ValidTimestampCase("2000-02-29T00:00:00Z", 951_782_400),
        ValidTimestampCase("1600-02-29T00:00:00Z", -11_670_998_400),
        ValidTimestampCase("1900-03-01T00:00:00Z", -2_203_891_200),
        ValidTimestampCase("2100-02-28T00:00:00Z", 4_107_456_000),
        ValidTimestampCase("1969-12-31T23:59:59Z", -1),
        ValidTimestampCase("1969-12-31T23:59:59.5Z", -1, fraction: 0.5),
        ValidTimestampCase("2001-01-01T00:00:00Z", 978_307_200),
        ValidTimestampCase("2038-01-19T03:14:08Z", 2_147_483_648),
        ValidTimestampCase("1583-01-01T00:00:00Z", -12_212_553_600),
        ValidTimestampCase("0001-01-01T00:00:00Z", -62_135_596_800),
        ValidTimestampCase("0001-01-01T00:00:00+01:00", -62_135_596_800 - 3_600),
        ValidTimestampCase("9999-12-31T23:59:59Z", 253_402_300_799),
        ValidTimestampCase("9999-12-31T23:59:59.999Z", 253_402_300_799, fraction: 0.999),
        ValidTimestampCase("9999-12-31T23:59:59-23:59", 253_402_300_799 + 86_340),
    ]

    /// Strings that must be rejected (`nil`).
    static let invalidTimestampCases: [String] = [
        "",
        "2017",
        "2017-10-10",
        "2017-10-10T16:00Z",
        "2017-10-10T16:00:00",
        "2017-10-10T16:00:00.5",
        "2017-10-10 16:00:00Z",
        " 2017-10-10T16:00:00Z",
        "2017-10-10T16:00:00Z ",
        "2017-10-10T16:00:00Z\n",
        "\"2017-10-10T16:00:00Z\"",
        "20171010T160000Z",
        "2017/10/10T16:00:00Z",
        "2017-1-10T16:00:00Z",
        "2017-10-10X16:00:00Z",
        "2017-10-1aT16:00:00Z",
        "2017-10-10T1a:00:00Z",
        "２017-10-10T16:00:00Z",
        "2017-10-10T16:00:00.Z",
        "2017-10-10T16:00:00,5Z",
        "2017-10-10T16:00:00.5.5Z",
        "2017-00-10T16:00:00Z",
        "2017-13-10T16:00:00Z",
        "2017-10-00T16:00:00Z",
        "2017-10-32T16:00:00Z",
        "2017-04-31T16:00:00Z",
        "2017-02-29T16:00:00Z",
        "1900-02-29T00:00:00Z",
        "2100-02-29T00:00:00Z",
        "0000-01-01T00:00:00Z",
        "10000-01-01T00:00:00Z",
        "99999999999999999999-01-01T00:00:00Z",
        "+2017-10-10T16:00:00Z",
        "-2017-10-10T16:00:00Z",
        "2017-10-10T24:00:00Z",
        "2017-10-10T16:60:00Z",
        "2017-10-10T16:00:60Z",
        "2016-12-31T23:59:60Z",
        "2017-10-10T16:00:00+24:00",
        "2017-10-10T16:00:00-99:00",
        "2017-10-10T16:00:00+23:60",
        "2017-10-10T16:00:00+2:00",
        "2017-10-10T16:00:00+02",
        "2017-10-10T16:00:00+02:0",
        "2017-10-10T16:00:00+02:",
        "2017-10-10T16:00:00+",
        "2017-10-10T16:00:00+02:00:00",
        "2017-10-10T16:00:00+02:00Z",
        "2017-10-10T16:00:00+02-00",
        "2017-10-10T16:00:00ZZ",
        "2017-10-10T16:00:00UTC",
        "2017-10-10T16:00:00GMT+2",
        "2017-10-10T16:00:00Z\u{0}",
    ]

    /// Dates and their canonical formatting.
    static let formatCases: [FormatCase] = [
        FormatCase(0, "1970-01-01T00:00:00Z"),
        FormatCase(1_507_651_200, "2017-10-10T16:00:00Z"),
        FormatCase(reference: 529_344_000.123, "2017-10-10T16:00:00.123Z"),
        FormatCase(1_507_651_200.5, "2017-10-10T16:00:00.500Z"),
        FormatCase(reference: 529_344_000.05, "2017-10-10T16:00:00.050Z"),
        FormatCase(reference: 529_344_000.001, "2017-10-10T16:00:00.001Z"),
        FormatCase(reference: 529_344_000.0004, "2017-10-10T16:00:00.000400Z"),
        FormatCase(reference: 529_344_000.9996, "2017-10-10T16:00:00.999600Z"),
        FormatCase(reference: 529_344_000.987654, "2017-10-10T16:00:00.987654Z"),
        FormatCase(reference: 1_000.987654321, "2001-01-01T00:16:40.987654321Z"),
        FormatCase(reference: 1_000.9999999999, "2001-01-01T00:16:41Z", isNearer: true),
        FormatCase(1_507_651_200.123, "2017-10-10T16:00:00.122999907Z"),
        FormatCase(1_514_764_799.9999, "2017-12-31T23:59:59.999900103Z"),
        FormatCase(-1, "1969-12-31T23:59:59Z"),
        FormatCase(-0.5, "1969-12-31T23:59:59.500Z"),
        FormatCase(-0.001, "1969-12-31T23:59:59.999Z"),
        FormatCase(951_782_400, "2000-02-29T00:00:00Z"),
        FormatCase(1_456_747_200, "2016-02-29T12:00:00Z"),
        FormatCase(978_307_200, "2001-01-01T00:00:00Z"),
        FormatCase(2_147_483_648, "2038-01-19T03:14:08Z"),
        FormatCase(-62_135_596_800, "0001-01-01T00:00:00Z"),
        FormatCase(-62_135_596_799.75, "0001-01-01T00:00:00.250Z"),
        FormatCase(253_402_300_799, "9999-12-31T23:59:59Z"),
        FormatCase(253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
        FormatCase(253_402_300_799.9999, "9999-12-31T23:59:59.999908Z"),
        // Clamped: outside 0001...9999 (NaN clamps to the lower bound).
        FormatCase(253_402_300_800, "9999-12-31T23:59:59.999Z"),
        FormatCase(1e300, "9999-12-31T23:59:59.999Z"),
        FormatCase(.infinity, "9999-12-31T23:59:59.999Z"),
        FormatCase(-62_135_596_800.25, "0001-01-01T00:00:00Z"),
        FormatCase(-1e300, "0001-01-01T00:00:00Z"),
        FormatCase(-.infinity, "0001-01-01T00:00:00Z"),
        FormatCase(.nan, "0001-01-01T00:00:00Z"),
    ]
}
