import CalculatorBrain

/// A calculator program as a graph function of one of its variables.
///
/// Only the program's last expression (the top of the stack) is graphed, as the
/// calculator's display shows it; a program whose last expression lacks an operand (`?`)
/// has no value anywhere. The expression is compiled once (``CompiledProgram``) and
/// evaluated in batches. Point values follow `Program.evaluate(variables:)` (NaN where it
/// reports a reason); enclosures use interval arithmetic with the same domain rules, so
/// they are guaranteed.
public struct ProgramFunction: GraphFunction {
    /// The compiled expression.
    public let compiled: CompiledProgram
    /// The variable the graph runs along.
    public let variable: String
    /// What an evaluation costs, in interval operations; see ``evaluationCost``.
    public let evaluationCost: Int
    /// Sharper enclosures where the variable appears more than once (see `CentredForm`).
    let centredForm: CentredForm?
    /// What a long program has given, so nothing is evaluated twice (see `EvaluationMemo`).
    private let memo: EvaluationMemo?

    /// When enclosures are tightened against the dependency problem.
    public enum Tightening: Sendable {
        /// Never: plain interval arithmetic (a derivative serving an analysis's own
        /// proofs, which make their own mean-value forms).
        case none
        /// Where an enclosure is wider than twice the spread of the values at the
        /// stretch's ends and middle (or not total): enough for analysis to see a stretch
        /// where the function is 0, at a fraction of the cost.
        case forAnalysis
        /// Wherever an enclosure exceeds that spread at all: a graph's cells.
        case forDrawing
    }

    /// Binds `program` to the plotting variable `variable`, other variables to `values`.
    ///
    /// - Throws: ``GraphingError/variableNotSet(_:plotting:)`` when the graphed expression
    ///   uses a variable that is neither the plotting variable nor given a value.
    ///
    /// `angle` is what `sin`, `cos` and `tan` take and the inverses give. `accuracy`
    /// chooses between values bit for bit the calculator's (``CompiledProgram/Accuracy/exact``,
    /// as tables want) and vectorised transcendental functions within 2 ulp of them
    /// (``CompiledProgram/Accuracy/fast``, the default, as graphs want).
    ///
    /// `tightening` says when enclosures are tightened with centred forms where the
    /// variable appears more than once (see `CentredForm`).
    public init(
        program: Program, variable: String = "x", values: [String: Double] = [:],
        accuracy: CompiledProgram.Accuracy = .fast, angle: AngleUnit = .radians,
        tightening: Tightening = .forDrawing
    ) throws(GraphingError) {
        try self.init(
            program: program, variable: variable, values: values, accuracy: accuracy, angle: angle,
            tightening: tightening, derivatives: ([], []))
    }

    /// As ``init(program:variable:values:accuracy:angle:tightening:)``, with the program's
    /// first derivatives already built (in order, compiled with the same variable, values,
    /// accuracy and angle), which the centred forms take rather than build again.
    init(
        program: Program, variable: String = "x", values: [String: Double] = [:],
        accuracy: CompiledProgram.Accuracy = .fast, angle: AngleUnit = .radians,
        tightening: Tightening = .forDrawing, derivatives: (programs: [Program], compiled: [CompiledProgram])
    ) throws(GraphingError) {
        self.variable = variable
        let compiled = try CompiledProgram(
            program: program, variable: variable, values: values, accuracy: accuracy, angle: angle)
        self.compiled = compiled
        let looseness: Double? =
            switch tightening {
            case .none: nil
            case .forAnalysis: 2
            case .forDrawing: 1 + 1.0 / 1024
            }
        centredForm = looseness.flatMap { looseness in
            CentredForm(
                program: program, variable: variable, values: values, accuracy: accuracy, angle: angle,
                function: compiled, looseness: looseness, known: derivatives)
        }
        evaluationCost = Self.cost(of: compiled) + (centredForm?.cost ?? 0)
        memo = evaluationCost >= EvaluationMemo.leastCost ? EvaluationMemo() : nil
    }

    /// The compiled instructions' count (at least 1), an instruction weighed by what its
    /// enclosure costs against an addition's: `nPr` and `nCr` count up to 64 pairs, `!`
    /// and `Γ` enclose with several library calls.
    private static func cost(of compiled: CompiledProgram) -> Int {
        var cost = 0
        for instruction in compiled.instructions {
            switch instruction.operation {
            case .binary(.combinations), .binary(.permutations): cost += 64
            case .unary(.factorial), .unary(.gamma), .unary(.digamma): cost += 8
            default: cost += 1
            }
        }
        return max(1, cost)
    }

    /// Whether enclosures are guaranteed; see ``GraphFunction/hasGuaranteedEnclosures``.
    public var hasGuaranteedEnclosures: Bool { true }

    /// The value at each x, NaN where there is none.
    public func values(at xs: [Double]) -> [Double] {
        guard let memo else { return compiled.values(at: xs) }
        return memo.values(at: xs) { compiled.values(at: $0) }
    }

    /// An enclosure of the values on each interval: interval arithmetic's, tightened by
    /// centred forms where the variable appears more than once (see `CentredForm`).
    public func enclosures(over intervals: [Interval]) -> [Enclosure] {
        guard let memo else { return tightenedEnclosures(over: intervals) }
        return memo.enclosures(over: intervals) { tightenedEnclosures(over: $0) }
    }

    private func tightenedEnclosures(over intervals: [Interval]) -> [Enclosure] {
        let plain = compiled.enclosures(over: intervals)
        guard let centredForm else { return plain }
        return centredForm.tightened(plain, over: intervals)
    }
}
