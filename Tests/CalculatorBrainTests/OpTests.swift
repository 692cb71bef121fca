import Foundation
import TestSupport
import Testing

@testable import CalculatorBrain

@Suite struct OpTests {
    @Test(arguments: [
        (UnaryOperation.squareRoot, 9.0, 3.0), (.sine, Double.pi / 2, 1), (.cosine, 0, 1),
        (.tangent, Double.pi / 4, 1), (.arcsine, 1, Double.pi / 2), (.arccosine, 1, 0),
        (.arctangent, 1, Double.pi / 4), (.naturalLogarithm, M_E, 1), (.commonLogarithm, 1000, 3),
        (.exponential, 0, 1), (.absoluteValue, -2.5, 2.5), (.negation, 4, -4), (.square, -3, 9),
        (.reciprocal, 4, 0.25),
    ])
    func unaryOperationApplies(operation: UnaryOperation, argument: Double, expected: Double) {
        #expect(Tolerance.isClose(operation.apply(argument), expected, relative: 1e-15))
    }

    @Test(arguments: [
        (BinaryOperation.addition, 2.0, 3.0, 5.0), (.subtraction, 2, 3, -1), (.multiplication, 2, 3, 6),
        (.division, 3, 4, 0.75), (.power, 2, 10, 1024), (.minimum, 2, 3, 2), (.maximum, 2, 3, 3),
        (.arctangent2, 1, 1, Double.pi / 4),
    ])
    func binaryOperationApplies(operation: BinaryOperation, x: Double, y: Double, expected: Double) {
        #expect(operation.apply(x, y) == expected)
    }

    @Test func unaryOperationsAtSpecialValues() {
        #expect(UnaryOperation.squareRoot.apply(-0.0).sign == .minus)
        #expect(UnaryOperation.squareRoot.apply(.infinity) == .infinity)
        #expect(UnaryOperation.squareRoot.apply(-1).isNaN)
        #expect(UnaryOperation.naturalLogarithm.apply(0) == -.infinity)
        #expect(UnaryOperation.reciprocal.apply(-0.0) == -.infinity)
        #expect(UnaryOperation.negation.apply(0).sign == .minus)
        #expect(UnaryOperation.absoluteValue.apply(-.infinity) == .infinity)
        for operation in UnaryOperation.allCases {
            #expect(operation.apply(.nan).isNaN, "\(operation) of NaN")
        }
    }

    @Test(arguments: [
        ("√", Op.unary(.squareRoot)), ("sqrt", .unary(.squareRoot)), ("±", .unary(.negation)),
        ("neg", .unary(.negation)), ("x²", .unary(.square)), ("sq", .unary(.square)),
        ("x⁻¹", .unary(.reciprocal)), ("inv", .unary(.reciprocal)), ("−", .binary(.subtraction)),
        ("-", .binary(.subtraction)), ("×", .binary(.multiplication)), ("*", .binary(.multiplication)),
        ("÷", .binary(.division)), ("/", .binary(.division)), ("^", .binary(.power)),
        ("atan2", .binary(.arctangent2)), ("π", .constant(.pi)), ("pi", .constant(.pi)),
        ("e", .constant(.e)), ("M", .variable("M")), ("x_1", .variable("x_1")), ("θ", .variable("θ")),
    ])
    func symbolsReadAsOps(symbol: String, expected: Op) {
        #expect(Op(symbol: symbol) == expected)
    }

    @Test func canonicalSymbolsAreStored() {
        #expect(Op(symbol: "*")?.symbol == "×")
        #expect(Op(symbol: "-")?.symbol == "−")
        #expect(Op(symbol: "sqrt")?.symbol == "√")
        #expect(Op(symbol: "pi")?.symbol == "π")
        #expect(Op.operand(3).symbol == "3")
        #expect(Op.operand(0.1).symbol == "0.1")
        #expect(Op.operand(-0.0).symbol == "-0")
        #expect(Op.operand(1e300).symbol == "1e+300")
    }

    @Test(arguments: ["", "1x", "frob nicate", "x+1", "sin", "pi", "e", "πr", "∛", "%"])
    func invalidVariableNames(name: String) {
        #expect(!Op.isValidVariableName(name))
    }

    @Test func everySpellingIsUnique() {
        var seen: [String: String] = [:]
        var spellings: [String] = []
        for operation in UnaryOperation.allCases { spellings += [operation.symbol] + operation.aliases }
        for operation in BinaryOperation.allCases { spellings += [operation.symbol] + operation.aliases }
        for operation in TernaryOperation.allCases { spellings += [operation.symbol] + operation.aliases }
        for constant in Constant.allCases { spellings += [constant.symbol] + constant.aliases }
        for spelling in spellings {
            #expect(seen[spelling] == nil, "\(spelling) spelled twice")
            seen[spelling] = spelling
        }
    }
}
