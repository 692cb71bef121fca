extension Program {
    /// The names a polar curve's angle may have: `θ`, or `theta` for keyboards without it.
    public static let polarAngleNames = ["θ", "theta"]

    /// The two coordinates of the last expression when it is a point `(x, y)`
    /// (``BinaryOperation/point``), each a program of its own; `nil` otherwise.
    ///
    /// `(cos(3t), sin(2t))` gives `cos(3t)` and `sin(2t)`: a parametric curve's x(t) and y(t).
    public var coordinates: (x: Program, y: Program)? {
        guard let span = expressionSpans.last, span.isComplete, span.ops.count >= 3,
            ops[span.ops.upperBound - 1] == .binary(.point)
        else { return nil }
        let inner = Program(ops[span.ops.lowerBound..<(span.ops.upperBound - 1)])
        let parts = inner.expressionSpans
        guard parts.count == 2, parts.allSatisfy(\.isComplete) else { return nil }
        return (Program(inner.ops[parts[0].ops]), Program(inner.ops[parts[1].ops]))
    }

    /// The radius of a polar curve when the last expression is `r = F` with `r` alone on
    /// the left and not used by F (`r = 1+cos(θ)` gives `1+cos(θ)`); `nil` otherwise.
    public var polarRadius: Program? {
        guard let span = expressionSpans.last, span.isComplete, span.ops.count >= 3,
            ops[span.ops.upperBound - 1] == .binary(.equal), ops[span.ops.lowerBound] == .variable("r")
        else { return nil }
        let right = Program(ops[(span.ops.lowerBound + 1)..<(span.ops.upperBound - 1)])
        guard right.expressionSpans.count == 1, !right.ops.contains(.variable("r")) else { return nil }
        return right
    }

    /// The angle a polar radius runs along: `theta` when it uses that name and not `θ`,
    /// else `θ`.
    public static func polarAngle(of radius: Program) -> String {
        let names = radius.variableNames
        return names.contains("theta") && !names.contains("θ") ? "theta" : "θ"
    }

    /// Whether the last expression is a curve: a point `(x(t), y(t))` or a polar `r = F(θ)`.
    public var isCurve: Bool { coordinates != nil || polarRadius != nil }
}
