import CVectorMath
import CalculatorBrain
import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

/// The compiled evaluator agrees with the reference interpreter.
@Suite struct CompiledProgramTests {
    @Test func vectorisedTrigonometryIsWithinTwoUlpsOfGlibc() {
        var generator = SeededGenerator(seed: 5)
        var xs = (0..<200_000).map { _ in Double.random(in: -10...10, using: &generator) }
        xs += (0..<100_000).map { _ in Double.random(in: -1e5...1e5, using: &generator) }
        xs += (0..<100_000).map { _ in Double.random(in: -1.6e6...1.6e6, using: &generator) }
        xs += (0..<100_000).map { _ in
            // Next to multiples of π/2, where the reduction cancels.
            var x = Double(Int.random(in: -1_018_000...1_018_000, using: &generator)) * (Double.pi / 2)
            for _ in 0..<Int.random(in: 0...200, using: &generator) { x = x.nextUp }
            return x
        }
        xs += [
            0, -0.0, 0x1p-1030, -0x1p-1030, 1e-20, .pi / 4, 1e5, -1e5, 1.6e6, -1.6e6, 1.6e6.nextUp, 1e300, .infinity,
            -.infinity, .nan,
        ]
        var worst = [UInt64](repeating: 0, count: 3)
        for x in xs {
            let pairs = [
                (gcvm_sin(x), Foundation.sin(x)), (gcvm_cos(x), Foundation.cos(x)), (gcvm_tan(x), Foundation.tan(x)),
            ]
            for (index, (mine, glibc)) in pairs.enumerated() {
                worst[index] = max(worst[index], Self.ulps(mine, glibc))
                if glibc == 0 { #expect(mine.sign == glibc.sign, "sign of zero at \(x)") }
            }
        }
        #expect(worst[0] <= 1 && worst[1] <= 1 && worst[2] <= 2, "\(worst)")
        // The batch kernels give the same results as the single-value functions.
        let batch = UnaryOperation.sine.enclosure(over: Interval(0)).isEmpty ? [] : xs
        var values = [Double](repeating: 0, count: batch.count)
        gcvm_unary(Int32(GCVM_TAN.rawValue), &values, batch, batch.count)
        #expect(zip(batch, values).allSatisfy { Self.ulps(gcvm_tan($0), $1) == 0 })
    }

    private static let operands: [Double] = [
        0, -0.0, 1, 2, 3, 0.5, -1, -2.5, 10, 1e-3, 1e300, -1e300, 1e-300, 0.1, .infinity, -.infinity, .nan,
    ]
    private static let specialXs: [Double] = [
        0, -0.0, 1, -1, 2, -3, 0.5, 1e-10, -1e-10, 1e10, 1e300, -1e300, .pi / 2, 3.3, -7.7, .infinity, -.infinity, .nan,
    ]
    private static let xs: [Double] =
        specialXs + (0..<64).map { (index: Int) -> Double in -10 + Double(index) * 0.3173 }

    private static func ulps(_ a: Double, _ b: Double) -> UInt64 { Tolerance.ulps(a, b) }

    private static let scalarOperations = UnaryOperation.allCases.filter { ![.sine, .cosine, .tangent].contains($0) }

    private static func hasExpandedPowers(_ compiled: CompiledProgram) -> Bool {
        compiled.instructions.contains { if case .power = $0.operation { true } else { false } }
    }

    /// The reference with the vectorised sin, cos and tan in place of glibc's where the
    /// argument depends on x (constant subexpressions are folded with glibc's): what the
    /// compiled program must reproduce bit for bit.
    private static func mirror(_ reference: ReferenceEvaluator, at x: Double) -> Double {
        guard reference.isComplete else { return .nan }
        var stack: [(value: Double, dependsOnX: Bool)] = []
        for step in reference.steps {
            switch step {
            case .constant(let value), .namedConstant(let value): stack.append((value, false))
            case .variable: stack.append((x, true))
            case .secondVariable: stack.append((.nan, true))
            case .unary(let operation):
                let (a, dependsOnX) = stack.removeLast()
                let value: Double
                switch operation {
                case .sine where dependsOnX: value = a.isNaN ? .nan : gcvm_sin(a)
                case .cosine where dependsOnX: value = a.isNaN ? .nan : gcvm_cos(a)
                case .tangent where dependsOnX: value = a.isNaN ? .nan : gcvm_tan(a)
                default: value = ReferenceEvaluator.apply(operation, a)
                }
                stack.append((value, dependsOnX))
            case .binary(let operation):
                let b = stack.removeLast(), a = stack.removeLast()
                stack.append((ReferenceEvaluator.apply(operation, a.value, b.value), a.dependsOnX || b.dependsOnX))
            case .ternary(let operation):
                let b = stack.removeLast(), a = stack.removeLast(), c = stack.removeLast()
                stack.append(
                    (operation.apply(c.value, a.value, b.value), c.dependsOnX || a.dependsOnX || b.dependsOnX))
            }
        }
        return stack.last?.value ?? .nan
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func pointsAreTheReferencesBitForBit(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for index in 0..<800 {
            // Every other program uses only glibc's functions, so must equal the reference
            // itself; the rest use sin, cos and tan, and must equal its mirror.
            let usesTrigonometry = index % 2 == 1
            let program = RandomProgram.make(
                operands: Self.operands, variables: ["x"], maximumOperations: 16,
                operations: usesTrigonometry ? UnaryOperation.allCases : Self.scalarOperations, using: &generator)
            let compiled = try CompiledProgram(program: program)
            // Whole powers by compensated multiplication are within an ulp of pow, and that
            // ulp can grow through later operations: those programs are checked apart.
            guard !Self.hasExpandedPowers(compiled) else { continue }
            // Both orders of evaluation, whichever the compiler chose.
            let byInstruction = compiled.values(at: Self.xs, order: .instructionByInstruction)
            let byBlock = compiled.values(at: Self.xs, order: .blockByBlock)
            for (index, x) in Self.xs.enumerated() {
                // Non-finite x and infinite constants go to the reference itself.
                let isFastPath = compiled.hasOnlyFiniteConstants && x.isFinite
                let expected =
                    usesTrigonometry && isFastPath
                    ? Self.mirror(compiled.reference, at: x) : compiled.reference.value(at: x)
                for value in [byInstruction[index], byBlock[index]] {
                    #expect(
                        Self.ulps(value, expected) == 0, "\(program) at \(x): compiled \(value), reference \(expected)")
                }
                // The reference is the calculator's own evaluation, NaN operands included
                // (NaN^0 and 1^NaN have no value in both).
                let calculator = program.value(variables: ["x": x]) ?? .nan
                let reference = compiled.reference.value(at: x)
                #expect(Self.ulps(reference, calculator) == 0, "\(program) at \(x)")
            }
        }
    }

    @Test(arguments: [11, 12, 13])
    func exactAccuracyIsTheReferenceBitForBit(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<600 {
            let program = RandomProgram.make(
                operands: Self.operands, variables: ["x"], maximumOperations: 16, using: &generator)
            let compiled = try CompiledProgram(program: program, accuracy: .exact)
            for order in [CompiledProgram.PointOrder.instructionByInstruction, .blockByBlock] {
                for (x, value) in zip(Self.xs, compiled.values(at: Self.xs, order: order)) {
                    let expected = compiled.reference.value(at: x)
                    #expect(
                        Self.ulps(value, expected) == 0, "\(program) at \(x): \(order) \(value), reference \(expected)")
                }
            }
        }
    }

