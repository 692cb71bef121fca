import Testing

@testable import CalculatorBrain

@Suite struct ProgramDescriberTests {
    private static func describe(_ keys: String) -> String {
        var brain = CalculatorBrain()
        for key in keys.split(separator: " ") { _ = try? brain.enter(key: String(key)) }
        return brain.description
    }

    @Test(arguments: [
        ("3 5 4 + +", "3+(5+4)"),
        ("3 5 + 4 +", "3+5+4"),
        ("3 5 + √", "√(3+5)"),
        ("x sin", "sin(x)"),
        ("3 +", "?+3"),
        ("+", "?+?"),
        ("sin", "sin(?)"),
        ("3 5 + x cos", "3+5, cos(x)"),
        ("1 2 3", "1, 2, 3"),
        ("3 5 − 2 −", "3−5−2"),
        ("3 5 2 − −", "3−(5−2)"),
        ("3 5 + 2 ×", "(3+5)×2"),
        ("3 5 2 × +", "3+5×2"),
        ("6 2 3 × ÷", "6÷(2×3)"),
        ("2 3 2 ^ ^", "2^3^2"),
        ("2 3 ^ 2 ^", "(2^3)^2"),
        ("x 2 ^ ±", "−x^2"),
        ("x ± 2 ^", "(−x)^2"),
        ("-2 2 ^", "(−2)^2"),
        ("9 ±", "−(9)"),
        ("-9", "−9"),
        ("-9 ±", "−(−9)"),
        ("x ± ±", "−(−x)"),
        ("2 -3 ×", "2×(−3)"),
        ("x ± 2 ×", "−x×2"),
        ("2 x ± ^", "2^(−x)"),
        ("x x²", "x²"),
        ("x 1 + x²", "(x+1)²"),
        ("x 2 ^ x²", "(x^2)²"),
        ("x x² x²", "x²²"),
        ("x x² 3 ^", "x²^3"),
        ("x ± x⁻¹", "(−x)⁻¹"),
        ("x x⁻¹", "x⁻¹"),
        ("1 2 min", "min(1, 2)"),
        ("y x 1 + atan2", "atan2(y, x+1)"),
        ("π 2 ÷", "π÷2"),
        ("0.1 1e-05 +", "0.1+1e-05"),
        ("1e20 2 ×", "1e+20×2"),
        ("-0", "−0"),
        ("x abs √", "√(abs(x))"),
        ("x 1 + 2 x − ×", "(x+1)×(2−x)"),
    ])
    func describes(keys: String, expected: String) {
        #expect(Self.describe(keys) == expected)
    }

    @Test func specialOperands() {
        #expect(Program([.operand(.infinity)]).description == "∞")
        #expect(Program([.operand(-.infinity)]).description == "−∞")
        #expect(Program([.operand(.nan)]).description == "nan")
        #expect(Program([]).description == "")
    }

    @Test func aMillionOpsDescribeWithoutRecursion() {
        var nested = Array(repeating: Op.operand(1), count: 500_001)
        nested += Array(repeating: Op.binary(.addition), count: 500_000)
        let text = Program(nested).description
        #expect(text.utf8.count == 500_001 + 500_000 + 2 * 499_999)
        // Compared as Booleans: a failure must not print a megabyte of text.
        let isNestedToTheRight =
            text.hasPrefix("1+(1+(1+") && text.hasSuffix("(1+1" + String(repeating: ")", count: 499_999))
        #expect(isNestedToTheRight)

        let flat = [Op.operand(1)] + Array(repeating: [Op.operand(1), .binary(.addition)], count: 500_000).joined()
        #expect(Program(Array(flat)).description.utf8.count == 1_000_001)
    }
}
