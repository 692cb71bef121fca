import Plotting

/// The terminal output options read once: `--mode` and `--color`.
struct TerminalOutput: ParsableOptionGroup, Equatable {
    static let group = OptionGroup.terminalOutput

    /// Braille or ASCII; `nil` for the terminal's choice.
    var mode: TerminalPlot.Mode?
    /// When to colour.
    var colorChoice = ColorChoice.auto

    /// A choice of mode and colour.
    init(mode: TerminalPlot.Mode?, colorChoice: ColorChoice) {
        self.mode = mode
        self.colorChoice = colorChoice
    }

    /// Reads `--mode` (default: the terminal's choice) and `--color`.
    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        try self.init(arguments, mode: nil)
    }

    /// Reads `--mode` (default `mode`) and `--color`.
    init(_ arguments: ParsedArguments, mode: TerminalPlot.Mode?) throws(GraphCalcError) {
        self.mode = mode
        if let text = arguments.value(OptionGroup.mode) {
            guard text == "auto" || TerminalPlot.Mode(rawValue: text) != nil else {
                let names = TerminalPlot.Mode.allCases.map(\.rawValue) + ["auto"]
                throw .usage("--mode takes \(ParsedArguments.spelled(names)), not '\(text)'")
            }
            self.mode = TerminalPlot.Mode(rawValue: text)
        }
        colorChoice = try arguments.choice(OptionGroup.color, of: ColorChoice.self) ?? .auto
    }

    /// The mode on `terminal`: the one asked for, or braille in a UTF-8 locale.
    func mode(on terminal: TerminalEnvironment) -> TerminalPlot.Mode {
        mode ?? (terminal.isUTF8 ? .braille : .ascii)
    }

    /// Whether to colour on `terminal`: always, never, or when it is a terminal that
    /// allows colour.
    func isColored(on terminal: TerminalEnvironment) -> Bool {
        switch colorChoice {
        case .always: true
        case .never: false
        case .auto: terminal.isTerminal && !terminal.forbidsColor
        }
    }
}
