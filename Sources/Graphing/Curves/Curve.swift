import CVectorMath
import CalculatorBrain

/// A curve in the plane traced by a parameter: parametric `(x(t), y(t))`, or polar
/// `r = F(θ)` (x = F(θ)·cos θ, y = F(θ)·sin θ), each coordinate a compiled function of
/// the parameter with guaranteed enclosures.
public struct Curve: Sendable {
    /// How the curve was written.
    public enum Form: Sendable, Hashable {
        /// `(x(t), y(t))`.
        case parametric
        /// `r = F(θ)`.
        case polar
    }

    /// How the curve was written.
    public let form: Form
    /// The program it was made from: the point, or the polar equation.
    public let program: Program
    /// The parameter: `t` for a parametric curve, `θ` (or `theta`) for a polar one.
    public let parameter: String
    /// x along the parameter.
    public let x: ProgramFunction
    /// y along the parameter.
    public let y: ProgramFunction
    /// The programs of x and y along the parameter (for a polar curve, F·cos θ and F·sin θ).
    public let coordinates: (x: Program, y: Program)
    /// What `sin` and `cos` take, and so what the polar angle is measured in.
    public let angle: AngleUnit
    /// The values of the other variables.
    public let values: [String: Double]

    /// The curve `program` describes — a point `(x(t), y(t))` or a polar `r = F(θ)` — with
    /// its other variables fixed to `values`.
    ///
    /// - Throws: ``GraphingError/notACurve(_:)`` when the program is neither;
    ///   ``GraphingError/variableNotSet(_:plotting:)`` when a coordinate uses a variable
    ///   that is neither the parameter nor given a value.
    public init(
        program: Program, values: [String: Double] = [:], angle: AngleUnit = .radians
    ) throws(GraphingError) {
        let coordinates: (x: Program, y: Program)
        if let point = program.coordinates {
            form = .parametric
            parameter = "t"
            coordinates = point
        } else if let radius = program.polarRadius {
            form = .polar
            let angleName = Program.polarAngle(of: radius)
            parameter = angleName
            coordinates = (
                Program(radius.ops + [.variable(angleName), .unary(.cosine), .binary(.multiplication)]),
                Program(radius.ops + [.variable(angleName), .unary(.sine), .binary(.multiplication)])
            )
        } else {
            throw .notACurve(program.description)
        }
        self.program = program
        self.coordinates = coordinates
        self.angle = angle
        var values = values
        values[parameter] = nil
        self.values = values
        x = try ProgramFunction(
            program: coordinates.x, variable: parameter, values: values, angle: angle, tightening: .none)
        y = try ProgramFunction(
            program: coordinates.y, variable: parameter, values: values, angle: angle, tightening: .none)
    }

    /// Whether `program` is a curve (`Program.isCurve`).
    public static func isCurve(_ program: Program) -> Bool { program.isCurve }

    /// One turn, the range a curve's parameter runs over unless another is given: 0 to
    /// 2π radians, 360 degrees or 400 gradians.
    public static func oneTurn(in angle: AngleUnit) -> Interval {
        Interval(0, 2 * angle.halfTurn)
    }

    /// The point at parameter `t`, or `nil` where either coordinate has no value.
    public func point(at t: Double) -> Point? {
        let px = x.values(at: [t])[0], py = y.values(at: [t])[0]
        guard px.isFinite, py.isFinite else { return nil }
        return Point(x: px, y: py)
    }

    /// The velocity (dx/dt, dy/dt) at `t`, from the coordinates' symbolic derivatives;
    /// `nil` where either has none.
    public func velocity(at t: Double) -> (dx: Double, dy: Double)? {
        guard let dx = try? coordinates.x.derivative(withRespectTo: parameter, angle: angle),
            let dy = try? coordinates.y.derivative(withRespectTo: parameter, angle: angle)
        else { return nil }
        let rates = [dx, dy].map { $0.value(variables: values.merging([parameter: t]) { $1 }, angle: angle) }
        guard let a = rates[0], let b = rates[1], a.isFinite, b.isFinite else { return nil }
        return (a, b)
    }
}
