import CalculatorBrain
import ChartData
import Graphing
import Plotting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A session as a property-list dictionary: the program and each named function as
/// classic op arrays (numbers and strings), the variables, the view and the display
/// settings.
struct SessionFile: Codable, Equatable {
    /// Marks the dictionary as a graphcalc session.
    var format = Self.formatName
    var version = 1
    var program: [Item]
    var functions: [Function]
    var variables: [String: Double]
    var ans: Double?
    var plottingVariable: String
    var view: View
    var display: Display
    /// The sliders `explore` starts with; absent when there are none (and in files
    /// written before sliders existed).
    var sliders: [SliderEntry]? = nil
    /// The data sets named with `data d = FILE`, by reference: each file's path and how
    /// it is read and drawn, never its numbers; absent when there are none.
    var data: [DataEntry]? = nil

    static let formatName = "graphcalc-session"

    /// One item of a classic op array: an operand or a symbol.
    enum Item: Codable, Equatable {
        case number(Double)
        case symbol(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let symbol = try? container.decode(String.self) {
                self = .symbol(symbol)
            } else {
                self = .number(try container.decode(Double.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .symbol(let symbol): try container.encode(symbol)
            }
        }
    }

    struct Function: Codable, Equatable {
        var name: String
        /// The first parameter (the only one of a function of one variable).
        var parameter: String
        /// Every parameter, for a function of several variables (absent for one).
        var parameters: [String]? = nil
        /// The body with calls expanded: what another calculator app can read.
        var program: [Item]
        /// The body as it was typed (`f(t)/t`), so calls stay live after a load.
        var definition: String?
    }

    /// A slider: a variable's name, its range, its step and its value.
    struct SliderEntry: Codable, Equatable {
        var name: String
        var range: [Double]
        var step: Double
        var value: Double
    }

    /// A data set: its name, its file (absolute) and how it is read and drawn; what is
    /// absent is detected or natural.
    struct DataEntry: Codable, Equatable {
        var name: String
        var path: String
        var columns: [String]? = nil
        /// `comma`, `tab`, `semicolon` or `whitespace`.
        var delimiter: String? = nil
        var header: Bool? = nil
        var skipBad: Bool? = nil
        /// `points`, `lines` or `steps`.
        var style: String? = nil
        /// `unix` for an x column of Unix seconds.
        var time: String? = nil
    }

    struct View: Codable, Equatable {
        /// `ranges`, `scale` (about the middle) or `origin` (about the origin's cell).
        var fit: String
        var x: [Double]
        var y: [Double]
        var yAutomatic: Bool
        /// The plot area's size in cells.
        var columns: Int
        var rows: Int
        /// `linear` or `log`; absent in files written before log axes: linear.
        var xScale: String?
        var yScale: String?
    }

    struct Display: Codable, Equatable {
        var mode: String?
        var grid: Bool
        /// Absent in files written before markers existed: on.
        var markers: Bool?
        /// Absent in files written before the angle unit existed: radians.
        var angle: String?
        var theme: String
        var columns: Int?
        var rows: Int?
        var digits: Int?
    }

    // MARK: - From and to a session

    init(_ session: Session) {
        program = Self.items(session.brain.program)
        functions = session.functions.names.compactMap { name in
            session.functions[name].map {
                Function(
                    name: name, parameter: $0.parameter, parameters: $0.parameters.count > 1 ? $0.parameters : nil,
                    program: Self.items($0.body), definition: session.functions.text(of: name))
            }
        }
        variables = session.brain.variableValues
        ans = session.ans
        plottingVariable = session.plottingVariable
        let viewport = session.view.viewport
        let fit: String
        switch session.view.fit {
        case .ranges: fit = "ranges"
        case .scaleAboutCenter: fit = "scale"
        case .scaleAboutOrigin: fit = "origin"
        }
        view = View(
            fit: fit, x: [viewport.xRange.lower, viewport.xRange.upper],
            y: [viewport.yRange.lower, viewport.yRange.upper], yAutomatic: session.view.isYAutomatic,
            columns: viewport.width, rows: viewport.height,
            xScale: viewport.xAxisScale == .linear ? nil : viewport.xAxisScale.rawValue,
            yScale: viewport.yAxisScale == .linear ? nil : viewport.yAxisScale.rawValue)
        display = Display(
            mode: session.display.mode?.rawValue, grid: session.display.showsGrid,
            markers: session.display.marksDiscontinuities, angle: session.display.angle.rawValue,
            theme: session.display.theme.rawValue,
            columns: session.display.size?.width, rows: session.display.size?.height, digits: session.display.digits)
        data =
            session.dataSets.isEmpty
            ? nil
            : session.dataSets.keys.sorted().compactMap { name in
                session.dataSets[name].map { set in
                    DataEntry(
                        name: name, path: set.path, columns: set.reading.columns,
                        delimiter: set.reading.delimiter?.rawValue, header: set.reading.hasHeader,
                        skipBad: set.reading.skipsBadRows ? true : nil, style: set.style?.rawValue,
                        time: set.xIsUnixTime ? "unix" : nil)
                }
            }
        sliders =
            session.sliders.isEmpty
            ? nil
            : session.sliders.map {
                SliderEntry(name: $0.name, range: [$0.range.lower, $0.range.upper], step: $0.step, value: $0.value)
            }
    }

    private static func items(_ program: Program) -> [Item] {
        program.ops.map { op in
            if case .operand(let value) = op { return .number(value) }
            return .symbol(op.symbol)
        }
    }

    /// The session this file describes, checked throughout.
    ///
    /// - Throws: a message naming the first thing wrong (`functions[2].program[1]: …`).
    func session() throws(SessionFileProblem) -> Session {
        guard format == Self.formatName else {
            throw SessionFileProblem("format is '\(format)', not '\(Self.formatName)'")
        }
        guard version == 1 else {
            throw SessionFileProblem("version \(version) is newer than this graphcalc reads (1)")
        }
        var session = Session()
        session.brain.program = try Self.program(program, at: "program")
        // Names first, so that definitions may call functions saved after them.
        var typed: [(index: Int, function: Function)] = []
        for (index, function) in functions.enumerated() {
            let body = try Self.program(function.program, at: "functions[\(index)].program")
            do {
                try session.functions.define(
                    function.name, parameters: function.parameters ?? [function.parameter], program: body)
            } catch {
                throw SessionFileProblem("functions[\(index)] (\(function.name)): \(error)")
            }
            if function.definition != nil { typed.append((index, function)) }
        }
        let expanded = session.functions
        for (index, function) in typed {
            guard let text = function.definition else { continue }
            do {
                try session.functions.define(
                    function.name, parameters: function.parameters ?? [function.parameter], body: text)
            } catch {
                throw SessionFileProblem("functions[\(index)] (\(function.name)): definition: \(error)")
            }
        }
        // The definitions as typed must compute what the op arrays say: a file edited in
        // one place and not the other is refused rather than half believed.
        for (index, function) in typed where session.functions[function.name]?.body != expanded[function.name]?.body {
            throw SessionFileProblem(
                "functions[\(index)] (\(function.name)): the definition '\(function.definition ?? "")' does not match its program"
            )
        }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            guard Op.isValidVariableName(name) else {
                throw SessionFileProblem("variables: '\(name)' is not a variable name")
            }
            guard !value.isNaN else { throw SessionFileProblem("variables: \(name) is NaN, not a number") }
            guard session.functions[name] == nil else {
                throw SessionFileProblem("variables: '\(name)' is also a function")
            }
            session.brain.variableValues[name] = value
        }
        // ±∞ is a value (`eval inf`, a program holding `inf`); NaN is not.
        if let ans, ans.isNaN { throw SessionFileProblem("ans is NaN, not a number") }
        session.ans = ans
        guard Op.isValidVariableName(plottingVariable) else {
            throw SessionFileProblem("plottingVariable: '\(plottingVariable)' is not a variable name")
        }
        session.plottingVariable = plottingVariable
        session.view = try view.sessionView()
        session.display = try display.settings()
        for (index, entry) in (sliders ?? []).enumerated() {
            let path = "sliders[\(index)]"
            guard Op.isValidVariableName(entry.name), session.functions[entry.name] == nil else {
                throw SessionFileProblem("\(path): '\(entry.name)' is not a variable name")
            }
            guard entry.range.count == 2, entry.range[0] < entry.range[1], (entry.range[1] - entry.range[0]).isFinite
            else { throw SessionFileProblem("\(path): range needs two finite numbers, the smaller first") }
            guard entry.step > 0, entry.step <= entry.range[1] - entry.range[0] else {
                throw SessionFileProblem("\(path): step must be above 0 and at most the range's width")
            }
            guard !session.sliders.contains(where: { $0.name == entry.name }), session.sliders.count < 9 else {
                throw SessionFileProblem("\(path): a second slider of \(entry.name), or more than 9")
            }
            session.sliders.append(
                Slider(
                    name: entry.name, range: Interval(entry.range[0], entry.range[1]), step: entry.step,
                    value: entry.value))
        }
        for (index, entry) in (data ?? []).enumerated() {
            session.dataSets[entry.name] = try Self.dataSet(entry, at: "data[\(index)]", in: session)
        }
        return session
    }

