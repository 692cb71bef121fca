import CalculatorBrain
import Graphing

/// Everything an interactive session keeps between lines, with no terminal in it: the
/// calculator's program and variables, the named functions, the last value (`ans`), the
/// view, the plotting variable, the display settings and the figure on show.
///
/// The REPL reads lines and calls the session; `explore` and the verbs take their
/// defaults from it. Every change is a method, so tests assert on the state itself.
public struct Session: Sendable {
    /// The calculator: its program (built with `push`) and its variables.
    public var brain = CalculatorBrain()
    /// The functions defined with `f(x) = …`.
    public var functions = FunctionLibrary()
    /// The last value shown, which `ans` stands for in expressions.
    public var ans: Double?
    /// What plots show.
    public var view = SessionView()
    /// The variable graphs run along.
    public var plottingVariable = "x"
    /// How numbers and plots are shown.
    public var display = DisplaySettings()
    /// What the session's figure shows and how, as the last `plot` or `explore` left it:
    /// what redraws after a view change, `trace`, `export` and `explore` all render.
    public var figure: SessionFigure?
    /// The sliders every `explore` at the prompt starts with (`slider a 0:5`).
    public var sliders: [Slider] = []
    /// The data sets named with `data d = FILE`, by reference.
    public var dataSets: [String: DataReference] = [:]
    /// The tables data references were read as, for redraws.
    let dataTables = DataTableCache()

    /// A new session: no program, variables or functions, x from −10 to 10.
    public init() {}

    /// The name `ans` has in expressions.
    public static let ansName = "ans"

    /// The variables' values, with `ans` when there is a last value (a variable the user
    /// set named `ans` wins).
    public var variables: [String: Double] {
        var values = brain.variableValues
        if let ans, values[Self.ansName] == nil { values[Self.ansName] = ans }
        return values
    }

    // MARK: - Expressions

    /// Parses an expression, expanding calls of the named functions.
    ///
    /// - Parameters:
    ///   - text: the expression.
    ///   - label: where the text came from, for the error (`set r`), or `nil`.
    /// - Throws: ``GraphCalcError/expression(_:text:label:)``.
    public func parse(_ text: String, label: String? = nil) throws(GraphCalcError) -> Program {
        try checkPrimes(in: text)
        do {
            return try functions.parse(text)
        } catch {
            throw .expression(error, text: text, label: label)
        }
    }

    /// `f'` is taken in radians: in another angle unit a primed name is refused rather
    /// than given a slope off by π/180.
    private func checkPrimes(in text: String) throws(GraphCalcError) {
        guard display.angle != .radians else { return }
        let characters = Array(text)
        for (index, character) in characters.enumerated() where character == "'" && index > 0 {
            let before = characters[index - 1]
            if before.isLetter || before.isNumber || before == "_" || before == "'" {
                throw .usage(
                    "f' gives slopes in radians; set angle rad to use it (derive --angle \(display.angle.rawValue) takes degrees)"
                )
            }
        }
    }

    /// The value of an expression with the session's variables, functions and `ans`.
    ///
    /// - Throws: ``GraphCalcError`` when it does not parse or has no value.
    public func value(of text: String, label: String? = nil) throws(GraphCalcError) -> Double {
        let program = try parse(text, label: label)
        do {
            return try program.evaluate(variables: variables, angle: display.angle)
        } catch {
            throw .evaluation(error, context: label)
        }
    }

    /// Evaluates an expression typed at the prompt and keeps its value as `ans`.
    @discardableResult
    public mutating func evaluate(_ text: String) throws(GraphCalcError) -> Double {
        let value = try value(of: text)
        ans = value
        return value
    }

    /// What an expression typed at the prompt comes to: a number, or a point's coordinates.
    public enum Answer: Equatable, Sendable {
        /// A number.
        case number(Double)
        /// A point `(x, y)`, such as a named curve at a value of its parameter.
        case point(x: Double, y: Double)
    }

    /// What each expression of a line typed at the prompt comes to — a number, or a
    /// point's coordinates (`c(1)` after `c(t) = (cos(t), sin(t))`) — the last number kept
    /// as `ans`.
    public mutating func answers(_ text: String) throws(GraphCalcError) -> [Answer] {
        let program = try parse(text)
        guard program.expressions.contains(where: { $0.coordinates != nil }) else {
            return try evaluateEach(text).map(Answer.number)
        }
        var answers: [Answer] = []
        for expression in program.expressions {
            do {
                if let point = expression.coordinates {
                    answers.append(
                        .point(
                            x: try point.x.evaluate(variables: variables, angle: display.angle),
                            y: try point.y.evaluate(variables: variables, angle: display.angle)))
                } else {
                    let value = try expression.evaluate(variables: variables, angle: display.angle)
                    answers.append(.number(value))
                    ans = value
                }
            } catch {
                throw .evaluation(error, context: nil)
            }
        }
        return answers
    }

