import Plotting

/// Runs the live view: draws a frame when the state changed, reads keys and the mouse,
/// applies them to the state, and carries out what they ask (save, quit). All input read
/// at once is applied before the next frame, so the view keeps up with key repeat.
enum ExploreSession {
    /// Runs until a quit key or a request to leave; returns the state it ends in.
    ///
    /// - Parameter save: writes an SVG of a state's view; returns the file's name or why not.
    ///   - follow: for followed data (`--follow`), reads what has arrived and gives the
    ///     window's layers and status when new rows came; asked at most 30 times a second,
    ///     so the frames its rows cause come no faster.
    static func run(
        _ initial: ExploreState, on terminal: any ExploreTerminal,
        save: (ExploreState) -> Result<String, ExploreEvent.SaveFailure>,
        follow: (() -> (layers: [DataLayer], status: String)?)? = nil
    ) -> ExploreState {
        var state = initial
        var input = ExploreInput()
        var shown: [String]?
        var needsFrame = true
        var lastFollowed = -Double.infinity
        while !terminal.isTerminated {
            if terminal.takeResize() {
                let size = terminal.size
                _ = state.handle(.resize(columns: size.columns, rows: size.rows))
                shown = nil
                needsFrame = true
            }
            if needsFrame {
                // The frame does not depend on where the last one put its plot area, so
                // telling the state where this one went needs no second drawing.
                let frame = ExploreFrame(state)
                if let drawn = frame.drawn, drawn != state.drawn { _ = state.handle(.drawn(drawn)) }
                terminal.write(ScreenUpdate.text(from: shown, to: frame.lines))
                shown = frame.lines
                needsFrame = false
            }
            // While a slider plays, or data is followed, a frame may be due every 1/30 s:
            // keys are read until then.
            let frameTime = 1 / ExploreState.framesPerSecond
            let bytes = terminal.read(timeout: state.animation == nil && follow == nil ? 0.1 : frameTime)
            if let follow, terminal.now - lastFollowed >= frameTime {
                lastFollowed = terminal.now
                if let update = follow() {
                    _ = state.handle(.data(update.layers, status: update.status))
                    needsFrame = true
                }
            }
            // Nothing more came: a sequence left unfinished is given up.
            var events =
                bytes.isEmpty ? (input.isWaiting ? input.flush() : []) : input.events(from: bytes, time: terminal.now)
            if state.animation != nil && events.isEmpty { events = [.tick(time: terminal.now)] }
            for event in events {
                let before = state
                for effect in state.handle(event) {
                    switch effect {
                    case .quit: return state
                    case .save: _ = state.handle(.saved(save(state)))
                    }
                }
                if state != before { needsFrame = true }
            }
        }
        return state
    }
}
