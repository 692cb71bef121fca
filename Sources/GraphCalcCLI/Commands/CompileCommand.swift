import CalculatorBrain

/// `graphcalc compile EXPR -o FILE.plist [--format xml|binary]`: saves a program file.
struct CompileCommand: Command {
    static let name = "compile"
    static let summary = "Save an expression as a program file (a property list)."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let requiredOptions = [OptionGroup.outputOption.showing(valueName: "FILE.plist")]
    static let discussion = """
        The file is an array of numbers (operands) and strings (operations, constants,
        variables), as classic stack-calculator apps store programs, so either can read
        the other's. It is written to a temporary name and renamed into place: a failed
        compile never damages an existing file. -o - writes to standard output. The name
        ends in .plist (so does save's at the prompt): that ending is how eval, plot and
        the others tell a program file from an expression. Given a program file instead
        of an expression, compile converts it between formats.

        Examples:
          graphcalc compile 'sin(x)*2+1' -o wave.plist
          graphcalc compile wave.plist -o wave-binary.plist --format binary
        """
    static let format = OptionSpecification(
        names: ["--format"], valueName: "xml|binary", help: "Property-list encoding (default: xml)",
        choices: ["xml", "binary"])
    static let ownOptions = [format]
    static let optionGroups: [OptionGroup] = [.programFile, .output]
    static let positionals = PositionalKind.expressions

    let program: Program
    let destination: String
    let fileFormat: ProgramFileFormat

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let argument = try ProgramArgument.single(arguments, usage: Self.usage)
        guard let destination = try arguments.outputFile() else {
            throw .usageShowing("compile needs -o FILE.plist", usage: Self.usage)
        }
        try Self.checkName(destination, option: "-o ")
        self.destination = destination
        let formatName = arguments.value(Self.format) ?? ProgramFileFormat.xml.rawValue
        guard let fileFormat = ProgramFileFormat(rawValue: formatName) else {
            throw .usage("--format must be xml or binary, not '\(formatName)'")
        }
        self.fileFormat = fileFormat
        program = try ProgramSource(argument, functions: session.functions).program
    }

    /// Refuses a program file name that does not end in `.plist`: graphcalc reads an
    /// argument as a program file by that ending (`eval out.txt` would be an expression).
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` naming the file as it should be.
    static func checkName(_ destination: String, option: String = "") throws(GraphCalcError) {
        guard destination != "-", !destination.hasSuffix(".plist") else { return }
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        var base = destination
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            base = String(destination.dropLast(name.distance(from: dot, to: name.endIndex)))
        }
        throw .usage(
            "\(option)\(destination): program files end in .plist, which is how eval and plot know one; "
                + "name it \(base).plist")
    }

    func run(console: any Console) throws(GraphCalcError) {
        if destination == "-" {
            if let problem = program.unwritableOperand { throw .usage("cannot write the program: \(problem)") }
            try console.write(program.propertyListData(format: fileFormat))
            return
        }
        do {
            try program.write(toFile: destination, format: fileFormat)
        } catch {
            throw .programFile(error)
        }
    }
}
