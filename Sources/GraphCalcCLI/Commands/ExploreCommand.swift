import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `graphcalc explore`: a full-screen graph that keys and the mouse pan, zoom and trace.
struct ExploreCommand: Command {
    static let name = "explore"
    static let summary = "Explore graphs full screen: pan, zoom, trace and slide with keys and mouse."
    static let operands = "EXPR|FILE.plist..."
    static let discussion = """
        Keys: arrows or h j k l pan by a tenth of the view; + = - zoom about the middle,
        < > zoom x only, { } zoom y only; 0 goes back to the starting view, o puts the
        origin in the middle, a chooses y again for what is in view; t shows a trace
        cursor that ← → move a column at a time (Tab: the next function), with x, each
        function's value (or why it has none) and the slope in the status line; x and y
        switch that axis between linear and log (zoom and pan then act by ratios); g grid,
        m braille or ASCII, s saves the view as graphcalc-explore-N.svg in the current
        directory, ? shows the keys, q, Esc or Ctrl-C leaves (Ctrl-C with status 130).

        Mouse, where the terminal reports it: the wheel zooms about the pointer, a drag
        pans, a click traces at the pointer, a double-click moves the origin there.

        Relations (x^2+y^2=1, y<sin(x)) are decided again for each view; while some cells
        are undecided the status line says what share is decided (zoom in to decide
        more). The trace follows the functions and skips relations; on a parametric or
        polar curve it walks the curve, ← → a 200th of its t (or θ) range a step, with
        t, the point and the tangent (dx/dt, dy/dt) in the status line.

        Data (a .csv, .tsv or .dat argument, or --data FILE, with --columns and --style
        as plot takes them) is drawn beside the functions, every point in its cell at
        every zoom; the trace follows the functions, not the data. With --follow (and
        --window N) the data is followed as it arrives, as plot --follow does, redrawn at
        most 30 times a second; the view follows the last rows until a key moves it (0
        follows again), and keys come from the terminal even while standard input is the
        data: tail -f load.log | graphcalc explore --data - --follow --window 500.

        Sliders: --slider a=0:5 (or a=0:5:0.1 for the step; a fiftieth of the range by
        default) makes any variable of any function, relation or curve one: [ and ] move
        it a step, 1…9 choose which slider the keys move when there are several, and
        the graph is drawn again at once, each slider's value in the status line (the
        chosen one marked ▸). Space plays the chosen slider back and forth, a step a
        frame at 30 frames a second, until a key stops it; --animate a=0:5 starts with it
        playing. A slider starts at the variable's value (--set, or the session's) when
        that is in its range, else at its lower end. At the prompt, slider a 0:5 adds a
        slider to every explore after it, and the values the sliders end on stay the
        variables' values.

        The terminal is put back as it was on every way out (q, Esc, Ctrl-C, SIGTERM).
        At the prompt, explore shows what was plotted last in the session's view, and the
        view it ends on becomes the session's. Standard input and output must be a
        terminal.

        Examples:
          graphcalc explore 'sin(x)' 'cos(x)' --x -pi:pi
          graphcalc explore examples/programs/damped-wave.plist
          graphcalc explore 'x^y=y^x' 'sin(x)' --x 0:5
          graphcalc explore 'a*sin(b*x)' --slider a=0:5 --slider b=1:3
          graphcalc explore '(sin(a*t), sin(4t))' --animate a=1:5 --aspect equal
          graphcalc explore examples/data/heights.csv '0.9x-80'
        """
    static let slider = OptionSpecification(
        names: ["--slider"], valueName: "NAME=A:B[:STEP]",
        help: "A variable [ and ] move from A to B, a step at a time (repeatable)", isRepeatable: true)
    static let animate = OptionSpecification(
        names: ["--animate"], valueName: "NAME=A:B[:STEP]",
        help: "A slider that starts playing back and forth (any key stops it)")
    static let ownOptions: [OptionSpecification] = [OptionGroup.points, slider, animate]
    static let optionGroups: [OptionGroup] = [
        .programFile, .data, .dataDrawing, .live, .xRange, .yRange, .axisScales, .variables, .angles, .curves,
        .terminalOutput,
    ]
    static let positionals = PositionalKind.expressions

