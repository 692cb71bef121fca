import CVectorMath
import CalculatorBrain

extension UnaryOperation {
    /// The values of the operation on every member of `enclosure`, with angles in `angle`.
    public func enclosure(of enclosure: Enclosure, angle: AngleUnit) -> Enclosure {
        guard angle != .radians, isAngular else { return self.enclosure(of: enclosure) }
        return enclosure.flatMap { self.enclosure(over: $0, angle: angle) }
    }

    /// The values of the operation on every member of `x`, with angles in `angle`: whole
    /// turns are taken off the interval exactly, then it is turned into radians (rounding
    /// outward); the inverses' results are turned from radians.
    public func enclosure(over x: Interval, angle: AngleUnit) -> Enclosure {
        guard angle != .radians, isAngular else { return enclosure(over: x) }
        switch self {
        case .arcsine, .arccosine, .arctangent:
            return enclosure(over: x).flatMap { Enclosure(BinaryOperation.product($0, angle.fromRadiansInterval)) }
        default:
            let turn = 2 * angle.halfTurn
            let width = x.width
            guard x.isBounded, width < turn else { return enclosure(over: .entire) }
            let start = remainder(x.lower, turn)
            let reduced = Interval(start, Rounding.sumUp(start, width))
            var result = enclosure(over: BinaryOperation.product(reduced, angle.toRadiansInterval))
            // tan's poles fall on doubles here (90°): there it has no value.
            let quarter = angle.halfTurn / 2
            if self == .tangent, [-3 * quarter, -quarter, quarter, 3 * quarter].contains(where: reduced.contains) {
                result.isTotal = false
            }
            return result
        }
    }
}

extension BinaryOperation {
    /// The values of the operation on every pair of members, with angles in `angle`
    /// (`atan2` gives one).
    public func enclosure(of left: Enclosure, _ right: Enclosure, angle: AngleUnit) -> Enclosure {
        let result = enclosure(of: left, right)
        guard angle != .radians, self == .arctangent2 else { return result }
        return result.flatMap { Enclosure(BinaryOperation.product($0, angle.fromRadiansInterval)) }
    }
}

extension AngleUnit {
    /// π / half a turn, as an interval that holds it.
    var toRadiansInterval: Interval {
        Interval(Rounding.quotientDown(.pi, halfTurn), Rounding.quotientUp(Double.pi.nextUp, halfTurn))
    }

    /// Half a turn / π, as an interval that holds it.
    var fromRadiansInterval: Interval {
        Interval(Rounding.quotientDown(halfTurn, Double.pi.nextUp), Rounding.quotientUp(halfTurn, .pi))
    }
}
