/// A least-squares problem min ‖A·b − y‖ solved by QR, one row at a time: each row is
/// folded into the triangular factor R by Givens rotations, so the design matrix is
/// never held (10⁷ rows take p² numbers, not n·p) and the solution is as stable as
/// Householder's (the normal equations AᵀA, which square the condition number, are
/// never formed).
struct IncrementalQR {
    /// The number of unknowns.
    let size: Int
    /// R, upper triangular, row by row (`size` × `size`).
    private(set) var r: [Double]
    /// Qᵀy, its first `size` entries.
    private(set) var qty: [Double]
    /// The part of y no combination of the columns reaches: the residual sum of squares.
    private(set) var residualSquares = CompensatedSum()
    /// The number of rows folded in.
    private(set) var count = 0
    private var row: [Double]

    init(size: Int) {
        self.size = size
        r = [Double](repeating: 0, count: size * size)
        qty = [Double](repeating: 0, count: size)
        row = [Double](repeating: 0, count: size)
    }

    /// Folds in the row `a` (`size` values, overwritten) with right-hand side `y`.
    mutating func add(_ a: inout [Double], _ y: Double) {
        var y = y
        for k in 0..<size {
            let x = a[k]
            guard x != 0 else { continue }
            let diagonal = r[k * size + k]
            let h = (diagonal * diagonal + x * x).squareRoot()
            let c = diagonal / h, s = x / h
            r[k * size + k] = h
            for j in stride(from: k + 1, to: size, by: 1) {
                let rkj = r[k * size + j]
                r[k * size + j] = c * rkj + s * a[j]
                a[j] = -s * rkj + c * a[j]
            }
            let q = qty[k]
            qty[k] = c * q + s * y
            y = -s * q + c * y
        }
        residualSquares.add(y * y)
        count += 1
    }

    /// Whether R's diagonal shows every unknown determined: none below a relative
    /// 10⁻¹² of the largest (columns scaled to a common size before).
    var isFullRank: Bool {
        let diagonal = (0..<size).map { abs(r[$0 * size + $0]) }
        guard let largest = diagonal.max(), largest > 0 else { return false }
        return diagonal.allSatisfy { $0 > 1e-12 * largest }
    }

    /// The least-squares solution, by back substitution in R·b = Qᵀy.
    func solution() -> [Double] {
        var b = [Double](repeating: 0, count: size)
        for i in stride(from: size - 1, through: 0, by: -1) {
            var sum = qty[i]
            for j in stride(from: i + 1, to: size, by: 1) { sum -= r[i * size + j] * b[j] }
            b[i] = sum / r[i * size + i]
        }
        return b
    }

    /// (AᵀA)⁻¹ = R⁻¹R⁻ᵀ, whose diagonal times the residual variance gives the
    /// coefficients' variances; row by row.
    func inverseGram() -> [Double] {
        // R⁻¹ column by column (upper triangular).
        var inverse = [Double](repeating: 0, count: size * size)
        for column in 0..<size {
            for i in stride(from: column, through: 0, by: -1) {
                var sum = i == column ? 1.0 : 0.0
                for j in stride(from: i + 1, through: column, by: 1) {
                    sum -= r[i * size + j] * inverse[j * size + column]
                }
                inverse[i * size + column] = sum / r[i * size + i]
            }
        }
        var gram = [Double](repeating: 0, count: size * size)
        for i in 0..<size {
            for j in 0..<size {
                var sum = 0.0
                for k in max(i, j)..<size { sum += inverse[i * size + k] * inverse[j * size + k] }
                gram[i * size + j] = sum
            }
        }
        return gram
    }
}
