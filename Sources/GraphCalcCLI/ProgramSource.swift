import CalculatorBrain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A program named on the command line: a program file, or an infix expression.
///
/// An argument ending in `.plist` is a program file, `-` is standard input; anything
/// else is an expression.
struct ProgramSource {
    /// The program read.
    let program: Program
    /// The file it came from, or `nil` for an expression.
    let file: String?

    /// Reads the program an argument names; an expression may call `functions`.
    ///
    /// An argument ending in `.plist` is a program file; `-` is standard input, holding a
    /// program file or an expression; anything else is an expression (so `plot x` plots x
    /// even beside a file called `x`).
    ///
    /// - Throws: ``GraphCalcError/programFile(_:)`` or ``GraphCalcError/expression(_:text:label:)``.
    init(argument: String, functions: FunctionLibrary = FunctionLibrary()) throws(GraphCalcError) {
        if argument == FileSystem.standardInput {
            let data: Data
            do {
                data = try FileSystem.read(argument)
            } catch {
                throw .programFile(.cannotRead(file: "standard input", reason: error.reason))
            }
            let start = data.prefix(64).drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 <= 0x20 }
            if data.starts(with: Array("bplist".utf8)) || start.first == UInt8(ascii: "<") {
                do {
                    program = try Program(propertyListData: data, file: "standard input")
                } catch {
                    throw .programFile(error)
                }
            } else {
                guard let text = String(validating: data, as: UTF8.self) else {
                    throw .input("standard input is neither a program file nor UTF-8 text")
                }
                let expression = String(
                    text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
                do {
                    program = try functions.parse(expression)
                } catch {
                    throw .expression(error, text: expression)
                }
            }
            file = "standard input"
        } else if Self.namesFile(argument) {
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

    /// Whether an argument names a program file: it ends in `.plist`.
    private static func namesFile(_ argument: String) -> Bool {
        argument.lowercased().hasSuffix(".plist")
    }
}
