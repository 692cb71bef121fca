import CalculatorBrain
import GraphCalcSupport
import Plotting

extension REPL {
    // MARK: - Variables and settings

    /// `set NAME = EXPR`, `set NAME EXPR`, or a display setting: `set digits 6`.
    func set(_ text: String) throws(GraphCalcError) {
        if text.isEmpty { return listSettings() }
        if !text.contains("="), let (setting, value) = Self.setting(text) {
            return try change(setting, to: value)
        }
        let name: String, expression: String
        if let equals = text.firstIndex(of: "=") {
            name = String(text[..<equals]).trimmingBlanks()
            expression = String(text[text.index(after: equals)...]).trimmingBlanks()
        } else {
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { throw .usage("set needs a name and a value: set M = 5, set digits 6") }
            name = String(parts[0])
            expression = String(parts[1]).trimmingBlanks()
        }
        let value = try session.assign(name, expression)
        say("\(name) = \(session.display.format(value))")
    }

    /// The settings `set` changes, with the values TAB offers for each (none: any).
    static let settingValues: [String: [String]] = [
        "digits": ["auto", "3", "6", "10", "15"], "mode": ["ascii", "braille", "auto"], "grid": ["on", "off"],
        "markers": ["on", "off"], "angle": ["rad", "deg", "grad"],
        "theme": ["light", "dark"], "size": ["auto"], "var": [],
    ]

    private static func setting(_ text: String) -> (String, String)? {
        let parts = text.split(separator: " ", maxSplits: 1).map { String($0).trimmingBlanks() }
        guard parts.count == 2, settingValues[parts[0]] != nil else { return nil }
        return (parts[0], parts[1])
    }

    private func change(_ setting: String, to value: String) throws(GraphCalcError) {
        switch (setting, value) {
        case ("digits", "auto"): session.display.digits = nil
        case ("digits", _):
            session.display.digits = try GraphOptions.count(
                value, option: "set digits", default: 0, range: DisplaySettings.digitsRange)
        case ("mode", "auto"): session.display.mode = nil
        case ("mode", _):
            guard let mode = TerminalPlot.Mode(rawValue: value) else {
                throw .usage("set mode takes ascii, braille or auto, not '\(value)'")
            }
            session.display.mode = mode
        case ("grid", "on"): session.display.showsGrid = true
        case ("grid", "off"): session.display.showsGrid = false
        case ("grid", _): throw .usage("set grid takes on or off, not '\(value)'")
        case ("markers", "on"): session.display.marksDiscontinuities = true
        case ("markers", "off"): session.display.marksDiscontinuities = false
        case ("markers", _): throw .usage("set markers takes on or off, not '\(value)'")
        case ("angle", _):
            guard let unit = AngleUnit(rawValue: value) else {
                throw .usage("set angle takes rad, deg or grad, not '\(value)'")
            }
            session.display.angle = unit
        case ("theme", _):
            guard let theme = SVGPlot.Theme(rawValue: value) else {
                throw .usage("set theme takes light or dark, not '\(value)'")
            }
            session.display.theme = theme
        case ("size", "auto"): session.display.size = nil
        case ("size", _):
            guard let size = try PlotCommand.cells(value, option: "set size"),
                (1...TerminalPlot.maximumWidth).contains(size.width),
                (1...TerminalPlot.maximumHeight).contains(size.height)
            else {
                throw .usage(
                    "set size takes WxH up to \(TerminalPlot.maximumWidth)x\(TerminalPlot.maximumHeight), or auto")
            }
            session.display.size = size
        default:
            guard Op.isValidVariableName(value) else { throw .usage("set var: '\(value)' is not a variable name") }
            session.plottingVariable = value
        }
        say("\(setting) \(value)")
        // The plot showing takes the new look at once.
        guard var last = session.lastPlot, ["mode", "grid", "markers", "size", "angle"].contains(setting) else {
            return
        }
        // Only what the setting changes: the plot keeps its own size, mode and furniture.
        switch setting {
        case "mode": last.style.mode = session.display.mode
        case "grid": last.style.showsGrid = session.display.showsGrid
        case "markers": last.style.marksDiscontinuities = session.display.marksDiscontinuities
        case "size": last.style.size = session.display.size
        default: break
        }
        session.lastPlot = last
        try redraw()
    }

    /// `set` alone: every setting and its value.
    func listSettings() {
        let display = session.display
        say("angle \(display.angle.rawValue)")
        say("digits \(display.digits.map(String.init) ?? "auto")")
        say("mode \(display.mode?.rawValue ?? "auto")")
        say("grid \(display.showsGrid ? "on" : "off")")
        say("markers \(display.marksDiscontinuities ? "on" : "off")")
        say("theme \(display.theme.rawValue)")
        say("size \(display.size.map { "\($0.width)x\($0.height)" } ?? "auto")")
        say("var \(session.plottingVariable)")
    }

    func store(_ name: String) throws(GraphCalcError) {
        guard Op.isValidVariableName(name) else { throw .usage("store needs a variable name, such as store M or →M") }
        guard let value = session.ans ?? session.brain.value else { throw .usage("there is no value to store yet") }
        session.brain.variableValues[name] = value
        say("\(name) = \(session.display.format(value))")
    }

    func listVariables() {
        let variables = session.brain.variableValues
        if variables.isEmpty && session.ans == nil { say("no variables set") }
        for name in variables.keys.sorted() {
            if let value = variables[name] { say("\(name) = \(session.display.format(value))") }
        }
        if let ans = session.ans, variables[Session.ansName] == nil { say("ans = \(session.display.format(ans))") }
    }

    func listFunctions() {
        guard !session.functions.isEmpty else { return say("no functions defined; define one with f(x) = x^2 - 2") }
        for name in session.functions.names {
            if let equation = session.functions.equation(of: name) { say(equation) }
        }
    }

    // MARK: - Files

    /// `save FILE` (the program) or `save session FILE` (everything).
    func save(_ arguments: [String]) throws(GraphCalcError) {
        switch arguments.count {
        case 1 where arguments[0] == "session":
            throw .usage("save session needs a file name: save session FILE.plist")
        case 1:
            do {
                try session.brain.program.write(toFile: arguments[0])
            } catch {
                throw .programFile(error)
            }
            say("saved \(session.brain.program.ops.count) ops to \(arguments[0])")
        case 2 where arguments[0] == "session":
            try session.write(toFile: arguments[1])
            say("saved the session to \(arguments[1])")
        default:
            throw .usage("save needs a file name: save FILE.plist, or save session FILE.plist")
        }
    }

    /// `load FILE`: a session file, or a classic program file.
    func load(_ arguments: [String]) throws(GraphCalcError) {
        guard arguments.count == 1 else { throw .usage("load needs a file name: load FILE.plist") }
        var loaded = session
        switch try loaded.load(file: arguments[0]) {
        case .session:
            session = loaded
            let functions = session.functions.names.count, variables = session.brain.variableValues.count
            say(
                "loaded the session from \(arguments[0]): \(functions) function\(functions == 1 ? "" : "s"), \(variables) variable\(variables == 1 ? "" : "s")"
            )
        case .program:
            session = loaded
            showProgram()
        }
    }
}
