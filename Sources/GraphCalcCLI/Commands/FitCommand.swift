import CalculatorBrain
import ChartData
import GraphCalcSupport
import Graphing
import Plotting

/// `graphcalc fit`: a model fitted to data by least squares.
struct FitCommand: Command {
    static let name = "fit"
    static let summary = "Fit a line, polynomial or curve to data: formula, standard errors, r²."
    static let operands = "DATA.csv|--data FILE"
    static let discussion = """
        Fits y = f(x) to the points of two columns (the first two of numbers, or
        --columns x,y; one column is y against its row number) by least squares in y,
        and prints the formula, each coefficient with its standard error, r² and the
        residual standard error. Models: linear, quadratic, cubic and poly N (N from 1 to
        10; --model 'poly 4' or poly4) are solved by QR (Givens rotations on x centred
        and scaled, so badly scaled x such as 1e9 plus small steps fits as well as x
        near 0); log (y = a + b·ln(x)) likewise, for x above 0. exp (y = a·e^(b·x)),
        power (y = a·x^b, x above 0) and logistic (y = c/(1 + a·e^(-b·x))) need y above
        0 and are fitted in y (not in ln y) by Levenberg-Marquardt from the fit of their
        linearised form, each step solved by QR; it stops when a step lowers the sum of
        squares by less than a relative 1e-14 or moves no coefficient by more than a
        relative 1e-12, or when no step lowers it, and says so if 500 iterations do not
        get there. Standard errors are those of scipy's curve_fit (the residual variance
        times the inverse of JᵀJ).

        --plot draws the data and the fitted curve in the terminal. At the prompt the
        file may be a data set's name (data d = FILE), the model may follow it as a word,
        and "as NAME" defines the fit as a function, NAME(x), to plot, trace, integrate
        and save: fit d quadratic as g.

        Examples:
          graphcalc fit examples/data/heights.csv --model linear --plot
          graphcalc fit growth.csv --model logistic --columns day,count
        """
    static let model = OptionSpecification(
        names: ["--model"], valueName: "MODEL",
        help: "linear (the default), quadratic, cubic, poly N, exp, log, power or logistic")
    static let plot = OptionSpecification(
        names: ["--plot"], valueName: nil, help: "Draw the data and the fitted curve in the terminal")
    static let ownOptions = [model, plot]
    static let optionGroups: [OptionGroup] = [.data, .digits, .size, .terminalOutput]
    static let positionals = PositionalKind.files

