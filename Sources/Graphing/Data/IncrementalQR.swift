import CVectorMath

/// A least-squares problem min ‖A·b − y‖ solved by QR a block of rows at a time: each
/// block is stacked under the triangular factor R and reduced to it by Householder
/// reflections, so the design matrix is never held (10⁷ rows take p² numbers and a
/// block, not n·p) and the normal equations AᵀA, which square the condition number, are
/// never formed. Rows are taken one at a time (``add(_:_:)``) or a block at a time
/// (``fold(_:rows:)``).
struct IncrementalQR {
    /// The number of unknowns.
    let size: Int
    /// R, upper triangular, row by row (`size` × `size`), then Qᵀy as its last column:
    /// `size` rows of `size + 1`.
    private var factor: [Double]
    /// The part of y no combination of the columns reaches: the residual sum of squares
    /// of the rows folded in.
    private var folded = CompensatedSum()
    /// Rows given one at a time and not yet folded in, column by column (`blockRows`
    /// a column, y last).
    private var pending: [Double]
    private var pendingRows = 0
    /// The number of rows added.
    private(set) var count = 0

    /// The rows of a block.
    static let blockRows = 256

    init(size: Int) {
        self.size = size
        factor = [Double](repeating: 0, count: size * (size + 1))
        pending = [Double](repeating: 0, count: Self.blockRows * (size + 1))
    }

    /// Adds the row `a` (`size` values) with right-hand side `y`.
    mutating func add(_ a: [Double], _ y: Double) {
        for k in 0..<size { pending[k * Self.blockRows + pendingRows] = a[k] }
        pending[size * Self.blockRows + pendingRows] = y
        pendingRows += 1
        count += 1
        if pendingRows == Self.blockRows { foldPending() }
    }

    /// Folds in `rows` rows given column by column in `block` (`rows` values a column,
    /// y last; `block` is overwritten).
    mutating func fold(_ block: UnsafeMutableBufferPointer<Double>, rows: Int) {
        foldPending()
        reduce(block, stride: rows, rows: rows)
        count += rows
    }

    /// Folds in every row of `other` (a factor of other rows of the same problem): its
    /// triangle with Qᵀy is a block of `size` rows whose least squares are the same as its
    /// rows', and its residual adds to this one's. Two halves of the rows factored apart
    /// and merged so are the whole problem factored (as stably: each step is a reflection).
    mutating func merge(_ other: IncrementalQR) {
        let other = other.complete, width = size + 1
        var block = [Double](repeating: 0, count: size * width)
        for row in 0..<size {
            for column in row..<width { block[column * size + row] = other.factor[row * width + column] }
        }
        foldPending()
        block.withUnsafeMutableBufferPointer { reduce($0, stride: size, rows: size) }
        folded.add(other.folded.value)
        count += other.count
    }

    /// The factor with every row folded in.
    private var complete: IncrementalQR {
        guard pendingRows > 0 else { return self }
        var copy = self
        copy.foldPending()
        return copy
    }

    private mutating func foldPending() {
        guard pendingRows > 0 else { return }
        let rows = pendingRows
        pendingRows = 0
        var block = pending
        block.withUnsafeMutableBufferPointer { reduce($0, stride: Self.blockRows, rows: rows) }
    }

    /// Reduces [R Qᵀy; block] to upper triangular form: for each column a reflection
    /// H = I − τ·v·vᵀ with v = (R_kk − α, the block's column), α = ∓‖(R_kk, column)‖ of the
    /// sign opposite R_kk (no cancellation), applied to the columns after it and to y; what
    /// y keeps below R is residual, added to the sum of squares.
    private mutating func reduce(_ block: UnsafeMutableBufferPointer<Double>, stride: Int, rows: Int) {
        let size = size, width = size + 1
        factor.withUnsafeMutableBufferPointer { r in
            for k in 0..<size {
                let column = k * stride
                let diagonal = r[k * width + k]
                guard let (norm, below) = Self.norm(diagonal, block, from: column, count: rows) else {
                    r[k * width + k] = .nan
                    continue
                }
                guard below else { continue }
                let alpha = diagonal >= 0 ? -norm : norm
                let head = diagonal - alpha
                // τ = 2/vᵀv = 1/(‖·‖·(‖·‖ + |R_kk|)).
                let tau = 1 / (norm * (norm + abs(diagonal)))
                for j in (k + 1)..<width {
                    let other = j * stride
                    let dot = head * r[k * width + j] + Self.dot(block, column, other, count: rows)
                    let s = tau * dot
                    r[k * width + j] -= s * head
                    for i in 0..<rows { block[other + i] -= s * block[column + i] }
                }
                r[k * width + k] = alpha
            }
        }
        let residual = size * stride
        var squares = 0.0, sum = 0.0
        gcvm_deviation_sums(block.baseAddress.map { $0 + residual }, rows, 0, &squares, &sum)
        folded.add(squares)
    }

