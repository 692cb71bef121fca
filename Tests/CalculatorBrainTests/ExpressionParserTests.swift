import Foundation
import TestSupport
import Testing

@testable import CalculatorBrain

@Suite struct ExpressionParserTests {
    private static func value(_ expression: String, x: Double = 3) throws -> Double {
        try Program(parsing: expression).evaluate(variables: ["x": x, "y": 2, "M": 5])
    }

    static let precedenceCases: [(String, Double)] = [
        ("2+3*4", 14.0), ("2^3^2", 512), ("-2^2", -4), ("(-2)^2", 4), ("2^-1", 0.5), ("-x^2", -9),
        ("2*3^2", 18), ("8/4/2", 1), ("8-4-2", 2), ("8-(4-2)", 6), ("2x", 6), ("2(x+1)", 8),
        ("3sin(x)", 3 * sin(3.0)), ("2π", 2 * Double.pi), ("2pi", 2 * Double.pi), ("2e", 2 * M_E),
        ("1e-3*1000", 1), ("1E3", 1000), ("2e+1", 20), (".5+1.", 1.5), ("(x+1)(x-1)", 8),
        ("x(x+1)", 12), ("x y", 6), ("2x^2", 18), ("1/2x", 1.5), ("-2x", -6), ("√x²", 3),
        ("√(3+5)", sqrt(8.0)), ("√4x", 6), ("sqrt(16)+abs(-3)", 7), ("x²", 9), ("x⁻¹", 1.0 / 3),
        ("2x²", 18), ("-x²", -9), ("3 × 4 ÷ 2 − 1", 5), ("2**3", 8), ("2·3", 6),
        ("atan2(1, 1)", Double.pi / 4), ("max(2, 7) - min(2, 7)", 5), ("min(x, y)^2", 4),
        ("ln(e)", 1), ("log(100)", 2), ("exp(0)", 1), ("neg(2)", -2), ("sq(3)", 9), ("inv(4)", 0.25),
        ("±x", -3), ("--2", 2), ("+2", 2), ("M*2", 10), ("sin(x)^2+cos(x)^2", 1), ("∞ - 1", .infinity),
        // Other calculators' spellings, and bars for the absolute value.
        ("log10(1000)", 3), ("arcsin(1)", Double.pi / 2), ("arccos(1)", 0), ("arctan(1)", Double.pi / 4),
        ("arsinh(0)", 0), ("|x-5|", 2), ("2|x|", 6), ("||x|-5|", 2), ("|x|y", 6), ("|-x|^2", 9),
    ]

    @Test(arguments: precedenceCases)
    func evaluatesWithPrecedence(expression: String, expected: Double) throws {
        let value = try Self.value(expression)
        #expect(Tolerance.isClose(value, expected, ulps: 4) || value == expected, "\(expression)")
    }

    static let programCases: [(String, [Op])] = [
        ("3+5", [Op.operand(3), .operand(5), .binary(.addition)]),
        ("-9", [.operand(-9)]),
        ("-(9)", [.operand(9), .unary(.negation)]),
        ("-x", [.variable("x"), .unary(.negation)]),
        ("--9", [.operand(-9), .unary(.negation)]),
        ("-2^2", [.operand(2), .operand(2), .binary(.power), .unary(.negation)]),
        ("x²", [.variable("x"), .unary(.square)]),
        ("x⁻¹", [.variable("x"), .unary(.reciprocal)]),
        ("2 * pi", [.operand(2), .constant(.pi), .binary(.multiplication)]),
        ("πr", [.constant(.pi), .variable("r"), .binary(.multiplication)]),
        ("√x", [.variable("x"), .unary(.squareRoot)]),
        ("xy", [.variable("xy")]),
        ("atan2(y, x)", [.variable("y"), .variable("x"), .binary(.arctangent2)]),
        ("|x|", [.variable("x"), .unary(.absoluteValue)]),
        ("arcsin(x)", [.variable("x"), .unary(.arcsine)]),
        ("log10(x)", [.variable("x"), .unary(.commonLogarithm)]),
    ]

    @Test(arguments: programCases)
    func buildsPrograms(expression: String, ops: [Op]) throws {
        #expect(Array(try Program(parsing: expression).ops) == ops)
    }

