import CalculatorBrain

/// What names one program on the command line: a positional argument (an expression, a
/// function of the session, a `.plist` file or `-`), or `--file FILE`, a program file
/// whatever its name.
enum ProgramArgument: Equatable {
    /// A positional argument, read by its shape.
    case positional(String)
    /// A program file named with `--file`.
    case file(String)

    /// The one program a command takes: a positional argument or `--file FILE`.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` when there is none, or more than one.
    static func single(_ arguments: ParsedArguments, usage: String) throws(GraphCalcError) -> ProgramArgument {
        let files = arguments.allValues(OptionGroup.file)
        if files.isEmpty {
            return .positional(try arguments.singlePositional(named: "EXPR or FILE.plist", usage: usage))
        }
        guard files.count == 1, arguments.positionals.isEmpty else {
            throw .usageShowing("give one program: EXPR, FILE.plist or --file FILE", usage: usage)
        }
        return .file(files[0])
    }

    /// Whether it reads standard input (`-`).
    var readsStandardInput: Bool {
        switch self {
        case .positional(let text), .file(let text): text == "-"
        }
    }

    /// The value of a positional argument that is a number at the prompt — an expression
    /// with no variable but the session's (`pi/4`, `2a` with `a` set), not the plotting
    /// variable and not a function's name — and `nil` for anything else.
    static func number(_ argument: ProgramArgument, session: Session, label: String) throws(GraphCalcError) -> Double? {
        guard case .positional(let text) = argument, session.functions[text] == nil,
            let program = try? Program(parsing: text), program.expressions.count == 1,
            program.variableNames.allSatisfy({ session.variables[$0] != nil && $0 != session.plottingVariable })
        else { return nil }
        return try session.value(of: text, label: label)
    }

    /// Every program a command is given: positional arguments first, then `--file`s.
    static func all(_ arguments: ParsedArguments) -> [ProgramArgument] {
        arguments.positionals.map(ProgramArgument.positional)
            + arguments.allValues(OptionGroup.file).map(ProgramArgument.file)
    }
}
