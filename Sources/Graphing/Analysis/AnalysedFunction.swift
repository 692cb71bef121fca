import CalculatorBrain

/// A program as the analyses take it: a function along one variable with values bit for
/// bit the calculator's, and its first derivatives (built symbolically) where they exist.
///
/// This is what `graphcalc zeros`, `extrema`, `integrate`, `--points` and the pole notes
/// use, as a library: every answer it gives is proved or says why not (``Proof``).
///
/// ```swift
/// let f = try AnalysedFunction(Program(parsing: "x^3-2x+1"))
/// for zero in f.zeros(in: Interval(-2, 2)) { print(zero.x, zero.status) }   // three, proved
/// let extrema = f.extrema(in: Interval(-2, 2))
/// let integral = try f.integral(over: Interval(0, 1))                       // enclosed
/// let marks = AnalysedFunction.pointsOfInterest(of: [f], over: Interval(-2, 2))
/// ```
public struct AnalysedFunction: Sendable {
    /// The program analysed.
    public let program: Program
    /// The function, its values bit for bit the calculator's, its enclosures tightened
    /// for proofs.
    public let function: ProgramFunction
    /// f′, f″, … in order, as many as were asked for and exist (none for ψ, nPr and nCr
    /// of the variable; none beyond a size bound, where they would grow faster than they
    /// help).
    public let derivatives: [ProgramFunction]

    /// f′, or `nil`.
    public var slope: ProgramFunction? { derivatives.first }
    /// f″, or `nil`.
    public var bending: ProgramFunction? { derivatives.count > 1 ? derivatives[1] : nil }

    /// `program` along `variable`, with its first `order` derivatives.
    ///
    /// - Parameters:
    ///   - program: the function's program.
    ///   - variable: the variable it runs along.
    ///   - values: the other variables' values.
    ///   - angle: what sin, cos and tan take.
    ///   - order: how many derivatives to build (2 for zeros and extrema, 4 for integrals).
    /// - Throws: ``GraphingError`` for a variable that is not set or a program too large.
    public init(
        _ program: Program, variable: String = "x", values: [String: Double] = [:], angle: AngleUnit = .radians,
        order: Int = 2
    ) throws(GraphingError) {
        let programs = program.derivatives(upTo: order, withRespectTo: variable, angle: angle)
        var derivatives: [ProgramFunction] = []
        do {
            for program in programs {
                // The derivatives serve the analyses' own proofs: plain enclosures.
                derivatives.append(
                    try ProgramFunction(
                        program: program, variable: variable, values: values, accuracy: .exact, angle: angle,
                        tightening: .none))
            }
        } catch {
            // The function's own error first, where it has one.
            _ = try ProgramFunction(
                program: program, variable: variable, values: values, accuracy: .exact, angle: angle,
                tightening: .none)
            throw error
        }
        self.program = program
        // The function's centred forms take the derivatives built here.
        function = try ProgramFunction(
            program: program, variable: variable, values: values, accuracy: .exact, angle: angle,
            tightening: .forAnalysis, derivatives: (programs, derivatives.map(\.compiled)))
        self.derivatives = derivatives
    }

    /// `program` as ``integral(over:)`` wants it: with the four derivatives the two-point
    /// Gauss rule uses, unless the Taylor rule has a recurrence for every operation of the
    /// program — then none are built (the pieces that rule cannot take are kinks, steps,
    /// poles and the 0 of a root or a logarithm, where derivatives do not help either).
    ///
    /// - Throws: ``GraphingError`` for a variable that is not set or a program too large.
    public init(
        integrating program: Program, variable: String = "x", values: [String: Double] = [:],
        angle: AngleUnit = .radians
    ) throws(GraphingError) {
        let function = try ProgramFunction(
            program: program, variable: variable, values: values, accuracy: .exact, angle: angle,
            tightening: .forAnalysis)
        let covered = TaylorSeries(program: function.compiled, count: 2)?.coversEveryOperation ?? false
        guard !covered else {
            self.init(program: program, function: function, derivatives: [])
            return
        }
        try self.init(program, variable: variable, values: values, angle: angle, order: 4)
    }

    private init(program: Program, function: ProgramFunction, derivatives: [ProgramFunction]) {
        self.program = program
        self.function = function
        self.derivatives = derivatives
    }

    /// Every zero over `range`, proved with the derivative; without one (ψ) zeros are
    /// still excluded, but only exact ones are proved (``ZeroFinder``).
    public func zeros(in range: Interval) -> [ZeroFinder.Zero] {
        ZeroFinder(function: function, derivative: slope).zeros(in: range)
    }

    /// The local and global minima and maxima over `range` (``ExtremumFinder``).
    public func extrema(in range: Interval) -> [ExtremumFinder.Extremum] {
        ExtremumFinder(function: function, derivative: slope, secondDerivative: bending).extrema(in: range)
    }

    /// The definite integral over `range`, enclosed (``Integrator``); build the function
    /// with ``init(integrating:variable:values:angle:)`` (or `order: 4`) for the
    /// high-order rules.
    ///
    /// - Throws: ``IntegrationError`` where the integral has no value.
    public func integral(over range: Interval) throws(IntegrationError) -> Integrator.Integral {
        try Integrator(function: function, derivatives: derivatives).integral(over: range)
    }

    /// The poles over `range`, each located to a few ulps, and whether the list is
    /// complete (``PoleFinder``).
    public func poles(in range: Interval) -> (poles: [Interval], isComplete: Bool) {
        PoleFinder(function: function).poles(in: range)
    }

    /// The proved zeros, local extrema and intersections of `functions` over `range`, to
    /// mark on a graph (``PointsOfInterest``); `budget` bounds each search (less for a
    /// live view).
    public static func pointsOfInterest(
        of functions: [AnalysedFunction], over range: Interval, budget: Int = 200_000
    ) -> [PointOfInterest] {
        var finder = PointsOfInterest(
            functions: functions.map {
                PointsOfInterest.Function(function: $0.function, slope: $0.slope, bending: $0.bending)
            })
        finder.budget = budget
        return finder.find(over: range)
    }
}