    /// A data set as the session keeps it, checked: its name free, its path absolute, its
    /// choices known. The file is read when the set is drawn, not here.
    private static func dataSet(
        _ entry: DataEntry, at path: String, in session: Session
    ) throws(SessionFileProblem) -> DataReference {
        guard Op.isValidVariableName(entry.name), session.functions[entry.name] == nil,
            session.dataSets[entry.name] == nil, session.brain.variableValues[entry.name] == nil
        else {
            throw SessionFileProblem("\(path): '\(entry.name)' is not a name free for a data set")
        }
        guard entry.path.hasPrefix("/") else { throw SessionFileProblem("\(path): path must be absolute") }
        var reading = DataReader.Options(columns: entry.columns, skipsBadRows: entry.skipBad ?? false)
        reading.hasHeader = entry.header
        if let delimiter = entry.delimiter {
            guard let known = DataDelimiter(rawValue: delimiter) else {
                throw SessionFileProblem("\(path): delimiter '\(delimiter)' is not comma, tab, semicolon or whitespace")
            }
            reading.delimiter = known
        }
        if let columns = entry.columns, columns.isEmpty || columns.contains(where: \.isEmpty) {
            throw SessionFileProblem("\(path): columns must be names or numbers, none empty")
        }
        var style: DataStyle?
        if let name = entry.style {
            guard let known = DataStyle(rawValue: name) else {
                throw SessionFileProblem("\(path): style '\(name)' is not points, lines or steps")
            }
            style = known
        }
        guard entry.time == nil || entry.time == "unix" else {
            throw SessionFileProblem("\(path): time must be unix")
        }
        return DataReference(path: entry.path, reading: reading, style: style, xIsUnixTime: entry.time == "unix")
    }