    @Test(arguments: [9, 10])
    func programsWithWholePowersStayWithinTwoUlps(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var checked = 0
        for _ in 0..<3000 {
            // A power, then only operations that do not amplify relative errors.
            let base = RandomProgram.make(
                operands: [0.5, 2, 3, 1e-3, 10], variables: ["x"], maximumOperations: 3,
                operations: [.absoluteValue, .negation, .squareRoot, .square], [.multiplication, .division],
                using: &generator)
            let exponent = Double(Int.random(in: -8...9, using: &generator))
            let program = Program(base.ops + [.operand(exponent), .binary(.power)])
            let compiled = try CompiledProgram(program: program)
            for (x, value) in zip(Self.xs, compiled.values(at: Self.xs)) {
                let expected = compiled.reference.value(at: x)
                #expect(Self.ulps(value, expected) <= 2, "\(program) at \(x): compiled \(value), reference \(expected)")
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }

    /// In degrees and gradians, angular operations are the calculator's own, one value
    /// at a time: compiled points equal the calculator's evaluation bit for bit, and every
    /// point lies in its interval's enclosure.
    @Test(arguments: [AngleUnit.degrees, .gradians])
    func anglesInDegreesAndGradiansAgree(unit: AngleUnit) throws {
        var generator = SeededGenerator(seed: unit == .degrees ? 11 : 12)
        let angular: [UnaryOperation] = [.sine, .cosine, .tangent, .arcsine, .arccosine, .arctangent, .square]
        for _ in 0..<400 {
            let program = RandomProgram.make(
                operands: Self.operands.filter(\.isFinite), variables: ["x"], maximumOperations: 10,
                operations: angular, [.addition, .multiplication, .arctangent2], using: &generator)
            let compiled = try CompiledProgram(program: program, accuracy: .exact, angle: unit)
            for (x, value) in zip(Self.xs, compiled.values(at: Self.xs)) {
                let calculator = program.value(variables: ["x": x], angle: unit) ?? .nan
                #expect(Self.ulps(value, calculator) == 0, "\(program) at \(x) in \(unit): \(value) vs \(calculator)")
            }
            let intervals = (0..<8).map { _ -> Interval in
                let a = Double.random(in: -720...720, using: &generator)
                return Interval(a, a + Double.random(in: 0...30, using: &generator))
            }
            for (interval, enclosure) in zip(intervals, compiled.enclosures(over: intervals)) {
                #expect(enclosure == compiled.reference.enclosure(over: interval))
                for x in [interval.lower, interval.midpoint, interval.upper] {
                    guard let value = program.value(variables: ["x": x], angle: unit) else { continue }
                    #expect(enclosure.contains(value), "\(program) at \(x) in \(unit): \(value) outside \(enclosure)")
                }
            }
        }
    }

    @Test(arguments: [6, 7, 8])
    func intervalsAreIdenticalToTheReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let program = RandomProgram.make(
                operands: Self.operands.filter { !$0.isNaN }, variables: ["x"], maximumOperations: 16, using: &generator
            )
            let compiled = try CompiledProgram(program: program)
            let intervals =
                (0..<12).map { _ -> Interval in
                    let a = Double.random(in: -12...12, using: &generator)
                    return Interval(a, a + Double.random(in: 0...3, using: &generator))
                } + [Interval(0), Interval(-1, 1), .entire]
            let enclosures = compiled.enclosures(over: intervals)
            for (x, enclosure) in zip(intervals, enclosures) {
                #expect(enclosure == compiled.reference.enclosure(over: x), "\(program) over \(x)")
            }
        }
    }

