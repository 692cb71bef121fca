import GraphCalcCLI
import Graphing

/// The live view's input and state machine on any bytes — keys, arrows, SGR mouse
/// reports with any coordinates, slider keys and animation frames — over views at the
/// edges of the doubles: every frame is
/// drawn and nothing traps. The first byte picks the view and the terminal's size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExplore(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let views: [Interval] = [
        Interval(-10, 10), Interval(-8e307, 8e307), Interval(1e300, 1.5e300), Interval(-1e-300, 1e-300),
        Interval(1, 1.000001), Interval(-1e-320, 1e-320), Interval(0, 1e-310), Interval(-1.7e308, -1.6e308),
    ]
    let choice = Int(data[0])
    let sizes = [(80, 24), (1, 1), (3, 2), (200, 60), (12, 5), (40, 40), (2, 30), (120, 3)]
    let (columns, rows) = sizes[(choice / 8) % sizes.count]
    // Up to 64 bytes of keys: each key draws a frame (with `p`, a search for the proved
    // points), so longer inputs would run a few executions a second under AddressSanitizer.
    let keys = String(decoding: UnsafeBufferPointer(start: data + 1, count: min(size - 1, 64)), as: UTF8.self)
    // A slider (`[` `]`, space plays it) moves a function and a curve the trace walks.
    _ = try? Explore.frames(
        of: ["a*x", "1/x", "(cos(t), a*sin(t))"], columns: columns, rows: rows,
        mode: choice & 64 == 0 ? .braille : .ascii, keys: keys, x: views[choice % views.count],
        sliders: [Slider(name: "a", range: Interval(-2, 2), step: 0.5)], ticks: 2)
    return 0
}
