import CalculatorBrain
import Graphing

/// Relations on any text: a relation that parses is decided on a small grid over a view
/// the input's length picks, within a small budget, and every cell ends with one status.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelation(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let program = try? Program(parsing: text), Relation.isRelation(program),
        let relation = try? Relation(program: program, values: ["a": 0.5, "b": -2])
    else { return 0 }
    let scale = [1.0, 1e-3, 1e6, 1e300][size % 4]
    guard let viewport = try? Viewport(width: 24, height: 12, x: Interval(-scale, scale), y: Interval(-scale, scale))
    else { return 0 }
    var sampler = RelationSampler(relation: relation, viewport: viewport)
    sampler.budget = 20_000
    let sample = sampler.sample()
    if sample.provedCount + sample.undecidedCount + sample.excludedCount != 24 * 12 {
        fatalError("cells lost: \(text.debugDescription)")
    }
    return 0
}
