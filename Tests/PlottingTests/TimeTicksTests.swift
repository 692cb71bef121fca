import ChartData
import Testing

@testable import Plotting

/// Time axes: ticks on the calendar's steps, labelled as a reader expects.
@Suite struct TimeTicksTests {
    static func seconds(_ text: String) -> Double { ISODate.seconds(text) ?? .nan }

    @Test func aYearIsTickedByMonth() {
        let ticks = TimeTicks.ticks(from: Self.seconds("2024-01-01"), to: Self.seconds("2024-12-31"), count: 6)
        #expect(ticks.map(\.label) == ["Jan 2024", "Mar", "May", "Jul", "Sep", "Nov"])
        #expect(
            ticks.map(\.value)
                == ["2024-01-01", "2024-03-01", "2024-05-01", "2024-07-01", "2024-09-01", "2024-11-01"].map(
                    Self.seconds))
    }

    @Test func aDayIsTickedByHour() {
        let ticks = TimeTicks.ticks(
            from: Self.seconds("2024-03-15T00:00"), to: Self.seconds("2024-03-16T00:00"), count: 5)
        #expect(ticks.map(\.label) == ["Mar 15 00:00", "06:00", "12:00", "18:00", "Mar 16 00:00"])
    }

    /// A year just over two steps of six months: not 2024 alone, one tick, which says
    /// nothing of the scale, but a finer step (the layout leaves out crowded labels).
    @Test func aNarrowAxisStillGetsTwoTicks() {
        let ticks = TimeTicks.ticks(from: Self.seconds("2023-12-15"), to: Self.seconds("2024-12-17"), count: 2)
        #expect(ticks.count >= 2)
        #expect(ticks.first?.label == "Jan 2024")
        #expect(ticks.map(\.label).contains("Jul"))
    }

    @Test func decadesAreTickedByYear() {
        let ticks = TimeTicks.ticks(from: Self.seconds("1995-06-01"), to: Self.seconds("2024-06-01"), count: 6)
        #expect(ticks.map(\.label) == ["2000", "2005", "2010", "2015", "2020"])
    }

    @Test func weeksStartOnMonday() {
        let ticks = TimeTicks.ticks(from: Self.seconds("2024-02-28"), to: Self.seconds("2024-04-10"), count: 6)
        #expect(ticks.map(\.label) == ["Mar 4 2024", "Mar 11", "Mar 18", "Mar 25", "Apr 1", "Apr 8"])
    }

    @Test func minutesAndSeconds() {
        let start = Self.seconds("2024-03-15T14:29:55")
        #expect(
            TimeTicks.ticks(from: start, to: start + 40, count: 4).map(\.label) == [
                "Mar 15 14:30:00", "14:30:10", "14:30:20", "14:30:30",
            ])
    }

    @Test func nothingForARangeThatIsNotOne() {
        #expect(TimeTicks.ticks(from: 5, to: 5, count: 4).isEmpty)
        #expect(TimeTicks.ticks(from: .nan, to: 5, count: 4).isEmpty)
        #expect(TimeTicks.ticks(from: 0, to: 1e300, count: 4).isEmpty)
    }
}
