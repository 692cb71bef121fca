import Foundation
import TestSupport
import Testing

@testable import CalculatorBrain

/// Comparisons, `and`, `or`, `not` and `if`: values, reasons, descriptions, parsing,
/// property lists and derivatives.
@Suite struct LogicTests {
    @Test(arguments: [
        ("3<4", 1.0), ("4<4", 0), ("4≤4", 1), ("5<=4", 0), ("5>4", 1), ("4>4", 0), ("4>=4", 1), ("3≥4", 0),
        ("2=2", 1), ("2==3", 0), ("2≠3", 1), ("2!=2", 0), ("2<>3", 1),
        ("1 and 2", 1), ("1 and 0", 0), ("0 or 0", 0), ("0 or 3", 1), ("not 0", 1), ("not 7", 0), ("¬1", 0),
        ("1∧0∨1", 1), ("0<1<2", 1), ("0<3<2", 0), ("2>1>0", 1), ("1<2>0", 1),
        ("if(1, 2, 3)", 2), ("if(0, 2, 3)", 3), ("if(-0.5, 2, 3)", 2), ("if(2<1, 2, if(1<2, 4, 5))", 4),
        // Kleene: a deciding side wins over a side with no value.
        ("0 and 1/0", 0), ("√(-1) and 0", 0), ("1 or ln(0)", 1), ("ln(0) or 2", 1),
        // The branch not taken may have no value.
        ("if(1, 5, 1/0)", 5), ("if(0, √(-1), 6)", 6),
        ("2+(3<4)", 3), ("(1<2)=(3<4)", 1), ("not 1<2", 0), ("-1<0", 1), ("3!=6", 1), ("3! =6", 1),
    ])
    func evaluates(text: String, value: Double) throws {
        #expect(try Program(parsing: text).evaluate() == value, "\(text)")
    }

    @Test(arguments: [
        ("1/0<1", EvaluationError.divisionByZero(operation: "÷")),
        ("1 and 1/0", .divisionByZero(operation: "÷")),
        ("0 or √(-4)", .squareRootOfNegative(-4)),
        ("not ln(0)", .logarithmOfNonPositive(operation: "ln", argument: 0)),
        ("if(1/0, 1, 2)", .divisionByZero(operation: "÷")),
        ("if(1, 1/0, 2)", .divisionByZero(operation: "÷")),
        ("if(0, 1, √(-1))", .squareRootOfNegative(-1)),
        ("y<1", .variableNotSet(name: "y")),
    ])
    func saysWhyThereIsNoValue(text: String, reason: EvaluationError) {
        #expect(throws: reason) { try Program(parsing: text).evaluate() }
    }

    /// `if` picks per point: the piecewise |x| and a function that has a value only on
    /// one side of 0 beside the other branch.
    @Test func ifChoosesPerPoint() throws {
        let absolute = try Program(parsing: "if(x<0, -x, x)")
        let guarded = try Program(parsing: "if(x<0, -x, √x)")
        for x in [-3.0, -0.5, 0, 2, 9] {
            #expect(try absolute.evaluate(variables: ["x": x]) == abs(x))
            #expect(try guarded.evaluate(variables: ["x": x]) == (x < 0 ? -x : x.squareRoot()))
        }
    }

    @Test(arguments: [
        ("x^2+y^2<4 and y>0", "x^2+y^2<4 and y>0"),
        ("0<x<1", "0<x and x<1"),
        ("(x<1)<2", "(x<1)<2"),
        ("x<(1<2)", "x<(1<2)"),
        ("not x>1", "not x>1"),
        ("not (x and y)", "not (x and y)"),
        ("(not x) and y", "not x and y"),
        ("not x or y and z", "not x or y and z"),
        ("(x or y) and z", "(x or y) and z"),
        ("x or (y or z)", "x or (y or z)"),
        ("x+(y<1)", "x+(y<1)"),
        ("-(x<1)", "−(x<1)"),
        ("(not x)<1", "(not x)<1"),
        ("x<=1", "x≤1"),
        ("x>=1 ∧ x!=3", "x≥1 and x≠3"),
        ("if(x<0, -x, x^2)", "if(x<0, −x, x^2)"),
        ("if(x<0, if(x<-1, 1, 2), 3)+1", "if(x<0, if(x<−1, 1, 2), 3)+1"),
        ("x! = 6", "x! =6"),
        ("not not x", "not not x"),
    ])
    func describesWithMinimalParentheses(text: String, description: String) throws {
        let program = try Program(parsing: text)
        #expect(program.description == description)
        #expect(try Program(parsing: description).hasIdenticalOps(program), "\(description) reads back")
    }

    /// A chain writes its middle operand twice, in postfix: `0<x and x<1`.
    @Test func aChainWritesItsMiddleTwice() throws {
        #expect(
            try Program(parsing: "0<x+1<2").ops == [
                .operand(0), .variable("x"), .operand(1), .binary(.addition), .binary(.less),
                .variable("x"), .operand(1), .binary(.addition), .operand(2), .binary(.less),
                .binary(.conjunction),
            ])
    }

    @Test(arguments: [
        ("x<", "expected a number"),
        ("<x", "expected a number"),
        ("x and", "expected a number"),
        ("x not y", "expected an operator"),
        ("if(x, 1)", "if"),
        ("if(x, 1, 2, 3)", "if"),
        ("if x", "if"),
    ])
    func refusesMalformedLogic(text: String, message: String) {
        #expect {
            try Program(parsing: text)
        } throws: { error in
            "\(error)".localizedCaseInsensitiveContains(message)
        }
    }

    @Test func namesOfTheOperationsAreReserved() {
        for name in ["and", "or", "not", "if"] { #expect(!Op.isValidVariableName(name), "\(name)") }
    }

    @Test(arguments: ProgramFileFormat.allCases)
    func savesAsCanonicalSymbols(format: ProgramFileFormat) throws {
        let program = try Program(parsing: "if(x≤0 and not y≠1 or x>=2 or x<y and x>y or x=y, x, -x)")
        let read = try Program(propertyListData: program.propertyListData(format: format))
        #expect(read.hasIdenticalOps(program))
        let symbols = Set(program.propertyList.compactMap { $0 as? String })
        #expect(symbols.isSuperset(of: ["<", "≤", ">", "≥", "=", "≠", "and", "or", "not", "if"]), "\(symbols)")
        // ASCII spellings read back as the canonical ops.
        let ascii = try Program(propertyList: ["x", 1, "<=", "x", 2, "!=", "and", "¬", 1, 2, "if"] as [Any])
        #expect(ascii.description == "if(not (x≤1 and x≠2), 1, 2)")
    }

    @Test func theBrainTakesTheKeys() throws {
        var brain = CalculatorBrain()
        for key in ["x", "0", "<", "x", "±", "x", "if"] { try brain.enter(key: key) }
        #expect(brain.program.description == "if(x<0, −x, x)")
        brain.variableValues["x"] = -4
        #expect(brain.value == 4)
    }

    @Test(arguments: [
        ("if(x<1, x^2, 2-x)", "if(x<1, 2×x, −1)"),
        ("x<1", "0"),
        ("(x<1)*x^2", "2×(x<1)×x"),
        ("if(x<0, 3, 3)", "0"),
        ("not x", "0"),
    ])
    func derivativesTakeTheBranch(text: String, derivative: String) throws {
        #expect(try Program(parsing: text).derivative().description == derivative)
    }
}