    let plotted: [PlottedFunction]
    let functions: [ResolvedFunction]
    /// The data series drawn beside them.
    let data: [DataLayer]
    /// Their files, as the session's figure keeps them.
    let dataReferences: [DataReference]
    /// What reading the data has to say (rows skipped), said when the view ends.
    let dataNotes: [String]
    /// Whether the data is followed as it arrives, and how much of it is shown.
    let follow: FollowOptions
    let graph: GraphOptions
    let y: Interval?
    let output: TerminalOutput
    /// The session's grid and markers, which the view starts with.
    let showsGrid: Bool, marksDiscontinuities: Bool
    /// Whether the view starts with zeros, extrema and intersections marked (`--points`).
    let marksPoints: Bool
    /// The sliders: the session's (at the prompt), then `--slider`'s and `--animate`'s,
    /// a later one of a name replacing an earlier.
    let sliders: [Slider]
    /// Which of them starts playing (`--animate`).
    let animated: Int?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let showsFigure = atPrompt && ProgramArgument.all(arguments).isEmpty
        var graph = try GraphOptions(
            arguments, session: session, atPrompt: atPrompt, shown: showsFigure ? session.figure : nil)
        var sliders = atPrompt ? session.sliders : []
        func add(_ slider: Slider) {
            sliders.removeAll { $0.name == slider.name }
            sliders.append(slider)
        }
        for text in arguments.allValues(Self.slider) {
            add(try Slider.parse(text, from: .option("--slider"), values: graph.values))
        }
        var animated: Int?
        if let text = arguments.value(Self.animate) {
            add(try Slider.parse(text, from: .option("--animate"), values: graph.values))
            animated = sliders.count - 1
        }
        guard sliders.count <= 9 else { throw .usage("explore takes at most 9 sliders (keys 1…9 choose one)") }
        self.sliders = sliders
        self.animated = animated
        graph.setting(sliders)
        let programs: [ProgramArgument]
        let shownData = showsFigure ? session.figure?.data ?? [] : []
        follow = try FollowOptions(arguments)
        (programs, data, dataNotes, dataReferences) = try DataOptions.programsAndData(
            arguments, session: session, shown: shownData, following: follow)
        (plotted, functions) = try graph.functions(
            programs, session: session, usage: Self.usage, preferringPlotted: true,
            allowsNone: DataOptions.isNamed(dataReferences, shown: shownData, programs: programs))
        let fitted = try graph.fittingCurves(functions, data: data, shown: showsFigure ? session.figure : nil)
        self.graph = graph
        y = graph.givenY ?? fitted?.y ?? (graph.givenX == nil ? graph.y(session: session) : nil)
        output = try TerminalOutput(arguments, mode: session.display.mode)
        showsGrid = session.display.showsGrid
        marksDiscontinuities = session.display.marksDiscontinuities
        marksPoints =
            arguments.contains(OptionGroup.points) || (atPrompt && session.figure?.style.marksPoints == true)
        // Check the functions can be graphed before the screen changes.
        _ = try graph.layers(functions)
    }

    func run(console: any Console) throws(GraphCalcError) {
        // Left with Ctrl-C: the command line's status for an interruption.
        let state = try explore(console: console)
        for note in dataNotes + [state.liveNote].compactMap({ $0 }) { console.writeError(note + "\n") }
        if state.wasInterrupted { throw .interrupted }
    }

    /// Runs the view and returns the state it ended in.
    func explore(console: any Console) throws(GraphCalcError) -> ExploreState {
        let x = graph.x
        // The check every later view passes, before anything about the terminal.
        let screen = RawTerminal.size
        if let problem = ExploreState.problem(
            x: x, y: y, columns: screen.columns, rows: screen.rows, xScale: graph.xScale, yScale: graph.yScale)
        {
            throw .usage(problem)
        }
        guard RawTerminal.isAvailable else {
            throw .usage(
                "explore needs a terminal: standard output must be one, and standard input or /dev/tty for keys (plot draws anywhere)"
            )
        }
        // Keys and data cannot share the terminal.
        if follow.isFollowing && dataReferences.first?.path == FileSystem.standardInput && isatty(STDIN_FILENO) == 1 {
            throw .usage("--data - --follow reads standard input, which is the terminal here: pipe the data in")
        }
        // Opened before the screen changes, so a file that cannot be read is said plainly.
        var follower =
            try follow.isFollowing
            ? dataReferences.first.map { reference throws(GraphCalcError) in
                try DataFollower(reference, window: follow.window)
            } : nil
        let environment = console.terminal
        let terminal = try RawTerminal()
        defer {
            terminal.restore()
            // Asked to end by SIGTERM or SIGHUP: with the terminal back as it was, end as
            // that signal would have ended the process.
            let signal = terminal.terminatingSignal
            if signal == SIGTERM || signal == SIGHUP {
                POSIX.restoreDefaultAction(for: signal)
                raise(signal)
            }
        }
        let size = terminal.size
        var state = ExploreState(
            functions: functions, variable: graph.variable, values: graph.values,
            x: x, y: y, columns: size.columns, rows: size.rows, mode: output.mode(on: environment),
            xScale: graph.xScale, yScale: graph.yScale)
        state.isColored = output.isColored(on: environment)
        state.angle = graph.angle
        state.showsGrid = showsGrid
        state.marksDiscontinuities = marksDiscontinuities
        state.marksPoints = marksPoints
        state.sliders = sliders
        state.animation = animated.map { ExploreState.Animation(slider: $0) }
        state.data = data
        state.t = graph.givenT
        state.theta = graph.givenTheta
        state.hasEqualAspect = graph.hasEqualAspect
        state.followsX = graph.givenX == nil
        if let follower { state.liveStatus = "waiting for \(follower.name)" }
        // What the follower read, once a frame at most; an error reading it is said in the
        // status line and ends the following, not the view.
        var hasStopped = false, lastStatus = ""
        let live: (() -> (layers: [DataLayer], status: String)?)? =
            follower == nil
            ? nil
            : {
                guard !hasStopped, var current = follower else { return nil }
                defer { follower = current }
                do {
                    let hasRows = try current.read(timeout: 0)
                    // New rows, or the stream's end: drawn; nothing new: no frame.
                    guard hasRows || (current.hasEnded && current.status != lastStatus) else { return nil }
                    lastStatus = current.status
                    return (current.layers, current.status)
                } catch {
                    hasStopped = true
                    return (current.layers, "error: \(error)")
                }
            }
        var final = ExploreSession.run(
            state, on: terminal, save: { state in Self.save(state, graph: graph) }, follow: live)
        final.liveNote = follower?.skippedNote
        follower?.close()
        if terminal.terminatingSignal == SIGINT { throw .interrupted }
        return final
    }

    /// Writes the state's view as `graphcalc-explore-N.svg`, N the first number free.
    static func save(_ state: ExploreState, graph: GraphOptions) -> Result<String, ExploreEvent.SaveFailure> {
        let document: String
        do {
            var figure = try ExploreFrame.figure(state)
            if figure.y == nil, let drawn = state.drawn { figure.y = drawn.viewport.yRange }
            document = try SVGPlot(width: 800, height: 500, theme: .light).render(figure)
        } catch {
            return .failure(.init(message: "cannot save: \(error)"))
        }
        var number = 1
        while access("graphcalc-explore-\(number).svg", F_OK) == 0 { number += 1 }
        let name = "graphcalc-explore-\(number).svg"
        do {
            try FileSystem.writeAtomically(Data(document.utf8), to: name, synchronizes: false)
        } catch {
            return .failure(.init(message: "cannot write \(name): \(error.reason)"))
        }
        return .success(name)
    }
}
