import GraphCalcSupport

extension CurveSampler {
    /// A stretch of the parameter between two evaluated points.
    private struct Stretch {
        var t: Interval
        var start: Point?
        var end: Point?
        var depth: Int
        var state: State

        enum State {
            case pending
            /// Drawn as the chord from start to end.
            case drawn
            /// Not drawn: no value, out of view, or a break.
            case gap
        }
    }

    /// The curve as paths for vector output, in model coordinates: chords of parameter
    /// stretches, each halved until its enclosure reaches at most `tolerance` pixels
    /// beyond the box of its chord (so no loop or spike sticks out of it) and its middle
    /// lies within a fifth of a pixel of the chord (so bends are smooth), with both
    /// coordinates continuous and with a value throughout. A stretch out of view is left
    /// out, and one holding a pole, a jump or no value is halved to ``maximumDepth`` and
    /// then left out, so the path breaks there instead of joining across.
    public func paths(tolerance: Double = 0.5) -> [[Point]] {
        let cost = evaluationCost
        var spent = 0
        let starts = Self.split(t, into: initialPieces * 4)
        let ends = starts.map(\.lower) + [t.upper]
        let points = self.points(at: ends)
        spent += 2 * ends.count * cost
        var stretches = starts.indices.map { index in
            Stretch(t: starts[index], start: points[index], end: points[index + 1], depth: 0, state: .pending)
        }
        let xBand = Interval(viewport.x(atPixel: -2), viewport.x(atPixel: Double(viewport.width + 2)))
        let yBand = Interval(viewport.y(atPixel: Double(viewport.height + 2)), viewport.y(atPixel: -2))
        while stretches.contains(where: { $0.state == .pending }) {
            let open = stretches.indices.filter { stretches[$0].state == .pending }
            let ts = open.map { stretches[$0].t }
            let xs = curve.x.enclosures(over: ts), ys = curve.y.enclosures(over: ts)
            let middles = self.points(at: ts.map(\.midpoint))
            spent += 4 * ts.count * cost
            let isOutOfWork = spent >= budget || Cancellation.isRequested
            var next: [Stretch] = []
            var openIndex = 0
            for stretch in stretches {
                guard stretch.state == .pending else {
                    next.append(stretch)
                    continue
                }
                let x = xs[openIndex], y = ys[openIndex], middle = middles[openIndex]
                openIndex += 1
                var stretch = stretch
                let isWhole = x.isTotal && y.isTotal && x.isContinuous && y.isContinuous
                let isOutOfView =
                    x.pieces.allSatisfy { !$0.overlaps(xBand) } || y.pieces.allSatisfy { !$0.overlaps(yBand) }
                if x.isEmpty || y.isEmpty || isOutOfView {
                    stretch.state = .gap
                } else if isWhole, let start = stretch.start, let end = stretch.end, let middle,
                    isWithin(x, y, of: start, end, tolerance), deviation(of: middle, from: start, end) <= 0.2
                {
                    stretch.state = .drawn
                } else if isOutOfWork || stretch.depth >= maximumDepth || !(stretch.t.lower < stretch.t.midpoint)
                    || !(stretch.t.midpoint < stretch.t.upper)
                {
                    stretch.state = isWhole && stretch.start != nil && stretch.end != nil ? .drawn : .gap
                } else {
                    let middleT = stretch.t.midpoint
                    next.append(
                        Stretch(
                            t: Interval(stretch.t.lower, middleT), start: stretch.start, end: middle,
                            depth: stretch.depth + 1, state: .pending))
                    stretch = Stretch(
                        t: Interval(middleT, stretch.t.upper), start: middle, end: stretch.end,
                        depth: stretch.depth + 1, state: .pending)
                }
                next.append(stretch)
            }
            stretches = next
        }
        var paths: [[Point]] = []
        var current: [Point] = []
        for stretch in stretches {
            guard stretch.state == .drawn, let start = stretch.start, let end = stretch.end else {
                if !current.isEmpty { paths.append(current) }
                current = []
                continue
            }
            if current.isEmpty { current.append(start) }
            current.append(end)
        }
        if !current.isEmpty { paths.append(current) }
        return paths
    }

    /// The curve's points at each parameter value, `nil` where it has none (or, on a log
    /// axis, where a coordinate is at or below 0).
    private func points(at ts: [Double]) -> [Point?] {
        let xs = curve.x.values(at: ts), ys = curve.y.values(at: ts)
        return zip(xs, ys).map { x, y in
            guard x.isFinite, y.isFinite, viewport.pixelX(for: x).isFinite, viewport.pixelY(for: y).isFinite
            else { return nil }
            return Point(x: x, y: y)
        }
    }

    /// Whether the box `x` × `y` reaches at most `tolerance` pixels beyond the box of the
    /// chord from `start` to `end`.
    private func isWithin(_ x: Enclosure, _ y: Enclosure, of start: Point, _ end: Point, _ tolerance: Double) -> Bool {
        guard let x = x.hull, let y = y.hull, x.isBounded, y.isBounded else { return false }
        let left = viewport.pixelX(for: x.lower), right = viewport.pixelX(for: x.upper)
        let top = viewport.pixelY(for: y.upper), bottom = viewport.pixelY(for: y.lower)
        let ends = (
            x: [viewport.pixelX(for: start.x), viewport.pixelX(for: end.x)],
            y: [viewport.pixelY(for: start.y), viewport.pixelY(for: end.y)]
        )
        guard let minX = ends.x.min(), let maxX = ends.x.max(), let minY = ends.y.min(), let maxY = ends.y.max()
        else { return false }
        return left >= minX - tolerance && right <= maxX + tolerance && top >= minY - tolerance
            && bottom <= maxY + tolerance
    }

    /// How far, in pixels, `point` lies from the chord `start`–`end`.
    private func deviation(of point: Point, from start: Point, _ end: Point) -> Double {
        let (px, py) = (viewport.pixelX(for: point.x), viewport.pixelY(for: point.y))
        let (ax, ay) = (viewport.pixelX(for: start.x), viewport.pixelY(for: start.y))
        let (bx, by) = (viewport.pixelX(for: end.x), viewport.pixelY(for: end.y))
        let (dx, dy) = (bx - ax, by - ay)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return ((px - ax) * (px - ax) + (py - ay) * (py - ay)).squareRoot() }
        return abs((px - ax) * dy - (py - ay) * dx) / length
    }
}
