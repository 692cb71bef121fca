import GraphCalcSupport

/// Samples a function into paths for vector output: refined beyond one sample per pixel
/// where the curve bends or may hide a spike, simplified where it is straight, broken
/// across poles and undefined stretches, and clipped to the viewport (a pixel beyond it).
///
/// Between pixel-edge samples, a stretch is halved while the value at its middle strays
/// more than ``tolerance`` pixels from the chord (down to a quarter pixel), or while its
/// enclosure reaches more than ``spikeTolerance`` pixels beyond both ends (an extremum or
/// a spike between samples: down to 1/4096 pixel, within a budget); a stretch holding a
/// pole or a domain boundary is halved further still, so each branch runs to the edge. Domain ends are found by
/// bisection (`√x` starts at exactly (0, 0)). Points are model coordinates.
public struct PathSampler: Sendable {
    /// The function sampled.
    public let function: any GraphFunction
    /// The pixels the paths are drawn in.
    public let viewport: Viewport
    /// The largest distance, in pixels, between a path and the curve between samples.
    public var tolerance = 0.1
    /// How far, in pixels, an enclosure may reach beyond a stretch's ends unexplored.
    public var spikeTolerance = 0.5
    /// Halvings below a pixel for smooth stretches (2: a quarter pixel).
    public var smoothDepth = 2
    /// Halvings below a pixel to find the top of a spike.
    public var spikeDepth = 12
    /// Halvings below a pixel to isolate a pole or a domain boundary.
    public var breakDepth = 16

    /// Creates a sampler of `function` over the columns of `viewport`.
    public init(function: any GraphFunction, viewport: Viewport) {
        self.function = function
        self.viewport = viewport
    }

    /// The paths, left to right, each of two points or more; stops early when
    /// ``Cancellation`` is requested.
    public func sample() -> [[Point]] {
        let xs = (0...viewport.width).map { viewport.x(atPixel: Double($0)) }
        let ys = function.values(at: xs)
        // The first level of every stretch in three batches; deeper levels one at a time.
        let stretches = (0..<viewport.width).map { Interval(xs[$0], xs[$0 + 1]) }
        let enclosures = function.enclosures(over: stretches)
        let middles = function.values(at: stretches.map { $0.lower / 2 + $0.upper / 2 })
        var builder = Builder(budget: 64 * viewport.width)
        if ys[0].isFinite { builder.add(Point(x: xs[0], y: ys[0])) }
        for index in 0..<viewport.width where !Cancellation.isRequested {
            let known = Known(enclosure: enclosures[index], middle: middles[index])
            refine(xs[index], ys[index], xs[index + 1], ys[index + 1], depth: 0, known: known, &builder)
        }
        builder.breakPath()
        return builder.paths.flatMap(clipped).map(simplified).filter { $0.count >= 2 }
    }

    /// Collects points into paths.
    private struct Builder {
        var paths: [[Point]] = []
        var current: [Point] = []
        /// Halvings left for spikes, so that an enclosure that is loose everywhere (a
        /// function with a variable repeated) cannot multiply the work without end.
        var budget: Int

        mutating func add(_ point: Point) {
            if current.last != point { current.append(point) }
        }

        mutating func breakPath() {
            if !current.isEmpty { paths.append(current) }
            current = []
        }
    }

    private func value(_ x: Double) -> Double { function.values(at: [x])[0] }

    /// What is already computed for a stretch: its enclosure and the value at its middle.
    private struct Known {
        let enclosure: Enclosure
        let middle: Double
    }

    /// Adds the path from (a, ya) — already added when ya has a value — to (b, yb).
    private func refine(
        _ a: Double, _ ya: Double, _ b: Double, _ yb: Double, depth: Int, known: Known? = nil, _ builder: inout Builder
    ) {
        guard !Cancellation.isRequested else { return }
        let middle = a / 2 + b / 2
        func middleValue() -> Double { known?.middle ?? value(middle) }
        func enclosure() -> Enclosure { known?.enclosure ?? function.enclosures(over: [Interval(a, b)])[0] }
        let canSplit = middle > a && middle < b
        switch (ya.isFinite, yb.isFinite) {
        case (false, false):
            builder.breakPath()
            // A defined island between two undefined samples, if the enclosure allows one.
            guard canSplit, depth < breakDepth, !enclosure().isEmpty else { return }
            let ym = middleValue()
            refine(a, ya, middle, ym, depth: depth + 1, &builder)
            refine(middle, ym, b, yb, depth: depth + 1, &builder)
        case (true, false):
            if let end = function.domainBoundary(defined: a, undefined: b) {
                refine(a, ya, end.x, end.y, depth: depth + 1, &builder)
            }
            builder.breakPath()
        case (false, true):
            builder.breakPath()
            if let start = function.domainBoundary(defined: b, undefined: a) {
                builder.add(start)
                refine(start.x, start.y, b, yb, depth: depth + 1, &builder)
            } else {
                builder.add(Point(x: b, y: yb))
            }
        case (true, true):
            let enclosure = enclosure()
            if !(enclosure.isContinuous && enclosure.isTotal) && function.hasGuaranteedEnclosures {
                guard canSplit, depth < breakDepth else {
                    // The pole or gap is isolated in a stretch too small to show.
                    builder.breakPath()
                    builder.add(Point(x: b, y: yb))
                    return
                }
                let ym = middleValue()
                refine(a, ya, middle, ym, depth: depth + 1, &builder)
                refine(middle, ym, b, yb, depth: depth + 1, &builder)
                return
            }
            if canSplit && depth < max(smoothDepth, spikeDepth),
                let (ym, hidesSpike) = bends(a, ya, b, yb, middleValue(), enclosure),
                depth < smoothDepth || (hidesSpike && builder.budget > 0)
            {
                if depth >= smoothDepth { builder.budget -= 1 }
                refine(a, ya, middle, ym, depth: depth + 1, &builder)
                refine(middle, ym, b, yb, depth: depth + 1, &builder)
            } else {
                builder.add(Point(x: b, y: yb))
            }
        }
    }

