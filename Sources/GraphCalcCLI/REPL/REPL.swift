import CalculatorBrain
import Graphing

/// The interactive calculator behind `graphcalc` with no arguments: lines are read
/// through a ``LineReader``, so the same session runs at a terminal, from a script, or in
/// tests.
///
/// A line is a command (`push 3 5 + √`, `set M = 2`, `plot`, `trace 1.5`, `help`, …), any
/// verb of the command line with the same arguments (`eval 1+1`, `svg 'sin(x)' -o s.svg`),
/// or else an infix expression, evaluated with the variables set. Every failure is
/// reported as one line (with a caret under the spot for expressions, and the line number
/// in script mode) and the session goes on; the exit status says whether any line failed.
public final class REPL {
    /// The calculator: its program and its variables.
    public private(set) var brain = CalculatorBrain()
    /// The region plots show, kept between plots.
    var view = View()
    /// The functions last plotted, and the options they were plotted with, for `trace`
    /// and `export`.
    var lastPlotted: [String] = []
    var lastPlotOptions: [String] = []
    /// The last value shown, which `store` and `→` keep in a variable.
    var lastValue: Double?

    let console: any Console
    let isInteractive: Bool

    /// What a plot shows between plots: x and y ranges, or a scale and origin.
    struct View {
        var x: (lower: Double, upper: Double) = (-10, 10)
        var y: (lower: Double, upper: Double)?
        var scale: Double?
        var origin: (x: Double, y: Double)?
    }

    /// What a line asked for.
    enum Outcome {
        case proceed
        case quit
    }

    /// A session writing to `console`; interactive sessions prompt and print a banner,
    /// scripts do neither and name line numbers in errors.
    public init(console: any Console, isInteractive: Bool) {
        self.console = console
        self.isInteractive = isInteractive
    }

    /// Runs lines until `quit`, `exit` or the end of input.
    ///
    /// - Returns: the exit status: 0, or 1 when a line failed in a script.
    public func run(reader: any LineReader) -> Int32 {
        if isInteractive {
            say("graphcalc \(GraphCalc.version): type an expression, a command such as push 3 5 + √ or plot sin(x),")
            say("help for the rest, quit or Ctrl-D to leave.")
        }
        var lineNumber = 0
        var failed = false
        while true {
            switch reader.readLine(prompt: isInteractive ? "graphcalc> " : "") {
            case .end:
                return failed && !isInteractive ? 1 : 0
            case .interrupted:
                continue
            case .line(let text):
                lineNumber += 1
                do {
                    if try execute(text) == .quit { return failed && !isInteractive ? 1 : 0 }
                } catch {
                    failed = true
                    report(error, line: lineNumber)
                }
            }
        }
    }

    /// Writes a line of output; a failing terminal leaves nothing to report to.
    func say(_ text: String) {
        try? console.write(text + "\n")
    }

    private func report(_ error: GraphCalcError, line: Int) {
        let place = isInteractive ? "" : "line \(line): "
        console.writeError("error: \(place)\(error)\n")
        for caret in error.caretLines { console.writeError(caret + "\n") }
    }

    /// Runs one line.
    func execute(_ text: String) throws(GraphCalcError) -> Outcome {
        let line = text.trimmingBlanks()
        if line.isEmpty || line.hasPrefix("#") { return .proceed }
        if line.hasPrefix("→") {
            try store(String(line.dropFirst()).trimmingBlanks())
            return .proceed
        }
        let words = try ShellWords.split(line)
        guard let command = words.first else { return .proceed }
        let arguments = Array(words.dropFirst())
        let rest = String(line.dropFirst(command.count)).trimmingBlanks()
        switch command {
        case "quit", "exit": return .quit
        case "help": try help(arguments)
        case "push": try push(arguments)
        case "undo":
            brain.undo()
            showProgram()
        case "clear":
            brain.clear()
            say("cleared")
        case "program": say(Self.propertyListText(brain.program))
        case "describe" where arguments.isEmpty: say(brain.description.isEmpty ? "(empty)" : brain.description)
        case "set": try set(rest)
        case "store": try store(rest)
        case "vars": listVariables()
        case "unset": try unset(arguments)
        case "plot": try plot(arguments)
        case "trace": try trace(rest)
        case "view": try setView(arguments)
        case "zoom": try zoom(arguments)
        case "pan": try pan(arguments)
        case "scale": try setScale(rest)
        case "origin": try setOrigin(rest)
        case "reset":
            view = View()
            say("view reset to x -10:10, y automatic")
        case "save": try save(arguments)
        case "load": try load(arguments)
        case "export": try export(arguments)
        case _ where GraphCalc.commands.contains(where: { $0.name == command }):
            try GraphCalc.dispatch(words, console: console)
        default:
            try evaluate(line)
        }
        return .proceed
    }

