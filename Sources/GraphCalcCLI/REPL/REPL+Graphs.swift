import CalculatorBrain
import GraphCalcSupport
import Graphing

extension REPL {
    /// `plot [EXPR|FILE|NAME...] [options]`: draws, and keeps what it drew and where as
    /// the session's.
    func plot(_ arguments: [String]) throws(GraphCalcError) {
        let command = try PlotCommand.make(arguments, session: session, atPrompt: true)
        try draw(command)
    }

    /// Draws `command` and makes what it drew the session's view; `announcing` says the
    /// view — the one drawn (the plot area, and so a scaled view's x range, is known only
    /// once the labels are laid out) — before the plot.
    private func draw(_ command: PlotCommand, announcing: Bool = false) throws(GraphCalcError) {
        // Followed data is drawn until it ends or Ctrl-C; the session's figure stays.
        if command.follow.isFollowing { return try command.run(console: console) }
        _ = try command.draw(console: console) { drawn in
            self.session.view.record(
                drawn: drawn, fit: command.viewFit,
                isYAutomatic: command.viewFit.map { _ in command.y == nil && command.scale == nil })
            if announcing { self.showView() }
        }
        var figure = SessionFigure(
            functions: command.plotted, variable: command.graph.variable, overrides: command.graph.overrides,
            style: command.style, t: command.graph.givenT, theta: command.graph.givenTheta)
        figure.data = command.dataReferences
        session.figure = figure
        session.plottingVariable = command.graph.variable
    }

    /// Draws what was plotted last again, in the session's view, when something was;
    /// `announcing` says the view drawn first.
    func redraw(tracing x: Double? = nil, marking points: [Point] = [], announcing: Bool = false)
        throws(GraphCalcError)
    {
        guard session.figure != nil else {
            if announcing { showView() }
            return
        }
        var command = try PlotCommand.showing(session)
        command.traceX = x
        command.tracePoints = points
        try draw(command, announcing: announcing)
    }

    /// `trace X`: every plotted function's value at X, and the plot redrawn with each
    /// point marked.
    func trace(_ text: String) throws(GraphCalcError) {
        guard !text.isEmpty else { throw .usage("trace needs an x value: trace 1.5") }
        if let equals = text.firstIndex(of: "="),
            ["t", "θ", "theta"].contains(String(text[..<equals]).trimmingBlanks())
        {
            let parameter = String(text[..<equals]).trimmingBlanks()
            return try trace(along: parameter, String(text[text.index(after: equals)...]))
        }
        let x = try session.value(of: text, label: "trace")
        let variable = session.tracedVariable
        let shown = session.display.format(x)
        var first: Double?
        for line in try session.trace(at: x) {
            if line.isRelation {
                say("\(line.label) is a relation: trace follows functions of \(variable)")
                continue
            }
            if line.isCurve {
                say("\(line.label) is a curve: trace it along its parameter, as in trace t=1 (or θ=1)")
                continue
            }
            switch line.value {
            case .success(let y):
                first = first ?? y
                let slope = line.slope.map { ", slope \(session.display.format($0))" } ?? ""
                say("\(line.label) at \(variable) = \(shown): \(session.display.format(y))\(slope)")
            case .failure(let reason):
                say("\(line.label) has no value at \(variable) = \(shown): \(reason)")
            }
        }
        if let first { session.ans = first }
        let range = session.view.x
        if x < range.lower || x > range.upper {
            say(
                "\(variable) = \(shown) is outside the view (\(variable) from \(NumberText.shortest(range.lower)) to \(NumberText.shortest(range.upper)))"
            )
        }
        try redraw(tracing: x)
    }

    /// `trace t=VALUE` (or `θ=VALUE`): each curve's point and velocity at that value of
    /// its parameter, and the plot redrawn with the points marked.
    private func trace(along parameter: String, _ text: String) throws(GraphCalcError) {
        let value = try session.value(of: text, label: "trace \(parameter)=")
        let shown = session.display.format(value)
        var points: [Point] = []
        for line in try session.trace(along: parameter, at: value) {
            guard let point = line.point else {
                say("\(line.label) has no point at \(parameter) = \(shown)")
                continue
            }
            points.append(point)
            let coordinates = "(\(session.display.format(point.x)), \(session.display.format(point.y)))"
            let velocity = line.velocity.map { velocity in
                ", tangent (\(session.display.format(velocity.dx)), \(session.display.format(velocity.dy)))"
            }
            say("\(line.label) at \(parameter) = \(shown): \(coordinates)\(velocity ?? "")")
        }
        if let first = points.first { session.ans = first.x }
        try redraw(marking: points)
    }

