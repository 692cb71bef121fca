/// Dates and times written as ISO 8601 (`2024-03-01`, `2024-03-01T14:30`,
/// `2024-03-01 14:30:15.25Z`, `2024-03-01T14:30:15+02:00`), read as seconds since
/// 1970-01-01 00:00 UTC on the proleptic Gregorian calendar; a time without a zone is UTC.
public enum ISODate {
    /// Whether the `count` bytes at `start` are a date alone in ISO 8601's shape
    /// (`2024-03-01`: four digits, two, two), as a file split at blanks leaves a
    /// date-time's date.
    static func isDateAlone(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count == 10 else { return false }
        return (0..<10).allSatisfy { index in
            index == 4 || index == 7
                ? start[index] == UInt8(ascii: "-") : start[index] &- UInt8(ascii: "0") < 10
        }
    }

    /// Whether the `count` bytes at `start` begin with a time of day (`14:30`).
    static func startsWithTime(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        count >= 5 && start[0] &- UInt8(ascii: "0") < 10 && start[1] &- UInt8(ascii: "0") < 10
            && start[2] == UInt8(ascii: ":") && start[3] &- UInt8(ascii: "0") < 10
            && start[4] &- UInt8(ascii: "0") < 10
    }

    /// Where the field at `fieldStart..<fieldEnd` of a line split at blanks ends when a
    /// date and its time of day are written apart by one space (`2024-03-01 14:30`,
    /// ISO 8601's space form): the end of the time; else `fieldEnd`.
    static func endOfDateTime(
        _ line: UnsafePointer<UInt8>, count: Int, fieldStart: Int, fieldEnd: Int
    ) -> Int {
        let next = fieldEnd + 1
        guard next < count, line[fieldEnd] == UInt8(ascii: " "),
            isDateAlone(line + fieldStart, count: fieldEnd - fieldStart),
            startsWithTime(line + next, count: count - next)
        else { return fieldEnd }
        var end = next
        while end < count && !DecimalNumber.isBlank(line[end]) { end += 1 }
        return end
    }

    /// The seconds since the epoch that `bytes` (blanks around allowed) writes, or `nil`
    /// when it is not an ISO 8601 date or date-time (a month 13 or a February 30 included).
    static func seconds(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
        var lower = 0, upper = count
        while lower < upper && DecimalNumber.isBlank(start[lower]) { lower += 1 }
        while upper > lower && DecimalNumber.isBlank(start[upper - 1]) { upper -= 1 }
        var index = lower
        func number(_ digits: Int) -> Int? {
            guard index + digits <= upper else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = start[index + offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < upper, start[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        var seconds = Double(daysSinceEpoch(year: year, month: month, day: day)) * 86_400
        guard index < upper else { return seconds }
        guard start[index] == UInt8(ascii: "T") || start[index] == UInt8(ascii: " ") else { return nil }
        index += 1
        guard let hour = number(2), hour <= 24, expect(":"), let minute = number(2), minute < 60 else { return nil }
        var second = 0.0
        if expect(":") {
            guard let whole = number(2), whole <= 60 else { return nil }
            second = Double(whole)
            if expect(".") || expect(",") {
                var scale = 0.1
                let first = index
                while index < upper, start[index] >= UInt8(ascii: "0"), start[index] <= UInt8(ascii: "9") {
                    second += Double(start[index] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > first else { return nil }
            }
        }
        guard hour < 24 || (minute == 0 && second == 0) else { return nil }
        seconds += Double(hour * 3600 + minute * 60) + second
        guard index < upper else { return seconds }
        if expect("Z") || expect("z") { return index == upper ? seconds : nil }
        guard start[index] == UInt8(ascii: "+") || start[index] == UInt8(ascii: "-") else { return nil }
        let sign = start[index] == UInt8(ascii: "+") ? 1.0 : -1.0
        index += 1
        guard let zoneHours = number(2), zoneHours <= 14 else { return nil }
        _ = expect(":")
        let zoneMinutes = index < upper ? number(2) : 0
        guard let zoneMinutes, zoneMinutes < 60, index == upper else { return nil }
        return seconds - sign * Double(zoneHours * 3600 + zoneMinutes * 60)
    }

    /// The seconds since the epoch that `text` writes as an ISO 8601 date or date-time
    /// (blanks around allowed), or `nil` when it is not one (a month 13 or a February 30
    /// included).
    public static func seconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return seconds(base, count: buffer.count)
        }
    }

    /// Whether `year` is a leap year of the Gregorian calendar.
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The days in `month` (1…12) of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The days from 1970-01-01 to the given date (negative before it), counted in
    /// 400-year eras of 146,097 days.
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of a day counted from 1970-01-01, the inverse of
    /// ``daysSinceEpoch(year:month:day:)``.
    public static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