    let path: String
    let options: DataOptions
    let model: RegressionModel
    /// At the prompt, the name the fit is defined as (`as g`).
    let definedName: String?
    let digits: Int
    let plotsFit: Bool
    let size: DisplaySettings.CellSize?
    let output: TerminalOutput

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        var options = try DataOptions(arguments)
        var positionals = arguments.positionals
        var definedName: String?
        // At the prompt: fit FILE [MODEL] [as NAME].
        if atPrompt, positionals.last == "as" { throw .usage("fit … as needs a name for the function: as g") }
        if atPrompt, positionals.count >= 3, positionals[positionals.count - 2] == "as" {
            definedName = positionals.removeLast()
            positionals.removeLast()
        }
        var modelText = arguments.value(Self.model)
        if atPrompt, positionals.count >= 2 {
            guard modelText == nil else { throw .usage("give the model as a word or with --model, not both") }
            modelText = positionals.dropFirst().joined(separator: " ")
            positionals = [positionals[0]]
        }
        path = try StatsCommand.singleFile(
            positionals, options: &options, session: atPrompt ? session : nil, usage: Self.usage, verb: Self.name)
        self.options = options
        self.definedName = definedName
        model = try Self.model(modelText ?? "linear")
        digits = try GraphOptions.digits(arguments, session: session) ?? 10
        plotsFit = arguments.contains(Self.plot)
        size = try PlotCommand.cells(arguments.value(OptionGroup.sizeOption), option: "--size") ?? session.display.size
        output = try TerminalOutput(arguments, mode: session.display.mode)
        if options.reading.columns.map({ $0.count > 2 }) ?? false {
            throw .usage("--columns: fit takes x,y (or one column, y against its row number)")
        }
    }

    /// Reads a model's name: `linear`, …, `poly 4` (or `poly4`, `poly:4`).
    static func model(_ text: String) throws(GraphCalcError) -> RegressionModel {
        let lowered = text.lowercased().trimmingBlanks()
        if lowered.hasPrefix("poly") {
            let rest = lowered.dropFirst(4).drop { " :=".contains($0) }
            if let degree = Int(rest), let model = RegressionModel(name: "poly", degree: degree) { return model }
            throw .usage(
                "--model \(text): give poly N with N a whole number from 1 to \(RegressionModel.maximumDegree)")
        }
        guard let model = RegressionModel(name: lowered) else {
            throw .usage(
                "--model takes linear, quadratic, cubic, poly N, exp, log, power or logistic, not '\(text)'")
        }
        return model
    }

    /// The fit of the data: its series, label and regression.
    func fitted() throws(GraphCalcError) -> (series: DataSeries, label: String, regression: Regression, notes: [String])
    {
        let table = try DataOptions.table(path, reading: options.reading)
        let notes = DataOptions.skippedNote(table, file: path).map { [$0] } ?? []
        guard let (series, label) = DataOptions.series(of: table, file: path).first else {
            throw .input("'\(path)' has no column of numbers to fit")
        }
        do {
            return (series, label, try Regression(fitting: model, to: series), notes)
        } catch {
            throw .input(error.description)
        }
    }

    func run(console: any Console) throws(GraphCalcError) {
        _ = try report(console: console)
    }

    /// Writes the report (and with `--plot` the plot) and returns the fit.
    func report(console: any Console) throws(GraphCalcError) -> Regression {
        let (series, label, regression, notes) = try fitted()
        for note in notes { console.writeError(note + "\n") }
        try console.write(Self.report(regression, label: label, digits: digits))
        guard plotsFit else { return regression }
        let program: Program
        do {
            program = try Program(parsing: regression.expression())
        } catch {
            throw .input("the fitted formula does not read back: \(error)")
        }
        let function: ProgramFunction
        do {
            function = try ProgramFunction(program: program, variable: "x", values: [:], angle: .radians)
        } catch {
            throw .graphing(error)
        }
        let data = DataLayer(series, style: DataStyle.natural(for: series), label: label)
        guard let extent = data.extent() else { return regression }
        let figure = Figure(
            layers: [data, FunctionLayer(function, label: regression.formula(digits: 4))], x: extent.x)
        let terminal = console.terminal
        let (width, height) = size.map { ($0.width, $0.height) } ?? PlotCommand.terminalSize(terminal)
        let plot = TerminalPlot(
            mode: output.mode(on: terminal), isColored: output.isColored(on: terminal), width: width, height: height)
        let lines: [String]
        do {
            lines = try plot.render(figure)
        } catch {
            throw .plotting(error)
        }
        try console.write("\n" + lines.joined(separator: "\n") + "\n")
        return regression
    }

    /// What `fit` prints: the formula, the coefficients with their standard errors, r²
    /// and the residual standard error.
    static func report(_ regression: Regression, label: String, digits: Int) -> String {
        func number(_ value: Double) -> String { value.isNaN ? "-" : DisplaySettings.format(value, digits: digits) }
        let method =
            regression.iterations > 0
            ? "Levenberg-Marquardt, \(regression.iterations) iteration\(regression.iterations == 1 ? "" : "s")"
            : "least squares by QR"
        var lines = [
            regression.formula(),
            "\(regression.model) fit of \(label), \(regression.model.template), \(regression.count) points, \(method)",
            "",
        ]
        var table: [[String]] = [["", "estimate", "standard error"]]
        for (name, (value, error)) in zip(
            regression.model.coefficientNames, zip(regression.coefficients, regression.standardErrors))
        {
            table.append([name, number(value), number(error)])
        }
        lines.append(StatsCommand.aligned(table))
        lines.append("r²  \(number(regression.rSquared))")
        lines.append(
            "residual standard error  \(number(regression.residualStandardError)) on \(regression.degreesOfFreedom) degrees of freedom"
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
