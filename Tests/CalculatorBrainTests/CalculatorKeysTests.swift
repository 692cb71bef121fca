import Foundation
import Testing

@testable import CalculatorBrain

/// The scientific calculator's keys, one row each: the value (or the reason there is
/// none), the description, and that the description and the property list both read
/// back as the same program.
@Suite struct CalculatorKeysTests {
    /// A value, or the message of the error that says why there is none.
    enum Outcome: Sendable {
        case value(Double)
        case error(String)
    }

    /// An expression, what it describes as, and its outcome.
    struct Key: Sendable, CustomTestStringConvertible {
        let expression: String
        let description: String
        let outcome: Outcome

        init(_ expression: String, _ description: String, _ outcome: Outcome) {
            self.expression = expression
            self.description = description
            self.outcome = outcome
        }

        var testDescription: String { expression }
    }

    static let keys: [Key] = [
        Key("floor(-2.5)", "floor(−2.5)", .value(-3)),
        Key("ceil(-2.5)", "ceil(−2.5)", .value(-2)),
        Key("round(2.5)", "round(2.5)", .value(3)),
        Key("round(-2.5)", "round(−2.5)", .value(-3)),
        Key("trunc(-2.7)", "trunc(−2.7)", .value(-2)),
        Key("sign(-4)", "sign(−4)", .value(-1)),
        Key("sgn(0)", "sign(0)", .value(0)),
        Key("sinh(1)", "sinh(1)", .value(sinh(1))),
        Key("cosh(-1)", "cosh(−1)", .value(cosh(1))),
        Key("tanh(0.5)", "tanh(0.5)", .value(tanh(0.5))),
        Key("asinh(2)", "asinh(2)", .value(asinh(2))),
        Key("acosh(2)", "acosh(2)", .value(acosh(2))),
        Key("atanh(0.5)", "atanh(0.5)", .value(atanh(0.5))),
        Key("acosh(0.5)", "acosh(0.5)", .error("0.5 is outside the domain of acosh")),
        Key("atanh(1)", "atanh(1)", .error("atanh has a pole at 1")),
        Key("atanh(-2)", "atanh(−2)", .error("-2 is outside the domain of atanh")),
        Key("∛27", "∛(27)", .value(3)),
        Key("cbrt(-0.001)", "∛(−0.001)", .value(-0.1)),
        Key("log2(1024)", "log2(1024)", .value(10)),
        Key("log2(0)", "log2(0)", .error("log2 of zero")),
        Key("5!", "5!", .value(120)),
        Key("0!", "0!", .value(1)),
        Key("22!", "22!", .value(1_124_000_727_777_607_680_000)),
        Key("(-1)!", "(−1)!", .error("! takes a whole number from 0, not -1 (Γ(x+1) takes any other)")),
        Key("2.5!", "2.5!", .error("! takes a whole number from 0, not 2.5 (Γ(x+1) takes any other)")),
        Key("171!", "171!", .error("overflow: ! gives +∞")),
        Key("-3!", "−3!", .value(-6)),
        Key("gamma(0.5)", "Γ(0.5)", .value(tgamma(0.5))),
        Key("Γ(5)", "Γ(5)", .value(24)),
        Key("Γ(-2)", "Γ(−2)", .error("Γ has a pole at -2")),
        Key("mod(-7, 3)", "mod(−7, 3)", .value(2)),
        Key("mod(7, -3)", "mod(7, −3)", .value(-2)),
        Key("mod(5.5, 2)", "mod(5.5, 2)", .value(1.5)),
        Key("mod(0, 0)", "mod(0, 0)", .error("division by zero in mod")),
        Key("log(2, 8)", "log(2, 8)", .value(3)),
        Key("log(10, 1000)", "log(10, 1000)", .value(3)),
        Key("logb(3, 81)", "log(3, 81)", .value(log2(81) / log2(3))),
        Key("log(1, 5)", "log(1, 5)", .error("a logarithm's base must be positive and not 1, not 1")),
        Key("log(2, -1)", "log(2, −1)", .error("log of a negative number (-1)")),
        Key("nPr(5, 2)", "nPr(5, 2)", .value(20)),
        Key("nCr(52, 5)", "nCr(52, 5)", .value(2_598_960)),
        Key("nCr(3, 5)", "nCr(3, 5)", .error("nCr needs 0 ≤ r ≤ n, not n = 3 and r = 5")),
        Key("nPr(4.5, 2)", "nPr(4.5, 2)", .error("nPr takes whole numbers, not 4.5")),
        Key("nPr(1e300, 2)", "nPr(1e+300, 2)", .error("overflow: nPr gives +∞")),
        Key("τ/2-π", "τ÷2−π", .value(0)),
        Key("phi^2-phi", "φ^2−φ", .value(1.618033988749895 * 1.618033988749895 - 1.618033988749895)),
        Key("1e−3", "0.001", .value(0.001)),
    ]

    @Test(arguments: keys)
    func valueDescriptionAndRoundTrips(key: Key) throws {
        let program = try Program(parsing: key.expression)
        #expect(program.description == key.description)
        switch key.outcome {
        case .value(let value):
            #expect(try program.evaluate() == value)
        case .error(let message):
            #expect(throws: EvaluationError.self) { try program.evaluate() }
            do {
                _ = try program.evaluate()
            } catch {
                #expect(error.description == message)
            }
        }
        // The description reads back as the same program, and so does the property list.
        #expect(try Program(parsing: program.description).hasIdenticalOps(program))
        for format in [ProgramFileFormat.xml, .binary] {
            #expect(try Program(propertyListData: program.propertyListData(format: format)).hasIdenticalOps(program))
        }
    }

    /// Classic programs store each key by its symbol; ASCII spellings read too.
    @Test func propertyListsHoldEachKeysSymbol() throws {
        let program = try Program(parsing: "floor(x)+∛x+x!+Γ(x)+mod(x, 2)+log(2, x)+nPr(x, 2)+nCr(x, 2)+τ+φ")
        let symbols = program.propertyList.compactMap { $0 as? String }
        for symbol in ["floor", "∛", "!", "Γ", "mod", "logb", "nPr", "nCr", "τ", "φ"] {
            #expect(symbols.contains(symbol), "\(symbol) in \(symbols)")
        }
        let ascii = try Program(propertyList: ["x", "cbrt", "x", "gamma", "+", "x", "fact", "+", "tau", "+"])
        #expect(ascii.description == "∛(x)+Γ(x)+x!+τ")
    }

    /// Every description parses back, including several expressions side by side.
    @Test(arguments: [("3+5, cos(x)", 2), ("x!, Γ(x+1)", 2), ("log(2, x), mod(x, 1), floor(x)", 3)])
    func severalExpressionsReadBack(text: String, count: Int) throws {
        let program = try Program(parsing: text)
        #expect(program.expressionSpans.count == count)
        #expect(program.description == text)
        #expect(try Program(parsing: program.description).hasIdenticalOps(program))
    }
}
