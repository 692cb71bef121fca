import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import CalculatorBrain

/// Symbolic derivatives: readable, right where the function is smooth (against a central
/// difference), honest where there is none, and bounded on any program.
@Suite struct DerivativeTests {
    @Test(arguments: [
        ("x^3-2x+1", "3×x^2−2"), ("sin(x)*exp(-x)", "cos(x)×exp(−x)−sin(x)×exp(−x)"), ("x*sin(x)", "sin(x)+x×cos(x)"),
        ("1/x", "−1÷x^2"), ("sqrt(x)", "1÷(2×√(x))"), ("ln(x)", "1÷x"), ("5!+π", "0"), ("floor(x)", "0"),
        ("3+5, cos(x)", "0, −sin(x)"), ("r^2*t", "0"),
        // Constants in front, like terms combined, powers gathered, constants cancelled.
        ("exp(2x)", "2×exp(2×x)"), ("sin(x)^2", "2×sin(x)×cos(x)"), ("sin(x)*cos(x)", "cos(x)^2−sin(x)^2"),
        ("cos(x)^3", "−3×cos(x)^2×sin(x)"), ("(x^2+1)^3", "6×(x^2+1)^2×x"), ("x^2*x^3", "5×x^4"),
        ("3sin(x)+2sin(x)", "5×cos(x)"), ("x^3-3x^2+3x-1", "3×x^2−6×x+3"), ("a*x^2+b*x+c", "2×a×x+b"),
        ("x^3/3", "x^2"), ("x^5/20", "x^4÷4"), ("2x/3", "0.6666666666666666"), ("sqrt(x^2+1)", "x÷√(x^2+1)"),
        ("ln(x^2)", "2÷x"), ("1/(1+x^2)", "−2×x÷(1+x^2)^2"), ("x/(x^2+1)", "(1−x^2)÷(x^2+1)^2"),
        ("(x+1)/(x-1)", "−2÷(x−1)^2"), ("1/sqrt(x)", "−1÷(2×√(x)^3)"), ("acos(x)", "−1÷√(1−x^2)"),
        ("x⁻¹", "−1÷x^2"), ("log(x)", "1÷(x×ln(10))"), ("log2(x)", "1÷(x×ln(2))"), ("log(2, x)", "1÷(x×ln(2))"),
        ("e^x", "e^x"), ("2^x", "2^x×ln(2)"), ("x^x", "x^x×(ln(x)+1)"), ("tan(x)^2", "2×tan(x)÷cos(x)^2"),
        // w÷w is 1 beside ln(w), which has no value where w = 0 either …
        ("x*ln(x)", "ln(x)+1"), ("x*ln(x)-x", "ln(x)"), ("ln(x)/x", "(1−ln(x))÷x^2"), ("ln(2*x)", "1÷x"),
        // No sign written twice; powers of powers and of a quotient gathered.
        ("x^3-1/x", "3×x^2+1÷x^2"), ("x²+x⁻¹", "2×x−1÷x^2"), ("1/x^2", "−2÷x^3"), ("-2/x^3", "6÷x^4"),
        ("(x^2)^3", "6×x^5"), ("x^2/x^5", "−3÷x^4"), ("sqrt(x)", "1÷(2×√(x))"),
        ("atan(sqrt(x)^2)", "√(x)÷(√(x)×(1+√(x)^4))"),
        // … and stays where it is a hole of the function: x÷x has no value at 0.
        ("x/x", "0÷x^2"), ("sin(x)/sin(x)", "0÷sin(x)^2"), ("x^2/x", "x^2÷x^2"),
    ])
    func derivativesReadAsCalculusBooksWriteThem(expression: String, expected: String) throws {
        #expect(try Program(parsing: expression).derivative(withRespectTo: "x").description == expected)
    }

