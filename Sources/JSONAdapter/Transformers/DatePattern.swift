import Foundation
import MantleInternals

/// A fixed-width `DateFormatter` pattern compiled into a direct parser and
/// writer, for ``JSONValueTransformer/date(format:locale:timeZone:)``.
///
/// `DateFormatter` clones an ICU formatter per call on Linux and is the
/// largest cost of decoding date-heavy JSON (Twitter's
/// `EEE MMM dd HH:mm:ss Z yyyy`). This type handles the common fixed-width
/// patterns itself and *declines* (returns `nil`) for everything it cannot
/// prove it handles exactly as `DateFormatter` would; the transformer then asks
/// `DateFormatter`. So the fast path only ever returns what `DateFormatter`
/// returns (the tests compare both on tables and on generated dates).
///
/// Compiled only for the `en_US_POSIX` locale, the Gregorian calendar and a
/// time zone with one fixed offset (UTC, GMT, `TimeZone(secondsFromGMT:)`).
/// Supported fields: `yyyy`, `MM`, `MMM` (English abbreviations), `dd`, `HH`,
/// `mm`, `ss`, `SSS`, `EEE` (English abbreviations), `Z`/`ZZ`/`ZZZ`
/// (`+0000`), quoted literals (`'T'`) and other non-letter characters.
/// Parsing declines input with other widths, years outside 1600...9999
/// (ICU's Julian cutover lies before), out-of-range fields, and a weekday that
/// does not match the date; writing declines dates outside those years and
/// dates with fractions of a millisecond.
struct DatePattern: Sendable {
    /// One element of a pattern.
    enum Field: Equatable, Sendable {
        case year, month, monthName, day, hour, minute, second, millisecond, weekdayName, zoneOffset
        case literal([UInt8])

        /// The number of bytes the field has in the text (`+hhmm` for the time zone).
        var width: Int {
            switch self {
            case .year: return 4
            case .month, .day, .hour, .minute, .second: return 2
            case .millisecond, .monthName, .weekdayName: return 3
            case .zoneOffset: return 5
            case .literal(let bytes): return bytes.count
            }
        }
    }

    let fields: [Field]
    /// The formatter's time zone offset in seconds (used for writing and
    /// for parsing patterns without a zone field).
    let secondsFromGMT: Int  // 32-bit: within ±18 hours (TimeZone's range)