    /// The value at the middle when the stretch needs halving, and whether it may hide a
    /// spike (its enclosure reaches beyond both ends); nil when it is straight enough (or
    /// out of view).
    private func bends(_ a: Double, _ ya: Double, _ b: Double, _ yb: Double, _ ym: Double, _ enclosure: Enclosure)
        -> (Double, Bool)?
    {
        let top = -1.0, bottom = Double(viewport.height) + 1
        guard let hull = enclosure.hull else { return nil }
        let highest = viewport.pixelY(for: hull.upper), lowest = viewport.pixelY(for: hull.lower)
        guard lowest >= top, highest <= bottom else { return nil }
        let pa = viewport.pixelY(for: ya), pb = viewport.pixelY(for: yb)
        let overshoot =
            min(pa, pb) - max(highest, top) > spikeTolerance || min(lowest, bottom) - max(pa, pb) > spikeTolerance
        guard ym.isFinite else { return (ym, overshoot) }
        let deviation = abs(viewport.pixelY(for: ym) - (pa + pb) / 2)
        return overshoot || deviation > tolerance ? (ym, overshoot) : nil
    }

    /// The path cut to the band a pixel above and below the viewport: pieces that leave
    /// it end at the edge, by linear interpolation on the (short) crossing stretch.
    private func clipped(_ path: [Point]) -> [[Point]] {
        let low = viewport.yRange.lowerBound - viewport.rowHeight, high = viewport.maximumY + viewport.rowHeight
        func inside(_ point: Point) -> Bool { point.y >= low && point.y <= high }
        func crossing(_ p: Point, _ q: Point, at y: Double) -> Point {
            let t = (y - p.y) / (q.y - p.y)
            return Point(x: p.x + (q.x - p.x) * t, y: y)
        }
        var pieces: [[Point]] = []
        var current: [Point] = []
        for (index, point) in path.enumerated() {
            let previous = index > 0 ? path[index - 1] : nil
            if inside(point) {
                if current.isEmpty, let previous, !inside(previous) {
                    current.append(crossing(previous, point, at: previous.y > high ? high : low))
                }
                current.append(point)
            } else {
                if let previous, inside(previous) {
                    current.append(crossing(previous, point, at: point.y > high ? high : low))
                } else if let previous, (previous.y > high) != (point.y > high) {
                    // Straight across the band between two samples.
                    let enter = crossing(previous, point, at: previous.y > high ? high : low)
                    let leave = crossing(previous, point, at: point.y > high ? high : low)
                    pieces.append([enter, leave])
                }
                if !current.isEmpty { pieces.append(current) }
                current = []
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// The path with points dropped where it is straight to within the tolerance
    /// (Ramer–Douglas–Peucker, in pixels, with an explicit stack).
    private func simplified(_ path: [Point]) -> [Point] {
        guard path.count > 2 else { return path }
        let pixels = path.map { (viewport.pixelX(for: $0.x), viewport.pixelY(for: $0.y)) }
        var keep = Array(repeating: false, count: path.count)
        keep[0] = true
        keep[path.count - 1] = true
        var stack = [(0, path.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let (x0, y0) = pixels[first], (x1, y1) = pixels[last]
            let dx = x1 - x0, dy = y1 - y0
            let length = (dx * dx + dy * dy).squareRoot()
            var farthest = first, distance = -1.0
            for index in (first + 1)..<last {
                let (x, y) = pixels[index]
                let d =
                    length > 0
                    ? abs(dy * (x - x0) - dx * (y - y0)) / length
                    : ((x - x0) * (x - x0) + (y - y0) * (y - y0)).squareRoot()
                if d > distance {
                    distance = d
                    farthest = index
                }
            }
            if distance > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return zip(path, keep).compactMap { $1 ? $0 : nil }
    }
}
