import CalculatorBrain

/// The zeros, local extrema and intersections of functions over a range, each proved,
/// to mark on a graph. What the analyses can only call possible is left out.
public struct PointsOfInterest: Sendable {
    /// A function with the derivatives the analyses use, where it has them.
    public struct Function: Sendable {
        /// The function, with guaranteed enclosures.
        public let function: any GraphFunction
        /// f′, or `nil`.
        public let slope: (any GraphFunction)?
        /// f″, or `nil`.
        public let bending: (any GraphFunction)?

        /// A function and its derivatives.
        public init(function: any GraphFunction, slope: (any GraphFunction)?, bending: (any GraphFunction)?) {
            self.function = function
            self.slope = slope
            self.bending = bending
        }
    }

    /// The functions, in the graph's order.
    public let functions: [Function]
    /// The most stretches each search looks at: less for a live view, which redraws often.
    public var budget = 200_000
    /// The most work for all of ``find(over:)``, in interval operations, shared equally by
    /// its searches (a zero and an extremum search per function, one per pair).
    public var work = 1 << 24

    /// Points of interest of `functions`.
    public init(functions: [Function]) {
        self.functions = functions
    }

    /// Every proved point of interest over `range`, function by function, then the
    /// intersections pair by pair.
    public func find(over range: Interval) -> [PointOfInterest] {
        var points: [PointOfInterest] = []
        let searches = 2 * functions.count + functions.count * (functions.count - 1) / 2
        let share = work / max(1, searches)
        for (index, entry) in functions.enumerated() {
            var zeros = ZeroFinder(function: entry.function, derivative: entry.slope)
            zeros.budget = budget
            zeros.work = share
            let found = zeros.zeros(in: range).filter { $0.status == .proved && !$0.isThroughout }
            let ys = entry.function.values(at: found.map(\.x))
            for (zero, y) in zip(found, ys) where y.isFinite {
                points.append(PointOfInterest(kind: .zero, point: Point(x: zero.x, y: 0), function: index))
            }
            var extrema = ExtremumFinder(
                function: entry.function, derivative: entry.slope, secondDerivative: entry.bending)
            extrema.budget = budget
            extrema.work = share
            for extremum in extrema.localExtrema(in: range) where extremum.status == .proved {
                let y = entry.function.values(at: [extremum.x])[0]
                guard y.isFinite, extremum.kind == .localMinimum || extremum.kind == .localMaximum else { continue }
                points.append(
                    PointOfInterest(
                        kind: extremum.kind == .localMinimum ? .minimum : .maximum, point: Point(x: extremum.x, y: y),
                        function: index))
            }
        }
        for first in functions.indices {
            for second in functions.indices where second > first {
                let difference = Difference(functions[first], functions[second])
                var meetings = ZeroFinder(function: difference, derivative: difference.slope)
                meetings.budget = budget
                meetings.work = share
                let found = meetings.zeros(in: range).filter { $0.status == .proved && !$0.isThroughout }
                let ys = functions[first].function.values(at: found.map(\.x))
                for (meeting, y) in zip(found, ys) where y.isFinite {
                    points.append(
                        PointOfInterest(
                            kind: .intersection, point: Point(x: meeting.x, y: y), function: first, other: second))
                }
            }
        }
        return points
    }
}

/// f − g, with enclosures from each's, and its slope f′ − g′ where both have one.
struct Difference: GraphFunction {
    let first: any GraphFunction, second: any GraphFunction

    init(_ first: PointsOfInterest.Function, _ second: PointsOfInterest.Function) {
        self.first = first.function
        self.second = second.function
        if let f = first.slope, let g = second.slope {
            slopes = (f, g)
        } else {
            slopes = nil
        }
    }

    private init(_ first: any GraphFunction, _ second: any GraphFunction) {
        self.first = first
        self.second = second
        slopes = nil
    }

    private let slopes: (any GraphFunction, any GraphFunction)?

    /// Both functions' costs and the subtraction's.
    var evaluationCost: Int { first.costOfEvaluation + second.costOfEvaluation + 1 }

    /// f′ − g′, or `nil`.
    var slope: (any GraphFunction)? { slopes.map { Difference($0.0, $0.1) } }

    func values(at xs: [Double]) -> [Double] {
        zip(first.values(at: xs), second.values(at: xs)).map { $0 - $1 }
    }

    func enclosures(over intervals: [Interval]) -> [Enclosure] {
        zip(first.enclosures(over: intervals), second.enclosures(over: intervals)).map {
            BinaryOperation.subtraction.enclosure(of: $0, $1)
        }
    }

    var hasGuaranteedEnclosures: Bool { first.hasGuaranteedEnclosures && second.hasGuaranteedEnclosures }
}
