import CalculatorBrain
import Graphing

/// Curves on any text: a point (x(t), y(t)) or a polar r = F(θ) that parses is drawn on
/// a small grid and as paths over a view and a parameter range the input's length
/// picks, within a small budget; every cell ends with one status and every path point
/// is finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurve(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let program = try? Program(parsing: text), program.isCurve,
        let curve = try? Curve(
            program: program, values: ["a": 0.5, "b": -2], angle: size % 3 == 0 ? .degrees : .radians)
    else { return 0 }
    let scale = [1.0, 1e-3, 1e6, 1e300][size % 4]
    let t = [Interval(0, 6.5), Interval(-1e300, 1e300), Interval(-1e-9, 1e-9), Interval(1, 1)][(size / 4) % 4]
    guard let viewport = try? Viewport(width: 24, height: 12, x: Interval(-scale, scale), y: Interval(-scale, scale))
    else { return 0 }
    var sampler = CurveSampler(curve: curve, viewport: viewport, t: t)
    sampler.budget = 20_000
    let sample = sampler.sample()
    let cells = sample.cells
    if cells.provedCount + cells.undecidedCount + cells.excludedCount != 24 * 12 {
        fatalError("cells lost: \(text.debugDescription)")
    }
    for path in sampler.paths() {
        for point in path where !point.x.isFinite || !point.y.isFinite {
            fatalError("a path point is not finite: \(text.debugDescription)")
        }
    }
    return 0
}
