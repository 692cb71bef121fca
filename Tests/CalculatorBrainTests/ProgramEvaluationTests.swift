import Foundation
import TestSupport
import Testing

@testable import CalculatorBrain

@Suite struct ProgramEvaluationTests {
    private static func program(_ keys: String) -> Program {
        var brain = CalculatorBrain()
        for key in keys.split(separator: " ") {
            // Every key in these tables is valid.
            _ = try? brain.enter(key: String(key))
        }
        return brain.program
    }

    @Test(arguments: [
        ("3 5 + √", sqrt(8.0)),
        ("3 5 4 + +", 12),
        ("6 3 ÷", 2),
        ("2 3 −", -1),
        ("2 3 ^", 8),
        ("π 2 ÷ sin", 1),
        ("e ln", 1),
        ("1000 log", 3),
        ("0 exp", 1),
        ("-2.5 abs", 2.5),
        ("4 ±", -4),
        ("3 x²", 9),
        ("4 x⁻¹", 0.25),
        ("2 7 min", 2),
        ("2 7 max", 7),
        ("1 1 atan2", Double.pi / 4),
        ("0.5 asin", asin(0.5)),
        ("0.5 acos", acos(0.5)),
        ("1 atan", Double.pi / 4),
        ("1 tan", tan(1.0)),
        ("0 cos", 1),
        ("3 5 + 2 7", 7),
        ("-8 3 ^", -512),
        ("0 0 ^", 1),
    ])
    func evaluates(keys: String, expected: Double) throws {
        let value = try Self.program(keys).evaluate()
        #expect(Tolerance.isClose(value, expected, ulps: 4))
    }

    @Test(arguments: [
        ("", EvaluationError.emptyProgram),
        ("+", .notEnoughOperands(operation: "+")),
        ("3 +", .notEnoughOperands(operation: "+")),
        ("sin", .notEnoughOperands(operation: "sin")),
        ("x 1 +", .variableNotSet(name: "x")),
        ("1 0 ÷", .divisionByZero(operation: "÷")),
        ("0 x⁻¹", .divisionByZero(operation: "x⁻¹")),
        ("0 -1 ^", .divisionByZero(operation: "^")),
        ("-4 √", .squareRootOfNegative(-4)),
        ("0 ln", .logarithmOfNonPositive(operation: "ln", argument: 0)),
        ("-1 log", .logarithmOfNonPositive(operation: "log", argument: -1)),
        ("2 asin", .outsideDomain(operation: "asin", argument: 2)),
        ("-1.5 acos", .outsideDomain(operation: "acos", argument: -1.5)),
        ("-8 0.5 ^", .outsideDomain(operation: "^", argument: -8)),
        ("1000 exp", .overflow(operation: "exp", sign: .plus)),
        ("1e200 1e200 ×", .overflow(operation: "×", sign: .plus)),
        ("-1e308 -1e308 +", .overflow(operation: "+", sign: .minus)),
        ("1e200 x²", .overflow(operation: "x²", sign: .plus)),
    ])
    func reportsWhyThereIsNoValue(keys: String, expected: EvaluationError) {
        #expect(throws: expected) { try Self.program(keys).evaluate() }
        #expect(Self.program(keys).value() == nil)
    }

    @Test(arguments: [
        (EvaluationError.emptyProgram, "the program is empty"),
        (.notEnoughOperands(operation: "×"), "not enough operands for ×"),
        (.variableNotSet(name: "M"), "variable 'M' is not set"),
        (.divisionByZero(operation: "÷"), "division by zero in ÷"),
        (.squareRootOfNegative(-4), "square root of a negative number (-4)"),
        (.logarithmOfNonPositive(operation: "ln", argument: 0), "ln of zero"),
        (.logarithmOfNonPositive(operation: "log", argument: -2), "log of a negative number (-2)"),
        (.outsideDomain(operation: "asin", argument: 2), "2 is outside the domain of asin"),
        (.outsideDomain(operation: "^", argument: -8), "^ of a negative base (-8) needs a whole exponent"),
        (.overflow(operation: "exp", sign: .plus), "overflow: exp gives +∞"),
        (.overflow(operation: "+", sign: .minus), "overflow: + gives −∞"),
        (.undefined(operation: "×"), "× has no defined result here"),
    ])
    func messages(error: EvaluationError, message: String) {
        #expect(error.description == message)
    }

    @Test func variablesComeFromTheTableGiven() throws {
        let program = Self.program("M cos 3 ×")
        #expect(try program.evaluate(variables: ["M": 0.5]) == cos(0.5) * 3)
        #expect(throws: EvaluationError.variableNotSet(name: "M")) { try program.evaluate() }
    }

    @Test func onlyTheTopExpressionCounts() throws {
        #expect(try Self.program("1 0 ÷ 2").evaluate() == 2)
        #expect(try Self.program("x 4 √").evaluate() == 2)
    }

    @Test func specialValues() throws {
        #expect(try Program([.operand(-0.0)]).evaluate().sign == .minus)
        #expect(try Program([.operand(-0.0), .unary(.squareRoot)]).evaluate().sign == .minus)
        #expect(try Program([.operand(.infinity)]).evaluate() == .infinity)
        #expect(try Program([.operand(.infinity), .operand(1), .binary(.addition)]).evaluate() == .infinity)
        #expect(try Program([.operand(-.infinity), .unary(.exponential)]).evaluate() == 0)
        #expect(throws: EvaluationError.undefined(operation: "−")) {
            try Program([.operand(.infinity), .operand(.infinity), .binary(.subtraction)]).evaluate()
        }
        #expect(throws: EvaluationError.undefined(operation: "sin")) {
            try Program([.operand(.infinity), .unary(.sine)]).evaluate()
        }
        #expect(throws: EvaluationError.undefined(operation: "the program")) {
            try Program([.operand(.nan)]).evaluate()
        }
        #expect(throws: EvaluationError.divisionByZero(operation: "÷")) {
            try Program([.operand(1), .operand(-0.0), .binary(.division)]).evaluate()
        }
        // A NaN operand has no value, even where C's pow gives 1 (as every evaluator agrees).
        for ops: [Op] in [
            [.variable("x"), .operand(0), .binary(.power)], [.operand(1), .variable("x"), .binary(.power)],
        ] {
            #expect(throws: EvaluationError.undefined(operation: "the program")) {
                try Program(ops).evaluate(variables: ["x": .nan])
            }
        }
    }

    @Test func aMillionOpsEvaluateWithoutRecursion() throws {
        var sum: [Op] = [.operand(1)]
        sum.reserveCapacity(1_000_001)
        for _ in 0..<500_000 { sum += [.operand(1), .binary(.addition)] }
        #expect(try Program(sum).evaluate() == 500_001)

        var nested = Array(repeating: Op.operand(1), count: 500_001)
        nested += Array(repeating: Op.binary(.addition), count: 500_000)
        #expect(try Program(nested).evaluate() == 500_001)

        let deepUnary = [Op.operand(2)] + Array(repeating: Op.unary(.absoluteValue), count: 1_000_000)
        #expect(try Program(deepUnary).evaluate() == 2)
    }
}
