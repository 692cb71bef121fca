import CalculatorBrain
import Graphing

extension REPL {
    /// The functions a bare `plot` shows: the program's expressions, or else the
    /// functions last plotted; `trace` and `export` prefer what was plotted last.
    private func currentFunctions(preferringLastPlotted: Bool = false) throws(GraphCalcError) -> [String] {
        if preferringLastPlotted && !lastPlotted.isEmpty { return lastPlotted }
        let expressions = brain.program.expressions.map(\.description)
        if !expressions.isEmpty { return expressions }
        if !lastPlotted.isEmpty { return lastPlotted }
        throw .usage("nothing to plot: push a program (push 3 x ×) or give expressions (plot sin(x) cos(x))")
    }

    /// Arguments that give a verb the session's view and variables, unless `arguments`
    /// set them itself.
    private func sessionArguments(overriding arguments: [String]) -> [String] {
        var extra: [String] = []
        for name in brain.variableValues.keys.sorted() {
            if let value = brain.variableValues[name] { extra += ["--set", "\(name)=\(value)"] }
        }
        let setsRegion = arguments.contains("--x") || arguments.contains("--scale")
        if let scale = view.scale, !setsRegion {
            let origin = view.origin ?? defaultOrigin()
            extra += ["--scale", "\(scale)", "--origin", "\(origin.x),\(origin.y)"]
        } else if !setsRegion {
            extra += ["--x", "\(view.x.lower):\(view.x.upper)"]
        }
        if let y = view.y, !arguments.contains("--y"), view.scale == nil { extra += ["--y", "\(y.lower):\(y.upper)"] }
        return extra
    }

    /// The middle of the plot area of a terminal-sized plot, roughly.
    private func defaultOrigin() -> (x: Double, y: Double) {
        let size = console.terminal.size ?? (80, 25)
        return (Double(size.columns - 8) / 2, Double(size.rows - 5) / 2)
    }

    /// `plot` with the program's expressions, or `plot EXPR... [options]`.
    func plot(_ arguments: [String]) throws(GraphCalcError) {
        let parsed = try ParsedArguments(arguments, command: "plot", options: PlotCommand.options)
        let sources = parsed.positionals.isEmpty ? try currentFunctions() : []
        if !parsed.positionals.isEmpty { lastPlotted = parsed.positionals } else { lastPlotted = sources }
        // The options, for trace to redraw the same plot.
        var options = arguments
        for positional in parsed.positionals {
            if let index = options.firstIndex(of: positional) { options.remove(at: index) }
        }
        lastPlotOptions = options.filter { $0 != "--trace" }
        try GraphCalc.dispatch(
            ["plot"] + sessionArguments(overriding: arguments) + arguments + sources, console: console)
    }

    /// `trace X`: the value of the function plotted first at X, and the plot redrawn with
    /// that point marked.
    func trace(_ text: String) throws(GraphCalcError) {
        guard !text.isEmpty else { throw .usage("trace needs an x value: trace 1.5") }
        let x = try ExpressionValue.of(text, variables: brain.variableValues, label: "trace")
        let functions = try currentFunctions(preferringLastPlotted: true)
        let program: Program
        do {
            program = try Program(parsing: functions[0])
        } catch {
            throw .expression(error, text: functions[0])
        }
        var variables = brain.variableValues
        variables["x"] = x
        do {
            let y = try program.evaluate(variables: variables)
            lastValue = y
            say("\(program) at x = \(x): \(y)")
        } catch {
            say("\(program) has no value at x = \(x): \(error)")
        }
        lastPlotted = functions
        var options = lastPlotOptions
        if let index = options.firstIndex(of: "--trace"), index + 1 < options.count {
            options.removeSubrange(index...(index + 1))
        }
        options += ["--trace", "\(x)"]
        try GraphCalc.dispatch(["plot"] + sessionArguments(overriding: options) + options + functions, console: console)
    }

    /// `export FILE.svg [options]`: the current functions as SVG, in the session's view.
    func export(_ arguments: [String]) throws(GraphCalcError) {
        guard let file = arguments.first, !file.hasPrefix("-") else {
            throw .usage("export needs a file name: export FILE.svg [svg options]")
        }
        let options = Array(arguments.dropFirst())
        var session = sessionArguments(overriding: options)
        if let index = session.firstIndex(of: "--scale") { session.removeSubrange(index..<(index + 4)) }
        let functions = try currentFunctions(preferringLastPlotted: true)
        try GraphCalc.dispatch(["svg"] + session + options + ["-o", file] + functions, console: console)
        say("exported \(file)")
    }

