import CalculatorBrain
import ChartData
import Graphing
import Plotting

/// Options that several verbs share, declared once: each verb lists the groups it takes,
/// and no verb reaches into another's declarations.
struct OptionGroup {
    /// What the group is for, as help and the man page head it.
    let title: String
    /// The options, in the order help lists them.
    let options: [OptionSpecification]

    // MARK: - The groups

    /// The plotting variable and the values of the others.
    static let variables = OptionGroup(title: "Variables", options: [variable, VariableAssignments.option])
    /// The x range.
    static let xRange = OptionGroup(title: "Range", options: [x])
    /// The y range.
    static let yRange = OptionGroup(title: "Range", options: [y])
    /// How the axes space their values: linear or log.
    static let axisScales = OptionGroup(title: "Axes", options: [xScale, yScale])
    /// A graph view's scale and origin, in character cells.
    static let scaleAndOrigin = OptionGroup(title: "View", options: [scale, origin])
    /// How a terminal draws: braille or ASCII, colour or not.
    static let terminalOutput = OptionGroup(title: "Terminal output", options: [mode, color])
    /// The frame, axes, legend and grid.
    static let furniture = OptionGroup(title: "Furniture", options: [noAxes, noLegend, grid, noMarkers, points])
    /// An SVG document: its title and colours.
    static let document = OptionGroup(title: "Document", options: [title, theme])
    /// The size of a terminal drawing (cells) or an SVG document (pixels).
    static let size = OptionGroup(title: "Size", options: [sizeOption])
    /// Where output goes.
    static let output = OptionGroup(title: "Output", options: [outputOption])
    /// Where a chart's labels and values come from.
    static let chartData = OptionGroup(title: "Chart data", options: [countColumn, labelColumn, valueColumn])
    /// What a histogram counts, in how many bins, and what it draws over them.
    static let histogram = OptionGroup(
        title: "Histogram (chart hist)", options: [histogramColumn, bins, density, normal, delimiter, header, skipBad])
    /// How bars and slices are drawn.
    static let chartStyle = OptionGroup(
        title: "Chart style", options: [select, horizontal, values, startAngle, direction, minimumShare])
    /// How many significant digits numbers are shown with.
    static let digits = OptionGroup(title: "Numbers", options: [digitsOption])
    /// Program files named whatever their names.
    static let programFile = OptionGroup(title: "Programs", options: [file])
    /// The variable a derivative is taken with respect to.
    static let variableName = OptionGroup(title: "Variable", options: [variable])
    /// The angle unit.
    static let angles = OptionGroup(title: "Angles", options: [angle])
    /// The parameter ranges of parametric and polar curves, and equal units.
    static let curves = OptionGroup(title: "Curves", options: [tRange, thetaRange, aspect])

    /// Data files and how they are read.
    static let data = OptionGroup(title: "Data", options: [dataFile, columns, delimiter, header, skipBad])
    /// How data is drawn.
    /// Data followed as it arrives.
    static let live = OptionGroup(title: "Live data", options: [follow, window])
    static let dataDrawing = OptionGroup(title: "Data style", options: [dataStyle, time])

    // MARK: - The options

    static let dataFile = OptionSpecification(
        names: ["--data"], valueName: "FILE",
        help: "A data file whatever its name (- for standard input); FILE.csv, .tsv and .dat are data anyway",
        isRepeatable: true, completesFiles: true)
    static let columns = OptionSpecification(
        names: ["--columns"], valueName: "X,Y...",
        help:
            "Columns by header name or number from 1 (a name first: a column named 2 is that one): x then each y (one column: y against row number)"
    )
    static let delimiter = OptionSpecification(
        names: ["--delimiter"], valueName: "comma|tab|semicolon|whitespace",
        help: "What separates fields (default: detected from the first lines)",
        choices: DataDelimiter.allCases.map(\.rawValue))
    static let header = OptionSpecification(
        names: ["--header"], valueName: "yes|no",
        help: "Whether the first row names the columns (default: detected)", choices: ["yes", "no"])
    static let skipBad = OptionSpecification(
        names: ["--skip-bad"], valueName: nil, help: "Skip rows that are not data (counted in a note), not stop")
    static let follow = OptionSpecification(
        names: ["--follow"], valueName: nil,
        help:
            "Follow the data as it arrives (a pipe until it ends, a file as tail -f), redrawn at most 30 times a second"
    )
    static let window = OptionSpecification(
        names: ["--window"], valueName: "N", help: "With --follow, show the last N rows (default: 1000)")
    static let time = OptionSpecification(
        names: ["--time"], valueName: "unix",
        help: "The x column is Unix seconds, shown as dates (ISO 8601 dates are read as times anyway)",
        choices: ["unix"])
    static let dataStyle = OptionSpecification(
        names: ["--style"], valueName: "points|lines|steps",
        help: "How data is drawn (default: lines when x never decreases row by row, else points)",
        choices: DataStyle.allCases.map(\.rawValue))