    /// Every differentiable key, composed with a smooth inner function, at points where it
    /// is smooth: the derivative program's value agrees with a central difference.
    @Test(arguments: [
        "sin(x^2)", "cos(3x)", "tan(x/2)", "asin(x/3)", "acos(x/3)", "atan(x^2)", "ln(x^2+1)", "log(x^2+1)",
        "log2(x^2+1)", "exp(-x^2)", "abs(x-0.3)", "sqrt(x^2+1)", "(x^2+1)²", "(x^2+1)⁻¹", "sinh(x)", "cosh(x)",
        "tanh(x)", "asinh(x)", "acosh(x^2+2)", "atanh(x/3)", "∛(x^2+1)", "x^x", "2^x", "(x^2+1)^x", "min(x, 1-x)",
        "max(x^2, 1)", "atan2(x, 2)", "atan2(1, x+3)", "mod(3x, 2)", "log(3, x^2+1)", "log(x^2+2, 5)", "-x/(1+x^2)",
        "floor(x)+x", "gamma(x)", "gamma(x^2+0.5)", "gamma(-x/3-0.5)", "x/(x^2+1)", "x^2*x^3", "(x^2+1)^3",
        "cos(x)^3", "x^5/20", "sin(x)*cos(x)*x", "(x+1)/(x-1)", "x^2/x", "3sin(x)-5sin(x)+x", "ln(x^2+1)*x",
        "x*ln(abs(x))-x", "1/sqrt(x^2+1)", "log(x^2+1)-ln(x^2+1)/ln(10)", "(2x+1)^2*(x-3)^3", "x^2*exp(-x)",
    ])
    func agreesWithACentralDifference(expression: String) throws {
        let program = try Program(parsing: expression)
        let derivative = try program.derivative(withRespectTo: "x")
        for x in stride(from: -2.37, through: 2.4, by: 0.31) {
            let h = 1e-6
            guard let slope = derivative.value(variables: ["x": x]),
                let above = program.value(variables: ["x": x + h]), let below = program.value(variables: ["x": x - h]),
                let nearAbove = program.value(variables: ["x": x + h / 2]),
                let nearBelow = program.value(variables: ["x": x - h / 2])
            else { continue }
            let wide = (above - below) / (2 * h), narrow = (nearAbove - nearBelow) / h
            // Only where the difference has settled: no kink or jump within h.
            guard Tolerance.isClose(wide, narrow, relative: 1e-6) else { continue }
            #expect(Tolerance.isClose(slope, wide, relative: 1e-5), "\(expression) at \(x): \(slope) vs \(wide)")
        }
    }

