import CalculatorBrain
import Foundation
import Graphing
import Testing

@testable import GraphCalcCLI

/// The session model, asserted on its state rather than on printed text.
@Suite struct SessionTests {
    @Test func variablesReachEveryVerbAndSetOverridesThemForOneCommand() throws {
        var session = Session()
        try session.assign("r", "2")
        let area = try EvalCommand.make(["pi*r^2"], session: session, atPrompt: true)
        #expect(try area.value() == .pi * 4)
        let overridden = try EvalCommand.make(["pi*r^2", "--set", "r=1"], session: session, atPrompt: true)
        #expect(try overridden.value() == .pi)
        #expect(session.brain.variableValues == ["r": 2])
        let table = try TableCommand.make(["r*x", "--x", "0:1", "--count", "2"], session: session, atPrompt: true)
        let console = CapturingConsole()
        try table.run(console: console)
        #expect(console.output == "x,y\n0,0\n1,2\n")
        let svg = try SVGCommand.make(["r*x", "-o", "-"], session: session, atPrompt: true)
        try svg.run(console: console)
        #expect(console.output.contains("<svg"))
    }

    @Test func aMissingVariableAtThePromptSuggestsSet() {
        #expect(throws: GraphCalcError.variableNotSet("r", plotting: "x", atPrompt: true)) {
            try TableCommand.make(["r*x"], session: Session(), atPrompt: true).run(console: CapturingConsole())
        }
        #expect(
            GraphCalcError.variableNotSet("r", plotting: "x", atPrompt: true).description
                == "variable 'r' is not set; give it a value with set r = VALUE, or plot along it with set var r (now plotting along 'x')"
        )
        #expect(
            GraphCalcError.variableNotSet("r", plotting: "x", atPrompt: false).description
                == "variable 'r' is not set; give it a value with --set r=VALUE, or plot along it with --var r (now plotting along 'x')"
        )
    }

    @Test func ansIsTheLastValue() throws {
        var session = Session()
        #expect(try session.evaluate("6*7") == 42)
        #expect(session.ans == 42)
        #expect(try session.evaluate("ans/2") == 21)
        try session.unset(["ans"])
        #expect(session.ans == nil)
        #expect(throws: GraphCalcError.self) { try session.evaluate("ans") }
    }

    @Test func namedFunctions() throws {
        var session = Session()
        let f = try session.define("f", parameter: "x", body: "x^2 - 2")
        #expect(f.equation == "f(x) = x^2−2")
        try session.define("g", parameter: "t", body: "sin(t)/t")
        #expect(throws: GraphCalcError.self) { try session.evaluate("f(x+1)") }
        try session.assign("x", "3")
        #expect(try session.evaluate("f(2) + f(x+1)") == 2 + 14)
        #expect(session.functions.names == ["f", "g"])
        // A program that uses them is plain ops, as the classic array stores.
        let program = try session.parse("f(g(1))")
        #expect(program.ops.allSatisfy { if case .variable = $0 { false } else { true } })
        // Redefining replaces; a cycle is refused, naming it.
        try session.define("f", parameter: "x", body: "2x")
        #expect(try session.evaluate("f(2)") == 4)
        #expect(throws: GraphCalcError.function(.cycle(["g", "h", "g"]))) {
            try session.define("h", parameter: "x", body: "g(x)")
            try session.define("g", parameter: "x", body: "h(x)")
        }
        try session.unset(["h"])
        #expect(session.functions["h"] == nil)
        // A name is a variable or a function, not both.
        #expect(throws: GraphCalcError.self) { try session.define("x", parameter: "t", body: "t") }
        #expect(throws: GraphCalcError.self) { try session.assign("f", "1") }
    }

    @Test func plotFAndGLabelsThemByTheirDefinitions() throws {
        var session = Session()
        try session.define("f", parameter: "x", body: "x^2 - 2")
        try session.define("g", parameter: "t", body: "sin(t)/t")
        let plot = try PlotCommand.make(
            ["f", "g", "--size", "40x10", "--mode", "ascii"], session: session, atPrompt: true)
        #expect(plot.plotted == [.named("f"), .named("g")])
        #expect(plot.functions.map(\.label) == ["f(x) = x^2−2", "g(t) = sin(t)÷t"])
        let console = CapturingConsole()
        _ = try plot.draw(console: console)
        #expect(console.output.contains("* f(x) = x^2-2"))
    }

    @Test func aBarePlotDrawsTheProgramOrWhatWasPlottedOrTheFunctions() throws {
        var session = Session()
        #expect(throws: GraphCalcError.self) { try session.functionsToPlot() }
        try session.define("f", parameter: "x", body: "x^2")
        try session.define("g", parameter: "x", body: "x^3")
        #expect(try session.functionsToPlot() == [.named("f"), .named("g")])
        session.figure = SessionFigure(functions: [.named("g")])
        #expect(try session.functionsToPlot() == [.named("g")])
        try session.press(["x", "sin"])
        let sine = PlottedFunction.program(Program([.variable("x"), .unary(.sine)]), label: "sin(x)")
        #expect(try session.functionsToPlot() == [sine])
        // What is shown, for redraws, trace and export, stays the last plot.
        #expect(try session.functionsShown() == [.named("g")])
    }

    @Test func ansCannotBeSet() {
        var session = Session()
        #expect(throws: GraphCalcError.usage("ans is the last value shown; it cannot be set")) {
            try session.assign("ans", "5")
        }
    }

    @Test func traceGivesEveryFunctionOrItsReason() throws {
        var session = Session()
        try session.define("f", parameter: "t", body: "1/t")
        session.figure = SessionFigure(
            functions: [.named("f"), .program(try session.parse("cos(x)"), label: "cos(x)")])
        let lines = try session.trace(at: 0)
        #expect(lines.map(\.label) == ["f(t) = 1÷t", "cos(x)"])
        #expect(lines[0].value == .failure(.divisionByZero(operation: "÷")))
        #expect(lines[1].value == .success(1))
    }

    @Test func displayDigits() {
        var settings = DisplaySettings()
        #expect(settings.format(.pi) == "3.141592653589793")
        settings.digits = 4
        #expect(settings.format(.pi) == "3.142")
        #expect(settings.format(1234567) == "1.235e+06")
        #expect(settings.format(.infinity) == "inf")
    }
}