    /// `explore [EXPR...] [options]`: the live view on what was plotted last (or the
    /// functions given), in the session's view; the view it ends on becomes the session's.
    func explore(_ arguments: [String]) throws(GraphCalcError) {
        let command = try ExploreCommand.make(arguments, session: session, atPrompt: true)
        let state = try command.explore(console: console)
        for note in command.dataNotes + [state.liveNote].compactMap({ $0 }) { console.writeError(note + "\n") }
        if let drawn = state.drawn {
            let viewport = try? Viewport(
                width: drawn.viewport.width, height: drawn.viewport.height, x: state.x,
                y: state.y ?? drawn.viewport.yRange, xAxisScale: state.xScale, yAxisScale: state.yScale)
            if let viewport { session.view.record(drawn: viewport, fit: .ranges, isYAutomatic: state.y == nil) }
        }
        // The values the sliders end on are the variables' from now on, and the
        // session's sliders start there next time.
        for slider in state.sliders {
            session.brain.variableValues[slider.name] = slider.value
            if let index = session.sliders.firstIndex(where: { $0.name == slider.name }) {
                session.sliders[index].value = slider.value
            }
        }
        if !state.sliders.isEmpty { say(state.sliders.map(\.shown).joined(separator: ", ")) }
        var last = session.figure ?? SessionFigure(functions: command.plotted)
        last.functions = command.plotted
        last.data = command.dataReferences
        last.variable = command.graph.variable
        last.overrides = command.graph.overrides
        last.style.mode = state.mode
        last.style.showsGrid = state.showsGrid
        last.style.marksDiscontinuities = state.marksDiscontinuities
        last.style.marksPoints = state.marksPoints
        last.style.hasEqualAspect = state.hasEqualAspect
        last.t = state.t
        last.theta = state.theta
        session.figure = last
        showView()
    }

    /// `slider NAME A:B[:STEP]` adds a slider to the next `explore`s, `slider NAME off`
    /// removes it, `slider` alone lists them.
    func slider(_ words: [String]) throws(GraphCalcError) {
        guard let name = words.first else {
            if session.sliders.isEmpty { return say("no sliders; add one with slider NAME A:B[:STEP]") }
            for slider in session.sliders {
                let range = "\(CFormat.short(slider.range.lower)):\(CFormat.short(slider.range.upper))"
                say("\(slider.name) \(range) step \(CFormat.short(slider.step)), at \(CFormat.short(slider.value))")
            }
            return
        }
        guard words.count == 2 else {
            throw .usage("slider needs a name and a range: slider a 0:5 (or 0:5:0.1), or slider a off")
        }
        if words[1] == "off" {
            guard session.sliders.contains(where: { $0.name == name }) else { throw .usage("no slider named \(name)") }
            session.sliders.removeAll { $0.name == name }
            return say("slider \(name) removed")
        }
        if session.functions[name] != nil {
            throw .usage("'\(name)' is a function; a slider moves a variable")
        }
        let slider = try Slider.parse("\(name)=\(words[1])", from: .prompt("slider"), values: session.variables)
        session.sliders.removeAll { $0.name == name }
        session.sliders.append(slider)
        guard session.sliders.count <= 9 else {
            session.sliders.removeLast()
            throw .usage("at most 9 sliders (keys 1…9 choose one); remove one with slider NAME off")
        }
        say(
            "slider \(slider.shown) from \(CFormat.short(slider.range.lower)) to \(CFormat.short(slider.range.upper)); explore moves it with [ and ]"
        )
    }

    /// `export FILE.svg [options]`: what was plotted last as SVG, in the session's view.
    func export(_ arguments: [String]) throws(GraphCalcError) {
        guard let file = arguments.first, !file.hasPrefix("-") else {
            throw .usage("export needs a file name: export FILE.svg [svg options]")
        }
        let options = SVGCommand.options.filter { !$0.names.contains("-o") }
        let parsed = try ParsedArguments(Array(arguments.dropFirst()), command: "export", options: options)
        guard parsed.positionals.isEmpty else { throw .usage("export takes one file name and svg options") }
        try SVGCommand.checkName(file)
        try SVGCommand(parsed, session: session, atPrompt: true, destination: file).run(console: console)
        say("exported \(file)")
    }

    // MARK: - View