    /// Random programs: the simplifications always end (a rewrite loop on 1÷(2×√x) once
    /// overflowed the stack), the derivative's description reads back as the same values,
    /// and where the function is smooth its slope agrees with a central difference — the
    /// second derivative's too.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomProgramsDifferentiateTrue(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var compared = 0
        for _ in 0..<400 {
            let program = RandomProgram.make(operands: [1, 2, 3, 0.5, -2, 10], variables: ["x"], using: &generator)
            guard let first = try? program.derivative(), let second = try? first.derivative() else { continue }
            let reread = try Program(parsing: first.description)
            for x in [-1.7, -0.3, 0.45, 1.3, 2.6] {
                let h = 1e-5
                guard let slope = first.value(variables: ["x": x]), let above = program.value(variables: ["x": x + h]),
                    let below = program.value(variables: ["x": x - h]),
                    let nearAbove = program.value(variables: ["x": x + h / 2]),
                    let nearBelow = program.value(variables: ["x": x - h / 2]),
                    abs(slope) < 1e6
                else { continue }
                let wide = (above - below) / (2 * h), narrow = (nearAbove - nearBelow) / h
                guard Tolerance.isClose(wide, narrow, relative: 1e-5) else { continue }
                compared += 1
                #expect(Tolerance.isClose(slope, wide, relative: 1e-4), "\(program) at \(x): \(first)")
                #expect(
                    reread.value(variables: ["x": x]).map { Tolerance.isClose($0, slope, relative: 1e-12) } ?? false)
                if let bending = second.value(variables: ["x": x]), let up = first.value(variables: ["x": x + h]),
                    let down = first.value(variables: ["x": x - h]), abs(bending) < 1e6
                {
                    let difference = (up - down) / (2 * h)
                    if let nearUp = first.value(variables: ["x": x + h / 2]),
                        let nearDown = first.value(variables: ["x": x - h / 2]),
                        Tolerance.isClose(difference, (nearUp - nearDown) / h, relative: 1e-5)
                    {
                        #expect(Tolerance.isClose(bending, difference, relative: 1e-3), "\(first)′ at \(x): \(second)")
                    }
                }
            }
        }
        #expect(compared > 200, "only \(compared) slopes compared")
    }

    /// The simplifications keep every hole: where the function has no value, neither has
    /// its derivative (x÷x at 0, sin(x)÷sin(x) at π, x^2÷x at 0).
    @Test(arguments: [("x/x", 0.0), ("x^2/x", 0), ("sin(x)/sin(x)", 0), ("2x/(x*x)", 0)])
    func aHoleStaysAHole(expression: String, x: Double) throws {
        let derivative = try Program(parsing: expression).derivative()
        #expect(derivative.value(variables: ["x": x]) == nil, "\(derivative)")
        #expect(derivative.value(variables: ["x": 0.5]) != nil, "\(derivative)")
    }

    @Test func whereThereIsNoDerivativeItSaysSo() throws {
        #expect(throws: DerivativeError.notDifferentiable(operation: "ψ")) {
            try Program(parsing: "digamma(x)").derivative(withRespectTo: "x")
        }
        #expect(throws: DerivativeError.notDifferentiable(operation: "nCr")) {
            try Program(parsing: "nCr(x, 2)").derivative(withRespectTo: "x")
        }
        #expect(throws: DerivativeError.incomplete) { try Program([.operand(3), .binary(.addition)]).derivative() }
        #expect(throws: EvaluationError.divisionByZero(operation: "÷")) {
            try Program(parsing: "abs(x)").derivative().evaluate(variables: ["x": 0])
        }
        #expect(throws: EvaluationError.divisionByZero(operation: "÷")) {
            try Program(parsing: "sqrt(x)").derivative().evaluate(variables: ["x": 0])
        }
        #expect(
            DerivativeError.notDifferentiable(operation: "!").description
                == "! takes whole numbers only, so it has no derivative")
        #expect(
            DerivativeError.notDifferentiable(operation: "ψ").description
                == "ψ has no derivative here: it needs the trigamma function, which is not a key")
    }

    /// Γ′ = Γ·ψ, and x!'s slope is Γ(x+1)'s where x! has a value: ψ(1) = −γ, so Γ′(1) = −γ
    /// and 0!'s slope is −γ; Γ′ vanishes at Γ's minimum, 1.4616….
    @Test func gammaAndFactorialDifferentiateThroughDigamma() throws {
        let eulerGamma = 0.5772156649015329
        #expect(try Program(parsing: "gamma(x)").derivative().description == "Γ(x)×ψ(x)")
        #expect(try Program(parsing: "gamma(x)").derivative().evaluate(variables: ["x": 1]) == -eulerGamma)
        #expect(try Program(parsing: "x!").derivative().evaluate(variables: ["x": 0]) == -eulerGamma)
        #expect(
            try abs(Program(parsing: "gamma(x)").derivative().evaluate(variables: ["x": 1.4616321449683622])) < 1e-15)
        #expect(throws: EvaluationError.notWholeNumber(operation: "!", argument: 0.5)) {
            try Program(parsing: "x!").derivative().evaluate(variables: ["x": 0.5])
        }
    }

    /// Deep programs are differentiated without recursion; a derivative that would explode
    /// says so instead of filling memory.
    @Test func deepProgramsAreBounded() throws {
        let deep = Program(
            Array(repeating: Op.unary(.negation), count: 100_000).reduce(into: [Op.variable("x")]) { $0.append($1) })
        #expect(try deep.derivative().ops == [.operand(1)])
        let sum = try Program(parsing: Array(repeating: "sin(x)", count: 20_000).joined(separator: "+"))
        let slope = try sum.derivative().evaluate(variables: ["x": 0.3])
        #expect(Tolerance.isClose(slope, 20_000 * cos(0.3), relative: 1e-9))
        let chain = Program([.variable("x")] + Array(repeating: .unary(.sine), count: 20_000))
        #expect(throws: DerivativeError.tooLarge) { try chain.derivative() }
    }

    /// A list of derivatives continued from known ones is the list taken from the start;
    /// an order below 1 gives none (it trapped on a negative prefix once).
    @Test func derivativesContinueFromKnownOnes() throws {
        let program = try Program(parsing: "sin(x)*x^3")
        let all = program.derivatives(upTo: 3)
        #expect(all.count == 3)
        for known in 0...3 {
            #expect(program.derivatives(upTo: 3, after: Array(all.prefix(known))) == all, "\(known) known")
        }
        #expect(program.derivatives(upTo: 0, after: all).isEmpty)
        #expect(program.derivatives(upTo: -1, after: all).isEmpty && program.derivatives(upTo: -1).isEmpty)
    }
}
