import GraphCalcSupport

/// Adaptive Gauss–Kronrod quadrature (7 and 15 points, as QUADPACK's QK15): the fast
/// estimate ``Integrator`` prints inside its proved enclosure. It samples, so a spike
/// narrower than its nodes can be missed; the enclosure never misses it.
enum GaussKronrod {
    /// The nodes of the 15-point Kronrod rule on [−1, 1] (the positive half; the odd
    /// ones, counting from 1, are the 7-point Gauss rule's).
    private static let nodes: [Double] = [
        0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
        0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
        0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
        0.207784955007898467600689403773245, 0,
    ]
    private static let kronrodWeights: [Double] = [
        0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
        0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
        0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
        0.204432940075298892414161999234649, 0.209482141084727828012999174891714,
    ]
    private static let gaussWeights: [Double] = [
        0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
        0.381830050505118944950369775488975, 0.417959183673469387755102040816327,
    ]

    /// The 15-point Kronrod value on [a, b] and its difference from the 7-point Gauss value.
    static func rule(_ function: any GraphFunction, _ a: Double, _ b: Double) -> (value: Double, error: Double) {
        let centre = a / 2 + b / 2, half = b / 2 - a / 2
        var xs = [Double](repeating: centre, count: 15)
        for index in 0..<7 {
            (xs[1 + 2 * index], xs[2 + 2 * index]) = (centre - half * nodes[index], centre + half * nodes[index])
        }
        let ys = function.values(at: xs)
        // A value that is not finite counts as 0 (the enclosure tells the truth there).
        func y(_ index: Int) -> Double { ys[index].isFinite ? ys[index] : 0 }
        var kronrod = kronrodWeights[7] * y(0), gauss = gaussWeights[3] * y(0)
        for index in 0..<7 {
            let pair = y(1 + 2 * index) + y(2 + 2 * index)
            kronrod += kronrodWeights[index] * pair
            if index % 2 == 1 { gauss += gaussWeights[index / 2] * pair }
        }
        return (kronrod * half, abs(kronrod - gauss) * half)
    }

    /// Adaptive Gauss–Kronrod on [a, b]: the stretch of largest error halved until the
    /// errors add up to 1e-14 of the value, or 4,000 stretches; the value and the sum of
    /// the stretches' error estimates.
    static func integrate(_ function: any GraphFunction, _ a: Double, _ b: Double) -> (value: Double, error: Double) {
        var queue = PriorityQueue<(Double, Double, Double, Double)>()
        let first = rule(function, a, b)
        queue.insert((a, b, first.value, first.error), priority: -first.error)
        var value = first.value, error = first.error
        for _ in 0..<4_000 {
            guard error > 1e-14 * abs(value), !Cancellation.isRequested,
                let (_, (lower, upper, part, partError)) = queue.popLeast()
            else { break }
            let middle = lower / 2 + upper / 2
            guard middle > lower, middle < upper else {
                queue.insert((lower, upper, part, 0), priority: 0)
                error -= partError
                continue
            }
            let left = rule(function, lower, middle), right = rule(function, middle, upper)
            value += left.value + right.value - part
            error += left.error + right.error - partError
            queue.insert((lower, middle, left.value, left.error), priority: -left.error)
            queue.insert((middle, upper, right.value, right.error), priority: -right.error)
        }
        // Summed afresh, so the running corrections leave no rounding behind.
        let total = queue.elements.map(\.element.2).sorted { abs($0) < abs($1) }.reduce(0, +)
        return (total, queue.elements.reduce(0) { $0 + $1.element.3 })
    }
}