    func setView(_ arguments: [String]) throws(GraphCalcError) {
        guard !arguments.isEmpty else { return showView() }
        var x = session.view.x
        var y = session.view.y
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else { throw .usage("view needs x A:B and/or y C:D (or y auto)") }
            let axis = arguments[index], text = arguments[index + 1]
            switch axis {
            case "x":
                x = try GraphOptions.range(
                    text, from: .prompt("view x"), axis: "x", values: session.variables, scale: session.view.xScale)
            case "y" where text == "auto": y = nil
            case "y":
                y = try GraphOptions.range(
                    text, from: .prompt("view y"), axis: "y", values: session.variables, scale: session.view.yScale)
            default: throw .usage("view takes x A:B and y C:D, not '\(axis)'")
            }
            index += 2
        }
        try changeView { view throws(GraphingError) in try view.setRanges(x: x, y: y) }
    }

    /// Applies a change to the view, shows it, and redraws the plot.
    private func changeView(_ change: (inout SessionView) throws(GraphingError) -> Void) throws(GraphCalcError) {
        var view = session.view
        do {
            try change(&view)
        } catch {
            throw .graphing(error)
        }
        session.view = view
        do {
            try redraw(announcing: true)
        } catch {
            // The plot failed before it was laid out (nothing to draw in the new view): the
            // view changed all the same, and is said.
            showView()
            throw error
        }
    }

    /// The view's ranges as `showView` says them: `x -5.0:5.0, y automatic`.
    private var viewText: String {
        let view = session.view
        let x = view.x
        let y = view.y.map { "\(Self.viewNumber($0.lower)):\(Self.viewNumber($0.upper))" } ?? "automatic"
        return "x \(Self.viewNumber(x.lower)):\(Self.viewNumber(x.upper)), y \(y)"
    }

    func showView() {
        let view = session.view
        var text = "view: \(viewText)"
        if let scale = view.columnsPerUnit {
            text += " (\(Self.viewNumber(scale)) columns per unit"
            if view.fit == .scaleAboutOrigin {
                let origin = view.viewport.origin
                text += ", origin at cell \(Self.viewNumber(origin.x)),\(Self.viewNumber(origin.y))"
            }
            text += ")"
        }
        say(text)
    }

    /// A view's end or scale without the noise of the arithmetic that moved it
    /// (7.2, not 7.199999999999999): rounded to 12 significant digits, shortest form.
    static func viewNumber(_ value: Double) -> String {
        let rounded = Double(CFormat.string("%.12g", value)) ?? value
        return NumberText.shortest(rounded == 0 ? 0 : rounded)
    }

    /// `zoom F [at X,Y]`.
    func zoom(_ arguments: [String]) throws(GraphCalcError) {
        guard let factorText = arguments.first else { throw .usage("zoom needs a factor: zoom 2 [at X,Y]") }
        let factor = try session.value(of: factorText, label: "zoom")
        guard factor.isFinite, factor > 0 else { throw .usage("zoom factor \(factorText) must be a positive number") }
        var center: Point?
        if arguments.count == 3, arguments[1] == "at" {
            let point = try PlotCommand.point(arguments[2], from: .prompt("zoom at"), values: session.variables)
            center = Point(x: point.x, y: point.y)
        } else if arguments.count != 1 {
            throw .usage("zoom takes a factor and, optionally, at X,Y")
        }
        do {
            try changeView { view throws(GraphingError) in try view.zoom(by: factor, about: center) }
        } catch .graphing(let error) where Self.isBeyondTheDoubles(error) {
            throw .usage("zoom \(factorText) goes past what doubles can show; the view stays \(viewText)")
        }
    }

    /// Whether a view change failed because the view would leave what doubles can show:
    /// too narrow to tell its pixels apart, too wide, or not finite.
    private static func isBeyondTheDoubles(_ error: GraphingError) -> Bool {
        switch error {
        case .invalidRange, .rangeTooWide, .rangeTooNarrow: true
        default: false
        }
    }

    /// `pan DX [DY]`.
    func pan(_ arguments: [String]) throws(GraphCalcError) {
        guard arguments.count == 2 || arguments.count == 1 else {
            throw .usage("pan needs DX and, if the view should move up or down, DY: pan 2, pan 2 -1")
        }
        let dx = try session.value(of: arguments[0], label: "pan")
        let dy = arguments.count == 2 ? try session.value(of: arguments[1], label: "pan") : 0
        do {
            try changeView { view throws(GraphingError) in try view.pan(dx: dx, dy: dy) }
        } catch .graphing(let error) where Self.isBeyondTheDoubles(error) {
            throw .usage(
                "pan \(arguments.joined(separator: " ")) goes past what doubles can show; the view stays \(viewText)")
        }
    }

    func setScale(_ text: String) throws(GraphCalcError) {
        guard !text.isEmpty else { throw .usage("scale needs a number of columns per unit: scale 10") }
        let scale = try session.value(of: text, label: "scale")
        guard scale.isFinite, scale > 0 else { throw .usage("scale must be a positive number of columns per unit") }
        try checkLinearView("scale")
        try changeView { view throws(GraphingError) in try view.setScale(scale) }
    }

    /// A scale and origin set a linear view: refused while an axis is log.
    private func checkLinearView(_ command: String) throws(GraphCalcError) {
        guard session.view.xScale == .linear && session.view.yScale == .linear else {
            throw .usage("\(command) sets a linear view; set xscale linear and set yscale linear first")
        }
    }

    func setOrigin(_ text: String) throws(GraphCalcError) {
        try checkLinearView("origin")
        let point = try PlotCommand.point(text, from: .prompt("origin"), values: session.variables)
        try changeView { view throws(GraphingError) in try view.setOrigin(x: point.x, y: point.y) }
    }
}