    /// An enclosure's bounds by their bits (signed zeros told apart) and what it proves.
    private static func bits(_ enclosure: Enclosure) -> [UInt64] {
        enclosure.pieces.flatMap { [$0.lower.bitPattern, $0.upper.bitPattern] }
            + [enclosure.isTotal ? 1 : 0, enclosure.isContinuous ? 1 : 0]
    }

    /// Programs of the batch interval kernels' operations, over batches of three chunks:
    /// the kernels' bounds are the reference's, bit for bit (signed zeros included), on
    /// stretches short and long (halved, or [−1, 1]), at large x (glibc's sin and cos
    /// beyond 1.6e6) and at 0; almost every program runs on the kernels throughout.
    @Test(arguments: [11, 12, 13])
    func intervalKernelsAreIdenticalToTheReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let operands: [Double] = [0, -0.0, 1, 2, 0.5, -2.5, 1e-3, 0.1, 3, 1e5, 1e-300]
        var ran = 0, wholly = 0
        for _ in 0..<150 {
            let program = RandomProgram.make(
                operands: operands, variables: ["x"], maximumOperations: 14,
                operations: [.negation, .square, .sine, .cosine], [.addition, .subtraction, .multiplication],
                ternary: [], using: &generator)
            let compiled = try CompiledProgram(program: program)
            // (A constant's enclosure is the same for every interval: no kernels run.)
            guard compiled.runsIntervalKernels, !compiled.instructions.isEmpty else { continue }
            ran += 1
            let centres: [Double] = [0, 1, -1, 1e5, 1.6e6, -1.6e6, 2e6]
            let intervals = (0..<2_500).map { index -> Interval in
                if index < 4 { return [Interval(0), Interval(-0.0, 0), Interval(0, 1), Interval(-1, -0.0)][index] }
                let centre = centres[index % centres.count]
                let a = centre + Double.random(in: -10...10, using: &generator)
                let width = [0, 1e-9, 0.5, 2.9, 3, 5, 6.3, 20][Int.random(in: 0...7, using: &generator)]
                return Interval(a, a + width)
            }
            var kernels = [Enclosure](repeating: .empty, count: intervals.count)
            let missed = compiled.evaluateWithKernels(intervals, nil, into: &kernels)
            if missed.isEmpty { wholly += 1 }
            let enclosures = compiled.enclosures(over: intervals)
            for (index, x) in intervals.enumerated() {
                let reference = compiled.reference.enclosure(over: x)
                #expect(Self.bits(enclosures[index]) == Self.bits(reference), "\(program) over \(x)")
                if !missed.contains(where: { $0.contains(index) }) {
                    #expect(Self.bits(kernels[index]) == Self.bits(reference), "\(program) over \(x)")
                }
                if let value = program.value(variables: ["x": x.midpoint]) {
                    #expect(reference.contains(value), "\(program) at \(x.midpoint): \(value) outside \(reference)")
                }
            }
        }
        #expect(ran >= 40, "\(ran) programs")
        #expect(wholly >= ran * 9 / 10, "\(wholly) of \(ran)")
        #expect(try !CompiledProgram(program: Program(parsing: "tan(x)/x")).runsIntervalKernels)
        #expect(try !CompiledProgram(program: Program(parsing: "sin(x)"), angle: .degrees).runsIntervalKernels)
    }

    /// Quotients and reciprocals on the kernels: bit for bit the reference's where the
    /// divisor keeps one sign (exact quotients kept exact: 1/0.5, 3/1.5), and the general
    /// path's answer (two pieces, a hole) in the chunk where a divisor holds 0.
    @Test(arguments: [21, 22])
    func quotientKernelsAreIdenticalToTheReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let operands: [Double] = [1, 2, 0.5, -2.5, 1e-3, 0.1, 3, 1.5, -7, 1e-300, 1e300]
        var onKernels = 0, ran = 0
        for _ in 0..<240 {
            let program = RandomProgram.make(
                operands: operands, variables: ["x"], maximumOperations: 12,
                operations: [.negation, .square, .sine, .reciprocal],
                [.addition, .subtraction, .multiplication, .division], ternary: [], using: &generator)
            let compiled = try CompiledProgram(program: program)
            guard compiled.runsIntervalKernels, !compiled.instructions.isEmpty else { continue }
            ran += 1
            // Most away from every divisor's 0, a few across one.
            let intervals = (0..<384).map { index -> Interval in
                let a = Double.random(in: 0.25...9, using: &generator) * (index % 2 == 0 ? 1 : -1)
                let width = [0, 1e-9, 0.01, 0.2][Int.random(in: 0...3, using: &generator)]
                return index == 192 ? Interval(-1, 1) : Interval(a, a + width)
            }
            var kernels = [Enclosure](repeating: .empty, count: intervals.count)
            let missed = compiled.evaluateWithKernels(intervals, nil, into: &kernels)
            let enclosures = compiled.enclosures(over: intervals)
            for (index, x) in intervals.enumerated() {
                let reference = compiled.reference.enclosure(over: x)
                #expect(Self.bits(enclosures[index]) == Self.bits(reference), "\(program) over \(x)")
                guard !missed.contains(where: { $0.contains(index) }) else { continue }
                onKernels += 1
                #expect(Self.bits(kernels[index]) == Self.bits(reference), "\(program) over \(x)")
            }
        }
        #expect(ran >= 40 && onKernels >= ran * 384 / 4, "\(ran) programs, \(onKernels) intervals on the kernels")
        // Whole powers 2 and −1 as the calculator's exact accuracy keeps them.
        for text in ["x^2-1/x", "(x-1)^2*x^(-1)", "sin(x)^2/x"] {
            let compiled = try CompiledProgram(program: Program(parsing: text), accuracy: .exact)
            #expect(compiled.runsIntervalKernels, "\(text)")
            let intervals = [
                Interval(-3, -0.5), Interval(0.25, 0.25), Interval(1, 1.5), Interval(-0.0, 0), Interval(2, 9),
            ]
            for (x, enclosure) in zip(intervals, compiled.enclosures(over: intervals)) {
                #expect(Self.bits(enclosure) == Self.bits(compiled.reference.enclosure(over: x)), "\(text) over \(x)")
            }
        }
        let exact = try CompiledProgram(program: Program(parsing: "1/x+3/x"))
        var kernels = [Enclosure](repeating: .empty, count: 2)
        #expect(exact.evaluateWithKernels([Interval(0.5), Interval(1.5)], nil, into: &kernels).isEmpty)
        #expect(kernels[0].hull == Interval(8), "\(kernels[0])")
        #expect(Self.bits(kernels[1]) == Self.bits(exact.reference.enclosure(over: Interval(1.5))))
    }

    /// A chunk where a bound overflows, or a y is missing, takes the general path; the
    /// chunks around it stay on the kernels.
    @Test func aChunkTheKernelsCannotDoTakesTheGeneralPath() throws {
        let compiled = try CompiledProgram(program: Program(parsing: "x*x*1e300+sin(x)"))
        #expect(compiled.runsIntervalKernels)
        var intervals = (0..<3_000).map { Interval(Double($0) / 3_000, Double($0 + 1) / 3_000) }
        intervals[1_500] = Interval(1e5, 1e5 + 1)
        var kernels = [Enclosure](repeating: .empty, count: intervals.count)
        let missed = compiled.evaluateWithKernels(intervals, nil, into: &kernels)
        #expect(missed.count == 1 && missed[0].contains(1_500) && !missed[0].contains(0))
        let enclosures = compiled.enclosures(over: intervals)
        #expect(enclosures[1_500].hull?.upper == .infinity)
        for (x, enclosure) in zip(intervals, enclosures) {
            #expect(Self.bits(enclosure) == Self.bits(compiled.reference.enclosure(over: x)), "\(x)")
        }
        // Two variables: y in register 1; a y not given leaves its box without a value.
        let relation = try CompiledProgram(
            program: Program(parsing: "x*y+sin(y)-cos(x)*x"), secondVariable: "y")
        #expect(relation.runsIntervalKernels)
        let xs = (0..<50).map { Interval(Double($0) / 10, Double($0) / 10 + 0.05) }
        let ys = (0..<40).map { Interval(-Double($0) / 7, -Double($0) / 7 + 0.5) }
        let boxes = relation.enclosures(over: xs, ys)
        for (index, x) in xs.enumerated() {
            let expected = index < ys.count ? relation.reference.enclosure(over: x, ys[index]) : .empty
            #expect(
                Self.bits(boxes[index]) == Self.bits(expected), "\(x) × \(index < ys.count ? "\(ys[index])" : "none")")
        }
    }

    /// sin and cos of an interval hold glibc's values at its ends and at the doubles
    /// nearest every extremum inside, at small and large x and next to multiples of π/2.
    @Test func sineAndCosineEnclosuresHoldGlibcsValues() {
        var generator = SeededGenerator(seed: 21)
        for index in 0..<20_000 {
            let a: Double
            if index % 2 == 0 {
                a = Double.random(in: -1.7e6...1.7e6, using: &generator)
            } else {
                var x = Double(Int.random(in: -1_018_000...1_018_000, using: &generator)) * (Double.pi / 2)
                for _ in 0..<Int.random(in: -3...3, using: &generator) + 3 { x = x.nextDown }
                a = x
            }
            let width = [0, 1e-12, 1e-6, 0.01, 1, 2.9, 3.5][Int.random(in: 0...6, using: &generator)]
            let x = Interval(a, a + width)
            let sine = UnaryOperation.sine.enclosure(over: x), cosine = UnaryOperation.cosine.enclosure(over: x)
            var points = [x.lower, x.upper]
            // Extrema of sin at π/2 + kπ, of cos at kπ: the doubles either side of each.
            var k = (x.lower / (Double.pi / 2)).rounded(.down)
            while k * (Double.pi / 2) <= x.upper {
                let extremum = k * (Double.pi / 2)
                points += [extremum.nextDown, extremum, extremum.nextUp].filter { x.contains($0) }
                k += 1
            }
            for point in points {
                #expect(sine.contains(Foundation.sin(point)), "sin at \(point) in \(x): \(sine)")
                #expect(cosine.contains(Foundation.cos(point)), "cos at \(point) in \(x): \(cosine)")
            }
        }
    }

    @Test func foldsConstantsAndExpandsWholePowers() throws {
        let folded = try CompiledProgram(program: Program(parsing: "(x*2+1)/(2+1) + sqrt(16)*pi"))
        #expect(folded.instructions.count == 4)
        let powers = try CompiledProgram(program: Program(parsing: "x^5 - 3*x^3 + x^-2 + x^0.5"))
        let kinds = powers.instructions.map { "\($0.operation)" }
        #expect(kinds.filter { $0.hasPrefix("power") }.count == 3)
        #expect(kinds.contains("binary(CalculatorBrain.BinaryOperation.power)"))
        let constant = try CompiledProgram(program: Program(parsing: "2^10"))
        #expect(constant.instructions.isEmpty && constant.values(at: [0, 1]) == [1024, 1024])
    }

    @Test func wholePowersAreCloseToPow() throws {
        let compiled = try CompiledProgram(program: Program(parsing: "x^7"))
        var generator = SeededGenerator(seed: 42)
        let xs = (0..<20_000).map { _ in Double.random(in: -30...30, using: &generator) } + [-0.0, 0, 1e-50, 1e50]
        for (x, value) in zip(xs, compiled.values(at: xs)) where pow(x, 7).isFinite {
            #expect(Self.ulps(value, pow(x, 7)) <= 1, "\(x)")
        }
        #expect(compiled.values(at: [-0.0])[0].sign == .minus)
        #expect(
            try CompiledProgram(program: Program(parsing: "x^-3")).values(at: [0, 2]).map(\.isNaN) == [true, false])
        #expect(try CompiledProgram(program: Program(parsing: "x^3")).values(at: [1e200])[0].isNaN)
    }

    @Test func largeBatchesAndDeepPrograms() throws {
        let compiled = try CompiledProgram(program: Program(parsing: "sin(x)*cos(x/3)+sqrt(abs(x))"))
        let xs = (0..<1_000_000).map { -10 + Double($0) * 2e-5 }
        let values = compiled.values(at: xs)
        #expect(values.count == xs.count)
        #expect(values[123_457] == sin(xs[123_457]) * cos(xs[123_457] / 3) + abs(xs[123_457]).squareRoot())

        // A right-nested sum of sines: the deeper operand first, so a few registers do
        // (in the order written, one a level: 5,001).
        var ops = Array(repeating: [Op.variable("x"), .unary(.sine)], count: 5_001).flatMap { $0 }
        ops += Array(repeating: Op.binary(.addition), count: 5_000)
        let deep = try CompiledProgram(program: Program(ops))
        #expect(deep.registerCount <= 4, "\(deep.registerCount)")
        // Non-commutative operations keep their operands' order when swapped in time.
        let quotients = try CompiledProgram(program: Program(parsing: "x/(x-(1/(x+2)))-(3/(x*(x-4)))"))
        let points: [Double] = [-3.5, -1, 0.5, 2, 7]
        let expected = points.map { (x: Double) -> Double in
            let first: Double = x / (x - (1 / (x + 2)))
            let second: Double = 3 / (x * (x - 4))
            return first - second
        }
        #expect(quotients.values(at: points) == expected)
        // A folded exponent computed first still expands to a whole power; of two
        // expressions side by side, the last is the one compiled.
        let square = try CompiledProgram(program: Program(parsing: "x^(1+1)"))
        #expect(square.instructions.map { "\($0.operation)" } == ["power(2)"] && square.values(at: [3]) == [9])
        let pair = try CompiledProgram(program: Program(parsing: "3+5, x/(2-x)"))
        #expect(pair.values(at: [1, 4]) == [1, -2])
        let deepValues = deep.values(at: [0, 1])
        #expect(deepValues[0] == 0 && Tolerance.isClose(deepValues[1], 5_001 * sin(1.0), relative: 1e-9))
    }

    /// The compiled form is small: 16 bytes an instruction, constants in tables, and the
    /// constants a fold used dropped from them.
    @Test func compiledFormIsCompact() throws {
        #expect(MemoryLayout<CompiledProgram.Instruction>.stride == 16)
        let operands: [CompiledProgram.Operand] = [
            .register(0), .register(3), .literal(0), .literal(1 << 29), .folded(7), .folded((1 << 30) - 1),
        ]
        for operand in operands {
            let instruction = CompiledProgram.Instruction(
                operation: .power(-64), first: operand, second: operand, destination: 5)
            #expect(
                "\(instruction.first)" == "\(operand)"
                    && "\(instruction.second.map { "\($0)" } ?? "nil")" == "\(operand)")
        }
        let unary = CompiledProgram.Instruction(
            operation: .unary(.sine), first: .register(1), second: nil, destination: 2)
        #expect(
            unary.second == nil && unary.destination == 2
                && "\(unary.operation)" == "unary(CalculatorBrain.UnaryOperation.sine)")
        let folded = try CompiledProgram(program: Program(parsing: "x*(2*3)+(1+2)^2-x^2"))
        #expect(folded.literals.isEmpty, "\(folded.literals)")
        #expect(folded.folded.map(\.value) == [6, 9])
        let expected: [Double] = [14, 17]  // x·6 + 9 − x² at 1 and 2
        #expect(folded.values(at: [1, 2]) == expected)
        let literal = try CompiledProgram(program: Program(parsing: "x+0.5"))
        #expect(literal.literals == [0.5] && literal.folded.isEmpty)
        #expect(literal.enclosures(over: [Interval(1, 2)]) == [Enclosure(Interval(1.5, 2.5))])
    }

    /// Arithmetic-heavy programs run block by block, others instruction by instruction;
    /// over many blocks and a partial last one, with operands that are the destination,
    /// constants on either side and kernel calls between inline steps, the two agree.
    @Test func blocksAndInstructionsAgreeOverManyBlocks() throws {
        let e3 = (1...50).map { "(x*\($0)+1)/\($0 + 1)" }.joined(separator: "+")
        let cases = [
            (e3, CompiledProgram.PointOrder.blockByBlock), ("x^5-3*x^3+2*x-7", .blockByBlock),
            ("tan(x)+1/(x-1)", .blockByBlock), ("2/x-sqrt(abs(x))*(-x)+x^2", .blockByBlock),
            ("sin(x)", .instructionByInstruction), ("exp(x)+log(abs(x))", .instructionByInstruction),
            ("x", .instructionByInstruction),
        ]
        let xs = (0..<1_000).map { -10 + Double($0) * 0.0200123 } + [0, -0.0, 1, .nan, .infinity]
        for (infix, order) in cases {
            let compiled = try CompiledProgram(program: Program(parsing: infix))
            #expect(compiled.pointOrder == order, "\(infix)")
            let byBlock = compiled.values(at: xs, order: .blockByBlock)
            let byInstruction = compiled.values(at: xs, order: .instructionByInstruction)
            let differing = xs.indices.filter { Self.ulps(byBlock[$0], byInstruction[$0]) != 0 }
            #expect(differing.isEmpty, "\(infix) differs at x = \(differing.prefix(5).map { xs[$0] })")
        }
    }

    /// A block-by-block run leaves an overflow infinite where every reader keeps it
    /// infinite or NaN; where one could make it finite (a divisor, a reciprocal, another
    /// key) or it is the result, it is NaN as in the reference.
    @Test(arguments: [
        // Read by a propagating chain to a checked end: NaN either way.
        ("(x*1e300*1e10+1)/3-x", [true, true, true, true, false]),
        // A divisor, a reciprocal and atan would turn ∞ into 0 or π/2; exp reads a
        // negation, which tests nothing.
        ("1/(x*1e300*1e10)+x", [true, false, true, false]),
        ("(x*1e300*1e10)^(-1)+x", [true, false, true, false]),
        ("atan(x*1e300*1e10)+x", [true, false, true, false]),
        ("exp(-(x*1e300*1e10))", [true, false, false, false]),
        // A whole power tests; a square root read by a product, and what it reads, not.
        ("sqrt(abs(-(x*1e300*1e10))^2)*2", [true, false, false, false, true, true, false]),
        ("-sqrt(x*1e300*1e10)", [true, false, false, false]),
        ("-sqrt(x*1e300*1e10)*2", [true, true, true, true, false]),
        // Computed twice: for a sum, and for a divisor.
        ("(x*1e300*1e10)+1/(x*1e300*1e10)", [true, true, true, false, true, false]),
    ])
    func overflowsAreLeftOnlyToReadersThatKeepThem(infix: String, unchecked: [Bool]) throws {
        let compiled = try CompiledProgram(program: Program(parsing: infix))
        #expect(compiled.overflowsLeftToReaders() == unchecked, "\(compiled.instructions.map(\.operation))")
        let xs = (0..<200).map { -10 + Double($0) * 0.1 } + [1e-300, -1e-300, 1e300]
        let byBlock = compiled.values(at: xs, order: .blockByBlock)
        for (x, value) in zip(xs, byBlock) {
            let expected = compiled.reference.value(at: x)
            #expect(Self.ulps(value, expected) == 0, "\(infix) at \(x): \(value), reference \(expected)")
        }
    }
}
