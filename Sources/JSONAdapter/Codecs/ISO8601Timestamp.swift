#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MantleInternals

/// Parses and formats internet timestamps (RFC 3339 profile of ISO 8601).
///
/// Everything is done with integer arithmetic on UTF-8 bytes (the calendar
/// arithmetic is MantleCore's `CivilCalendar`, over the proleptic Gregorian
/// calendar); no `DateFormatter`, `ISO8601DateFormatter`, `Calendar` or
/// `TimeZone` is involved, and parsing performs no heap allocation for native
/// Swift strings.
///
/// Accepted grammar (anything else yields `nil`, never a trap):
///
///     date-time   = YYYY "-" MM "-" DD ("T" / "t") hh ":" mm ":" ss [ "." 1*DIGIT ] offset
///     offset      = "Z" / "z" / ("+" / "-") hh [":"] mm
///
/// Validation rules:
/// - years `0001`–`9999`; months `01`–`12`; days must exist in that month
///   (so `02-29` only in leap years);
/// - hours `00`–`23` (`24:00:00` is rejected); minutes `00`–`59`;
/// - seconds `00`–`59`: the leap second `60` is **rejected**, because `Date`
///   cannot represent it and silently moving it to the next second would hide
///   bad input (Foundation's formatters normalise it instead);
/// - offsets up to `±23:59` (`-00:00` means UTC); both `+02:00` and `+0200`;
/// - a fraction may have any number of digits; it is rounded to nanoseconds
///   (9 digits, half up), finer than `Date`'s `Double` resolution for every
///   date more than half a year from 2001. Later digits are checked, and
///   the tenth rounds.
///
/// Writing (``string(from:)``) uses the same arithmetic, so that a date read
/// from a timestamp is written as one that reads back as the same `Date`.
///
/// A local time with an offset may resolve to an instant just outside years
/// 0001–9999 in UTC (e.g. `0001-01-01T00:00:00+01:00`); that instant is
/// returned as-is.
package enum ISO8601Timestamp {
    /// Parses a timestamp such as `"2017-10-10T16:00:00Z"`,
    /// `"2017-10-10T16:00:00.123Z"`, `"2017-10-10T18:00:00+02:00"` or
    /// `"2017-10-10T18:00:00+0200"` (lowercase `t`/`z` accepted).
    ///
    /// Returns `nil` for anything outside the grammar documented on
    /// ``ISO8601Timestamp`` (including impossible calendar dates, hour 24,
    /// minute 60, second 60 and offsets beyond ±23:59).
    package static func date(from string: String) -> Date? {
        if let result = string.utf8.withContiguousStorageIfAvailable({ date(fromUTF8: $0) }) {
            return result
        }
        return Array(string.utf8).withUnsafeBufferPointer { date(fromUTF8: $0) }
    }

    /// Parses a timestamp from raw UTF-8 bytes: the implementation behind
    /// ``date(from:)``, which the tests also call directly on arbitrary bytes.
    ///
    /// The whole buffer must be the timestamp (no quotes, no whitespace).
    package static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let count = bytes.count
        // Shortest valid form: "YYYY-MM-DDThh:mm:ssZ".
        guard count >= 20 else { return nil }

        guard
            let year = fourDigits(bytes, at: 0), bytes[4] == ASCII.hyphen,
            let month = twoDigits(bytes, at: 5), bytes[7] == ASCII.hyphen,
            let day = twoDigits(bytes, at: 8),
            bytes[10] == ASCII.upperT || bytes[10] == ASCII.lowerT,
            let hour = twoDigits(bytes, at: 11), bytes[13] == ASCII.colon,
            let minute = twoDigits(bytes, at: 14), bytes[16] == ASCII.colon,
            let second = twoDigits(bytes, at: 17)
        else { return nil }

        guard
            year >= 1, month >= 1, month <= 12,
            day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }

        var index = 19

        // Optional fraction: "." followed by one or more digits.
        var fraction = 0.0
        if bytes[index] == ASCII.period {
            index += 1
            let start = index
            var mantissa = 0
            var scale = 1
            while index < count, let digit = digitValue(bytes[index]) {
                if index - start < maxFractionDigits {
                    mantissa = mantissa * 10 + digit
                    scale *= 10
                } else if index - start == maxFractionDigits, digit >= 5 {
                    mantissa += 1  // may reach `scale`: a whole second, which the addition below carries
                }
                index += 1
            }
            guard index > start else { return nil }
            fraction = self.fraction(mantissa, scale)
        }

        // Mandatory offset.
        guard index < count else { return nil }
        var offsetSeconds: Int64 = 0
        switch bytes[index] {
        case ASCII.upperZ, ASCII.lowerZ:
            index += 1
        case ASCII.plus, ASCII.minus:
            let negative = bytes[index] == ASCII.minus
            index += 1
            guard index + 2 <= count, let offsetHour = twoDigits(bytes, at: index) else { return nil }
            index += 2
            if index < count, bytes[index] == ASCII.colon {
                index += 1
            }
            guard index + 2 <= count, let offsetMinute = twoDigits(bytes, at: index) else { return nil }
            index += 2
            guard offsetHour <= 23, offsetMinute <= 59 else { return nil }
            let magnitude = Int64(offsetHour * 3600 + offsetMinute * 60)
            offsetSeconds = negative ? -magnitude : magnitude
        default:
            return nil
        }
        guard index == count else { return nil }

        // All components are range-checked above; in 64 bits (the seconds of years 0001–9999
        // pass 2^31) this cannot overflow.
        let secondsSince1970: Int64 = CivilCalendar.secondsSince1970(
            year: year, month: month, day: day, secondOfDay: hour * 3_600 + minute * 60 + second) - offsetSeconds
        let secondsSinceReference: Int64 = secondsSince1970 - referenceDateOffset
        return Date(timeIntervalSinceReferenceDate: interval(secondsSinceReference, fraction))
    }

    /// The fraction of a second that `digits` digits over `scale` (a power of ten) stand for.
    @inline(__always)
    private static func fraction(_ digits: Int, _ scale: Int) -> Double {
        Double(digits) / Double(scale)
    }

    /// The interval since the reference date of `seconds` whole seconds and `fraction`:
    /// the reader's arithmetic, which the writer checks its digits against.
    @inline(__always)
    private static func interval(_ seconds: Int64, _ fraction: Double) -> TimeInterval {
        Double(seconds) + fraction
    }

    /// Formats `date` like ``string(from:)`` when it lies in
    /// `0001-01-01T00:00:00Z`…`9999-12-31T23:59:59.999…Z`; `nil` for a date
    /// outside that range, NaN or infinite, which no timestamp denotes.
    package static func exactString(from date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval >= Double(minimumReferenceSeconds), interval < Double(maximumReferenceSeconds) else {
            return nil  // also NaN
        }
        return string(from: date)
    }

    /// Formats `date` in UTC as `"2017-10-10T16:00:00Z"`, with a fraction
    /// only when the date is not on a whole second: the fewest of 3, 6 or 9
    /// digits that ``date(from:)`` reads back as exactly this `Date`
    /// (`.123`, `.987654`, `.987654321`), else the nearest 9. Every date read
    /// from a timestamp is written back as one that reads as the same `Date`,
    /// and so is every date more than half a year from 2001 (where a `Double`
    /// is coarser than a nanosecond); `Date(timeIntervalSince1970: 1507651200.123)`,
    /// which is not the `Date` that `.123` reads as, is written `.122999907`.
    ///
    /// Dates outside `0001-01-01T00:00:00Z`…`9999-12-31T23:59:59.999Z` are
    /// clamped to that range (NaN is treated as the lower bound), so the
    /// result always parses back with ``date(from:)``.
    package static func string(from date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        let (secondsSinceReference, fraction) = parts(of: interval)
        // Seconds of years 0001–9999 pass 2^31: in 64 bits; fewer than 2^31 days.
        let secondsSince1970: Int64 = secondsSinceReference + referenceDateOffset
        var day: Int64 = secondsSince1970 / 86_400  // floored: not CivilCalendar's generic floorDivide, unspecialised here
        if secondsSince1970 % 86_400 < 0 { day -= 1 }
        let secondOfDay = Int(secondsSince1970 - day * 86_400)  // 32-bit: 0...86_399
        let civil = CivilCalendar.date(daysSince1970: Int(day))  // 32-bit: within ±2^31 days of 1970

        let length = fraction.digits == 0 ? 20 : 21 + fraction.digits
        // SAFETY: the year is clamped to 0001...9999 by `parts(of:)`, so every
        // field has its fixed width, and the fraction has `digits` (at most 9)
        // digits: the writes fill exactly `length` bytes.
        return String(unsafeUninitializedCapacity: length) { buffer in
            writeDigits(civil.year, width: 4, into: buffer, at: 0)
            buffer[4] = ASCII.hyphen
            writeDigits(civil.month, width: 2, into: buffer, at: 5)
            buffer[7] = ASCII.hyphen
            writeDigits(civil.day, width: 2, into: buffer, at: 8)
            buffer[10] = ASCII.upperT
            writeDigits(secondOfDay / 3_600, width: 2, into: buffer, at: 11)
            buffer[13] = ASCII.colon
            writeDigits(secondOfDay / 60 % 60, width: 2, into: buffer, at: 14)
            buffer[16] = ASCII.colon
            writeDigits(secondOfDay % 60, width: 2, into: buffer, at: 17)
            if fraction.digits == 0 {
                buffer[19] = ASCII.upperZ
            } else {
                buffer[19] = ASCII.period
                writeDigits(fraction.value, width: fraction.digits, into: buffer, at: 20)
                buffer[20 + fraction.digits] = ASCII.upperZ
            }
            return length
        }
    }

    /// The whole seconds since the reference date and the fraction (its
    /// digits as an integer and their number, 0 for none) to write for
    /// `interval`, clamped to years 0001–9999.
    private static func parts(of interval: TimeInterval) -> (seconds: Int64, fraction: (value: Int, digits: Int)) {
        guard interval >= Double(minimumReferenceSeconds) else {  // also NaN
            return (minimumReferenceSeconds, (0, 0))
        }
        guard interval < Double(maximumReferenceSeconds) else {
            return (maximumReferenceSeconds - 1, (999, 3))
        }
        let whole = interval.rounded(.down)
        let seconds = Int64(whole)  // within the bounds just checked: cannot trap
        // Exact (Sterbenz), except less than a second before 2001, where it may round to 1.
        let remainder = interval - whole
        if remainder == 0 { return (seconds, (0, 0)) }
        var scale = 1
        var digits = 0
        var nearest: (value: Int, digits: Int)?
        while digits < maxFractionDigits {
            scale *= 1_000
            digits += 3
            let value = Int((remainder * Double(scale)).rounded())  // 32-bit: 0...10^9, below 2^31
            guard value < scale else { continue }  // rounds up to the next second: more digits
            nearest = (value, digits)
            if Self.interval(seconds, fraction(value, scale)) == interval { return (seconds, (value, digits)) }
        }
        if let nearest { return (seconds, nearest) }
        // Nearer the next second than any nine digits.
        if seconds + 1 < maximumReferenceSeconds { return (seconds + 1, (0, 0)) }
        return (seconds, (999_999_999, maxFractionDigits))
    }

    // MARK: - Constants

    /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z (`Date`'s reference date).
    static let referenceDateOffset: Int64 = 978_307_200

    /// `0001-01-01T00:00:00Z` as seconds since the reference date (lowest formattable instant).
    static let minimumReferenceSeconds: Int64 = -63_113_904_000

    /// `10000-01-01T00:00:00Z` as seconds since the reference date (exclusive upper bound for formatting).
    static let maximumReferenceSeconds: Int64 = 252_423_993_600

    /// Number of fraction digits read and written (nanoseconds); the next one read rounds.
    private static let maxFractionDigits = 9

    /// ASCII code units used by the grammar.
    private enum ASCII {
        static let hyphen = UInt8(ascii: "-")
        static let plus = UInt8(ascii: "+")
        /// `-` (as an offset sign)
        static let minus = UInt8(ascii: "-")
        static let colon = UInt8(ascii: ":")
        static let period = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0")
        static let upperT = UInt8(ascii: "T")
        static let lowerT = UInt8(ascii: "t")
        static let upperZ = UInt8(ascii: "Z")
        static let lowerZ = UInt8(ascii: "z")
    }

    // MARK: - Byte helpers

    /// The value of an ASCII decimal digit, or `nil` for any other byte.
    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> Int? {
        let value = byte &- ASCII.zero
        return value < 10 ? Int(value) : nil  // 32-bit: a UInt8
    }

    /// Two ASCII digits at `index` (the caller guarantees `index + 1 < bytes.count`).
    ///
    /// SAFETY: `UnsafeBufferPointer`'s subscript is unchecked in release
    /// builds; every caller checks the length first (the fixed-layout checks in
    /// `date(fromUTF8:)`), and the tests cut timestamps at every length.
    @inline(__always)
    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard let tens = digitValue(bytes[index]), let ones = digitValue(bytes[index + 1]) else { return nil }
        return tens * 10 + ones
    }

    /// Four ASCII digits at `index` (the caller guarantees `index + 3 < bytes.count`).
    @inline(__always)
    private static func fourDigits(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard let high = twoDigits(bytes, at: index), let low = twoDigits(bytes, at: index + 2) else { return nil }
        return high * 100 + low
    }

    /// Writes `value` (non-negative, fewer than `width` digits is zero-padded) as ASCII.
    @inline(__always)
    private static func writeDigits(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        var remaining = value
        var position = index + width - 1
        while position >= index {
            buffer[position] = ASCII.zero &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            position -= 1
        }
    }
}