    /// The value of each expression of a line typed at the prompt (`3+5, cos(0)` has two),
    /// the last kept as `ans`: a comma is never swallowed silently (`1,000` is 1 and 0).
    @discardableResult
    public mutating func evaluateEach(_ text: String) throws(GraphCalcError) -> [Double] {
        let program = try parse(text)
        var values: [Double] = []
        for expression in program.expressions {
            do {
                values.append(try expression.evaluate(variables: variables, angle: display.angle))
            } catch {
                throw .evaluation(error, context: nil)
            }
        }
        if values.isEmpty { values = [try value(of: text)] }
        ans = values.last
        return values
    }

    /// A note for an expression whose comma looks like a thousands separator (`1,000`):
    /// `,` separates expressions here.
    public static func commaNote(for text: String) -> String? {
        let characters = Array(text)
        for index in characters.indices where characters[index] == "," && index > 0 {
            let after = characters[(index + 1)...].prefix { $0.isNumber }
            guard characters[index - 1].isNumber, after.count == 3 else { continue }
            let end = index + 1 + after.count
            guard end == characters.count || !characters[end].isNumber else { continue }
            return "',' separates expressions, so '\(text)' is several; write 1000, not 1,000"
        }
        return nil
    }

    /// Gives a variable the value of an expression (`set r = 2`, `x = 3`).
    @discardableResult
    public mutating func assign(_ name: String, _ text: String) throws(GraphCalcError) -> Double {
        guard Op.isValidVariableName(name) else { throw .usage("'\(name)' is not a valid variable name") }
        guard name != Self.ansName else { throw .usage("ans is the last value shown; it cannot be set") }
        guard functions[name] == nil else {
            throw .usage("'\(name)' is a function; unset \(name) first to use the name for a variable")
        }
        guard dataSets[name] == nil else {
            throw .usage("'\(name)' is a data set; unset \(name) first to use the name for a variable")
        }
        let value = try value(of: text, label: "set \(name)")
        brain.variableValues[name] = value
        return value
    }

    /// Defines `name(parameter) = body`, replacing an earlier definition.
    @discardableResult
    public mutating func define(_ name: String, parameter: String, body: String) throws(GraphCalcError)
        -> FunctionDefinition
    {
        try define(name, parameters: [parameter], body: body)
    }

    /// Defines `name(parameters…) = body`, a function of several variables, replacing an
    /// earlier definition.
    ///
    /// - Throws: as ``define(_:parameter:body:)`` does.
    public mutating func define(_ name: String, parameters: [String], body: String) throws(GraphCalcError)
        -> FunctionDefinition
    {
        guard brain.variableValues[name] == nil else {
            throw .usage("'\(name)' is a variable; unset \(name) first to use the name for a function")
        }
        guard dataSets[name] == nil else {
            throw .usage("'\(name)' is a data set; unset \(name) first to use the name for a function")
        }
        do {
            try functions.define(name, parameters: parameters, body: body)
        } catch {
            if case .expression(let problem) = error {
                throw .expression(problem, text: body, label: "\(name)(\(parameters.joined(separator: ", ")))")
            }
            throw .function(error)
        }
        guard let definition = functions[name] else { throw .function(.notDefined(name)) }
        return definition
    }

    /// Forgets variables, functions and data sets by name.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for a name that is neither, and
    ///   ``GraphCalcError/function(_:)`` for a function another one calls; names before
    ///   it are forgotten.
    public mutating func unset(_ names: [String]) throws(GraphCalcError) {
        for name in names {
            if brain.variableValues.removeValue(forKey: name) != nil { continue }
            if name == Self.ansName, ans != nil {
                ans = nil
                continue
            }
            if let set = dataSets.removeValue(forKey: name) {
                if !dataSets.values.contains(where: { $0.path == set.path }) { dataTables.forget(set.path) }
                figure?.data.removeAll { $0 == set }
                if figure?.functions.isEmpty == true && figure?.data.isEmpty == true { figure = nil }
                continue
            }
            guard functions[name] != nil else {
                throw .usage("'\(name)' is not a variable that is set, a function or a data set")
            }
            do {
                try functions.remove(name)
            } catch {
                throw .function(error)
            }
            figure?.functions.removeAll { $0 == .named(name) }
            if figure?.functions.isEmpty == true && figure?.data.isEmpty == true { figure = nil }
        }
    }

