import CalculatorBrain

#if canImport(Glibc)
    import Glibc
#endif

/// A program named on the command line: a program file, or an infix expression.
///
/// An argument ending in `.plist`, or naming an existing file or directory, is a
/// program file; anything else is an expression.
struct ProgramSource {
    /// The program read.
    let program: Program
    /// The file it came from, or `nil` for an expression.
    let file: String?

    /// Reads the program an argument names; an expression may call `functions`.
    ///
    /// - Throws: ``GraphCalcError/programFile(_:)`` or ``GraphCalcError/expression(_:text:label:)``.
    init(argument: String, functions: FunctionLibrary = FunctionLibrary()) throws(GraphCalcError) {
        if Self.namesFile(argument) {
            do {
                program = try Program(contentsOfFile: argument)
            } catch {
                throw .programFile(error)
            }
            file = argument
        } else {
            do {
                program = try functions.parse(argument)
            } catch {
                throw .expression(error, text: argument)
            }
            file = nil
        }
    }

    /// Evaluates the program, naming the file in the reason when there is no value.
    func evaluate(variables: [String: Double]) throws(GraphCalcError) -> Double {
        do {
            return try program.evaluate(variables: variables)
        } catch {
            throw .evaluation(error, context: file.map { "'\($0)'" })
        }
    }

    /// Directories count, so that `eval examples/` says it cannot read a directory
    /// rather than treating the path as an expression.
    private static func namesFile(_ argument: String) -> Bool {
        argument.hasSuffix(".plist") || access(argument, F_OK) == 0
    }
}
