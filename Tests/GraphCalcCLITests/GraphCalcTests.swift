import CalculatorBrain
import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The verbs, run in-process with a capturing console.
@Suite struct GraphCalcTests {
    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    private static func temporaryPath(_ name: String) throws -> String {
        try temporaryDirectory("cli").appendingPathComponent(name).path
    }

    static let evaluations: [([String], String)] = [
        (["eval", "2+3*4"], "14\n"),
        (["eval", "-2^2"], "-4\n"),
        (["eval", "3sin(x)", "--set", "x=pi/6"], "\(3 * sin(Double.pi / 6))\n"),
        (["eval", "area", "--set", "r=2", "--set", "area=pi*r^2"], "\(Double.pi * 4)\n"),
        (["eval", "0.1+0.2"], "0.30000000000000004\n"),
        (["eval", "1e-5"], "1e-05\n"),
        // Expressions side by side print each value.
        (["eval", "3+5, cos(0)"], "8, 1\n"),
        (["eval", "--set", "x=2", "--", "-x"], "-2\n"),
        (["eval", "pi", "--digits", "3"], "3.14\n"),
        (["eval", "1/3", "--digits", "17"], "0.33333333333333331\n"),
        (["table", "x/3", "--x", "0:1", "--count", "2", "--digits", "4"], "x,y\n0,0\n1,0.3333\n"),
        // An overflow has no value (eval says why); an infinity in a program is a value.
        (["table", "sinh(1000+x)", "--x", "0:1", "--count", "2"], "x,y\n0,\n1,\n"),
        // Ranges as wide as the doubles: no overflow in the step, none in the rounding.
        (["table", "x", "--x", "-1e308:1e308", "--count", "3"], "x,y\n-1e+308,-1e+308\n0,0\n1e+308,1e+308\n"),
        (
            ["table", "x", "--x", "1e308:1.7976931348623157e308", "--count", "2"],
            "x,y\n1e+308,1e+308\n1.7976931348623157e+308,1.7976931348623157e+308\n"
        ),
    ]

    @Test(arguments: evaluations)
    func evalPrintsTheValue(arguments: [String], output: String) {
        let console = CapturingConsole()
        #expect(GraphCalc.run(arguments: arguments, console: console) == 0)
        #expect(console.output == output)
        #expect(console.error.isEmpty)
    }

    /// `1,000` is two expressions: both values are printed, with a note — once a silent 0.0
    /// (issue 26).
    @Test func aCommaIsNeverSwallowedSilently() {
        let run = Self.run("eval", "1,000")
        #expect(run.status == 0 && run.output == "1, 0\n")
        #expect(run.error == "note: ',' separates expressions, so '1,000' is several; write 1000, not 1,000\n")
        let console = CapturingConsole()
        _ = REPL(console: console, isInteractive: false).run(reader: ScriptedLineReader(lines: ["1,000", "ans"]))
        #expect(console.output.hasSuffix("1, 0\n0\n"), "\(console.output)")
        #expect(console.error.hasPrefix("note: ',' separates expressions"))
    }

    @Test func everythingAfterDoubleDashIsPositional() {
        let run = Self.run("eval", "--", "-x")
        #expect(run.status == 1)
        #expect(run.error == "error: variable 'x' is not set\n")
    }