    /// ‖(first, values[start..<start + count])‖, and whether any of the values is not 0;
    /// `nil` when a value is not finite. Summed directly (four sums at a time) unless the
    /// squares would overflow or underflow, and then scaled by a power of two.
    @inline(__always) private static func norm(
        _ first: Double, _ values: UnsafeMutableBufferPointer<Double>, from start: Int, count: Int
    ) -> (norm: Double, below: Bool)? {
        var sums = (0.0, 0.0, 0.0, 0.0)
        var index = start, end = start + count
        while index + 4 <= end {
            let (a, b, c, d) = (values[index], values[index + 1], values[index + 2], values[index + 3])
            sums = (sums.0 + a * a, sums.1 + b * b, sums.2 + c * c, sums.3 + d * d)
            index += 4
        }
        while index < end {
            sums.0 += values[index] * values[index]
            index += 1
        }
        let below = (sums.0 + sums.1) + (sums.2 + sums.3)
        let total = below + first * first
        if total.isFinite, total > 0x1p-900, total < 0x1p900 { return (total.squareRoot(), below > 0) }
        // Scaled: the largest magnitude brought near 1 by a power of two (exactly).
        var largest = abs(first)
        end = start + count
        for index in start..<end { largest = max(largest, abs(values[index])) }
        guard largest.isFinite, !values[start..<end].contains(where: \.isNaN) else { return nil }
        guard largest > 0 else { return (0, false) }
        let scale = Double(sign: .plus, exponent: -min(max(largest.exponent, -1000), 1000), significand: 1)
        var scaled = (first * scale) * (first * scale), scaledBelow = 0.0
        for index in start..<end { scaledBelow += (values[index] * scale) * (values[index] * scale) }
        scaled += scaledBelow
        return (scaled.squareRoot() / scale, scaledBelow > 0)
    }

    /// Σ values[a + i]·values[b + i] for i below `count`, in four sums.
    @inline(__always) private static func dot(
        _ values: UnsafeMutableBufferPointer<Double>, _ a: Int, _ b: Int, count: Int
    ) -> Double {
        var sums = (0.0, 0.0, 0.0, 0.0)
        var i = 0
        while i + 4 <= count {
            sums.0 += values[a + i] * values[b + i]
            sums.1 += values[a + i + 1] * values[b + i + 1]
            sums.2 += values[a + i + 2] * values[b + i + 2]
            sums.3 += values[a + i + 3] * values[b + i + 3]
            i += 4
        }
        while i < count {
            sums.0 += values[a + i] * values[b + i]
            i += 1
        }
        return (sums.0 + sums.1) + (sums.2 + sums.3)
    }

    /// Qᵀy's first `size` entries, with every row added.
    var rotatedY: [Double] {
        let r = complete.factor, width = size + 1
        return (0..<size).map { r[$0 * width + size] }
    }

    /// The residual sum of squares of every row added.
    var residualSquares: Double { complete.folded.value }

    /// Whether R's diagonal shows every unknown determined: none below a relative
    /// 10⁻¹² of the largest (columns scaled to a common size before).
    var isFullRank: Bool {
        let r = complete.factor, width = size + 1
        let diagonal = (0..<size).map { abs(r[$0 * width + $0]) }
        guard let largest = diagonal.max(), largest > 0 else { return false }
        return diagonal.allSatisfy { $0 > 1e-12 * largest }
    }

    /// The least-squares solution, by back substitution in R·b = Qᵀy.
    func solution() -> [Double] {
        let r = complete.factor, width = size + 1
        var b = [Double](repeating: 0, count: size)
        for i in Swift.stride(from: size - 1, through: 0, by: -1) {
            var sum = r[i * width + size]
            for j in Swift.stride(from: i + 1, to: size, by: 1) { sum -= r[i * width + j] * b[j] }
            b[i] = sum / r[i * width + i]
        }
        return b
    }

    /// (AᵀA)⁻¹ = R⁻¹R⁻ᵀ, whose diagonal times the residual variance gives the
    /// coefficients' variances; row by row.
    func inverseGram() -> [Double] {
        let r = complete.factor, width = size + 1
        // R⁻¹ column by column (upper triangular).
        var inverse = [Double](repeating: 0, count: size * size)
        for column in 0..<size {
            for i in Swift.stride(from: column, through: 0, by: -1) {
                var sum = i == column ? 1.0 : 0.0
                for j in Swift.stride(from: i + 1, through: column, by: 1) {
                    sum -= r[i * width + j] * inverse[j * size + column]
                }
                inverse[i * size + column] = sum / r[i * width + i]
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
