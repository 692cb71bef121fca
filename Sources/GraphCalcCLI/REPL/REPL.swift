import CalculatorBrain
import GraphCalcSupport
import Graphing

/// The interactive calculator behind `graphcalc` with no arguments: lines are read
/// through a ``LineReader``, so the same session runs at a terminal, from a script, or in
/// tests.
///
/// The state lives in a ``Session``; this type only reads lines, turns each into a call on
/// the session or a verb's typed request, and prints the result. A line is a command of
/// the `CommandTable` (`push 3 5 + √`, `zoom 2`, `plot f`, any verb of the command line),
/// a definition (`f(x) = x^2 - 2`), an assignment (`r = 2`), or else an infix expression,
/// evaluated with the variables set. Every failure is reported as one line (with a caret
/// under the spot for expressions, and the line number in script mode) and the session
/// goes on; in a script the exit status says whether any line failed.
public final class REPL {
    /// The session: program, variables, functions, view and settings.
    public internal(set) var session: Session

    let console: any Console
    let isInteractive: Bool

    /// What a line asked for.
    enum Outcome {
        case proceed
        case quit
    }

    /// A session writing to `console`; interactive sessions prompt and print a banner,
    /// scripts do neither and name line numbers in errors.
    public init(console: any Console, isInteractive: Bool, session: Session = Session()) {
        self.console = console
        self.isInteractive = isInteractive
        self.session = session
    }

    /// The calculator: its program and its variables.
    public var brain: CalculatorBrain { session.brain }

    /// Runs lines until `quit`, `exit` or the end of input.
    ///
    /// - Returns: the exit status: 0; in a script 1 when a line failed, 130 when Ctrl-C
    ///   stopped it (a command, or the wait for the next line).
    public func run(reader: any LineReader) -> Int32 {
        if isInteractive {
            say("graphcalc \(GraphCalc.version) — type help for the commands, quit or Ctrl-D to leave.")
        }
        var lineNumber = 0
        var failed = false
        while true {
            switch reader.readLine(prompt: isInteractive ? "graphcalc> " : "") {
            case .end:
                return failed && !isInteractive ? 1 : 0
            case .interrupted where !isInteractive:
                report(.interrupted, line: lineNumber + 1)
                return GraphCalcError.interrupted.exitStatus
            case .interrupted:
                continue
            case .line(let text):
                lineNumber += 1
                Cancellation.reset()
                do {
                    if try execute(text) == .quit { return failed && !isInteractive ? 1 : 0 }
                } catch .interrupted where !isInteractive {
                    report(.interrupted, line: lineNumber)
                    return GraphCalcError.interrupted.exitStatus
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
        if let definition = try LineShape.definition(line) {
            let function = try session.define(
                definition.name, parameters: definition.parameters, body: definition.body)
            say(session.functions.equation(of: function.name) ?? function.equation)
            return .proceed
        }
        if let assignment = LineShape.assignment(line), CommandTable.entry(named: assignment.name) == nil {
            let value = try session.assign(assignment.name, assignment.expression)
            say("\(assignment.name) = \(session.display.format(value))")
            return .proceed
        }
        let words = try ShellWords.split(line)
        guard let name = words.first else { return .proceed }
        let arguments = Array(words.dropFirst())
        let rest = String(line.dropFirst(name.count)).trimmingBlanks()
        guard let entry = CommandTable.entry(named: name) else {
            try checkIsExpression(firstWord: name, wordCount: words.count)
            try evaluate(line)
            return .proceed
        }
        let options = arguments.prefix { $0 != "--" }
        if entry.name != "help", options.contains("--help") || options.contains("-h") {
            try console.write(entry.help)
            return .proceed
        }
        if let action = entry.action { return try action(self, arguments, rest) }
        guard let verb = entry.verb else { throw .usage("'\(name)' cannot run here") }
        try verb.make(arguments, session: session, atPrompt: true).run(console: console)
        return .proceed
    }

    /// Refuses a line that starts like a mistyped command (`plto x`, `zero sin(x)`) rather
    /// than evaluating it as an expression whose first word is an unset variable.
    private func checkIsExpression(firstWord: String, wordCount: Int) throws(GraphCalcError) {
        guard Op.isValidVariableName(firstWord), session.functions[firstWord] == nil,
            session.variables[firstWord] == nil
        else { return }
        let suggestions = CommandTable.suggestions(for: firstWord)
        guard wordCount > 1 || !suggestions.isEmpty else { return }
        var message = "unknown command '\(firstWord)'"
        if !suggestions.isEmpty {
            message += " — did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
        } else {
            message += "; type help for the commands"
        }
        throw .usage(message)
    }

    // MARK: - Calculator

    private func evaluate(_ expression: String) throws(GraphCalcError) {
        let answers = try session.answers(expression)
        if answers.count > 1, let note = Session.commaNote(for: expression) { console.writeError("note: \(note)\n") }
        let display = session.display
        say(
            answers.map { answer in
                switch answer {
                case .number(let value): display.format(value)
                case .point(let x, let y): "(\(display.format(x)), \(display.format(y)))"
                }
            }.joined(separator: ", "))
    }

    /// `eval EXPR [--digits N]`: the value, kept as `ans`.
    func eval(_ arguments: [String]) throws(GraphCalcError) {
        let command = try EvalCommand.make(arguments, session: session, atPrompt: true)
        if command.source.program.coordinates != nil { return try command.run(console: console) }
        let value = try command.value()
        session.ans = value
        say(DisplaySettings.format(value, digits: command.digits))
    }

    /// `undo`: the last key pressed taken back.
    func undo() {
        session.brain.undo()
        showProgram()
    }

    /// `clear`: the program emptied.
    func clear() {
        session.brain.clear()
        say("cleared")
    }

    /// `program`: the program as its property-list array.
    func showPropertyList() {
        say(Self.propertyListText(session.brain.program))
    }

    /// `unset NAME...`.
    func unset(_ names: [String]) throws(GraphCalcError) {
        guard !names.isEmpty else { throw .usage("unset needs a name: unset r, unset f") }
        try session.unset(names)
    }

    /// `reset`: the view back to x −10…10, y automatic, linear axes, and the figure
    /// redrawn.
    func resetView() throws(GraphCalcError) {
        let wasLog = session.view.xScale == .log || session.view.yScale == .log
        session.view = SessionView()
        say("view reset to x -10:10, y automatic" + (wasLog ? ", linear axes" : ""))
        try redraw()
    }

    func push(_ keys: [String]) throws(GraphCalcError) {
        guard !keys.isEmpty else { throw .usage("push needs keys, such as push 3 5 + √") }
        try session.press(keys)
        showProgram()
    }

    /// The program and its value, as the calculator's display shows them.
    func showProgram() {
        guard !session.brain.program.isEmpty else { return say("(empty)") }
        switch session.programValue() {
        case .success(let value): say("\(session.brain.description) = \(session.display.format(value))")
        case .failure(let error): say("\(session.brain.description) has no value: \(error)")
        }
    }

    static func propertyListText(_ program: Program) -> String {
        let items = program.ops.map { op -> String in
            if case .operand(let value) = op { return "\(value)" }
            return "\"\(op.symbol)\""
        }
        return "[" + items.joined(separator: ", ") + "]"
    }
}