    static let failures: [([String], Int32, String)] = [
        (["eval", "1/0"], 1, "error: division by zero in ÷\n"),
        (["eval", "x"], 1, "error: variable 'x' is not set\n"),
        (["eval", "sin(x+1"], 1, "error: expected ')' at 8\n  sin(x+1\n         ^\n"),
        (["eval", "2 $ 3"], 1, "error: unexpected character '$' at 3\n  2 $ 3\n    ^\n"),
        (
            ["eval", "x", "--set", "x=1+"], 2,
            "error: --set x: unexpected end of expression at 3: expected a number, name or '('\n  1+\n    ^\n"
        ),
        (["eval", "x", "--set", "x=y"], 2, "error: --set x: variable 'y' is not set\n"),
        (
            ["eval", "x", "--set", "sin=1"], 2,
            "error: --set: 'sin' is not a valid variable name\nSee 'graphcalc help eval'.\n"
        ),
        (
            ["svg", "x", "-o", ""], 2,
            "error: -o needs a file name (- for standard output)\nSee 'graphcalc help svg'.\n"
        ),
        (["eval", "x", "--set", "x"], 2, "error: --set needs NAME=VALUE, not 'x'\nSee 'graphcalc help eval'.\n"),
        (
            ["eval"], 2,
            "error: missing EXPR or FILE.plist; usage: graphcalc eval EXPR|FILE.plist|--file FILE [--set NAME=VALUE]... [--digits N] [--angle rad|deg|grad]\n"
        ),
        (
            ["eval", "1", "2"], 2,
            "error: too many arguments; usage: graphcalc eval EXPR|FILE.plist|--file FILE [--set NAME=VALUE]... [--digits N] [--angle rad|deg|grad]\n"
        ),
        (["frob"], 2, "error: unknown command 'frob'\nSee 'graphcalc --help'.\n"),
        (
            ["svg", "x", "-o", "g.png"], 2,
            "error: -o g.png: graphcalc writes SVG; name the file g.svg (for a PNG: rsvg-convert g.svg -o g.png)\nSee 'graphcalc help svg'.\n"
        ),
        (
            ["chart", "bar", "d.csv", "-o", "c.pdf"], 2,
            "error: -o c.pdf: graphcalc writes SVG; name the file c.svg\nSee 'graphcalc help chart'.\n"
        ),
        (["--version", "x"], 2, "error: --version takes no arguments\nSee 'graphcalc --help'.\n"),
        (["--hlep"], 2, "error: unknown option '--hlep' — did you mean '--help'?\nSee 'graphcalc --help'.\n"),
        (
            ["plot", "x", "--sise", "4x4"], 2,
            "error: unknown option '--sise' for plot — did you mean '--size'?\nSee 'graphcalc help plot'.\n"
        ),
        (["plto", "x"], 2, "error: unknown command 'plto' — did you mean 'plot'?\nSee 'graphcalc --help'.\n"),
        (
            ["zoom", "2"], 2,
            "error: 'zoom' is a command of the interactive prompt: run graphcalc without arguments\nSee 'graphcalc --help'.\n"
        ),
        ([], 2, "error: no command given; usage: graphcalc COMMAND [ARGUMENTS]\n"),
        (["help", "frob"], 2, "error: unknown command 'frob'\nSee 'graphcalc --help'.\n"),
        (["compile", "x"], 2, "error: compile needs -o FILE.plist; usage: \(CompileCommand.usage)\n"),
        (
            ["compile", "x", "-o", "a.plist", "--format", "json"], 2,
            "error: --format must be xml or binary, not 'json'\nSee 'graphcalc help compile'.\n"
        ),
        (
            ["describe", "/nonexistent/p.plist"], 1,
            "error: cannot read '/nonexistent/p.plist': no such file or directory\n"
        ),
    ]

    @Test(arguments: failures)
    func failuresGoToStandardErrorWithTheirStatus(arguments: [String], status: Int32, error: String) {
        let console = CapturingConsole()
        #expect(GraphCalc.run(arguments: arguments, console: console) == status)
        #expect(console.error == error)
        #expect(console.output.isEmpty)
    }

    static let descriptions: [(String, String)] = [
        ("2*(x+1)^2", "2×(x+1)^2"), ("3+(5+4)", "3+(5+4)"), ("sqrt(3+5)", "√(3+5)"), ("-x^2", "−x^2"),
        ("atan2(y,x)", "atan2(y, x)"), ("2x", "2×x"),
    ]

    @Test(arguments: descriptions)
    func describePrintsTheInfixForm(expression: String, description: String) {
        let run = Self.run("describe", expression)
        #expect(run.status == 0)
        #expect(run.output == description + "\n")
    }

