import Testing

@testable import CalculatorBrain

@Suite struct FunctionLibraryTests {
    private static func library(_ definitions: [(String, String, String)]) throws -> FunctionLibrary {
        var library = FunctionLibrary()
        for (name, parameter, body) in definitions { try library.define(name, parameter: parameter, body: body) }
        return library
    }

    @Test(arguments: [
        ("f(2)", 2.0),
        ("f(x+1)", 14.0),
        ("2f(3)+1", 15.0),
        ("-f(-2)", -2.0),
        ("g(4)", 0.25 * (16 - 2)),
        ("f(f(2))", 2.0),
    ])
    func callsAreExpandedIntoPlainOps(expression: String, value: Double) throws {
        let library = try Self.library([("f", "x", "x^2 - 2"), ("g", "t", "f(t)/t")])
        let program = try library.parse(expression)
        #expect(program.ops.allSatisfy { if case .variable(let name) = $0 { name == "x" } else { true } })
        #expect(try program.evaluate(variables: ["x": 3]) == value)
    }

    @Test func definitionsAreLive() throws {
        var library = try Self.library([("f", "x", "x+1"), ("g", "x", "2f(x)")])
        #expect(try library.parse("g(1)").evaluate() == 4)
        try library.define("f", parameter: "u", body: "u*10")
        #expect(try library.parse("g(1)").evaluate() == 20)
        #expect(library.names == ["f", "g"])
        #expect(library["f"]?.equation == "f(u) = u×10")
    }

    /// `f(t) = t + x`: the x in f is the variable outside, never the argument or the
    /// variable a graph runs along.
    @Test(arguments: [
        ("f(1)", ["x": 5.0], 6.0),
        ("f(x)", ["x": 5.0], 10.0),
        ("f(2x)", ["x": 5.0], 15.0),
    ])
    func aFreeVariableIsTheOneOutside(expression: String, values: [String: Double], value: Double) throws {
        let library = try Self.library([("f", "t", "t + x")])
        #expect(try library.parse(expression).evaluate(variables: values) == value)
        #expect(library["f"]?.freeVariables == ["x"])
    }

    @Test func aGraphsVariableDoesNotCaptureAFunctionsFreeVariable() throws {
        let library = try Self.library([("f", "t", "t + x"), ("g", "x", "x^2")])
        // Along x with x = 5 outside: f(x) is x + 5, so at x = 1 it is 6, not 2.
        let program = try library.parse("f(x)*2", along: "x", values: ["x": 5])
        #expect(program.description == "(x+5)×2")
        #expect(try program.evaluate(variables: ["x": 1]) == 12)
        // A function whose parameter is the graph's variable has nothing to capture.
        #expect(try library.parse("g(x)", along: "x", values: [:]).description == "x^2")
        // Along another variable, f's x stays a variable.
        #expect(try library.parse("f(t)", along: "t", values: [:]).description == "t+x")
        #expect(throws: ExpressionError.capturedVariable(function: "f", variable: "x", isParameter: false, offset: 0)) {
            try library.parse("f(x)", along: "x", values: [:])
        }
    }

    @Test func aParameterThatWouldCaptureAFreeVariableIsRefused() throws {
        var library = try Self.library([("f", "t", "t + x")])
        #expect(
            throws: FunctionDefinitionError.expression(
                .capturedVariable(function: "f", variable: "x", isParameter: true, offset: 0))
        ) {
            try library.define("g", parameter: "x", body: "f(x)")
        }
        try library.define("g", parameter: "u", body: "f(u)")
        #expect(try library.parse("g(1)").evaluate(variables: ["x": 5]) == 6)
        #expect(
            ExpressionError.capturedVariable(function: "f", variable: "x", isParameter: true, offset: 0).description
                == "f at 1 uses the variable 'x' from outside it, but here 'x' is the parameter; name the parameter otherwise"
        )
    }

    @Test func cyclesAreRefusedAndNamed() throws {
        var library = try Self.library([("f", "x", "x+1"), ("g", "x", "f(x)*2")])
        #expect(throws: FunctionDefinitionError.cycle(["f", "f"])) {
            try library.define("f", parameter: "x", body: "f(x)+1")
        }
        #expect(throws: FunctionDefinitionError.cycle(["f", "g", "f"])) {
            try library.define("f", parameter: "x", body: "g(x)+1")
        }
        #expect(
            FunctionDefinitionError.cycle(["f", "g", "f"]).description == "f would refer to itself: f → g → f")
        // Nothing changed.
        #expect(try library.parse("g(1)").evaluate() == 4)
    }

    @Test func removal() throws {
        var library = try Self.library([("f", "x", "x+1"), ("g", "x", "f(x)*2")])
        #expect(throws: FunctionDefinitionError.inUse("f", by: ["g"])) { try library.remove("f") }
        try library.remove("g")
        try library.remove("f")
        #expect(library.isEmpty)
        #expect(throws: FunctionDefinitionError.notDefined("f")) { try library.remove("f") }
    }

    @Test func badDefinitions() {
        var library = FunctionLibrary()
        #expect(throws: FunctionDefinitionError.invalidName("sin")) {
            try library.define("sin", parameter: "x", body: "x")
        }
        #expect(throws: FunctionDefinitionError.invalidParameter("2", function: "f")) {
            try library.define("f", parameter: "2", body: "x")
        }
        #expect(
            throws: FunctionDefinitionError.expression(.expectedOperand(found: "the end of the expression", offset: 2))
        ) {
            try library.define("f", parameter: "x", body: "x+")
        }
        #expect(library.isEmpty)
    }

    @Test func callErrorsPointAtTheCall() throws {
        let library = try Self.library([("f", "x", "x")])
        #expect(throws: ExpressionError.wrongArgumentCount(function: "f", expected: 1, found: 2, offset: 0)) {
            try library.parse("f(1, 2)")
        }
        #expect(throws: ExpressionError.expectedArgumentList(function: "f", offset: 2)) { try library.parse("f + 1") }
    }

    @Test func nestingThatWouldExplodeIsAnError() throws {
        var library = FunctionLibrary()
        try library.define("a", parameter: "x", body: "x*x*x*x*x*x*x*x")
        try library.define("b", parameter: "x", body: "a(a(a(a(x))))")
        #expect(throws: ExpressionError.self) { try library.parse("b(b(b(x)))") }
    }
}

