import CalculatorBrain
import ChartData
import Graphing
import Plotting

/// Why a `graphcalc` command failed, with the message a user sees.
public enum GraphCalcError: Error, Equatable, CustomStringConvertible {
    /// The command line is wrong: unknown command or option, missing or extra argument.
    case usage(String)
    /// The command line is wrong, and the verb's usage line shows how it reads.
    case usageShowing(String, usage: String)
    /// A verb's usage error, with the hint to read the verb's help.
    indirect case verbUsage(GraphCalcError, verb: String)
    /// An expression does not parse; `label` says where it came from (`--set x`), if not
    /// the main argument.
    case expression(ExpressionError, text: String, label: String? = nil)
    /// A program has no value; `context` names where it came from (`'prog.plist'`,
    /// `--set r`), if anywhere but the main expression.
    case evaluation(EvaluationError, context: String?)
    /// A program file could not be read or written.
    case programFile(ProgramFileError)
    /// A graph cannot be set up (viewport, range, plotting variable).
    case graphing(GraphingError)
    /// A plot cannot be drawn (size, scale).
    case plotting(PlottingError)
    /// Data cannot be charted (a line that does not read, a column that is not there).
    case chartData(ChartDataError)
    /// An input file (data or text) could not be read.
    case input(String)
    /// Output could not be written.
    case output(String)
    /// A named function cannot be defined or removed.
    case function(FunctionDefinitionError)
    /// A session file could not be read or written.
    case sessionFile(String)
    /// A program has no symbolic derivative.
    case derivative(DerivativeError)
    /// A definite integral has no value (it diverges, or leaves the domain); `label`
    /// names the function.
    case integration(IntegrationError, label: String)
    /// The graphed expression uses a variable with no value; `atPrompt` says whether to
    /// suggest `set` (at the REPL) or `--set` (on the command line).
    case variableNotSet(String, plotting: String, atPrompt: Bool)
    /// The work was stopped by Ctrl-C.
    case interrupted
    /// No slope at a point: `message` says where and why (shown, or undecided).
    case noSlope(String)
    /// An option's value that does not parse or has no value (`--x 0:1e309`, `--set
    /// r=q`): a usage error, as a bad option is.
    indirect case optionValue(GraphCalcError)

    /// The exit status for this failure: 2 for usage errors (sizes, ranges and scales that
    /// cannot be included), 130 for an interruption (as a shell reports SIGINT), 1 for the
    /// rest.
    public var exitStatus: Int32 {
        switch self {
        case .usage, .usageShowing, .verbUsage: 2
        // A size, range or scale the command line gave that cannot be: usage, as a bad
        // option is, whether the verb or the library found it.
        case .graphing(let error), .plotting(.graphing(let error)):
            switch error {
            case .variableNotSet, .noValue, .noPoint: 1
            default: 2
            }
        case .plotting(.sizeOutOfRange), .plotting(.tooSmall), .plotting(.invalidScale), .plotting(.chartDoesNotFit),
            .plotting(.scaleOnLogAxis):
            2
        case .optionValue: 2
        case .interrupted: 130
        default: 1
        }
    }

    /// The error for a graph that cannot be set up, with the way to fix it that fits
    /// where the command was typed.
    static func graphing(_ error: GraphingError, atPrompt: Bool) -> GraphCalcError {
        if case .variableNotSet(let name, let plotting) = error {
            return .variableNotSet(name, plotting: plotting, atPrompt: atPrompt)
        }
        return .graphing(error)
    }

    /// The one-line message.
    public var description: String {
        switch self {
        case .usage(let message):
            message
        case .usageShowing(let message, let usage):
            "\(message); usage: \(usage)"
        case .verbUsage(let error, let verb):
            "\(error)\nSee 'graphcalc help \(verb)'."
        case .optionValue(let error):
            error.description
        case .expression(let error, _, let label):
            label.map { "\($0): \(error)" } ?? error.description
        case .evaluation(let error, let context):
            context.map { "\($0): \(error)" } ?? error.description
        case .programFile(let error):
            error.description
        case .graphing(let error):
            error.description
        case .plotting(.tooSmall(let width, let height)):
            // Only plot and svg draw furniture that can crowd a plot out, and both take these.
            "size \(width)x\(height) leaves no room for the plot; make it larger or use --no-axes and --no-legend"
        case .chartData(let error):
            error.description
        case .plotting(let error):
            error.description
        case .input(let message), .output(let message), .sessionFile(let message), .noSlope(let message):
            message
        case .function(let error):
            error.description
        case .derivative(let error):
            error.description
        case .integration(let error, let label):
            "the integral of \(label): \(error)"
        case .variableNotSet(let name, let plotting, let atPrompt):
            "variable '\(name)' is not set; "
                + (atPrompt
                    ? "give it a value with set \(name) = VALUE, or plot along it with set var \(name)"
                    : "give it a value with --set \(name)=VALUE, or plot along it with --var \(name)")
                + " (now plotting along '\(plotting)')"
        case .interrupted:
            "interrupted"
        }
    }

    /// For an expression error with a position, the expression and a caret under the spot.
    public var caretLines: [String] {
        if case .optionValue(let error) = self { return error.caretLines }
        if case .verbUsage(let error, _) = self { return error.caretLines }
        guard case .expression(let error, let text, _) = self, let offset = error.offset,
            !text.contains(where: \.isNewline)
        else { return [] }
        return ["  " + text, "  " + String(repeating: " ", count: offset) + "^"]
    }
}