    static let errorCases: [(String, ExpressionError, String)] = [
        ("", .empty, "empty expression"),
        ("   ", .empty, "empty expression"),
        (
            "2+", .expectedOperand(found: "the end of the expression", offset: 2),
            "unexpected end of expression at 3: expected a number, name or '('"
        ),
        (
            "sin(", .expectedOperand(found: "the end of the expression", offset: 4),
            "unexpected end of expression at 5: expected a number, name or '('"
        ),
        ("sin(x+1", .expectedClosingParenthesis(offset: 7), "expected ')' at 8"),
        ("3 4 )", .expectedOperator(found: "'4'", offset: 2), "expected an operator before '4' at 3"),
        ("(x+1)2", .expectedOperator(found: "'2'", offset: 5), "expected an operator before '2' at 6"),
        ("2+)", .expectedOperand(found: "')'", offset: 2), "expected a number, name or '(' at 3, found ')'"),
        ("x)", .unmatchedClosingParenthesis(offset: 1), "unmatched ')' at 2"),
        ("*2", .expectedOperand(found: "'*'", offset: 0), "expected a number, name or '(' at 1, found '*'"),
        ("foo(2)", .unknownFunction("foo", offset: 0), "unknown function 'foo' at 1"),
        ("sin x", .expectedArgumentList(function: "sin", offset: 4), "expected '(' after sin at 5"),
        ("sin", .expectedArgumentList(function: "sin", offset: 3), "expected '(' after sin at 4"),
        (
            "atan2(1)", .wrongArgumentCount(function: "atan2", expected: 2, found: 1, offset: 0),
            "atan2 takes 2 arguments, not 1 at 1"
        ),
        (
            "sin(1, 2)", .wrongArgumentCount(function: "sin", expected: 1, found: 2, offset: 0),
            "sin takes 1 argument, not 2 at 1"
        ),
        (
            "max(1, 2, 3)", .wrongArgumentCount(function: "max", expected: 2, found: 3, offset: 0),
            "max takes 2 arguments, not 3 at 1"
        ),
        ("|1, 2|", .unexpectedComma(offset: 2), "unexpected ',' at 3"),
        (
            "(1, 2)+3", .pointInsideExpression(offset: 0),
            "a point (x, y) at 1 has two coordinates, so it must be a whole expression, not an operand"
        ),
        (
            "sin((t, t))", .pointInsideExpression(offset: 4),
            "a point (x, y) at 5 has two coordinates, so it must be a whole expression, not an operand"
        ),
        (
            "2(1, 2)", .pointInsideExpression(offset: 1),
            "a point (x, y) at 2 has two coordinates, so it must be a whole expression, not an operand"
        ),
        (
            "(1, 2, 3)", .wrongArgumentCount(function: "a point (x, y)", expected: 2, found: 3, offset: 0),
            "a point (x, y) takes 2 arguments, not 3 at 1"
        ),
        (
            "3+5,", .expectedOperand(found: "the end of the expression", offset: 4),
            "unexpected end of expression at 5: expected a number, name or '('"
        ),
        ("!3", .expectedOperand(found: "'!'", offset: 0), "expected a number, name or '(' at 1, found '!'"),
        ("2 $ 3", .unexpectedCharacter("$", offset: 2), "unexpected character '$' at 3"),
        ("x⁻", .unexpectedCharacter("⁻", offset: 1), "unexpected character '⁻' at 2"),
        (".", .unexpectedCharacter(".", offset: 0), "unexpected character '.' at 1"),
        ("1e999", .invalidNumber("1e999", offset: 0), "number '1e999' is out of range at 1"),
        (
            "√", .expectedOperand(found: "the end of the expression", offset: 1),
            "unexpected end of expression at 2: expected a number, name or '('"
        ),
        ("2×÷3", .expectedOperand(found: "'÷'", offset: 2), "expected a number, name or '(' at 3, found '÷'"),
        ("x²²(1", .expectedClosingParenthesis(offset: 5), "expected ')' at 6"),
        ("|x", .unclosedBar(offset: 0), "'|' at 1 opens an absolute value that no '|' closes"),
        ("(|x)|", .unclosedBar(offset: 1), "'|' at 2 opens an absolute value that no '|' closes"),
        ("ncr(5, 2)", .unknownFunction("ncr", offset: 0), "unknown function 'ncr' at 1 — did you mean 'nCr'?"),
        ("sni(x)", .unknownFunction("sni", offset: 0), "unknown function 'sni' at 1 — did you mean 'sin'?"),
        ("foo(x)", .unknownFunction("foo", offset: 0), "unknown function 'foo' at 1"),
    ]

    /// Other calculators' spellings are read, and descriptions write the house's.
    @Test(arguments: [
        ("arcsin(x)", "asin(x)"), ("log10(x)", "log(x)"), ("|x-1|", "abs(x−1)"), ("arctanh(x)", "atanh(x)"),
    ])
    func otherSpellingsDescribeInTheHouseSpelling(expression: String, description: String) throws {
        #expect(try Program(parsing: expression).description == description)
    }

    @Test(arguments: errorCases)
    func reportsErrorsWithPositions(expression: String, error: ExpressionError, message: String) {
        #expect(throws: error) { try Program(parsing: expression) }
        #expect(error.description == message)
    }

    @Test func positionsCountCharactersNotBytes() {
        #expect(throws: ExpressionError.expectedOperand(found: "the end of the expression", offset: 4)) {
            try Program(parsing: "π×√−")
        }
    }

    @Test func deepNestingParsesWithoutRecursion() throws {
        let depth = 100_000
        let nested = String(repeating: "(", count: depth) + "x+1" + String(repeating: ")", count: depth)
        #expect(try Program(parsing: nested).ops == [.variable("x"), .operand(1), .binary(.addition)])

        let calls = String(repeating: "sin(", count: depth) + "x" + String(repeating: ")", count: depth)
        #expect(try Program(parsing: calls).ops.count == depth + 1)

        let unbalanced = String(repeating: "(", count: depth) + "1"
        #expect(throws: ExpressionError.expectedClosingParenthesis(offset: depth + 1)) {
            try Program(parsing: unbalanced)
        }
        let negations = String(repeating: "-", count: depth) + "x"
        #expect(try Program(parsing: negations).evaluate(variables: ["x": 2]) == 2)
    }
}

/// Found by fuzzing: a name could begin with a combining mark, which fuses with the
/// character before it in a description, so the description did not parse back.
@Suite struct CombiningMarkNameTests {
    @Test(arguments: ["\u{0611}", "\u{05B1}x", "\u{0301}"])
    func aNameCannotBeginWithACombiningMark(name: String) {
        #expect(!Op.isValidVariableName(name))
        #expect(throws: ExpressionError.self) { try Program(parsing: "x*\t" + name) }
    }

    @Test func namesWithMarksInsideStillRoundTrip() throws {
        let program = try Program(parsing: "x×e\u{0301}te")
        #expect(try Program(parsing: program.description) == program)
    }
}
