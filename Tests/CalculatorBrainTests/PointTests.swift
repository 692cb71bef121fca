import Testing

@testable import CalculatorBrain

/// Points `(x, y)`: the programs of parametric curves, and polar `r = F(θ)`.
@Suite struct PointTests {
    @Test(arguments: [
        ("(cos(t), sin(t))", "(cos(t), sin(t))", "cos(t)", "sin(t)"),
        ("(cos(3t),sin(2t))", "(cos(3×t), sin(2×t))", "cos(3×t)", "sin(2×t)"),
        ("( t^2 , t^3 )", "(t^2, t^3)", "t^2", "t^3"),
        ("(1, 2), (t, -t)", "(1, 2), (t, −t)", "t", "−t"),
        ("(if(t<0, -t, t), t<1)", "(if(t<0, −t, t), t<1)", "if(t<0, −t, t)", "t<1"),
    ])
    func parsesDescribesAndSplits(text: String, description: String, x: String, y: String) throws {
        let program = try Program(parsing: text)
        #expect(program.description == description)
        #expect(try Program(parsing: program.description).hasIdenticalOps(program))
        let coordinates = try #require(program.coordinates)
        #expect(coordinates.x.description == x)
        #expect(coordinates.y.description == y)
        #expect(program.isCurve)
        #expect(program.polarRadius == nil)
    }

    @Test func aPointHasNoSingleValue() throws {
        let program = try Program(parsing: "(1, 2)")
        #expect(throws: EvaluationError.point) { try program.evaluate() }
        #expect(EvaluationError.point.description == "a point (x, y) has two coordinates, not one value")
        // Its coordinates each have one.
        let coordinates = try #require(program.coordinates)
        #expect(try coordinates.x.evaluate() == 1 && coordinates.y.evaluate() == 2)
        // Read from a file where it does not belong, it is no operand either.
        let misplaced = Program([.operand(1), .operand(2), .binary(.point), .unary(.sine)])
        #expect(throws: EvaluationError.point) { try misplaced.evaluate() }
        #expect(misplaced.coordinates == nil && !misplaced.isCurve)
    }

    @Test(arguments: [
        ("r = 1+cos(θ)", "1+cos(θ)", "θ"), ("r=theta", "theta", "theta"), ("r = 2", "2", "θ"),
        ("r = cos(4θ)", "cos(4×θ)", "θ"),
    ])
    func polarRadius(text: String, radius: String, angle: String) throws {
        let program = try Program(parsing: text)
        let found = try #require(program.polarRadius)
        #expect(found.description == radius)
        #expect(Program.polarAngle(of: found) == angle)
        #expect(program.isCurve)
    }

    @Test(arguments: ["r = r+1", "r < 1", "x = cos(θ)", "2r = θ", "r"])
    func notPolar(text: String) throws {
        #expect(try Program(parsing: text).polarRadius == nil)
    }

    @Test func pointsSaveAsTheClassicArray() throws {
        let program = try Program(parsing: "(cos(t), sin(t))")
        #expect(program.propertyList.compactMap { $0 as? String } == ["t", "cos", "t", "sin", "point"])
        for format in ProgramFileFormat.allCases {
            let read = try Program(propertyListData: program.propertyListData(format: format))
            #expect(read.hasIdenticalOps(program))
        }
    }

    @Test func theVelocityOfACurveIsEachCoordinatesRate() throws {
        let derivative = try Program(parsing: "(cos(t), t^2)").derivative(withRespectTo: "t")
        let coordinates = try #require(derivative.coordinates)
        #expect(try coordinates.x.evaluate(variables: ["t": 0]) == 0)
        #expect(try coordinates.y.evaluate(variables: ["t": 3]) == 6)
    }

    @Test func aNamedCurveExpandsToItsPoint() throws {
        var library = FunctionLibrary()
        try library.define("c", parameter: "t", body: "(cos(t), sin(t))")
        let program = try library.parse("c(2s)")
        #expect(program.description == "(cos(2×s), sin(2×s))")
        #expect(throws: ExpressionError.self) { try library.parse("c(1)+1") }
        #expect(throws: ExpressionError.self) { try library.parse("sin(c(1))") }
    }
}