    /// Every command the prompt knows, for help and completion.
    public static let commandNames =
        [
            "push", "undo", "clear", "program", "describe", "set", "store", "vars", "unset", "plot", "trace", "view",
            "zoom", "pan", "scale", "origin", "reset", "save", "load", "export", "help", "quit", "exit",
        ] + ["eval", "compile", "sample", "table", "svg", "chart", "words"]

    // MARK: - Calculator

    private func evaluate(_ expression: String) throws(GraphCalcError) {
        let value = try ExpressionValue.of(expression, variables: brain.variableValues, label: nil)
        lastValue = value
        say("\(value)")
    }

    private func push(_ keys: [String]) throws(GraphCalcError) {
        guard !keys.isEmpty else { throw .usage("push needs keys, such as push 3 5 + √") }
        for key in keys {
            do {
                try brain.enter(key: key)
            } catch {
                throw .expression(error, text: key)
            }
        }
        showProgram()
    }

    /// The program and its value, as the calculator's display shows them.
    private func showProgram() {
        guard !brain.program.isEmpty else { return say("(empty)") }
        do {
            let value = try brain.evaluate()
            lastValue = value
            say("\(brain.description) = \(value)")
        } catch {
            say("\(brain.description) has no value: \(error)")
        }
    }

    static func propertyListText(_ program: Program) -> String {
        let items = program.ops.map { op -> String in
            if case .operand(let value) = op { return "\(value)" }
            return "\"\(op.symbol)\""
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    // MARK: - Variables

    private func set(_ text: String) throws(GraphCalcError) {
        let name: String, expression: String
        if let equals = text.firstIndex(of: "=") {
            name = String(text[..<equals]).trimmingBlanks()
            expression = String(text[text.index(after: equals)...]).trimmingBlanks()
        } else {
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { throw .usage("set needs a name and a value: set M = 5") }
            name = String(parts[0])
            expression = String(parts[1]).trimmingBlanks()
        }
        guard Op.isValidVariableName(name) else { throw .usage("'\(name)' is not a valid variable name") }
        let value = try ExpressionValue.of(expression, variables: brain.variableValues, label: "set \(name)")
        brain.variableValues[name] = value
        say("\(name) = \(value)")
    }

    private func store(_ name: String) throws(GraphCalcError) {
        guard Op.isValidVariableName(name) else { throw .usage("store needs a variable name, such as store M or →M") }
        guard let value = lastValue ?? brain.value else { throw .usage("there is no value to store yet") }
        brain.variableValues[name] = value
        say("\(name) = \(value)")
    }

    private func listVariables() {
        guard !brain.variableValues.isEmpty else { return say("no variables set") }
        for name in brain.variableValues.keys.sorted() {
            if let value = brain.variableValues[name] { say("\(name) = \(value)") }
        }
    }

    private func unset(_ names: [String]) throws(GraphCalcError) {
        guard !names.isEmpty else { throw .usage("unset needs a variable name") }
        for name in names {
            guard brain.variableValues.removeValue(forKey: name) != nil else {
                throw .usage("variable '\(name)' is not set")
            }
        }
    }

    // MARK: - Files

    private func save(_ arguments: [String]) throws(GraphCalcError) {
        guard arguments.count == 1 else { throw .usage("save needs a file name: save FILE.plist") }
        do {
            try brain.program.write(toFile: arguments[0])
        } catch {
            throw .programFile(error)
        }
        say("saved \(brain.program.ops.count) ops to \(arguments[0])")
    }

    private func load(_ arguments: [String]) throws(GraphCalcError) {
        guard arguments.count == 1 else { throw .usage("load needs a file name: load FILE.plist") }
        do {
            brain.program = try Program(contentsOfFile: arguments[0])
        } catch {
            throw .programFile(error)
        }
        showProgram()
    }
}
