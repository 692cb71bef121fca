import GraphCalcSupport
import Graphing
import Plotting

#if canImport(Glibc)
    import Glibc
#endif

extension PlotCommand {
    /// The most frames a second a followed plot is drawn.
    static let framesPerSecond = 30.0

    /// `plot --follow`: the plot drawn again as the data arrives, at most 30 times a
    /// second, over the last `--window` rows, with a status line under it. In a terminal
    /// each frame is drawn over the last; elsewhere (a pipe, a file) only the last frame
    /// is written, when the stream ends or Ctrl-C stops it.
    func follow(_ reference: DataReference, console: any Console) throws(GraphCalcError) {
        var follower = try DataFollower(reference, window: follow.window)
        let terminal = console.terminal
        let inPlace = terminal.isTerminal
        var shownHeight = 0
        var lastFrame = -Double.infinity
        var isDue = false
        var frame: [String]?
        func draw() throws(GraphCalcError) {
            // Due or not drawn (no point with both values yet), the rows were seen: the
            // next wait is a frame's, never none.
            lastFrame = Self.now()
            isDue = false
            guard let lines = try self.frame(follower, terminal: terminal) else { return }
            frame = lines
            guard inPlace else { return }
            // Back to the top of the last frame, each line cleared to its end.
            let up = shownHeight > 0 ? "\u{1B}[\(shownHeight)A\r" : ""
            try console.write(up + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\n")
            shownHeight = lines.count
        }
        while !follower.hasEnded && !Cancellation.isRequested {
            let wait = isDue ? max(0, lastFrame + 1 / Self.framesPerSecond - Self.now()) : 0.25
            if try follower.read(timeout: wait) { isDue = true }
            if isDue && Self.now() - lastFrame >= 1 / Self.framesPerSecond { try draw() }
        }
        // The last frame again, with the status saying the stream ended.
        if !Cancellation.isRequested || isDue { try draw() }
        if !inPlace, let frame { try console.write(frame.joined(separator: "\n") + "\n") }
        follower.close()
        if let note = follower.skippedNote { console.writeError(note + "\n") }
        if Cancellation.isRequested { throw .interrupted }
        if frame == nil { throw .input("\(follower.name) ended before a row of data") }
    }

    /// One frame: the plot of the functions and the rows in the window, x over the
    /// window (or `--x`), and the follower's status; `nil` before the first row.
    private func frame(_ follower: DataFollower, terminal: TerminalEnvironment) throws(GraphCalcError) -> [String]? {
        let layers = follower.layers
        guard layers.contains(where: { $0.extent() != nil }) else { return nil }
        var graph = self.graph
        _ = try graph.fittingCurves(functions, data: layers, shown: nil)
        let (width, height) = style.size.map { ($0.width, $0.height) } ?? Self.terminalSize(terminal)
        let output = style.terminalOutput
        let plot = TerminalPlot(
            mode: output.mode(on: terminal), isColored: output.isColored(on: terminal), width: width,
            height: max(1, height - 1))
        let figure = try graph.figure(functions, data: layers, y: graph.givenY, style: style)
        let lines: [String]
        do {
            lines = try plot.render(figure)
        } catch {
            throw .plotting(error)
        }
        return lines + [TerminalText.prefix(follower.status, width: width)]
    }

    /// Seconds on a clock that only goes forward.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
