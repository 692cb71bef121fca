/// What a chart draws, laid out once by ``ChartLayout`` for one canvas: bars or slices
/// placed, the value axis's ticks and labels, the legend and the title. Terminal and SVG
/// back-ends draw it and decide nothing; hit-testing works on it, so a pointer on either
/// finds the record under it.
public struct ChartScene: Sendable {
    /// One bar.
    public struct Bar: Sendable {
        /// The record it shows.
        public let record: Int
        /// The record's label, whole (a tooltip's).
        public let name: String
        /// Its value.
        public let value: Double
        /// Its colour and ASCII glyph.
        public let style: Palette.Style
        /// Whether it is the selection.
        public let isSelected: Bool
        /// Where it lies across the category axis, in canvas units (whole cells in a terminal).
        public let across: Range<Double>
        /// Where it lies along the value axis, in canvas units from its low edge to its high
        /// edge (top to bottom for vertical bars, left to right for horizontal ones).
        public let along: (start: Double, end: Double)
        /// Its category label, where one is shown.
        public let label: PlacedText?
        /// Its value, where values are shown.
        public let valueLabel: PlacedText?
    }

    /// One slice of a pie.
    public struct Slice: Sendable {
        /// The record it shows, or nil for "other".
        public let record: Int?
        /// Its label (a tooltip's) and value.
        public let name: String
        /// The value it stands for.
        public let value: Double
        /// Where it starts and ends, in degrees clockwise from 12 o'clock.
        public let startAngle: Double, endAngle: Double
        /// Its colour.
        public let style: Palette.Style
        /// Which of the back-end's glyphs or dot patterns it takes, so neighbours differ.
        public let look: Int
        /// Whether it is the selection (drawn pulled out).
        public let isSelected: Bool

        /// The direction halfway through the slice.
        public var middleAngle: Double { (startAngle + endAngle) / 2 }
    }

    /// A pie: its centre and radius, and its slices.
    public struct Pie: Sendable {
        /// The centre, in canvas units.
        public let center: (x: Double, y: Double)
        /// The radius down, in canvas units; across it is ``aspect`` times as many.
        public let radius: Double
        /// Canvas units across per unit down for the same length (2 for terminal cells).
        public let aspect: Double
        /// How far the selected slice is pulled out along its middle direction, down units.
        public let pull: Double
        /// The slices, in drawing order.
        public let slices: [Slice]
        /// The angles, for finding the slice at a direction.
        let layout: PieChartLayout

        /// The slice under a point, or nil off the pie.
        public func slice(at x: Double, _ y: Double) -> Int? {
            let selected = slices.firstIndex(where: \.isSelected)
            func hit(_ dx: Double, _ dy: Double) -> Int? {
                guard dx * dx + dy * dy <= radius * radius else { return nil }
                return layout.slice(atAngle: PieChartLayout.angle(ofDirection: dx, dy))
            }
            let dx = (x - center.x) / aspect, dy = y - center.y
            if let selected, slices.count > 1 {
                let direction = PieChartLayout.direction(ofAngle: slices[selected].middleAngle)
                if hit(dx - pull * direction.x, dy - pull * direction.y) == selected { return selected }
            }
            return hit(dx, dy).flatMap { $0 == selected && slices.count > 1 ? nil : $0 }
        }
    }

    /// A legend entry: a slice's marker and its title and share.
    public struct LegendEntry: Sendable {
        /// The slice it names.
        public let slice: Int
        /// Its title and share (`Swift`, `12.5%`), which ``label`` shows together.
        public let title: String, share: String
        /// Where its marker starts, across, on the label's line.
        public let markerX: Double
        /// Its text.
        public let label: PlacedText
    }

    /// The canvas, in its units.
    public let canvas: (width: Double, height: Double)
    /// The title, placed.
    public let title: PlacedText?
    /// Whether bars run along x.
    public let isHorizontal: Bool
    /// The bars' area (or the pie's), in canvas units.
    public let area: LayoutBox
    /// The value axis's ticks, their positions along it in canvas units, and their labels.
    public let ticks: [(tick: Tick, position: Double)]
    /// The tick labels, placed.
    public let tickLabels: [PlacedText]
    /// Where the value 0 lies along the value axis, in canvas units.
    public let zero: Double
    /// The bars, in record order (empty for a pie).
    public let bars: [Bar]
    /// The pie, for a pie chart.
    public let pie: Pie?
    /// The legend (a pie's), and what it had no room for.
    public let legend: [LegendEntry], legendOverflow: PlacedText?
    /// Whether this is a histogram: bars touching, in one colour.
    public internal(set) var isHistogram = false
    /// A histogram's labels along the category axis, at nice values of its bins' axis
    /// (the label's `x` is the value's position).
    public internal(set) var categoryTicks: [PlacedText] = []
    /// The overlay curve (a histogram's normal curve) as points in canvas units, left to
    /// right, half a cell or two pixels apart; NaN where it has no value.
    public internal(set) var overlay: [(x: Double, y: Double)] = []
    /// What the overlay is (`normal curve, mean 2, sd 0.5`).
    public internal(set) var overlayName: String?

    /// The record under a point of the canvas (a cell's centre in a terminal, a pixel in
    /// SVG), or nil over a gap, the axes or outside the pie.
    public func record(at x: Double, _ y: Double) -> Int? {
        if let pie { return pie.slice(at: x, y).flatMap { pie.slices[$0].record } }
        for bar in bars {
            let (across, along) = isHorizontal ? (y, x) : (x, y)
            let low = min(bar.along.start, bar.along.end), high = max(bar.along.start, bar.along.end)
            if bar.across.contains(across) && along >= low && along <= high { return bar.record }
        }
        return nil
    }
}
