//  The calendar arithmetic shared by the date patterns and the ISO 8601
//  timestamps: day numbers and dates invert each other over the whole
//  supported range, leap years follow the Gregorian rule, and the day numbers
//  agree with Foundation's Gregorian calendar.

import Foundation
import Testing
@testable import MantleInternals

@Suite("CivilCalendar")
struct CivilCalendarTests {
    @Test("day numbers of known dates, both ways", arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017), (1600, 3, 1, -135_080),
        (9999, 12, 31, 2_932_896), (1, 1, 1, -719_162), (10_000, 1, 1, 2_932_897), (0, 3, 1, -719_468),
    ])
    func knownDates(year: Int, month: Int, day: Int, days: Int) {
        #expect(CivilCalendar.daysSince1970(year: year, month: month, day: day) == days)
        let date = CivilCalendar.date(daysSince1970: days)
        #expect(date.year == year && date.month == month && date.day == day)
    }

    @Test("leap years: every fourth, but not centuries unless divisible by 400", arguments: [
        (2024, true), (2023, false), (2000, true), (1900, false), (2100, false), (1600, true), (1700, false),
        (4, true), (1, false), (400, true), (9996, true), (9999, false),
    ])
    func leapYears(year: Int, isLeap: Bool) {
        #expect(CivilCalendar.isLeapYear(year) == isLeap)
        #expect(CivilCalendar.daysIn(month: 2, year: year) == (isLeap ? 29 : 28))
        let marchFirst = CivilCalendar.daysSince1970(year: year, month: 3, day: 1)
        #expect(marchFirst - CivilCalendar.daysSince1970(year: year, month: 2, day: 28) == (isLeap ? 2 : 1))
        #expect(CivilCalendar.daysSince1970(year: year + 1, month: 1, day: 1)
            - CivilCalendar.daysSince1970(year: year, month: 1, day: 1) == (isLeap ? 366 : 365))
    }

    @Test("day numbers and dates agree with a day-by-day walk over 0001–9999")
    func dayByDay() {
        var year = 1, month = 1, day = 1
        var days = CivilCalendar.daysSince1970(year: 1, month: 1, day: 1)
        var weekday = CivilCalendar.weekday(daysSince1970: days)
        #expect(weekday == 1)  // 0001-01-01 (proleptic Gregorian) was a Monday
        var mismatches = 0
        while year <= 9999 {
            let date = CivilCalendar.date(daysSince1970: days)
            if date.year != year || date.month != month || date.day != day
                || CivilCalendar.daysSince1970(year: year, month: month, day: day) != days
                || CivilCalendar.weekday(daysSince1970: days) != weekday {
                mismatches += 1
            }
            days += 1
            weekday = (weekday + 1) % 7
            day += 1
            if day > CivilCalendar.daysIn(month: month, year: year) {
                day = 1
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(days == CivilCalendar.daysSince1970(year: 10_000, month: 1, day: 1))
    }

    @Test("day numbers agree with Foundation's Gregorian calendar on 1 January and 1 March of 1600–9999")
    func foundationAgrees() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var mismatches = 0
        for year in 1600...9999 {
            for month in [1, 3] {
                let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
                if Int(date.timeIntervalSince1970) != CivilCalendar.daysSince1970(year: year, month: month, day: 1) * 86_400 {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("floor division rounds toward negative infinity", arguments: [
        (7, 2, 3), (-7, 2, -4), (-8, 2, -4), (0, 5, 0), (-1, 86_400, -1), (86_399, 86_400, 0),
    ])
    func floorDivision(dividend: Int, divisor: Int, quotient: Int) {
        #expect(CivilCalendar.floorDivide(dividend, divisor) == quotient)
        #expect(CivilCalendar.floorDivide(Int64(dividend) * 1_000_000, Int64(divisor) * 1_000_000) == Int64(quotient))
    }

    // MARK: Beyond 32 bits
    //
    // Seconds since 1970 pass 2^31 after 2038-01-19 and before 1901-12-13, milliseconds after
    // 1970-01-25, where `Int` has 32 bits (arm64_32 watchOS). These run on 64-bit machines; what
    // they prove for 32-bit ones is that the results are `Int64` (each is bound to an `Int64`
    // below, which does not compile otherwise) and exact there.

    @Test("seconds since 1970 beyond 32 bits, as Int64", arguments: [
        (2038, 1, 19, 11_647, Int64(2_147_483_647)),   // 03:14:07, Int32.max
        (2038, 1, 19, 11_648, Int64(2_147_483_648)),   // 03:14:08, one past it
        (1901, 12, 13, 74_752, Int64(-2_147_483_648)), // 20:45:52, Int32.min
        (1901, 12, 13, 74_751, Int64(-2_147_483_649)), // one before it
        (2106, 2, 7, 23_296, Int64(4_294_967_296)),    // 06:28:16, 2^32
        (9999, 12, 31, 86_399, Int64(253_402_300_799)),
        (1, 1, 1, 0, Int64(-62_135_596_800)),
        (1600, 3, 1, 0, Int64(-11_670_912_000)),
    ])
    func secondsBeyond32Bits(year: Int, month: Int, day: Int, secondOfDay: Int, expected: Int64) throws {
        let seconds: Int64 = CivilCalendar.secondsSince1970(year: year, month: month, day: day, secondOfDay: secondOfDay)
        #expect(seconds == expected)
        guard year >= 1583 else { return }  // Foundation's Gregorian calendar is Julian before 1582-10-15
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, second: secondOfDay)))
        #expect(date.timeIntervalSince1970 == Double(expected))
    }

    @Test("day and millisecond of millisecond counts beyond 32 bits", arguments: [
        (Int64(2_147_483_647), 24, 73_883_647),         // 1970-01-25T20:31:23.647Z
        (Int64(2_147_483_648), 24, 73_883_648),
        (Int64(-2_147_483_649), -25, 12_516_351),
        (Int64(-1), -1, 86_399_999),
        (Int64(4_102_444_800_000), 47_482, 0),          // 2100-01-01
        (Int64(253_402_300_799_999), 2_932_896, 86_399_999),
        (Int64(-62_135_596_800_000), -719_162, 0),
    ])
    func dayAndMillisecondBeyond32Bits(milliseconds: Int64, day: Int, millisecond: Int) throws {
        let split = CivilCalendar.dayAndMillisecond(ofMillisecondsSince1970: milliseconds)
        #expect(split.day == day && split.millisecond == millisecond)
        // The inverse, in Int64.
        let back: Int64 = Int64(split.day) * 86_400_000 + Int64(split.millisecond)
        #expect(back == milliseconds)
        let civil = CivilCalendar.date(daysSince1970: split.day)
        guard civil.year >= 1583 else { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let components = calendar.dateComponents([.year, .month, .day],
                                                 from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        #expect(components.year == civil.year && components.month == civil.month && components.day == civil.day)
    }
}
