import CVectorMath

/// What `sin`, `cos` and `tan` take and what `asin`, `acos`, `atan` and `atan2` give:
/// radians, degrees (360 a turn) or gradians (400 a turn).
///
/// The unit belongs to the session, never to a program: a saved program is the same
/// mathematics in any unit, and its value depends on the unit it is evaluated in (`sin(30)`
/// is 0.5 in degrees, −0.988… in radians).
///
/// In degrees and gradians the argument is reduced by whole turns exactly (`remainder`),
/// so `sin(1e22)` in degrees is as accurate as `sin(40)`, and the angles a calculator user
/// types give the values they expect exactly: `sin(30)` = 0.5, `cos(60)` = 0.5, `tan(45)` =
/// 1, `asin(0.5)` = 30, `atan(1)` = 45; `tan(90)` is a pole.
public enum AngleUnit: String, CaseIterable, Hashable, Sendable {
    case radians = "rad"
    case degrees = "deg"
    case gradians = "grad"

    /// Half a turn in this unit: π, 180 or 200.
    public var halfTurn: Double {
        switch self {
        case .radians: .pi
        case .degrees: 180
        case .gradians: 200
        }
    }

    /// The multiplier from this unit to radians, as a double (π/180, π/200).
    var toRadians: Double { .pi / halfTurn }

    /// Angles of a quarter turn or less whose sine is known exactly, with that sine.
    private var exactSines: [(angle: Double, sine: Double)] {
        switch self {
        case .radians: []
        case .degrees: [(0, 0), (30, 0.5), (45, 0.5.squareRoot()), (60, 0.8660254037844386), (90, 1)]
        case .gradians: [(0, 0), (50, 0.5.squareRoot()), (100, 1)]
        }
    }

    /// sin of an angle in this unit.
    public func sine(_ x: Double) -> Double {
        guard self != .radians else { return sin(x) }
        guard x.isFinite else { return .nan }
        // sin(−r) = −sin(r); sin(h − r) = sin(r): down to a quarter turn, exactly.
        let turned = remainder(x, 2 * halfTurn)
        var r = abs(turned)
        if r > halfTurn / 2 { r = halfTurn - r }
        let value = quarterSine(r)
        return turned < 0 ? -value : value
    }

    /// cos of an angle in this unit.
    public func cosine(_ x: Double) -> Double {
        guard self != .radians else { return cos(x) }
        guard x.isFinite else { return .nan }
        // cos(−r) = cos(r); cos(h − r) = −cos(r); cos(r) = sin(h/2 − r).
        var r = abs(remainder(x, 2 * halfTurn))
        var sign = 1.0
        if r > halfTurn / 2 {
            r = halfTurn - r
            sign = -1
        }
        let quarter = halfTurn / 2
        let value =
            r >= quarter / 2 ? quarterSine(quarter - r) : exactCosine(r) ?? cos(r * toRadians)
        return sign * value + 0
    }

    /// tan of an angle in this unit; ±∞ at its poles (an odd number of quarter turns).
    public func tangent(_ x: Double) -> Double {
        guard self != .radians else { return tan(x) }
        guard x.isFinite else { return .nan }
        let turned = remainder(x, halfTurn)
        let r = abs(turned)
        let quarter = halfTurn / 2
        let value: Double
        if r == quarter {
            value = .infinity
        } else if r == quarter / 2 {
            value = 1
        } else if self == .degrees && r == 30 {
            value = 0.5773502691896257
        } else if self == .degrees && r == 60 {
            value = 1.7320508075688772
        } else {
            value = r <= quarter / 2 ? tan(r * toRadians) : 1 / tan((quarter - r) * toRadians)
        }
        return turned < 0 ? -value : value
    }

    /// An angle given in radians (by `asin`, `acos`, `atan`, `atan2`), in this unit; the
    /// angles of the exact table come out exactly (`asin(0.5)` = 30 degrees).
    public func fromRadians(_ radians: Double, exactly angle: Double? = nil) -> Double {
        guard self != .radians else { return radians }
        if let angle { return angle }
        return radians * (halfTurn / .pi)
    }

    /// `asin(x)`, `acos(x)` or `atan(x)` in this unit; exact where x is the sine, cosine or
    /// tangent of an angle of the table.
    public func inverse(_ function: UnaryOperation, _ x: Double, radians: Double) -> Double {
        guard self != .radians else { return radians }
        let magnitude = abs(x), quarter = halfTurn / 2
        var angle: Double?
        switch function {
        case .arcsine:
            if let entry = exactSines.first(where: { $0.sine == magnitude }) {
                angle = x < 0 ? -entry.angle : entry.angle
            }
        case .arccosine:
            if let entry = exactSines.first(where: { $0.sine == magnitude }) {
                angle = x < 0 ? quarter + entry.angle : quarter - entry.angle
            }
        case .arctangent:
            if let exact = exactTangentAngle(magnitude) { angle = x < 0 ? -exact : exact }
        default:
            break
        }
        return fromRadians(radians, exactly: angle.map { $0 + 0 })
    }

    /// `atan2(y, x)` in this unit; exact on the axes and the diagonals.
    public func inverseTangent(_ y: Double, _ x: Double, radians: Double) -> Double {
        guard self != .radians, y.isFinite, x.isFinite else { return fromRadians(radians) }
        let quarter = halfTurn / 2
        var angle: Double?
        if y == 0 && x > 0 {
            angle = 0
        } else if y == 0 && x < 0 {
            angle = y.sign == .minus ? -halfTurn : halfTurn
        } else if x == 0 && y != 0 {
            angle = y > 0 ? quarter : -quarter
        } else if abs(y) == abs(x) && x != 0 {
            angle = (x > 0 ? quarter / 2 : 3 * quarter / 2) * (y > 0 ? 1 : -1)
        }
        return fromRadians(radians, exactly: angle)
    }

    /// sin of r, 0 ≤ r ≤ a quarter turn: exact for the table, else by way of radians
    /// (cos of the complement above an eighth of a turn, where it is more accurate).
    private func quarterSine(_ r: Double) -> Double {
        if let entry = exactSines.first(where: { $0.angle == r }) { return entry.sine }
        let quarter = halfTurn / 2
        return r <= quarter / 2 ? sin(r * toRadians) : cos((quarter - r) * toRadians)
    }

    private func exactCosine(_ r: Double) -> Double? {
        let quarter = halfTurn / 2
        return exactSines.first { $0.angle == quarter - r }?.sine
    }

    private func exactTangentAngle(_ t: Double) -> Double? {
        let quarter = halfTurn / 2
        if t == 0 { return 0 }
        if t == 1 { return quarter / 2 }
        if t == .infinity { return quarter }
        guard self == .degrees else { return nil }
        if t == 0.5773502691896257 || t == 0.5773502691896258 { return 30 }
        if t == 1.7320508075688772 { return 60 }
        return nil
    }
}
