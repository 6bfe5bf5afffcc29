/// Calendar arithmetic on the proleptic Gregorian calendar in integers only (Howard Hinnant's
/// `days_from_civil` and `civil_from_days`), shared by the compiled date patterns
/// (`DatePattern`) and JSONAdapter's ISO 8601 timestamps: no `Calendar`, `TimeZone` or
/// formatter, and no allocation.
///
/// Days are counted from 1970-01-01 (day 0; negative before). Years run from March so that
/// the leap day ends the year, which makes the day of the year a linear function of the
/// month; 400 years (an era) are exactly 146,097 days. Exact for every year whose day count
/// fits `Int` with room to spare; callers use years 0001–9999, whose days lie within ±3 million,
/// so a 32-bit `Int` holds every intermediate value. Seconds and milliseconds (beyond 2^31 from
/// 2038 on) are the callers' business, in `Int64`.
package enum CivilCalendar {
    /// `true` in a leap year: divisible by 4, and by 400 if by 100.
    @inlinable
    package static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1–12) of `year`.
    @inlinable
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date (negative before); `month` 1–12 and `day` within it.
    @inlinable
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400                                              // 0…399
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1     // 0…365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear      // 0…146096
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number: the inverse of ``daysSince1970(year:month:day:)``.
    @inlinable
    package static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let fromMarch0000 = days + 719_468
        let era = floorDivide(fromMarch0000, 146_097)
        let dayOfEra = fromMarch0000 - era * 146_097                                               // 0…146096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0…399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)            // 0…365
        let monthFromMarch = (5 * dayOfYear + 2) / 153                                             // 0…11
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1                                   // 1…31
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9                  // 1…12
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds from 1970-01-01T00:00:00 to `secondOfDay` seconds into the date (negative
    /// before), in `Int64`: they pass 2^31 after 2038-01-19 and before 1901-12-13, and reach
    /// ±2.6 × 10^11 at years 0001 and 9999. `month` 1–12, `day` within it.
    @inlinable
    package static func secondsSince1970(year: Int, month: Int, day: Int, secondOfDay: Int) -> Int64 {
        Int64(daysSince1970(year: year, month: month, day: day)) * 86_400 + Int64(secondOfDay)
    }

    /// The day number and the millisecond of that day (0 ..< 86,400,000) of an instant given
    /// in milliseconds since 1970-01-01T00:00:00 (64 bits: they pass 2^31 after 1970-01-25).
    /// `milliseconds` must lie within ±10^15 (years −29719 to 33658), so that the day number
    /// fits a 32-bit `Int`; callers check that bound or a narrower one first.
    @inlinable
    package static func dayAndMillisecond(ofMillisecondsSince1970 milliseconds: Int64) -> (day: Int, millisecond: Int) {
        let day = floorDivide(milliseconds, 86_400_000)
        // 32-bit: within ±10^15 ms there are fewer than 2^31 days, and a day has 86,400,000 ms.
        return (Int(day), Int(milliseconds - day * 86_400_000))
    }

    /// The day of the week of a day number: 0 for Sunday … 6 for Saturday (1970-01-01 was a
    /// Thursday).
    @inlinable
    package static func weekday(daysSince1970 days: Int) -> Int {
        let remainder = (days + 4) % 7
        return remainder < 0 ? remainder + 7 : remainder
    }

    /// `dividend / divisor` rounded toward negative infinity (`divisor` > 0), so that instants
    /// before 1970 fall on the day, second or era that contains them.
    @inlinable
    package static func floorDivide<Integer: BinaryInteger>(_ dividend: Integer, _ divisor: Integer) -> Integer {
        let quotient = dividend / divisor
        return dividend % divisor < 0 ? quotient - 1 : quotient
    }
}
