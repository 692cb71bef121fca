import Testing

@testable import GraphCalcCLI

@Suite struct ParsedArgumentsTests {
    private static let output = OptionSpecification(names: ["--output", "-o"], valueName: "FILE", help: "")
    private static let set = OptionSpecification(
        names: ["--set"], valueName: "NAME=VALUE", help: "", isRepeatable: true)
    private static let grid = OptionSpecification(names: ["--grid"], valueName: nil, help: "")
    private static let options = [output, set, grid]

    private static func parse(_ arguments: [String]) throws(GraphCalcError) -> ParsedArguments {
        try ParsedArguments(arguments, command: "test", options: options)
    }

    @Test func separatesPositionalsOptionsAndFlags() throws {
        let parsed = try Self.parse(["2x", "-o", "out.plist", "--set", "x=1", "--set=y=2", "--grid"])
        #expect(parsed.positionals == ["2x"])
        #expect(parsed.value(Self.output) == "out.plist")
        #expect(parsed.allValues(Self.set) == ["x=1", "y=2"])
        #expect(parsed.contains(Self.grid))
    }

    @Test func aValueSpelledLikeAnOptionIsGivenWithEquals() throws {
        #expect(try Self.parse(["--output=--grid"]).value(Self.output) == "--grid")
        // Not one of the command's options: a value, as before.
        #expect(try Self.parse(["-o", "--frob"]).value(Self.output) == "--frob")
    }

    @Test(arguments: [
        ["-2+x"], ["-x^2"], ["-sin(x)"], ["-pi"], ["-1"], ["--", "-x"], ["--", "--grid"],
    ])
    func negativeExpressionsArePositional(arguments: [String]) throws {
        let parsed = try Self.parse(arguments)
        #expect(parsed.positionals == [arguments.last ?? ""])
        #expect(!parsed.contains(Self.grid))
    }

    static let usageErrors: [([String], String)] = [
        (["-x"], "unknown option '-x' for test; put -- before an expression that starts with '-'"),
        (["--frob"], "unknown option '--frob' for test"),
        (["-o"], "option -o needs a value (-o, --output FILE)"),
        (["-o", "--grid"], "option -o needs a value (-o, --output FILE)"),
        (["--grid=yes"], "option --grid takes no value"),
        (["-o", "a", "--output", "b"], "option --output is given more than once"),
    ]

    @Test(arguments: usageErrors)
    func reportsUsageErrors(arguments: [String], message: String) {
        #expect(throws: GraphCalcError.usage(message)) { try Self.parse(arguments) }
    }

    @Test func singlePositionalIsRequired() throws {
        let none = try Self.parse([])
        #expect(throws: GraphCalcError.usageShowing("missing EXPR", usage: "u")) {
            try none.singlePositional(named: "EXPR", usage: "u")
        }
        let two = try Self.parse(["1", "2"])
        #expect(throws: GraphCalcError.usageShowing("too many arguments", usage: "u")) {
            try two.singlePositional(named: "EXPR", usage: "u")
        }
    }
}

/// Options whose value is one of a type's cases parse into that type, and a bad value
/// names the cases, from the type.
@Suite struct ChoiceOptionTests {
    static let cases: [([String], String)] = [
        (["plot", "x", "--color", "yes"], "error: --color takes auto, always or never, not 'yes'"),
        (["plot", "x", "--angle", "turn"], "error: --angle takes rad, deg or grad, not 'turn'"),
        (["plot", "x", "--xscale", "ln"], "error: --xscale takes linear or log, not 'ln'"),
        (["svg", "x", "-o", "-", "--theme", "blue"], "error: --theme takes light or dark, not 'blue'"),
        (["plot", "x", "--mode", "fancy"], "error: --mode takes ascii, braille or auto, not 'fancy'"),
    ]

    @Test(arguments: cases)
    func aBadChoiceNamesTheCases(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2 && run.error.hasPrefix(message), "\(run.error)")
    }

    @Test func theColourChoiceIsTyped() throws {
        let arguments = try ParsedArguments(
            ["--color", "never"], command: "plot", options: OptionGroup.terminalOutput.options)
        #expect(try TerminalOutput(arguments).colorChoice == .never)
        #expect(OptionGroup.color.choices == ColorChoice.allCases.map(\.rawValue))
        #expect(ParsedArguments.spelled(["a"]) == "a" && ParsedArguments.spelled(["a", "b", "c"]) == "a, b or c")
    }
}
