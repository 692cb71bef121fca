/// What the live view needs from a terminal: its size, the bytes typed, a way to write a
/// frame, the clock, and whether a resize or a request to leave arrived. ``RawTerminal`` is
/// the real one; tests drive the loop with a scripted one.
protocol ExploreTerminal: AnyObject {
    /// The size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// Seconds on a monotonic clock.
    var now: Double { get }
    /// Whether a signal (SIGTERM, SIGINT, SIGHUP) asked to leave.
    var isTerminated: Bool { get }
    /// Bytes typed, waiting at most `timeout` seconds; empty when none came.
    func read(timeout: Double) -> [UInt8]
    /// Writes a frame's bytes, in one write.
    func write(_ text: String)
    /// Whether the terminal was resized since the last call.
    func takeResize() -> Bool
}
