import CalculatorBrain
import GraphCalcSupport
import Graphing

/// A variable the live view moves: its name, its range, the step a key moves it by, and
/// its value (`--slider a=0:5:0.1`, `slider a 0:5` at the prompt).
public struct Slider: Equatable, Sendable {
    /// The variable's name.
    public let name: String
    /// The values it moves between, ends included.
    public let range: Interval
    /// How far a key moves it.
    public let step: Double
    /// Its value now.
    public var value: Double

    /// A slider of `name` over `range` in steps of `step` (a fiftieth of the range when
    /// `nil`), at `value` (the range's lower end when `nil` or outside it).
    public init(name: String, range: Interval, step: Double? = nil, value: Double? = nil) {
        self.name = name
        self.range = range
        self.step = step ?? (range.upper - range.lower) / 50
        self.value = value.flatMap { range.contains($0) ? $0 : nil } ?? range.lower
    }

    /// Moved by `steps` steps (down for a negative count), within its range.
    public func moved(by steps: Int) -> Slider {
        var moved = self
        let target = value + Double(steps) * step
        // Landing near an end by rounding lands on it.
        let tolerance = step * 1e-9
        moved.value =
            target >= range.upper - tolerance ? range.upper : target <= range.lower + tolerance ? range.lower : target
        return moved
    }

    /// How the status line shows it: `a=2.5`.
    var shown: String { "\(name)=\(CFormat.short(value))" }

    /// Reads `NAME=A:B[:STEP]`, each number an expression of `values`; the slider starts
    /// at the variable's value in `values` when that is in range.
    ///
    /// - Throws: ``GraphCalcError`` naming what is wrong, labelled with `source`.
    static func parse(
        _ text: String, from source: ValueSource, values: [String: Double]
    ) throws(GraphCalcError) -> Slider {
        let usage = "\(source.label) needs NAME=A:B or NAME=A:B:STEP (such as a=0:5:0.1), not '\(text)'"
        guard let equals = text.firstIndex(of: "=") else { throw .usage(usage) }
        let name = String(text[..<equals]).trimmingBlanks()
        guard Op.isValidVariableName(name) else {
            throw .usage("\(source.label): '\(name)' is not a valid variable name")
        }
        let parts = text[text.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { throw .usage(usage) }
        let lower = try ExpressionValue.of(String(parts[0]), variables: values, from: source)
        let upper = try ExpressionValue.of(String(parts[1]), variables: values, from: source)
        guard lower < upper, (upper - lower).isFinite else {
            throw .usage(
                "\(source.label) \(text): the range is empty or not finite; the first number must be the smaller")
        }
        var step: Double?
        if parts.count == 3 {
            let given = try ExpressionValue.of(String(parts[2]), variables: values, from: source)
            guard given > 0, given <= upper - lower else {
                throw .usage("\(source.label) \(text): the step must be above 0 and at most the range's width")
            }
            step = given
        }
        return Slider(name: name, range: Interval(lower, upper), step: step, value: values[name])
    }
}