    static let x = OptionSpecification(
        names: ["--x"], valueName: "A:B", help: "The x range (default: -10:10); ends may be expressions, e.g. -pi:pi")
    static let y = OptionSpecification(names: ["--y"], valueName: "C:D", help: "The y range (default: automatic)")
    static let tRange = OptionSpecification(
        names: ["--t"], valueName: "A:B", help: "The t range of parametric curves (x(t), y(t)) (default: one turn)")
    static let thetaRange = OptionSpecification(
        names: ["--theta"], valueName: "A:B", help: "The θ range of polar curves r = F(θ) (default: one turn)")
    static let aspect = OptionSpecification(
        names: ["--aspect"], valueName: "equal|auto",
        help: "equal: a unit as long across as up, so a circle is round (default: auto)",
        choices: Aspect.allCases.map(\.rawValue))
    static let variable = OptionSpecification(
        names: ["--var"], valueName: "NAME", help: "The variable to plot along (default: x)")
    static let xScale = OptionSpecification(
        names: ["--xscale"], valueName: "linear|log",
        help: "Space x evenly or by ratios (log: decades, x above 0; default: linear, or the session's)",
        choices: AxisScale.allCases.map(\.rawValue))
    static let yScale = OptionSpecification(
        names: ["--yscale"], valueName: "linear|log",
        help: "Space y evenly or by ratios (log: decades; values at or below 0 are off the plot)",
        choices: AxisScale.allCases.map(\.rawValue))
    static let scale = OptionSpecification(names: ["--scale"], valueName: "S", help: "Columns per unit (with --origin)")
    static let origin = OptionSpecification(
        names: ["--origin"], valueName: "X,Y", help: "Plot-area cell of (0,0) (with --scale)")
    static let mode = OptionSpecification(
        names: ["--mode"], valueName: "ascii|braille|auto",
        help: "Cells drawn (auto, the default: braille in a UTF-8 locale)",
        choices: ["ascii", "braille", "auto"])
    static let color = OptionSpecification(
        names: ["--color"], valueName: ColorChoice.allCases.map(\.rawValue).joined(separator: "|"),
        help: "ANSI colour (default: auto)", choices: ColorChoice.allCases.map(\.rawValue))
    static let noAxes = OptionSpecification(
        names: ["--no-axes"], valueName: nil, help: "No frame, axes, ticks or labels")
    static let noLegend = OptionSpecification(names: ["--no-legend"], valueName: nil, help: "No legend")
    static let angle = OptionSpecification(
        names: ["--angle"], valueName: "rad|deg|grad",
        help: "What sin, cos and tan take and the inverses give (default: rad, or the session's)",
        choices: AngleUnit.allCases.map(\.rawValue))
    static let grid = OptionSpecification(names: ["--grid"], valueName: nil, help: "Grid lines at the ticks")
    static let noMarkers = OptionSpecification(
        names: ["--no-markers"], valueName: nil,
        help: "No circles at jumps, holes and isolated points")
    static let points = OptionSpecification(
        names: ["--points"], valueName: nil,
        help: "Dots at the zeros, extrema and intersections in view, each proved")
    static let title = OptionSpecification(names: ["--title"], valueName: "TEXT", help: "A title above the graph")
    static let theme = OptionSpecification(
        names: ["--theme"], valueName: "light|dark", help: "SVG colours (default: light)",
        choices: SVGPlot.Theme.allCases.map(\.rawValue))
    static let sizeOption = OptionSpecification(
        names: ["--size"], valueName: "WxH",
        help: "Size: cells in the terminal (default: the terminal's), pixels in SVG (default: 800x500)")
    static let outputOption = OptionSpecification(
        names: ["--output", "-o"], valueName: "FILE", help: "Where to write (- for standard output)",
        completesFiles: true)
    static let countColumn = OptionSpecification(
        names: ["--count"], valueName: "COLUMN", help: "Chart how often each value of COLUMN occurs")
    static let labelColumn = OptionSpecification(
        names: ["--label-column"], valueName: "C", help: "The labels' column, by name or number (default: 1)")
    static let valueColumn = OptionSpecification(
        names: ["--value-column"], valueName: "C", help: "The values' column, by name or number (default: 2)")
    static let histogramColumn = OptionSpecification(
        names: ["--column"], valueName: "C",
        help: "The column to count, by name or number (default: the first of numbers)")
    static let bins = OptionSpecification(
        names: ["--bins"], valueName: "N|auto",
        help: "How many bins (default: auto, by the Freedman-Diaconis rule, 2*IQR/cbrt(n) wide)")
    static let density = OptionSpecification(
        names: ["--density"], valueName: nil, help: "Bars of density (count / (n * width)), whose areas add up to 1")
    static let normal = OptionSpecification(
        names: ["--normal"], valueName: nil,
        help: "Draw the normal curve of the values' mean and sample sd over the bars")
    static let select = OptionSpecification(
        names: ["--select"], valueName: "LABEL", help: "Highlight the bar or slice of LABEL")
    static let horizontal = OptionSpecification(names: ["--horizontal"], valueName: nil, help: "Bars along x")
    static let values = OptionSpecification(names: ["--values"], valueName: nil, help: "Print values on the bars")
    static let startAngle = OptionSpecification(
        names: ["--start-angle"], valueName: "DEG", help: "Where the first slice starts (default: 0, 12 o'clock)")
    static let direction = OptionSpecification(
        names: ["--direction"], valueName: "clockwise|counterclockwise", help: "Order of slices (default: clockwise)",
        choices: ["clockwise", "counterclockwise"])
    static let minimumShare = OptionSpecification(
        names: ["--min-share"], valueName: "PERCENT", help: "Group slices under PERCENT as \"other\"")
    static let file = OptionSpecification(
        names: ["--file"], valueName: "FILE",
        help: "A program file, whatever its name (- for standard input)", isRepeatable: true, completesFiles: true)
    static let digitsOption = OptionSpecification(
        names: ["--digits"], valueName: "N", help: "Round what is shown to N significant digits (1 to 17)")
}
