import CalculatorBrain
import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

@Suite struct ProgramFunctionTests {
    @Test func pointValuesFollowTheProgramsEvaluation() throws {
        let program = try Program(parsing: "sqrt(x) + 1/(x-1) + M")
        let function = try ProgramFunction(program: program, values: ["M": 10])
        let xs = [-1.0, 0, 1, 4, .nan]
        let values = function.values(at: xs)
        for (x, value) in zip(xs, values) {
            let expected = program.value(variables: ["x": x, "M": 10]) ?? .nan
            let isSame = value.bitPattern == expected.bitPattern || (value.isNaN && expected.isNaN)
            #expect(isSame, "at \(x)")
        }
        let atFour: Double = 2 + 1.0 / 3 + 10
        #expect(values[3] == atFour)
    }

    @Test func plotsAlongTheChosenVariable() throws {
        let function = try ProgramFunction(program: Program(parsing: "cos(M)*3"), variable: "M")
        #expect(function.values(at: [0]) == [3])
        #expect(function.variable == "M")
    }

    @Test func unsetVariablesAreAnError() throws {
        #expect(throws: GraphingError.variableNotSet("M", plotting: "x")) {
            try ProgramFunction(program: Program(parsing: "x*M"))
        }
    }

    @Test func onlyTheLastExpressionIsGraphed() throws {
        // 1/0 and an unset variable in an earlier expression do not matter.
        let program = Program([
            .operand(1), .operand(0), .binary(.division), .variable("y"), .variable("x"), .unary(.square),
        ])
        let function = try ProgramFunction(program: program)
        #expect(function.values(at: [3]) == [9])
    }

    @Test func missingOperandsMeanNoValueAnywhere() throws {
        for program in [Program([.operand(3), .binary(.addition)]), Program([]), Program([.unary(.sine)])] {
            let function = try ProgramFunction(program: program)
            let values = function.values(at: [0, 1])
            let enclosures = function.enclosures(over: [Interval(0, 1)])
            #expect(values.allSatisfy { $0.isNaN })
            #expect(enclosures.allSatisfy { $0.isEmpty })
        }
    }

    @Test(arguments: [1, 2, 3])
    func enclosuresHoldDenseSamplesOfRandomPrograms(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let operands: [Double] = [0, 1, 2, 0.5, -1, 3, 10, 1e-3, 100]
        var checked = 0
        for _ in 0..<300 {
            let program = RandomProgram.make(
                operands: operands, variables: ["x"], maximumOperations: 12, using: &generator)
            let function = try ProgramFunction(program: program)
            let lower = Double.random(in: -6...6, using: &generator)
            let x = Interval(lower, lower + Double.random(in: 0.001...3, using: &generator))
            guard let enclosure = function.enclosures(over: [x]).first else { continue }
            let xs =
                (0...200).map { min(x.lower + (x.upper - x.lower) * Double($0) / 200, x.upper) }
                + [0, 1, -1].filter(x.contains)
            for (point, value) in zip(xs, function.values(at: xs)) where value.isFinite {
                checked += 1
                #expect(enclosure.contains(value), "\(program) at \(point) = \(value) outside \(enclosure)")
            }
        }
        #expect(checked > 10_000)
    }

    /// A total enclosure (the decoration analysis requires) holds only where the function
    /// has a value at every x of the box.
    @Test(arguments: [1, 2, 3, 4])
    func aTotalEnclosureMeansAValueAtEveryPointOfRandomPrograms(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let operands: [Double] = [0, 1, 2, 0.5, -1, 3, 10, 1e-3, 100, 0.01]
        var checked = 0
        for _ in 0..<400 {
            let program = RandomProgram.make(
                operands: operands, variables: ["x"], maximumOperations: 10, using: &generator)
            let function = try ProgramFunction(program: program)
            let lower = Double.random(in: -4...4, using: &generator).rounded(.down) / 2
            let x = Interval(lower, lower + ([0.5, 1, 2, 0.001].randomElement(using: &generator) ?? 1))
            // An unbounded enclosure may stand for an overflow, which point evaluation
            // reports as no value though the real function has one.
            guard let enclosure = function.enclosures(over: [x]).first, enclosure.isTotal,
                enclosure.hull?.isBounded == true
            else { continue }
            let xs =
                (0...256).map { min(x.lower + (x.upper - x.lower) * Double($0) / 256, x.upper) }
                + (0..<64).map { _ in Double.random(in: x.lower...x.upper, using: &generator) }
            for (point, value) in zip(xs, function.values(at: xs)) {
                checked += 1
                #expect(
                    !value.isNaN,
                    "\(program) has no value at \(point), but its enclosure over \(x) is total: \(enclosure)")
            }
        }
        #expect(checked > 10_000)
    }

    @Test func aMillionValuesAndALongProgram() throws {
        let function = try ProgramFunction(program: Program(parsing: "x^2"))
        let xs = (0..<1_000_000).map { Double($0) }
        let values = function.values(at: xs)
        #expect(values.count == 1_000_000 && values[999_999] == 999_999.0 * 999_999.0)

        var ops: [Op] = [.variable("x")]
        for _ in 0..<50_000 { ops += [.operand(1), .binary(.addition)] }
        let long = try ProgramFunction(program: Program(ops))
        #expect(long.values(at: [0.5]) == [50_000.5])
        #expect(long.enclosures(over: [Interval(0, 1)]).first?.hull?.contains(50_000.5) == true)
    }
}