    /// Presses calculator keys.
    ///
    /// - Throws: ``GraphCalcError/expression(_:text:label:)`` for a key that is nothing;
    ///   the keys before it stay pressed.
    public mutating func press(_ keys: [String]) throws(GraphCalcError) {
        for key in keys {
            do {
                try brain.enter(key: key)
            } catch {
                throw .expression(error, text: key)
            }
        }
    }

    /// The program's value, kept as `ans` when there is one.
    public mutating func programValue() -> Result<Double, EvaluationError> {
        do {
            let value = try brain.program.evaluate(variables: variables, angle: display.angle)
            ans = value
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Plotting

    /// What a bare `plot` shows: the program's expressions, or else what was plotted last,
    /// or else every named function.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` when there is none of those.
    public func functionsToPlot() throws(GraphCalcError) -> [PlottedFunction] {
        let expressions = brain.program.expressions
        if !expressions.isEmpty { return expressions.map { .program($0, label: $0.description) } }
        if let figure { return figure.functions }
        if !functions.isEmpty { return functions.names.map(PlottedFunction.named) }
        throw .usage(
            "nothing to plot: push a program (push 3 x ×), define a function (f(x) = x^2) or give expressions (plot sin(x))"
        )
    }

    /// What a redraw, `trace` and `export` show: the session's figure, or else what a
    /// bare `plot` shows.
    public func functionsShown() throws(GraphCalcError) -> [PlottedFunction] {
        if let figure { return figure.functions }
        return try functionsToPlot()
    }

    /// What a plot argument names, for a graph along `variable`: a function of the session
    /// (`f`), a program file, or an expression (which may call the functions; a function's
    /// own use of `variable` is the session's variable, from `values`).
    public func plottedFunction(
        named argument: String, along variable: String, values: [String: Double]
    ) throws(GraphCalcError) -> PlottedFunction {
        try plottedFunction(.positional(argument), along: variable, values: values)
    }

    /// What a program argument names for a graph along `variable`: a function of the
    /// session, a program file, or an expression.
    func plottedFunction(
        _ argument: ProgramArgument, along variable: String, values: [String: Double]
    ) throws(GraphCalcError) -> PlottedFunction {
        if case .positional(let name) = argument, functions[name] != nil {
            try checkPrimes(in: name)
            return .named(name)
        }
        let source = try ProgramSource(argument, functions: functions, along: variable, values: values)
        return .program(source.program, label: source.program.description)
    }

    /// What a program argument draws along `variable`: its function, or, for a program of
    /// several expressions side by side (`3+5, cos(x)`), one function each, as the
    /// prompt's bare `plot` draws them.
    func plottedFunctions(
        _ argument: ProgramArgument, along variable: String, values: [String: Double]
    ) throws(GraphCalcError) -> [PlottedFunction] {
        let function = try plottedFunction(argument, along: variable, values: values)
        guard case .program(let program, _) = function, program.expressions.count > 1 else { return [function] }
        return program.expressions.map { .program($0, label: $0.description) }
    }

    /// A plotted function's program along `variable`, and its label.
    ///
    /// A named function's parameter is the only name the graph's variable binds: its own
    /// use of `variable` (`x` in `f(t) = t + x` plotted along x) is the variable of that
    /// name in `values`. The label is the definition (`f(t) = t+x`), whatever the graph
    /// runs along.
    ///
    /// - Throws: ``GraphCalcError/function(_:)`` for a name no longer defined, and
    ///   ``GraphCalcError/evaluation(_:context:)`` when the function uses `variable` and
    ///   it is not set.
    public func resolve(
        _ function: PlottedFunction, along variable: String, values: [String: Double]
    ) throws(GraphCalcError) -> ResolvedFunction {
        switch function {
        case .program(let program, let label):
            return ResolvedFunction(program: program, label: label)
        case .named(let name):
            guard let definition = functions[name] else { throw .function(.notDefined(name)) }
            guard definition.parameters.count == 1 else {
                let arguments =
                    definition.parameters.count == 2 ? "x, y" : definition.parameters.joined(separator: ", ")
                let call = "\(name)(\(arguments))"
                throw .usage(
                    "\(name) is a function of \(definition.parameters.count) variables; plot a relation of it, such as '\(call) = 1'"
                )
            }
            // A named curve, c(t) = (cos(t), sin(t)), runs along its own parameter, t.
            let variable = definition.body.coordinates != nil ? "t" : variable
            let argument: [Op] = [.variable(variable)]
            let ops: [Op]
            if variable != definition.parameter, definition.freeVariables.contains(variable) {
                guard let value = values[variable] else {
                    throw .evaluation(
                        .variableNotSet(name: variable),
                        context: "\(name) uses the variable '\(variable)' from outside it, not the graph's")
                }
                ops = definition.applied(to: argument, binding: variable, outsideValue: value)
            } else {
                ops = definition.applied(to: argument)
            }
            return ResolvedFunction(program: Program(ops), label: definition.equation)
        }
    }

    /// One line of a trace: a function's value at x, or why it has none.
    public struct TraceValue: Equatable, Sendable {
        /// The function's label.
        public let label: String
        /// Its value, or the reason it has none.
        public let value: Result<Double, EvaluationError>
        /// Its slope, from the symbolic derivative, or `nil` where there is none (no
        /// value, no derivative rule, or no derivative at x).
        public let slope: Double?
        /// Whether it is a relation in x and y, which has no single value to trace.
        public var isRelation = false
        /// Whether it is a parametric or polar curve, traced along its parameter instead.
        public var isCurve = false
    }

    /// One line of a trace along a curve's parameter: its point and velocity there.
    public struct CurveTraceValue: Equatable, Sendable {
        /// The curve's label.
        public let label: String
        /// Its point, or `nil` where it has none.
        public let point: Point?
        /// Its velocity (dx/dt, dy/dt), from the symbolic derivatives, where there is one.
        public let velocity: (dx: Double, dy: Double)?

        /// Equal when the labels, points and velocities are.
        public static func == (left: Self, right: Self) -> Bool {
            left.label == right.label && left.point == right.point && left.velocity?.dx == right.velocity?.dx
                && left.velocity?.dy == right.velocity?.dy
        }
    }

    /// The point and velocity of each curve shown whose parameter is `parameter` (`t`
    /// for parametric curves, `θ` or `theta` for polar ones) at `value`, with the
    /// variables the figure was drawn with.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` when there is nothing to show, or no curve
    ///   shown runs along `parameter`.
    public func trace(along parameter: String, at value: Double) throws(GraphCalcError) -> [CurveTraceValue] {
        var outside = variables
        for (name, value) in figure?.overrides ?? [:] { outside[name] = value }
        var lines: [CurveTraceValue] = []
        for function in try functionsShown() {
            let resolved = try resolve(function, along: tracedVariable, values: outside)
            guard Curve.isCurve(resolved.program) else { continue }
            let curve: Curve
            do {
                curve = try Curve(program: resolved.program, values: outside, angle: display.angle)
            } catch {
                throw .graphing(error, atPrompt: true)
            }
            let matches = curve.parameter == parameter || (curve.form == .polar && ["θ", "theta"].contains(parameter))
            guard matches else { continue }
            lines.append(
                CurveTraceValue(
                    label: resolved.label, point: curve.point(at: value), velocity: curve.velocity(at: value)))
        }
        guard !lines.isEmpty else {
            throw .usage("no curve shown runs along \(parameter); trace \(parameter)=VALUE follows the curves drawn")
        }
        return lines
    }

    /// The variable the functions shown run along: the figure's, or the plotting variable.
    public var tracedVariable: String { figure?.variable ?? plottingVariable }

    /// The value of each function shown at `x` along its variable, with the variables the
    /// figure was drawn with.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` when there is nothing to show.
    public func trace(at x: Double) throws(GraphCalcError) -> [TraceValue] {
        var outside = variables
        for (name, value) in figure?.overrides ?? [:] { outside[name] = value }
        var values = outside
        values[tracedVariable] = x
        var lines: [TraceValue] = []
        for function in try functionsShown() {
            let resolved = try resolve(function, along: tracedVariable, values: outside)
            if Curve.isCurve(resolved.program) {
                lines.append(
                    TraceValue(label: resolved.label, value: .failure(.point), slope: nil, isCurve: true))
                continue
            }
            if Relation.isRelation(resolved.program) {
                lines.append(
                    TraceValue(
                        label: resolved.label, value: .failure(.emptyProgram), slope: nil, isRelation: true))
                continue
            }
            let value: Result<Double, EvaluationError>
            do {
                value = .success(try resolved.program.evaluate(variables: values, angle: display.angle))
            } catch {
                value = .failure(error)
            }
            // The slope as deriv and explore decide it (the sides must meet where the
            // derivative's formula has no value: x·|x| at 0).
            let slope = PointSlope.of(
                resolved.program, at: x, variable: tracedVariable, values: outside, angle: display.angle)
            lines.append(TraceValue(label: resolved.label, value: value, slope: slope.value))
        }
        return lines
    }
}