    @Test func compileWritesAProgramThatEvalAndDescribeRead() throws {
        for format in ["xml", "binary"] {
            let path = try Self.temporaryPath("wave.plist")
            let compile = Self.run("compile", "sin(x)*2+1", "-o", path, "--format", format)
            #expect(compile.status == 0)
            #expect(compile.output.isEmpty && compile.error.isEmpty)
            let program = try Program(contentsOfFile: path)
            #expect(
                program.ops == [
                    .variable("x"), .unary(.sine), .operand(2), .binary(.multiplication), .operand(1),
                    .binary(.addition),
                ])
            #expect(Self.run("eval", path, "--set", "x=0").output == "1\n")
            #expect(Self.run("describe", path).output == "sin(x)×2+1\n")
        }
    }

    @Test func compileConvertsBetweenFormatsAndWritesToStandardOutput() throws {
        let xml = try Self.temporaryPath("p.plist")
        #expect(Self.run("compile", "x^2", "-o", xml).status == 0)
        let binary = Self.run("compile", xml, "-o", "-", "--format", "binary")
        #expect(binary.status == 0)
        #expect(binary.data.starts(with: Array("bplist00".utf8)))
        #expect(try Program(propertyListData: binary.data).description == "x^2")
        let text = Self.run("compile", "x^2", "-o", "-")
        #expect(text.output.contains("<string>^</string>"))
    }

    @Test func aFailedCompileKeepsTheExistingFile() throws {
        let path = try Self.temporaryPath("keep.plist")
        #expect(Self.run("compile", "1+2", "-o", path).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let run = Self.run("compile", "1+", "-o", path)
        #expect(run.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func programFileErrorsNameTheFile() throws {
        let path = try Self.temporaryPath("bad.plist")
        try Data("<plist><array><real>1</real><true/></array></plist>".utf8).write(to: URL(fileURLWithPath: path))
        let run = Self.run("eval", path)
        #expect(run.status == 1)
        #expect(run.error == "error: '\(path)', item 1: expected a number or a symbol, found a boolean (true)\n")

        let unset = try Self.temporaryPath("unset.plist")
        try Program([.variable("M")]).write(toFile: unset)
        #expect(Self.run("eval", unset).error == "error: '\(unset)': variable 'M' is not set\n")
    }

    @Test func helpAndVersion() {
        let overview = Self.run("--help")
        #expect(overview.status == 0)
        for verb in ["eval", "describe", "compile", "help"] {
            #expect(overview.output.contains("\n  \(verb) "), "\(verb) missing from --help")
        }
        #expect(Self.run("-h").output == overview.output)
        #expect(Self.run("help").output == overview.output)
        #expect(Self.run("help", "eval").output == EvalCommand.help)
        #expect(Self.run("eval", "--help").output == EvalCommand.help)
        #expect(Self.run("compile", "x", "-h").output == CompileCommand.help)
        #expect(
            EvalCommand.help.hasPrefix(
                "Usage: graphcalc eval EXPR|FILE.plist|--file FILE [--set NAME=VALUE]...\n    [--digits N] [--angle rad|deg|grad]\n"
            ))
        #expect(Self.run("--version").output == "graphcalc \(GraphCalc.version)\n")
    }

    @Test func caretIsOmittedForMultilineExpressions() {
        let run = Self.run("eval", "1+\n")
        #expect(run.status == 1)
        #expect(run.error == "error: unexpected end of expression at 4: expected a number, name or '('\n")
    }
}

/// The command lines the robustness review found trapping, hanging or printing wrong
/// numbers, run as they were reported: each ends with a clear status and no trap.
@Suite struct ReportedReproductionTests {
    static let commandLines: [([String], Int32)] = [
        (["plot", "1", "--y", "0:1.5e308", "--size", "20x6", "--mode", "ascii"], 0),
        (["plot", "x", "--x", "0:1.5e308", "--size", "20x6", "--mode", "ascii"], 0),
        (["svg", "x", "-o", "-", "--x", "0:1.5e308"], 0),
        (["plot", "x", "--size", "0x0"], 2),
        (["plot", "x", "--x", "5:1"], 2),
        (["plot", "x", "--x", "0:1e309"], 2),
        (["eval", "x", "--set", "x"], 2),
        (["svg", "x", "-o", "x.png"], 2),
        (["table", "x", "--x", "-1e308:1e308", "--count", "3"], 0),
        (["table", "x", "--x", "1e308:1.7976931348623157e308", "--count", "2"], 0),
    ]

    @Test(arguments: commandLines)
    func endsCleanly(arguments: [String], status: Int32) {
        let run = CommandRun(arguments)
        #expect(run.status == status, "\(arguments): \(run.error)")
        #expect(!run.output.contains("nan") && !run.output.contains("inf"), "\(arguments)")
        #expect(status == 0 || (run.error.hasPrefix("error: ") && run.errorLines.count <= 3), "\(arguments)")
    }

    @Test func aChartOfTheLargestValuesIsInProportion() throws {
        let directory = try temporaryDirectory(
            "extreme", files: ["b.csv": "a,1\nb,1.7e308\n", "n.csv": "a,-1\nb,-1.7e308\n"])
        for (file, extra) in [("b.csv", [String]()), ("n.csv", ["--horizontal"])] {
            let path = directory.appendingPathComponent(file).path
            let run = CommandRun(["chart", "bar", path, "--values", "--size", "30x8", "--mode", "ascii"] + extra)
            #expect(run.status == 0 && run.output.split(separator: "\n").count == 8, "\(file): \(run.error)")
            #expect(run.output.contains("1.7e+308") || run.output.contains("-1.7e+308"), "\(run.output)")
        }
    }
}
