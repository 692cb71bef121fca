import CVectorMath

extension Regression {
    /// A polynomial of `degree` fitted by QR on u = (x − centre)/halfWidth, its
    /// coefficients and covariance then expanded back in powers of x. The centre is the
    /// middle of x's range and the half-width the power of two that takes u into
    /// [−1, 1] (dividing by it is exact). The total sum of squares comes from the same
    /// factorisation: the first column is constant, so Σ(y − ȳ)² is the residual plus
    /// the squares of (Qᵀy)₁… — one pass over the points after their range.
    static func polynomial(degree: Int, _ xs: [Double], _ ys: [Double], name: String) throws(FitError) -> Fit {
        // The range of x, in compares the compiler keeps in vector registers (x is finite).
        var least = Double.infinity, greatest = -Double.infinity
        xs.withUnsafeBufferPointer { xs in
            for x in xs {
                least = x < least ? x : least
                greatest = x > greatest ? x : greatest
            }
        }
        let centre = least / 2 + greatest / 2
        let reach = max(greatest - centre, centre - least)
        guard reach > 0, reach.isFinite else { throw .undetermined(model: name) }
        let halfWidth = Double(sign: .plus, exponent: reach.exponent + 1, significand: 1)
        let inverseHalfWidth = 1 / halfWidth
        guard halfWidth.isFinite, inverseHalfWidth.isFinite else { throw .undetermined(model: name) }
        let p = degree + 1
        // The rows in `range` factored a block at a time, column by column: 1, u, u², …,
        // then y.
        func factor(_ range: Range<Int>) -> IncrementalQR {
            var qr = IncrementalQR(size: p)
            let rows = IncrementalQR.blockRows
            var block = [Double](repeating: 0, count: rows * (p + 1))
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    block.withUnsafeMutableBufferPointer { block in
                        var start = range.lowerBound
                        while start < range.upperBound {
                            let filled = min(rows, range.upperBound - start)
                            if p == 2 {
                                // A line, the common case: its columns written directly.
                                for i in 0..<filled {
                                    block[i] = 1
                                    block[filled + i] = (xs[start + i] - centre) * inverseHalfWidth
                                    block[2 * filled + i] = ys[start + i]
                                }
                            } else {
                                for i in 0..<filled {
                                    let u = (xs[start + i] - centre) * inverseHalfWidth
                                    var power = 1.0
                                    for k in 0..<p {
                                        block[k * filled + i] = power
                                        power *= u
                                    }
                                    block[p * filled + i] = ys[start + i]
                                }
                            }
                            qr.fold(block, rows: filled)
                            start += filled
                        }
                    }
                }
            }
            return qr
        }
        // Long data in two halves, factored at once on two cores and merged (where the
        // halves fall depends on the count alone, so the fit does not depend on threads).
        var qr = IncrementalQR(size: p)
        if xs.count >= TwoCores.splitCount {
            let middle = xs.count / 2
            var second = IncrementalQR(size: p)
            TwoCores.run({ qr = factor(0..<middle) }, { second = factor(middle..<xs.count) })
            qr.merge(second)
        } else {
            qr = factor(0..<xs.count)
        }
        guard qr.isFullRank else { throw .undetermined(model: name) }
        let a = qr.solution()
        let residualSquares = qr.residualSquares
        let rotated = qr.rotatedY
        var totalSquares = CompensatedSum()
        totalSquares.add(residualSquares)
        for k in 1..<p { totalSquares.add(rotated[k] * rotated[k]) }
        let variance = residualSquares / Double(xs.count - p)
        let gram = qr.inverseGram()
        // b_j = Σ_k a_k · C(k, j) · (−centre)^(k−j) / halfWidth^k.
        var expansion = [Double](repeating: 0, count: p * p)
        for k in 0..<p {
            var binomial = 1.0
            for j in 0...k {
                if j > 0 { binomial = binomial * Double(k - j + 1) / Double(j) }
                expansion[j * p + k] = binomial * pow(-centre, Double(k - j)) / pow(halfWidth, Double(k))
            }
        }
        let coefficients = (0..<p).map { j in (0..<p).reduce(0.0) { $0 + expansion[j * p + $1] * a[$1] } }
        let errors = (0..<p).map { j in
            var sum = 0.0
            for k in 0..<p {
                for l in 0..<p { sum += expansion[j * p + k] * gram[k * p + l] * expansion[j * p + l] }
            }
            return (variance * max(0, sum)).squareRoot()
        }
        return Fit(
            coefficients: coefficients, standardErrors: errors, residualSquares: residualSquares,
            totalSquares: totalSquares.value, centred: (centre, halfWidth, a))
    }

    // MARK: - Levenberg–Marquardt

    /// The exponential, power or logistic model fitted by Levenberg–Marquardt.
    static func nonlinear(_ model: RegressionModel, _ xs: [Double], _ ys: [Double]) throws(FitError) -> Fit {
        let name = model.description
        var xSum = CompensatedSum()
        for x in xs { xSum.add(x) }
        // Exponential and logistic fits run on x − centre, so e^(b·x) stays in range for
        // x far from 0; the coefficients are moved back at the end.
        let centre = model == .power ? 0 : xs.count > 0 ? xSum.value / Double(xs.count) : 0
        let us = model == .power ? xs.map { log($0) } : xs.map { $0 - centre }
        var theta = try start(model, us, ys)
        let p = theta.count
        var residual = residualSquares(model, theta, us, ys)
        guard residual.isFinite else { throw .didNotConverge(model: name, iterations: 0) }
        var damping = 1e-3
        var iterations = 0
        var converged = false
        while iterations < maximumIterations && !converged {
            iterations += 1
            // Solve [J; √λ·D]·δ ≈ [r; 0] by QR, D the columns' norms.
            var qr = IncrementalQR(size: p)
            var norms = [Double](repeating: 0, count: p)
            var row = [Double](repeating: 0, count: p)
            for (u, y) in zip(us, ys) {
                let (value, gradient) = evaluate(model, theta, u)
                for k in 0..<p {
                    row[k] = gradient[k]
                    norms[k] += gradient[k] * gradient[k]
                }
                qr.add(row, y - value)
            }
            while true {
                var damped = qr
                for k in 0..<p {
                    for j in 0..<p { row[j] = 0 }
                    row[k] = (damping * norms[k]).squareRoot()
                    damped.add(row, 0)
                }
                let step = damped.solution()
                let next = zip(theta, step).map { $0 + $1 }
                let nextResidual = residualSquares(model, next, us, ys)
                if nextResidual.isFinite && nextResidual < residual {
                    let decrease = (residual - nextResidual) / residual
                    let moved = zip(step, next).map { abs($0) / max(abs($1), .leastNormalMagnitude) }.max() ?? 0
                    theta = next
                    residual = nextResidual
                    damping = max(damping / 3, 1e-20)
                    converged = decrease <= 1e-14 || moved <= 1e-12 || residual == 0
                    break
                }
                damping *= 4
                if damping > 1e16 {
                    // No step lowers the sum: a minimum to double precision.
                    converged = true
                    break
                }
            }
        }
        guard converged else { throw .didNotConverge(model: name, iterations: maximumIterations) }
        // Near a flat minimum the sum of squares cannot tell coefficients apart below
        // √ε, but the Gauss–Newton step can: undamped steps while they shrink pin the
        // stationary point to double precision (where J's columns are orthogonal to the
        // residual). The last QR gives the covariance.
        var qr = IncrementalQR(size: p)
        var row = [Double](repeating: 0, count: p)
        var lastMove = Double.infinity
        for polish in 0...maximumPolishingSteps {
            qr = IncrementalQR(size: p)
            for (u, y) in zip(us, ys) {
                let (value, gradient) = evaluate(model, theta, u)
                for k in 0..<p { row[k] = gradient[k] }
                qr.add(row, y - value)
            }
            guard polish < maximumPolishingSteps, qr.isFullRank else { break }
            let step = qr.solution()
            let next = zip(theta, step).map { $0 + $1 }
            let nextResidual = residualSquares(model, next, us, ys)
            let moved = zip(step, next).map { abs($0) / max(abs($1), .leastNormalMagnitude) }.max() ?? 0
            guard nextResidual.isFinite, nextResidual <= residual * (1 + 1e-12), moved < lastMove else { break }
            theta = next
            residual = nextResidual
            lastMove = moved
            if moved <= 1e-15 { break }
        }
        guard qr.isFullRank else { throw .undetermined(model: name) }
        let gram = qr.inverseGram()
        let variance = residual / Double(xs.count - p)
        // Back from the centred parameters: a = A·e^(∓b·centre), by the delta method.
        var transform = [Double](repeating: 0, count: p * p)
        for k in 0..<p { transform[k * p + k] = 1 }
        var coefficients = theta
        switch model {
        case .exponential:
            let factor = exp(-theta[1] * centre)
            coefficients[0] = theta[0] * factor
            transform[0] = factor
            transform[1] = -centre * theta[0] * factor
        case .logistic:
            let factor = exp(theta[1] * centre)
            coefficients[0] = theta[0] * factor
            transform[0] = factor
            transform[1] = centre * theta[0] * factor
        default:
            break
        }
        let errors = (0..<p).map { j in
            var sum = 0.0
            for k in 0..<p {
                for l in 0..<p { sum += transform[j * p + k] * gram[k * p + l] * transform[j * p + l] }
            }
            return (variance * max(0, sum)).squareRoot()
        }
        guard coefficients.allSatisfy(\.isFinite) else { throw .didNotConverge(model: name, iterations: iterations) }
        return Fit(
            coefficients: coefficients, standardErrors: errors, residualSquares: residual, iterations: iterations)
    }

    /// The most Gauss–Newton steps taken after Levenberg–Marquardt has converged.
    static let maximumPolishingSteps = 20

    /// The centred model's value and gradient at `u` (x − centre, or ln x for power).
    private static func evaluate(_ model: RegressionModel, _ theta: [Double], _ u: Double) -> (Double, [Double]) {
        switch model {
        case .exponential:
            let e = exp(theta[1] * u)
            return (theta[0] * e, [e, theta[0] * u * e])
        case .power:
            // y = a·x^b = a·e^(b·ln x), u = ln x.
            let e = exp(theta[1] * u)
            return (theta[0] * e, [e, theta[0] * u * e])
        case .logistic:
            let e = exp(-theta[1] * u)
            let denominator = 1 + theta[0] * e
            let value = theta[2] / denominator
            let square = denominator * denominator
            return (value, [-theta[2] * e / square, theta[2] * theta[0] * u * e / square, 1 / denominator])
        default:
            return (.nan, [])
        }
    }

    /// Σ(y − f(u))², compensated.
    private static func residualSquares(
        _ model: RegressionModel, _ theta: [Double], _ us: [Double], _ ys: [Double]
    ) -> Double {
        var sum = CompensatedSum()
        for (u, y) in zip(us, ys) {
            let difference = y - evaluate(model, theta, u).0
            sum.add(difference * difference)
        }
        return sum.value
    }

    /// Starting coefficients from the linearised fit: ln y on u (exponential, power), or
    /// ln(c/y − 1) on u with c a little above the largest y (logistic).
    private static func start(_ model: RegressionModel, _ us: [Double], _ ys: [Double]) throws(FitError) -> [Double] {
        let name = model.description
        switch model {
        case .logistic:
            let ceiling = 1.05 * (ys.max() ?? 1)
            let line = try polynomial(degree: 1, us, ys.map { log(ceiling / $0 - 1) }, name: name)
            return [exp(line.coefficients[0]), -line.coefficients[1], ceiling]
        default:
            let line = try polynomial(degree: 1, us, ys.map { log($0) }, name: name)
            return [exp(line.coefficients[0]), line.coefficients[1]]
        }
    }
}
