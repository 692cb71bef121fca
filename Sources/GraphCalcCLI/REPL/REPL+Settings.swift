import CalculatorBrain
import GraphCalcSupport
import Plotting

extension REPL {
    // MARK: - Variables and settings

    /// `set NAME = EXPR`, a setting (`set digits 6`), or `set NAME EXPR` for a variable
    /// whose name is not within two letters of a setting's (`set digit 6` is a typo).
    func set(_ text: String) throws(GraphCalcError) {
        if text.isEmpty { return listSettings() }
        let name: String, expression: String
        if let equals = text.firstIndex(of: "=") {
            name = String(text[..<equals]).trimmingBlanks()
            expression = String(text[text.index(after: equals)...]).trimmingBlanks()
        } else {
            let parts = text.split(separator: " ", maxSplits: 1).map { String($0).trimmingBlanks() }
            guard parts.count == 2 else {
                if let setting = Setting(named: text.trimmingBlanks()) {
                    throw .usage("set \(setting.name) needs a value: \(setting.name) is \(setting.value(in: session))")
                }
                throw .usage("set needs a name and a value: set M = 5, set digits 6")
            }
            if let setting = Setting(named: parts[0]) { return try change(setting, to: parts[1]) }
            let near = Setting.suggestions(for: parts[0])
            if !near.isEmpty {
                throw .usage(
                    "unknown setting '\(parts[0])' — did you mean "
                        + near.map { "'\($0.name)'" }.joined(separator: " or ")
                        + "? (set \(parts[0]) = \(parts[1]) sets a variable)")
            }
            name = parts[0]
            expression = parts[1]
        }
        let value = try session.assign(name, expression)
        say("\(name) = \(session.display.format(value))")
    }

    private func change(_ setting: Setting, to value: String) throws(GraphCalcError) {
        var changed = session
        let note = try setting.apply(value, to: &changed)
        session = changed
        say("\(setting.name) \(value)")
        if let note { say(note) }
        // The figure showing takes the new look at once.
        if setting.redrawsFigure && session.figure != nil { try redraw() }
    }

    /// `set` alone: every setting and its value.
    func listSettings() {
        for setting in Setting.allCases { say("\(setting.name) \(setting.value(in: session))") }
    }

    func store(_ name: String) throws(GraphCalcError) {
        guard Op.isValidVariableName(name) else { throw .usage("store needs a variable name, such as store M or →M") }
        guard let value = session.ans ?? session.brain.value else { throw .usage("there is no value to store yet") }
        session.brain.variableValues[name] = value
        say("\(name) = \(session.display.format(value))")
    }

    func listVariables() {
        let variables = session.brain.variableValues
        if variables.isEmpty && session.ans == nil { say("no variables set") }
        for name in variables.keys.sorted() {
            if let value = variables[name] { say("\(name) = \(session.display.format(value))") }
        }
        if let ans = session.ans, variables[Session.ansName] == nil { say("ans = \(session.display.format(ans))") }
    }

    func listFunctions() {
        guard !session.functions.isEmpty else { return say("no functions defined; define one with f(x) = x^2 - 2") }
        for name in session.functions.names {
            if let equation = session.functions.equation(of: name) { say(equation) }
        }
    }

    // MARK: - Files

    /// `save FILE` (the program) or `save session FILE` (everything).
    func save(_ arguments: [String]) throws(GraphCalcError) {
        switch arguments.count {
        case 1 where arguments[0] == "session":
            throw .usage("save session needs a file name: save session FILE.plist")
        case 1:
            try CompileCommand.checkName(arguments[0])
            do {
                try session.brain.program.write(toFile: arguments[0])
            } catch {
                throw .programFile(error)
            }
            say("saved \(session.brain.program.ops.count) ops to \(arguments[0])")
        case 2 where arguments[0] == "session":
            try CompileCommand.checkName(arguments[1])
            try session.write(toFile: arguments[1])
            say("saved the session to \(arguments[1])")
        default:
            throw .usage("save needs a file name: save FILE.plist, or save session FILE.plist")
        }
    }

    /// `load FILE`: a session file, or a classic program file.
    func load(_ arguments: [String]) throws(GraphCalcError) {
        guard arguments.count == 1 else { throw .usage("load needs a file name: load FILE.plist") }
        var loaded = session
        switch try loaded.load(file: arguments[0]) {
        case .session:
            session = loaded
            let functions = session.functions.names.count, variables = session.brain.variableValues.count
            say(
                "loaded the session from \(arguments[0]): \(functions) function\(functions == 1 ? "" : "s"), \(variables) variable\(variables == 1 ? "" : "s")"
            )
        case .program:
            session = loaded
            showProgram()
        }
    }
}