    // MARK: - View

    func setView(_ arguments: [String]) throws(GraphCalcError) {
        guard !arguments.isEmpty else { return showView() }
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else { throw .usage("view needs x A:B and/or y C:D (or y auto)") }
            let axis = arguments[index], text = arguments[index + 1]
            switch axis {
            case "x": view.x = try GraphOptions.range(text, option: "view x", values: brain.variableValues)
            case "y" where text == "auto": view.y = nil
            case "y": view.y = try GraphOptions.range(text, option: "view y", values: brain.variableValues)
            default: throw .usage("view takes x A:B and y C:D, not '\(axis)'")
            }
            index += 2
        }
        view.scale = nil
        view.origin = nil
        showView()
    }

    private func showView() {
        let y = view.y.map { "\($0.lower):\($0.upper)" } ?? "automatic"
        if let scale = view.scale {
            let origin = view.origin.map { "at cell \($0.x),\($0.y)" } ?? "in the middle"
            say("view: scale \(scale) columns per unit, origin \(origin)")
        } else {
            say("view: x \(view.x.lower):\(view.x.upper), y \(y)")
        }
    }

    /// `zoom F [at X,Y]`: F times closer (F < 1 away) about a model point, by default the middle.
    func zoom(_ arguments: [String]) throws(GraphCalcError) {
        guard let factorText = arguments.first else { throw .usage("zoom needs a factor: zoom 2 [at X,Y]") }
        let factor = try ExpressionValue.of(factorText, variables: brain.variableValues, label: "zoom")
        guard factor.isFinite, factor > 0 else { throw .usage("zoom factor \(factorText) must be a positive number") }
        var center = ((view.x.lower + view.x.upper) / 2, view.y.map { ($0.lower + $0.upper) / 2 } ?? 0)
        if arguments.count >= 3, arguments[1] == "at" {
            let parts = arguments[2].split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw .usage("zoom … at needs X,Y") }
            center = (
                try ExpressionValue.of(String(parts[0]), variables: brain.variableValues, label: "zoom at"),
                try ExpressionValue.of(String(parts[1]), variables: brain.variableValues, label: "zoom at")
            )
        } else if arguments.count != 1 {
            throw .usage("zoom takes a factor and, optionally, at X,Y")
        }
        let x = (center.0 - (center.0 - view.x.lower) / factor, center.0 + (view.x.upper - center.0) / factor)
        guard x.0 < x.1, (x.1 - x.0).isFinite, x.1 - x.0 > 1e-300 else {
            throw .usage("zoom \(factorText) leaves no range")
        }
        view.x = x
        if let y = view.y {
            view.y = (center.1 - (center.1 - y.lower) / factor, center.1 + (y.upper - center.1) / factor)
        }
        view.scale = nil
        showView()
    }

    /// `pan DX DY`: the view moved by DX and DY in model units.
    func pan(_ arguments: [String]) throws(GraphCalcError) {
        guard arguments.count == 2 || arguments.count == 1 else { throw .usage("pan needs DX and DY: pan 2 0") }
        let dx = try ExpressionValue.of(arguments[0], variables: brain.variableValues, label: "pan")
        let dy =
            arguments.count == 2
            ? try ExpressionValue.of(arguments[1], variables: brain.variableValues, label: "pan") : 0
        if dy != 0 {
            guard let y = view.y else {
                throw .usage("the y range is automatic: fix it with view y C:D before panning in y")
            }
            view.y = (y.lower + dy, y.upper + dy)
        }
        view.x = (view.x.lower + dx, view.x.upper + dx)
        showView()
    }

    func setScale(_ text: String) throws(GraphCalcError) {
        let scale = try ExpressionValue.of(text, variables: brain.variableValues, label: "scale")
        guard scale.isFinite, scale > 0 else { throw .usage("scale must be a positive number of columns per unit") }
        view.scale = scale
        showView()
    }

    func setOrigin(_ text: String) throws(GraphCalcError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .usage("origin needs X,Y: the plot-area cell of (0,0)") }
        let x = try ExpressionValue.of(String(parts[0]), variables: brain.variableValues, label: "origin")
        let y = try ExpressionValue.of(String(parts[1]), variables: brain.variableValues, label: "origin")
        view.origin = (x, y)
        if view.scale == nil { view.scale = 4 }
        showView()
    }
}
