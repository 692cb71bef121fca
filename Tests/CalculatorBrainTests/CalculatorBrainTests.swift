import Testing

@testable import CalculatorBrain

@Suite struct CalculatorBrainTests {
    @Test func keysBuildAProgramAndReturnItsValue() {
        var brain = CalculatorBrain()
        #expect(brain.pushOperand(3) == 3)
        #expect(brain.pushOperand(5) == 5)
        #expect(brain.performOperation(.addition) == 8)
        #expect(brain.performOperation(.squareRoot) == (8.0).squareRoot())
        #expect(brain.description == "√(3+5)")
        #expect(brain.program.ops == [.operand(3), .operand(5), .binary(.addition), .unary(.squareRoot)])
    }

    @Test func variablesLiveApartFromTheProgram() throws {
        var brain = CalculatorBrain()
        brain.pushVariable("M")
        #expect(brain.value == nil)
        #expect(throws: EvaluationError.variableNotSet(name: "M")) { try brain.evaluate() }
        brain.variableValues["M"] = 4
        #expect(brain.value == 4)
        #expect(brain.pushConstant(.pi) == .pi)
        #expect(brain.performOperation(.multiplication) == 4 * .pi)
        brain.clear()
        #expect(brain.program.isEmpty)
        #expect(brain.variableValues["M"] == 4)
    }

    @Test func undoRemovesTheLastOp() {
        var brain = CalculatorBrain()
        brain.pushOperand(2)
        brain.pushOperand(3)
        brain.performOperation(.power)
        #expect(brain.undo() == 3)
        #expect(brain.description == "2, 3")
        brain.undo()
        brain.undo()
        #expect(brain.undo() == nil)
        #expect(brain.program.isEmpty)
    }

    @Test func symbolsAndKeysAreAcceptedInEitherSpelling() throws {
        var brain = CalculatorBrain()
        try brain.enter(key: "9")
        try brain.enter(key: "±")
        try brain.enter(key: "x")
        try brain.performOperation("*")
        brain.variableValues["x"] = 2
        #expect(brain.value == -18)
        #expect(brain.program.ops.last == .binary(.multiplication))
        try brain.enter(key: "pi")
        #expect(brain.program.ops.last == .constant(.pi))
        try brain.enter(key: "-2.5e3")
        #expect(brain.program.ops.last == .operand(-2500))
    }

    @Test(arguments: ["frob+", "1/", "%", "", "1x", "2..3"])
    func unknownKeysAreRefused(key: String) {
        var brain = CalculatorBrain()
        #expect(throws: ExpressionError.unknownKey(key)) { try brain.enter(key: key) }
        #expect(brain.program.isEmpty)
    }

    @Test func unknownOperationIsRefused() {
        var brain = CalculatorBrain()
        #expect(throws: ExpressionError.unknownKey("x")) { try brain.performOperation("x") }
        #expect(
            ExpressionError.unknownKey("x").description
                == "'x' is not a number, operation, constant or variable name")
    }

    @Test func expressionsLeftOnTheStack() throws {
        var brain = CalculatorBrain()
        for key in ["3", "5", "+", "x", "cos", "2", "×", "+"] { try brain.enter(key: key) }
        // 3 5 + x cos 2 × + is one expression; 7 and a lone + make two more, one incomplete.
        try brain.enter(key: "7")
        try brain.enter(key: "+")
        #expect(brain.program.expressionSpans.map(\.ops) == [0..<10])
        var split = CalculatorBrain()
        for key in ["3", "5", "+", "x", "cos", "+", "y"] { try split.enter(key: key) }
        #expect(split.program.expressionSpans.map(\.ops) == [0..<6, 6..<7])
        #expect(split.program.expressions.map(\.description) == ["3+5+cos(x)", "y"])
        let incomplete = Program([.operand(1), .binary(.addition), .variable("x")])
        #expect(incomplete.expressionSpans.map(\.isComplete) == [false, true])
        #expect(incomplete.expressions.map(\.description) == ["x"])
        #expect(Program().expressionSpans.isEmpty)
    }

    @Test func parsedProgramsCanBeContinuedWithKeys() throws {
        var brain = CalculatorBrain(program: try Program(parsing: "x+1"), variableValues: ["x": 1])
        brain.pushOperand(2)
        brain.performOperation(.multiplication)
        #expect(brain.description == "(x+1)×2")
        #expect(brain.value == 4)
    }
}