/// Functions of several variables: calls with as many arguments, nested calls, errors
/// that say what is wrong, and the partial derivative.
@Suite struct SeveralVariablesTests {
    private static func library() throws -> FunctionLibrary {
        var library = FunctionLibrary()
        try library.define("f", parameters: ["x", "y"], body: "x^2 + y^2")
        try library.define("g", parameters: ["t"], body: "f(t, 2t)")
        try library.define("h", parameters: ["a", "b", "c"], body: "a*100 + b*10 + c")
        return library
    }

    @Test(arguments: [
        ("f(1, 2)", 5.0), ("f(2, 1)", 5), ("g(1)", 5), ("h(1, 2, 3)", 123), ("h(3, 2, 1)", 321), ("f(h(0,0,1), y)", 17),
        ("f(x, y)", 25), ("2f(1, 1)+1", 5), ("f'(3, 1)", 6),
    ])
    func callsTakeTheirArgumentsInOrder(expression: String, value: Double) throws {
        let program = try Self.library().parse(expression)
        #expect(try program.evaluate(variables: ["x": 3, "y": 4]) == value, "\(expression)")
    }

    @Test func theEquationListsEveryParameter() throws {
        let library = try Self.library()
        #expect(library.equation(of: "f") == "f(x, y) = x^2 + y^2")
        #expect(library["f"]?.parameters == ["x", "y"] && library["f"]?.equation == "f(x, y) = x^2+y^2")
    }

    @Test(arguments: ["f(1)", "f(1, 2, 3)", "h(1, 2)"])
    func aCallWithTooFewOrTooManyArgumentsIsRefused(expression: String) throws {
        let library = try Self.library()
        #expect {
            try library.parse(expression)
        } throws: { error in
            "\(error)".contains("argument")
        }
    }

    @Test func aRepeatedOrMissingParameterIsRefused() {
        var library = FunctionLibrary()
        #expect(throws: FunctionDefinitionError.invalidParameter("x", function: "k")) {
            try library.define("k", parameters: ["x", "x"], body: "x")
        }
        #expect(throws: FunctionDefinitionError.invalidParameter("", function: "k")) {
            try library.define("k", parameters: [], body: "1")
        }
        #expect(library.isEmpty)
    }

    /// A body's free variable of the name of another parameter is still the outside one.
    @Test func aParameterIsNotTakenForACalleesVariable() throws {
        var library = FunctionLibrary()
        try library.define("u", parameter: "t", body: "t + y")
        #expect(throws: (any Error).self) { try library.define("v", parameters: ["x", "y"], body: "u(x)") }
    }
}

/// `f'` at the prompt has a value only where f has one (left from issue 28: `f'(−1)` of
/// `f(x) = ln(x)` was −1).
@Suite struct DerivativeDomainTests {
    @Test func aDerivativeHasAValueOnlyWhereTheFunctionHasOne() throws {
        var library = FunctionLibrary()
        try library.define("f", parameter: "x", body: "ln(x)")
        try library.define("g", parameter: "x", body: "acosh(x)")
        try library.define("h", parameter: "x", body: "x^3")
        #expect(throws: EvaluationError.logarithmOfNonPositive(operation: "ln", argument: -1)) {
            try library.parse("f'(-1)").evaluate()
        }
        #expect(try library.parse("f'(2)").evaluate() == 0.5)
        #expect(try library.parse("f''(2)").evaluate() == -0.25)
        #expect(throws: EvaluationError.outsideDomain(operation: "acosh", argument: -2)) {
            try library.parse("g'(-2)").evaluate()
        }
        #expect(library["f'"]?.body.description == "1÷x+0×ln(x)")
        // Rules that keep the domain are not guarded.
        #expect(library["h'"]?.body.description == "3×x^2")
    }
}
