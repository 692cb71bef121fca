import CVectorMath
import CalculatorBrain
import Testing

@testable import Graphing

/// Fits against numpy and scipy (their figures computed once and written here):
/// Anscombe's quartet, a polynomial, badly scaled x; and the exponential, power and
/// logistic models against their least-squares solutions found by mpmath at 40 digits
/// (where the gradient vanishes), which scipy's curve_fit, stopping on the sum of
/// squares, reaches only to about 3e-9 relative even with its tolerances at 1e-15.
@Suite struct RegressionTests {
    static let anscombeX: [Double] = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5]
    static let anscombe: [[Double]] = [
        [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68],
        [9.14, 8.14, 8.74, 8.77, 9.26, 8.10, 6.13, 3.10, 9.13, 7.26, 4.74],
        [7.46, 6.77, 12.74, 7.11, 7.81, 8.84, 6.08, 5.39, 8.15, 6.42, 5.73],
        [6.58, 5.76, 7.71, 8.84, 8.47, 7.04, 5.25, 12.50, 5.56, 7.91, 6.89],
    ]
    /// scipy.stats.linregress: intercept, slope, r², slope's and intercept's errors.
    static let linregress: [[Double]] = [
        [3.0000909090909103, 0.5000909090909091, 0.666542459508775, 0.11790550059563408, 1.1247467908086437],
        [3.000909090909089, 0.5000000000000001, 0.6662420337274847, 0.11796374596764074, 1.1253024162452265],
        [3.002454545454544, 0.4997272727272729, 0.6663240410665595, 0.11787766222100221, 1.124481229639993],
        [3.0017272727272726, 0.4999090909090909, 0.6667072568984652, 0.11781894172968553, 1.1239210718540587],
    ]

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * abs(b)
    }

    @Test(arguments: 0..<4)
    func anscombesQuartetAsScipy(set: Int) throws {
        let x = set == 3 ? [8, 8, 8, 8, 8, 8, 8, 19, 8, 8, 8] : Self.anscombeX
        let fit = try Regression(fitting: .polynomial(degree: 1), to: DataSeries(x: x, y: Self.anscombe[set]))
        let expected = Self.linregress[set]
        #expect(Self.close(fit.coefficients[0], expected[0]) && Self.close(fit.coefficients[1], expected[1]))
        #expect(Self.close(fit.rSquared, expected[2]))
        #expect(Self.close(fit.standardErrors[1], expected[3]) && Self.close(fit.standardErrors[0], expected[4]))
        #expect(fit.degreesOfFreedom == 9)
    }

    /// Rows folded in blocks of ``IncrementalQR/blockRows`` and one at a time (a last
    /// block part full) solve the same problem: a quadratic through 1,000 exact points
    /// is found to the last digits, with no residual, both ways.
    @Test func blocksAndSingleRowsSolveTheSameProblem() throws {
        let xs = (0..<1000).map { Double($0) / 100 - 5 }
        let ys = xs.map { 3 - 2 * $0 + 0.5 * $0 * $0 }
        var single = IncrementalQR(size: 3)
        for (x, y) in zip(xs, ys) { single.add([1, x, x * x], y) }
        var blocked = IncrementalQR(size: 3)
        var start = 0
        while start < xs.count {
            let rows = min(IncrementalQR.blockRows, xs.count - start)
            var block = [Double](repeating: 0, count: rows * 4)
            for i in 0..<rows {
                let x = xs[start + i]
                (block[i], block[rows + i], block[2 * rows + i], block[3 * rows + i]) = (1, x, x * x, ys[start + i])
            }
            block.withUnsafeMutableBufferPointer { blocked.fold($0, rows: rows) }
            start += rows
        }
        for qr in [single, blocked] {
            #expect(qr.count == 1000 && qr.isFullRank)
            for (value, wanted) in zip(qr.solution(), [3, -2, 0.5]) { #expect(abs(value - wanted) < 1e-13) }
            #expect(qr.residualSquares < 1e-24)
        }
    }

    /// Two halves factored apart and merged solve the whole problem: a line through
    /// 200,000 noisy points (the fit's own path splits them so), and two factors merged
    /// by hand against one.
    @Test func mergedHalvesSolveTheWholeProblem() throws {
        let xs = (0..<3000).map { Double($0) / 100 - 5 }
        let ys = xs.map { 3 - 2 * $0 + 0.5 * $0 * $0 + 0.01 * sin(37 * $0) }
        var whole = IncrementalQR(size: 3), first = IncrementalQR(size: 3), second = IncrementalQR(size: 3)
        for (index, (x, y)) in zip(xs, ys).enumerated() {
            whole.add([1, x, x * x], y)
            if index < 1234 { first.add([1, x, x * x], y) } else { second.add([1, x, x * x], y) }
        }
        first.merge(second)
        #expect(first.count == whole.count)
        for (merged, one) in zip(first.solution(), whole.solution()) { #expect(abs(merged - one) < 1e-13) }
        #expect(Self.close(first.residualSquares, whole.residualSquares, 1e-12))
        let manyX = (0..<200_000).map { Double($0) / 1000 }
        let manyY = manyX.map { 1.5 + 0.25 * $0 + sin(7 * $0) }
        let fit = try Regression(fitting: .polynomial(degree: 1), to: DataSeries(x: manyX, y: manyY))
        // The slope and intercept by the centred two-pass formula.
        var sx = 0.0, sy = 0.0
        for (x, y) in zip(manyX, manyY) { (sx, sy) = (sx + x, sy + y) }
        let mx = sx / 200_000, my = sy / 200_000
        var sxy = 0.0, sxx = 0.0
        for (x, y) in zip(manyX, manyY) { (sxy, sxx) = (sxy + (x - mx) * (y - my), sxx + (x - mx) * (x - mx)) }
        #expect(Self.close(fit.coefficients[1], sxy / sxx, 1e-12))
        #expect(Self.close(fit.coefficients[0], my - sxy / sxx * mx, 1e-12))
    }

    /// r² from the factorisation (the residual plus the squares of Qᵀy after the first)
    /// is the two-pass Σ(y − ȳ)²'s, on noisy data of many blocks.
    @Test func rSquaredFromTheFactorisationIsTheTwoPassOne() throws {
        let xs = (0..<5000).map { Double($0) * 0.37 }
        let ys = xs.map { 1 + 0.02 * $0 + sin(3 * $0) }
        for degree in [1, 2, 5] {
            let fit = try Regression(fitting: .polynomial(degree: degree), to: DataSeries(x: xs, y: ys))
            let residual = zip(xs, ys).reduce(0.0) { $0 + pow($1.1 - fit.value(at: $1.0), 2) }
            let wanted = 1 - residual / Regression.totalSquares(ys)
            #expect(abs(fit.rSquared - wanted) < 1e-12, "degree \(degree): \(fit.rSquared), two passes \(wanted)")
        }
    }

    /// Formulas read as written by hand: a negative rate is a minus sign in the exponent,
    /// and a logistic's e^(−bx) with b negative is e^(0.8x), not e^(−-0.8x).
    static let formulaCases: [(model: RegressionModel, a: Double, b: Double, formula: String)] = [
        (.exponential, 2, -0.5, "y = 2·e^(−0.5x)"),
        (.logistic, 0.5, -0.8, "y = 10 / (1 + 0.5·e^(0.8x))"),
        (.logistic, 0.5, 0.8, "y = 10 / (1 + 0.5·e^(−0.8x))"),
        (.power, 3, -1.5, "y = 3·x^−1.5"),
    ]

    @Test(arguments: 0..<4)
    func formulasReadAsWritten(index: Int) throws {
        let (model, a, b, formula) = Self.formulaCases[index]
        let xs = (1...40).map { Double($0) / 8 }
        let ys = xs.map { x in
            switch model {
            case .exponential: a * exp(b * x)
            case .logistic: 10 / (1 + a * exp(-b * x))
            default: a * pow(x, b)
            }
        }
        let fit = try Regression(fitting: model, to: DataSeries(x: xs, y: ys))
        #expect(fit.formula(digits: 4) == formula)
    }

    @Test func aQuadraticAsNumpysPolyfit() throws {
        let fit = try Regression(
            fitting: .polynomial(degree: 2), to: DataSeries(x: Self.anscombeX, y: Self.anscombe[1]))
        let expected = [-5.995734265734282, 2.7808391608391676, -0.12671328671328716]
        for (value, wanted) in zip(fit.coefficients, expected) { #expect(Self.close(value, wanted), "\(value)") }
    }

    @Test func badlyScaledXFitsAsWellAsXNearZero() throws {
        // The same points moved from x = k/8 to x = 1e9 + k/8 (both exact doubles): the
        // slope, the fitted values and r² are the same to 12 digits or more, for a line
        // and for a cubic (whose coefficients in x are huge and cancel: the fitted
        // values are taken from the centred form).
        let steps = (0..<50).map { Double($0) / 8 }
        let xs = steps.map { 1e9 + $0 }
        let ys = steps.map { 3 + 2 * $0 + 1e-3 * sin(8 * $0) }
        for degree in [1, 3] {
            let near = try Regression(fitting: .polynomial(degree: degree), to: DataSeries(x: steps, y: ys))
            let far = try Regression(fitting: .polynomial(degree: degree), to: DataSeries(x: xs, y: ys))
            for index in [0, 25, 49] {
                #expect(Self.close(far.value(at: xs[index]), near.value(at: steps[index]), 1e-13), "degree \(degree)")
            }
            #expect(Self.close(far.rSquared, near.rSquared, 1e-12))
            #expect(Self.close(far.residualStandardError, near.residualStandardError, 1e-9))
            if degree == 1 { #expect(Self.close(far.coefficients[1], near.coefficients[1], 1e-12)) }
        }
    }

    static let curveX = (0..<30).map { Double($0) * (4.0 / 29.0) }

    @Test func theExponentialAsCurveFit() throws {
        let ys = Self.curveX.map { 2.5 * exp(0.7 * $0) * (1 + 0.03 * sin(7 * $0)) }
        let fit = try Regression(fitting: .exponential, to: DataSeries(x: Self.curveX, y: ys))
        // curve_fit: 2.4502510476311437, 0.707656276774795.
        #expect(Self.close(fit.coefficients[0], 2.4502510482430967, 1e-13))
        #expect(Self.close(fit.coefficients[1], 0.70765627669732101, 1e-13))
        #expect(Self.close(fit.standardErrors[0], 0.04524629173007382, 1e-6))
        #expect(Self.close(fit.standardErrors[1], 0.005371328744494077, 1e-6))
        #expect(fit.iterations > 0)
    }

    @Test func thePowerModelAsCurveFit() throws {
        let xs = Array(Self.curveX.dropFirst())
        let ys = xs.map { 2.5 * exp(0.7 * $0) * (1 + 0.03 * sin(7 * $0)) }
        let fit = try Regression(fitting: .power, to: DataSeries(x: xs, y: ys))
        // curve_fit: 2.6342820530594873, 1.9353034466714532.
        #expect(Self.close(fit.coefficients[0], 2.6342820636144416, 1e-13))
        #expect(Self.close(fit.coefficients[1], 1.9353034434547517, 1e-13))
        #expect(Self.close(fit.standardErrors[1], 0.09732548103333723, 1e-6))
    }

    @Test func theLogisticAsCurveFit() throws {
        let ys = Self.curveX.map { 10 / (1 + 20 * exp(-1.3 * $0)) * (1 + 0.02 * cos(5 * $0)) }
        let fit = try Regression(fitting: .logistic, to: DataSeries(x: Self.curveX, y: ys))
        // curve_fit: 19.789371289558648, 1.2765429982401761, 10.180853757318468.
        let expected = [19.789371235369974, 1.2765429948135656, 10.180853776842411]
        for (value, wanted) in zip(fit.coefficients, expected) {
            #expect(Self.close(value, wanted, 1e-13), "\(value)")
        }
        #expect(Self.close(fit.standardErrors[2], 0.09250027705327586, 1e-6))
    }

    @Test func modelsSayWhatDataTheyNeed() {
        let series = DataSeries(x: [-1, 1, 2, 3], y: [1, 2, 3, 4])
        #expect(throws: FitError.needsPositive(model: "power", variable: "x", value: -1)) {
            try Regression(fitting: .power, to: series)
        }
        #expect(throws: FitError.needsPositive(model: "exponential", variable: "y", value: 0)) {
            try Regression(fitting: .exponential, to: DataSeries(x: [1, 2, 3], y: [1, 0, 2]))
        }
        #expect(throws: FitError.tooFewPoints(model: "quadratic", needed: 4, found: 3)) {
            try Regression(fitting: .polynomial(degree: 2), to: DataSeries(x: [1, 2, .nan, 3], y: [1, 2, 3, 4]))
        }
        #expect(throws: FitError.undetermined(model: "quadratic")) {
            try Regression(fitting: .polynomial(degree: 2), to: DataSeries(x: [1, 1, 2, 2, 1], y: [1, 2, 3, 4, 5]))
        }
        #expect(throws: FitError.outOfRange(model: "linear")) {
            try Regression(fitting: .polynomial(degree: 1), to: DataSeries(x: [1, 2, 3], y: [1e308, 1.5e308, 1e308]))
        }
        #expect(
            FitError.needsPositive(model: "power", variable: "x", value: -1).description
                == "a power fit needs every x above 0, and the data has x = -1")
    }

    @Test func theExpressionReadsBackAsTheFit() throws {
        let fit = try Regression(
            fitting: .polynomial(degree: 2), to: DataSeries(x: Self.anscombeX, y: Self.anscombe[1]))
        for model in [RegressionModel.polynomial(degree: 2), .logarithmic, .exponential, .power, .logistic] {
            let fit = try Regression(fitting: model, to: DataSeries(x: Self.anscombeX, y: Self.anscombe[1]))
            let function = try ProgramFunction(
                program: Program(parsing: fit.expression()), variable: "x", values: [:], angle: .radians)
            let values = function.values(at: [4, 7.5, 14])
            for (x, value) in zip([4, 7.5, 14], values) {
                #expect(Self.close(value, fit.value(at: x), 1e-13), "\(model) at \(x): \(fit.expression())")
            }
        }
        #expect(fit.formula() == "y = -5.99573 + 2.78084x − 0.126713x²")
    }
}
