import ChartData

/// Ticks for a time axis (values in seconds since 1970-01-01 00:00 UTC): at whole
/// seconds, minutes, hours, days, weeks (Mondays), months or years — the calendar's own
/// steps, not round numbers of seconds — labelled as a reader expects (`2024`,
/// `Mar 2024`, `Mar 15`, `14:30`, `14:30:15`), with the day or the year added where it
/// changes and on the first tick. All in UTC.
public enum TimeTicks {
    /// One kind of calendar step.
    private enum Step {
        case seconds(Double)
        case days(Int)
        case weeks
        case months(Int)
        case years(Int)

        /// About how many seconds the step is, to choose it.
        var length: Double {
            switch self {
            case .seconds(let seconds): seconds
            case .days(let days): Double(days) * 86_400
            case .weeks: 7 * 86_400
            case .months(let months): Double(months) * 30.44 * 86_400
            case .years(let years): Double(years) * 365.25 * 86_400
            }
        }
    }

    private static let steps: [Step] =
        [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200].map {
            Step.seconds($0)
        } + [.days(1), .days(2), .weeks, .months(1), .months(2), .months(3), .months(6)]
        + [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map { Step.years($0) }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Ticks over `lower…upper` (seconds), at most about `count` intervals apart; none
    /// for a range that is not finite and increasing (or beyond years ±9999).
    public static func ticks(from lower: Double, to upper: Double, count: Int) -> [Tick] {
        let limit = 253_402_300_799.0  // 9999-12-31T23:59:59
        guard lower.isFinite, upper.isFinite, lower < upper, abs(lower) <= limit, abs(upper) <= limit
        else { return [] }
        let span = upper - lower
        var index = steps.firstIndex { span / $0.length <= Double(max(1, count)) } ?? steps.count - 1
        var values = times(steps[index], from: lower, to: upper)
        // One tick (or none) tells nothing of the scale: a finer step, whose labels the
        // layout leaves out where they would crowd (a year just over two steps of six
        // months wide gets Jan and Jul, not 2024 alone).
        while values.count < 2 && index > 0 {
            index -= 1
            values = times(steps[index], from: lower, to: upper)
        }
        let step = steps[index]
        var ticks: [Tick] = []
        var previous: (year: Int, month: Int, day: Int)?
        for value in values {
            let days = Int((value / 86_400).rounded(.down))
            let date = ISODate.date(daysSinceEpoch: days)
            let secondsOfDay = Int((value - Double(days) * 86_400).rounded())
            let month = monthNames[date.month - 1]
            let label: String
            switch step {
            case .years:
                label = String(date.year)
            case .months:
                label = previous == nil || date.month == 1 ? "\(month) \(date.year)" : month
            case .days, .weeks:
                label =
                    previous.map { $0.year != date.year } ?? true
                    ? "\(month) \(date.day) \(date.year)" : "\(month) \(date.day)"
            case .seconds(let seconds):
                let clock =
                    seconds < 60
                    ? "\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))"
                    : "\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60))"
                let newDay = previous.map { $0 != date } ?? true
                label = newDay ? "\(month) \(date.day) \(clock)" : clock
            }
            ticks.append(Tick(value: value, label: label))
            previous = date
        }
        return ticks
    }

    /// The times of `step` from `lower` to `upper`, on the calendar's boundaries.
    private static func times(_ step: Step, from lower: Double, to upper: Double) -> [Double] {
        var values: [Double] = []
        switch step {
        case .seconds(let seconds):
            var value = (lower / seconds).rounded(.up) * seconds
            while value <= upper {
                values.append(value)
                value += seconds
            }
        case .days(let days):
            var day = Int((lower / 86_400).rounded(.up))
            day += (days - ((day % days) + days) % days) % days
            while Double(day) * 86_400 <= upper {
                values.append(Double(day) * 86_400)
                day += days
            }
        case .weeks:
            // 1970-01-05 was a Monday.
            var day = Int((lower / 86_400).rounded(.up))
            while ((day - 4) % 7 + 7) % 7 != 0 { day += 1 }
            while Double(day) * 86_400 <= upper {
                values.append(Double(day) * 86_400)
                day += 7
            }
        case .months(let months):
            let start = ISODate.date(daysSinceEpoch: Int((lower / 86_400).rounded(.down)))
            var year = start.year, month = start.month
            while true {
                let value = Double(ISODate.daysSinceEpoch(year: year, month: month, day: 1)) * 86_400
                if value > upper { break }
                if value >= lower && (month - 1) % months == 0 { values.append(value) }
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        case .years(let years):
            var year = ISODate.date(daysSinceEpoch: Int((lower / 86_400).rounded(.down))).year
            year += (years - ((year % years) + years) % years) % years
            while true {
                let value = Double(ISODate.daysSinceEpoch(year: year, month: 1, day: 1)) * 86_400
                if value > upper { break }
                if value >= lower { values.append(value) }
                year += years
            }
        }
        return values
    }

    /// A number as two digits: `07`.
    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