    private static func program(_ items: [Item], at path: String) throws(SessionFileProblem) -> Program {
        var ops: [Op] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .number(let value) where value.isNaN:
                throw SessionFileProblem("\(path)[\(index)]: NaN is not a number")
            case .number(let value):
                ops.append(.operand(value))
            case .symbol(let symbol):
                guard let op = Op(symbol: symbol) else {
                    throw SessionFileProblem(
                        "\(path)[\(index)]: '\(symbol)' is not an operation, constant or variable name")
                }
                ops.append(op)
            }
        }
        return Program(ops)
    }
}

extension SessionFile.View {
    fileprivate func sessionView() throws(SessionFileProblem) -> SessionView {
        guard x.count == 2, y.count == 2 else { throw SessionFileProblem("view: x and y need two numbers each") }
        guard (1...TerminalPlot.maximumWidth).contains(columns), (1...TerminalPlot.maximumHeight).contains(rows) else {
            throw SessionFileProblem(
                "view: \(columns)x\(rows) cells is not a plot area (columns 1 to \(TerminalPlot.maximumWidth), rows 1 to \(TerminalPlot.maximumHeight))"
            )
        }
        let scales = (x: try Self.scale(xScale, axis: "x"), y: try Self.scale(yScale, axis: "y"))
        let viewport: Viewport
        do {
            viewport = try Viewport(
                width: columns, height: rows, left: x[0], right: x[1], bottom: y[0], top: y[1], xAxisScale: scales.x,
                yAxisScale: scales.y)
        } catch {
            throw SessionFileProblem("view: \(error)")
        }
        let kind: SessionView.Fit
        switch fit {
        case "ranges": kind = .ranges
        case "scale": kind = .scaleAboutCenter
        case "origin": kind = .scaleAboutOrigin
        default: throw SessionFileProblem("view: fit is '\(fit)', not ranges, scale or origin")
        }
        var view = SessionView()
        view.record(drawn: viewport, fit: kind, isYAutomatic: yAutomatic)
        return view
    }

    private static func scale(_ name: String?, axis: String) throws(SessionFileProblem) -> AxisScale {
        guard let name else { return .linear }
        guard let scale = AxisScale(rawValue: name) else {
            throw SessionFileProblem("view: \(axis)Scale is '\(name)', not linear or log")
        }
        return scale
    }
}

extension SessionFile.Display {
    fileprivate func settings() throws(SessionFileProblem) -> DisplaySettings {
        var settings = DisplaySettings()
        if let mode {
            guard let value = TerminalPlot.Mode(rawValue: mode) else {
                throw SessionFileProblem("display: mode is '\(mode)', not ascii or braille")
            }
            settings.mode = value
        }
        settings.showsGrid = grid
        settings.marksDiscontinuities = markers ?? true
        if let angle {
            guard let unit = AngleUnit(rawValue: angle) else {
                throw SessionFileProblem("display: angle is '\(angle)', not rad, deg or grad")
            }
            settings.angle = unit
        }
        guard let value = SVGPlot.Theme(rawValue: theme) else {
            throw SessionFileProblem("display: theme is '\(theme)', not light or dark")
        }
        settings.theme = value
        switch (columns, rows) {
        case (nil, nil): break
        case (let columns?, let rows?)
        where (1...TerminalPlot.maximumWidth).contains(columns) && (1...TerminalPlot.maximumHeight).contains(rows):
            settings.size = DisplaySettings.CellSize(width: columns, height: rows)
        default:
            throw SessionFileProblem(
                "display: the size needs columns from 1 to \(TerminalPlot.maximumWidth) and rows from 1 to \(TerminalPlot.maximumHeight)"
            )
        }
        if let digits {
            guard DisplaySettings.digitsRange.contains(digits) else {
                throw SessionFileProblem("display: digits \(digits) is not from 1 to 17")
            }
            settings.digits = digits
        }
        return settings
    }
}
