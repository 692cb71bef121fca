import CalculatorBrain
import GraphCalcSupport
import Graphing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program named on the command line: a program file, or an infix expression.
///
/// An argument ending in `.plist` is a program file, `-` is standard input; anything
/// else is an expression. `--file FILE` names a program file whatever its name.
struct ProgramSource {
    /// The program read.
    let program: Program
    /// The file it came from, or `nil` for an expression.
    let file: String?
    /// The expression as typed, for an expression argument.
    var text: String?

    /// Reads the program an argument names; an expression may call `functions`.
    ///
    /// An argument ending in `.plist` is a program file; `-` is standard input, holding a
    /// program file or an expression; anything else is an expression (so `plot x` plots x
    /// even beside a file called `x`). An expression a graph runs along `variable` reads
    /// a called function's own use of that name from `values` (see
    /// ``FunctionLibrary/parse(_:along:values:)``).
    ///
    /// - Throws: ``GraphCalcError/programFile(_:)`` or ``GraphCalcError/expression(_:text:label:)``.
    init(
        argument: String, functions: FunctionLibrary = FunctionLibrary(), along variable: String? = nil,
        values: [String: Double] = [:]
    ) throws(GraphCalcError) {
        if argument == FileSystem.standardInput {
            try self.init(standardInputWith: functions, along: variable, values: values)
        } else if Self.namesFile(argument) {
            try self.init(file: argument)
        } else {
            do {
                self.init(
                    program: try Self.parse(argument, functions: functions, along: variable, values: values),
                    file: nil)
                text = argument
            } catch {
                if DataOptions.isDataFile(argument) {
                    // `table data.csv`: a data file where a program goes, not a bad expression.
                    throw DataOptions.dataFileWhereAProgramGoes(argument)
                }
                throw .expression(error, text: argument)
            }
        }
    }

    /// A relation binds its vertical variable too: a called function's own `y` is then
    /// the session's y (or refused when it has none), never the relation's.
    private static func parse(
        _ text: String, functions: FunctionLibrary, along variable: String?, values: [String: Double]
    ) throws(ExpressionError) -> Program {
        guard let variable else { return try functions.parse(text) }
        let program = try functions.parse(text, along: variable, values: values)
        guard Relation.isRelation(program) else { return program }
        return try functions.parse(
            text, along: [variable, GraphOptions.relationVariable(along: variable)], values: values)
    }

    private init(program: Program, file: String?) {
        self.program = program
        self.file = file
    }

    /// Reads what a ``ProgramArgument`` names.
    init(
        _ argument: ProgramArgument, functions: FunctionLibrary = FunctionLibrary(), along variable: String? = nil,
        values: [String: Double] = [:]
    ) throws(GraphCalcError) {
        switch argument {
        case .positional(let text):
            try self.init(argument: text, functions: functions, along: variable, values: values)
        case .file(let path): try self.init(file: path)
        }
    }

    /// Reads a program file, whatever its name; `-` is standard input.
    ///
    /// - Throws: ``GraphCalcError/programFile(_:)``.
    init(file path: String) throws(GraphCalcError) {
        do {
            if path == FileSystem.standardInput {
                let data = try Self.standardInput()
                self.init(program: try Program(propertyListData: data, file: "standard input"), file: "standard input")
            } else {
                self.init(program: try Program(contentsOfFile: path), file: path)
            }
        } catch let error as ProgramFileError {
            throw .programFile(error)
        } catch let error as GraphCalcError {
            throw error
        } catch {
            throw .input("\(error)")
        }
    }

    /// Standard input holding a program file or an expression.
    private init(
        standardInputWith functions: FunctionLibrary, along variable: String?, values: [String: Double]
    ) throws(GraphCalcError) {
        let data = try Self.standardInput()
        let start = data.prefix(64).drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 <= 0x20 }
        let program: Program
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
                program = try Self.parse(expression, functions: functions, along: variable, values: values)
            } catch {
                throw .expression(error, text: expression)
            }
        }
        self.init(program: program, file: "standard input")
    }

    /// All of standard input.
    private static func standardInput() throws(GraphCalcError) -> Data {
        do {
            return try FileSystem.read(FileSystem.standardInput)
        } catch {
            throw .programFile(.cannotRead(file: "standard input", reason: error.reason))
        }
    }

    /// Evaluates the program, naming the file in the reason when there is no value.
    func evaluate(variables: [String: Double], angle: AngleUnit = .radians) throws(GraphCalcError) -> Double {
        do {
            return try program.evaluate(variables: variables, angle: angle)
        } catch {
            throw .evaluation(error, context: file.map { "'\($0)'" })
        }
    }

    /// Whether an argument names a program file: it ends in `.plist`.
    private static func namesFile(_ argument: String) -> Bool {
        argument.lowercased().hasSuffix(".plist")
    }
}