    /// English month and weekday abbreviations, as `en_US_POSIX` writes them.
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }
    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }
    /// Seconds between 1970 and 2001 (Foundation's reference date).
    private static let referenceDateOffset = 978_307_200.0

    /// Compiles `format`, or returns `nil` when the pattern, locale or time zone is not one it handles.
    init?(format: String, locale: Locale, timeZone: TimeZone) {
        guard locale.identifier == "en_US_POSIX" else { return nil }
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))
        let probes: [TimeInterval] = [-11_676_096_000, 0, 1_000_000_000, 1_700_000_000, 253_402_300_799]
        for probe in probes where timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: probe)) != offset {
            return nil
        }
        guard timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: -11_676_096_000)) == nil,
              let fields = Self.compile(format) else { return nil }
        self.fields = fields
        secondsFromGMT = offset
    }

    /// The fields of `format`, or `nil` for a letter or width it does not support.
    static func compile(_ format: String) -> [Field]? {
        let bytes = Array(format.utf8)
        var fields: [Field] = []
        var literal: [UInt8] = []
        func flushLiteral() {
            if !literal.isEmpty { fields.append(.literal(literal)) }
            literal = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                // '' is a quote; 'text' is literal text.
                if index + 1 < bytes.count, bytes[index + 1] == byte {
                    literal.append(byte)
                    index += 2
                    continue
                }
                guard let close = bytes[(index + 1)...].firstIndex(of: byte), close > index + 1 else { return nil }
                literal.append(contentsOf: bytes[(index + 1)..<close])
                index = close + 1
                continue
            }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            guard isLetter else {
                guard byte < 0x80 else { return nil }
                literal.append(byte)
                index += 1
                continue
            }
            var count = 1
            while index + count < bytes.count, bytes[index + count] == byte { count += 1 }
            let field: Field
            switch (Character(Unicode.Scalar(byte)), count) {
            case ("y", 4): field = .year
            case ("M", 2): field = .month
            case ("M", 3): field = .monthName
            case ("d", 2): field = .day
            case ("H", 2): field = .hour
            case ("m", 2): field = .minute
            case ("s", 2): field = .second
            case ("S", 3): field = .millisecond
            case ("E", 3): field = .weekdayName
            case ("Z", 1...3): field = .zoneOffset
            default: return nil
            }
            flushLiteral()
            fields.append(field)
            index += count
        }
        flushLiteral()
        // A date needs its year, month and day; and two numeric fields must
        // not touch ("yyyyMMdd"), where ICU's reading of the digits is not
        // simply fixed-width.
        let numeric: [Field] = [.year, .month, .day, .hour, .minute, .second, .millisecond]
        for (first, second) in zip(fields, fields.dropFirst()) where numeric.contains(first) && numeric.contains(second) {
            return nil
        }
        guard fields.contains(.year), fields.contains(.day),
              fields.contains(.month) || fields.contains(.monthName) else { return nil }
        return fields
    }

    // MARK: Parsing

    /// The date `string` denotes, or `nil` when this parser declines it
    /// (the caller then asks `DateFormatter`).
    func date(from string: String) -> Date? {
        var string = string
        return string.withUTF8 { date(fromUTF8: $0) }
    }

    /// The date in `bytes`, or `nil` to decline.
    func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, millisecond = 0
        var weekday: Int?
        var offset = secondsFromGMT
        var index = 0
        for field in fields {
            let width = field.width
            guard bytes.count - index >= width else { return nil }
            // SAFETY: `index + width <= bytes.count`, checked just above.
            let text = UnsafeBufferPointer(rebasing: bytes[index..<(index + width)])
            switch field {
            case .year: guard let value = Self.digits(text) else { return nil }; year = value
            case .month: guard let value = Self.digits(text) else { return nil }; month = value
            case .day: guard let value = Self.digits(text) else { return nil }; day = value
            case .hour: guard let value = Self.digits(text) else { return nil }; hour = value
            case .minute: guard let value = Self.digits(text) else { return nil }; minute = value
            case .second: guard let value = Self.digits(text) else { return nil }; second = value
            case .millisecond: guard let value = Self.digits(text) else { return nil }; millisecond = value
            case .monthName:
                guard let value = Self.monthNames.firstIndex(where: { $0.elementsEqual(text) }) else { return nil }
                month = value + 1
            case .weekdayName:
                guard let value = Self.weekdayNames.firstIndex(where: { $0.elementsEqual(text) }) else { return nil }
                weekday = value
            case .zoneOffset:
                guard let sign = text.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                      let hours = Self.digits(UnsafeBufferPointer(rebasing: text[1..<3])),
                      let minutes = Self.digits(UnsafeBufferPointer(rebasing: text[3..<5])),
                      hours <= 18, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            case .literal(let literal):
                guard literal.elementsEqual(text) else { return nil }
            }
            index += width
        }
        guard index == bytes.count, (1600...9999).contains(year), (1...12).contains(month),
              (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        if let weekday,
           weekday != CivilCalendar.weekday(daysSince1970: CivilCalendar.daysSince1970(year: year, month: month, day: day)) {
            return nil
        }
        let seconds: Int64 = CivilCalendar.secondsSince1970(year: year, month: month, day: day,
                                                            secondOfDay: hour * 3600 + minute * 60 + second) - Int64(offset)
        // As CFDateFormatter converts ICU's milliseconds: ms / 1000 − 978307200.
        let milliseconds = Double(seconds * 1000 + Int64(millisecond))
        return Date(timeIntervalSinceReferenceDate: milliseconds / 1000.0 - Self.referenceDateOffset)
    }

    /// The value of two to four ASCII digits, or `nil`.
    private static func digits(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        for byte in text {
            let digit = Int(byte) &- 48  // 32-bit: a UInt8
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    // MARK: Writing

    /// `date` written with the pattern, or `nil` to decline.
    func string(from date: Date) -> String? {
        let milliseconds = (date.timeIntervalSinceReferenceDate + Self.referenceDateOffset) * 1000
        guard milliseconds.isFinite, milliseconds == milliseconds.rounded(.down),
              abs(milliseconds) < 1e15 else { return nil }
        // Milliseconds since 1970 pass 2^31 after 1970-01-25: in 64 bits (exact below 1e15).
        let local: Int64 = Int64(milliseconds) + Int64(secondsFromGMT) * 1000
        let (dayNumber, dayMilliseconds) = CivilCalendar.dayAndMillisecond(ofMillisecondsSince1970: local)
        let (year, month, day) = CivilCalendar.date(daysSince1970: dayNumber)
        guard (1600...9999).contains(year) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        func append(_ value: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var remaining = value
            while divisor > 0 {
                bytes.append(UInt8(48 + remaining / divisor))
                remaining %= divisor
                divisor /= 10
            }
        }
        for field in fields {
            switch field {
            case .year: append(year, width: 4)
            case .month: append(month, width: 2)
            case .monthName: bytes.append(contentsOf: Self.monthNames[month - 1])
            case .day: append(day, width: 2)
            case .hour: append(dayMilliseconds / 3_600_000, width: 2)
            case .minute: append(dayMilliseconds / 60_000 % 60, width: 2)
            case .second: append(dayMilliseconds / 1000 % 60, width: 2)
            case .millisecond: append(dayMilliseconds % 1000, width: 3)
            case .weekdayName: bytes.append(contentsOf: Self.weekdayNames[CivilCalendar.weekday(daysSince1970: dayNumber)])
            case .zoneOffset:
                bytes.append(secondsFromGMT < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                let minutes = abs(secondsFromGMT) / 60
                append(minutes / 60, width: 2)
                append(minutes % 60, width: 2)
            case .literal(let literal): bytes.append(contentsOf: literal)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
