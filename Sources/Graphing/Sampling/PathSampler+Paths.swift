import GraphCalcSupport

/// What the path sampler does with its paths once sampled: clipped to the band a pixel
/// beyond the view, simplified where straight, and collapsed where a path is one point.
extension PathSampler {
    /// A path that never leaves a hundredth of a pixel, as the one point it is.
    func collapsed(_ path: [Point]) -> [Point] {
        guard let first = path.first, path.count > 1 else { return path }
        let x = viewport.pixelX(for: first.x), y = viewport.pixelY(for: first.y)
        let isPoint = path.allSatisfy {
            abs(viewport.pixelX(for: $0.x) - x) < 0.01 && abs(viewport.pixelY(for: $0.y) - y) < 0.01
        }
        return isPoint ? [first] : path
    }
    /// The path cut to the band a pixel above and below the viewport: pieces that leave
    /// it end at the edge, by linear interpolation on the (short) crossing stretch.
    func clipped(_ path: [Point]) -> [[Point]] {
        let band = viewport.yBand, low = band.lower, high = band.upper
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
    func simplified(_ path: [Point]) -> [Point] {
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
