import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

/// A setting `set` changes at the prompt (`set digits 6`, `set xscale log`): its name, the
/// values TAB offers, how it reads in `set`'s list, and how a value is applied.
///
/// One type for every setting, so a setting cannot be listed but not applied, and a typo
/// is named as one (`unknown setting 'digit' — did you mean 'digits'?`), never taken for
/// a variable.
public enum Setting: String, CaseIterable, Sendable {
    /// What sin, cos and tan take: `rad`, `deg` or `grad`.
    case angle
    /// Significant digits numbers are shown with, or `auto`.
    case digits
    /// Braille or ASCII plots, or `auto`.
    case mode
    /// Grid lines at the ticks: `on` or `off`.
    case grid
    /// Circles at jumps, holes and isolated points: `on` or `off`.
    case markers
    /// SVG colours: `light` or `dark`.
    case theme
    /// The plot size in cells (`WxH`), or `auto`.
    case size
    /// The variable graphs run along.
    case variable = "var"
    /// How the x axis spaces its values: `linear` or `log`.
    case xscale
    /// How the y axis spaces its values: `linear` or `log`.
    case yscale

    /// Its name, as typed.
    public var name: String { rawValue }

    /// The values TAB offers (none: any).
    public var suggestedValues: [String] {
        switch self {
        case .angle: ["rad", "deg", "grad"]
        case .digits: ["auto", "3", "6", "10", "15"]
        case .mode: ["ascii", "braille", "auto"]
        case .grid, .markers: ["on", "off"]
        case .theme: ["light", "dark"]
        case .size: ["auto"]
        case .variable: []
        case .xscale, .yscale: AxisScale.allCases.map(\.rawValue)
        }
    }

    /// The values it takes, as help writes them (`on|off`, `N|auto`).
    public var valueSyntax: String {
        switch self {
        case .digits: "N|auto"
        case .size: "WxH|auto"
        case .variable: "NAME"
        default: suggestedValues.joined(separator: "|")
        }
    }

    /// The setting named `name`, or `nil`.
    public init?(named name: String) {
        self.init(rawValue: name)
    }

    /// The settings within two edits of `name`, nearest first: what a typo meant.
    public static func suggestions(for name: String) -> [Setting] {
        allCases.map { ($0, EditDistance.between($0.name, name)) }
            .filter { $0.1 <= 2 && $0.1 < max(2, name.count) }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    /// Its value in `session`, as `set` lists it.
    public func value(in session: Session) -> String {
        let display = session.display
        switch self {
        case .angle: return display.angle.rawValue
        case .digits: return display.digits.map(String.init) ?? "auto"
        case .mode: return display.mode?.rawValue ?? "auto"
        case .grid: return display.showsGrid ? "on" : "off"
        case .markers: return display.marksDiscontinuities ? "on" : "off"
        case .theme: return display.theme.rawValue
        case .size: return display.size.map { "\($0.width)x\($0.height)" } ?? "auto"
        case .variable: return session.plottingVariable
        case .xscale: return session.view.xScale.rawValue
        case .yscale: return session.view.yScale.rawValue
        }
    }

    /// Whether the figure on show is drawn again when the setting changes.
    var redrawsFigure: Bool {
        switch self {
        case .mode, .grid, .markers, .size, .angle, .xscale, .yscale: true
        case .digits, .theme, .variable: false
        }
    }

    /// Applies `value` to `session`.
    ///
    /// - Returns: a note to show, when applying it changed more than asked (a log axis
    ///   that moved the view above 0).
    /// - Throws: ``GraphCalcError/usage(_:)`` naming the values the setting takes.
    @discardableResult
    public func apply(_ value: String, to session: inout Session) throws(GraphCalcError) -> String? {
        func onOff() throws(GraphCalcError) -> Bool {
            switch value {
            case "on": return true
            case "off": return false
            default: throw .usage("set \(name) takes on or off, not '\(value)'")
            }
        }
        switch self {
        case .digits:
            session.display.digits =
                value == "auto"
                ? nil
                : try GraphOptions.count(value, option: "set digits", default: 0, range: DisplaySettings.digitsRange)
        case .mode:
            if value == "auto" {
                session.display.mode = nil
            } else {
                guard let mode = TerminalPlot.Mode(rawValue: value) else {
                    throw .usage("set mode takes ascii, braille or auto, not '\(value)'")
                }
                session.display.mode = mode
            }
            session.figure?.style.mode = session.display.mode
        case .grid:
            session.display.showsGrid = try onOff()
            session.figure?.style.showsGrid = session.display.showsGrid
        case .markers:
            session.display.marksDiscontinuities = try onOff()
            session.figure?.style.marksDiscontinuities = session.display.marksDiscontinuities
        case .angle:
            guard let unit = AngleUnit(rawValue: value) else {
                throw .usage("set angle takes rad, deg or grad, not '\(value)'")
            }
            session.display.angle = unit
        case .theme:
            guard let theme = SVGPlot.Theme(rawValue: value) else {
                throw .usage("set theme takes light or dark, not '\(value)'")
            }
            session.display.theme = theme
        case .size:
            if value == "auto" {
                session.display.size = nil
            } else {
                guard let size = try PlotCommand.cells(value, option: "set size"),
                    (1...TerminalPlot.maximumWidth).contains(size.width),
                    (1...TerminalPlot.maximumHeight).contains(size.height)
                else {
                    throw .usage(
                        "set size takes WxH up to \(TerminalPlot.maximumWidth)x\(TerminalPlot.maximumHeight), or auto")
                }
                session.display.size = size
            }
            session.figure?.style.size = session.display.size
        case .variable:
            guard Op.isValidVariableName(value) else { throw .usage("set var: '\(value)' is not a variable name") }
            session.plottingVariable = value
        case .xscale, .yscale:
            guard let scale = AxisScale(rawValue: value) else {
                throw .usage("set \(name) takes linear or log, not '\(value)'")
            }
            let moved: Bool
            do {
                moved =
                    self == .xscale
                    ? try session.view.setAxisScales(x: scale) : try session.view.setAxisScales(y: scale)
            } catch {
                throw .graphing(error)
            }
            if moved {
                return
                    "a log axis shows values above 0 only: the view moved to 0.1:10 (view x A:B and view y C:D change it)"
            }
        }
        return nil
    }
}
