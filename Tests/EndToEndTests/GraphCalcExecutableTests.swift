import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `graphcalc` binary as a user would, and checks its output and status.
@Suite struct GraphCalcExecutableTests {
    private static let packageRoot = GraphCalcProcess.packageRoot
    private static let executable = GraphCalcProcess.executable

    private static func run(_ arguments: [String], directory: URL = packageRoot) throws -> CommandResult {
        try GraphCalcProcess.run(arguments, directory: directory)
    }

    private static func run(_ arguments: String...) throws -> CommandResult {
        try GraphCalcProcess.run(arguments)
    }

    /// Runs `graphcalc arguments` with `input` on standard input.
    private static func run(_ arguments: [String], input: String, directory: URL = packageRoot) throws
        -> CommandResult
    {
        try GraphCalcProcess.run(arguments, input: input, directory: directory)
    }

    private static func temporaryDirectory() throws -> URL {
        try TestSupport.temporaryDirectory("e2e")
    }

    /// Starts `graphcalc arguments`, sends SIGINT after `delay` seconds, and returns its
    /// status and standard error.
    private static func interrupt(_ arguments: [String], after delay: Double, directory: URL) throws -> CommandResult {
        let (result, seconds) = try GraphCalcProcess.interrupt(arguments, after: delay, directory: directory)
        #expect(seconds < 2, "took \(seconds) s to stop")
        return result
    }

    @Test func aDashReadsStandardInput() throws {
        #expect(try Self.run(["eval", "-"], input: "2+3*4\n").output == "14\n")
        let plist = try String(
            contentsOfFile: Self.packageRoot.appendingPathComponent("examples/programs/circle-area.plist").path,
            encoding: .utf8)
        #expect(try Self.run(["describe", "-"], input: plist).output == "π×r²\n")
        let chart = try Self.run(["chart", "bar", "-", "--size", "20x6", "--mode", "ascii"], input: "a,1\nb,2\n")
        #expect(chart.status == 0 && chart.output.contains("a") && chart.output.contains("b"))
        #expect(try Self.run(["words", "-"], input: "the the a").output == "word,count\nthe,2\na,1\n")
        let bad = try Self.run(["chart", "bar", "-"], input: "a,1\nb,many\n")
        #expect(bad.status == 1 && bad.error == "error: standard input:2: 'many' in column 2 is not a number\n")
    }

    @Test func anExpressionIsNotAFileUnlessItEndsInPlist() throws {
        let directory = try Self.temporaryDirectory()
        try Data("not a program".utf8).write(to: directory.appendingPathComponent("x"))
        let result = try Self.run(["eval", "x", "--set", "x=3"], directory: directory)
        #expect(result.status == 0 && result.output == "3\n")
    }

    @Test func fileNamesAProgramFileWhateverItsName() throws {
        let directory = try Self.temporaryDirectory()
        #expect(try Self.run(["compile", "x^2", "-o", "square.plist"], directory: directory).status == 0)
        try FileManager.default.moveItem(
            at: directory.appendingPathComponent("square.plist"), to: directory.appendingPathComponent("square"))
        let eval = try Self.run(["eval", "--file", "square", "--set", "x=3"], directory: directory)
        #expect(eval.status == 0 && eval.output == "9\n")
        #expect(try Self.run(["describe", "--file", "square"], directory: directory).output == "x^2\n")
        let table = try Self.run(["table", "--file", "square", "--x", "0:2", "--count", "3"], directory: directory)
        #expect(table.output == "x,y\n0,0\n1,1\n2,4\n")
        // Beside expressions, in the order given; - is standard input, which must be a program file.
        let plist = try String(contentsOf: directory.appendingPathComponent("square"), encoding: .utf8)
        let svg = try Self.run(["svg", "x", "--file", "-", "-o", "-"], input: plist, directory: directory)
        #expect(svg.status == 0 && svg.output.contains(">x<") && svg.output.contains(">x^2<"))
        let text = try Self.run(["eval", "--file", "-"], input: "x+1")
        #expect(text.status == 1)
        #expect(
            text.error == "error: 'standard input' is not a property list: neither an XML nor a binary property list\n")
        let both = try Self.run(["eval", "x", "--file", "square"], directory: directory)
        #expect(both.status == 2 && both.error.hasPrefix("error: give one program: EXPR, FILE.plist or --file FILE;"))
    }

    @Test func ctrlCEndsATableWithStatus130() throws {
        let result = try Self.interrupt(["table", "x", "--count", "10000000"], after: 0.5, directory: Self.packageRoot)
        #expect(result.status == 130)
        #expect(result.error == "error: interrupted\n")
        // What was printed before the stop is whole and true: full lines, each x with its
        // value (a block stopped halfway is not printed with its unfinished values).
        #expect(result.output.hasSuffix("\n"), "\(result.output.suffix(40))")
        let rows = result.output.split(separator: "\n").dropFirst()
        #expect(
            rows.allSatisfy { row in
                let fields = row.split(separator: ",", omittingEmptySubsequences: false)
                return fields.count == 2 && !fields[1].isEmpty && fields[0] == fields[1]
            })
    }

    @Test func ctrlCEndsAScriptWaitingForItsNextLine() throws {
        let process = Process()
        process.executableURL = Self.executable
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data("6*7\n".utf8))
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(text == "42\n")
        #expect(errors == "error: line 2: interrupted\n")
        #expect(process.terminationStatus == 130)
    }

    @Test func ctrlCDuringAnExportLeavesNoFile() throws {
        let directory = try Self.temporaryDirectory()
        // A sum of 3,000 waves over 10,000 columns takes many seconds to sample.
        let waves = (1...3000).map { "sin(x*\($0))" }.joined(separator: "+")
        let result = try Self.interrupt(
            ["svg", waves, "--size", "10000x2000", "-o", "out.svg"], after: 0.5, directory: directory)
        #expect(result.status == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func theExecutableWasBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path)")
    }

    static let evaluations: [([String], String)] = [
        (["eval", "2+3*4"], "14"),
        (["eval", "2^3^2"], "512"),
        (["eval", "-2^2"], "-4"),
        (["eval", "2x", "--set", "x=3"], "6"),
        (["eval", "√(3+5)"], "2.8284271247461903"),
        (["eval", "max(2, 7) - min(2, 7)"], "5"),
        (["eval", "examples/programs/root-of-sum.plist"], "2.8284271247461903"),
        (["eval", "examples/programs/circle-area.plist", "--set", "r=2"], "12.566370614359172"),
        (["eval", "examples/programs/quadratic-root.plist", "--set", "a=1", "--set", "b=-3", "--set", "c=2"], "2"),
        (["eval", "examples/programs/memory-key.plist", "--set", "M=0"], "3"),
        (["eval", "examples/programs/negative-entry.plist", "--set", "x=2"], "-18"),
        (["eval", "examples/programs/two-expressions.plist", "--set", "x=0"], "1"),
        (["eval", "examples/programs/damped-wave.plist", "--set", "x=0"], "0"),
    ]

    @Test(arguments: evaluations)
    func evaluates(arguments: [String], value: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.output == value + "\n")
        #expect(result.error.isEmpty)
    }

    static let exampleDescriptions: [(String, String)] = [
        ("root-of-sum", "√(3+5)"), ("circle-area", "π×r²"), ("damped-wave", "exp(−x÷5)×sin(2×x)"),
        ("quadratic-root", "(−b+√(b²−4×a×c))÷(2×a)"), ("memory-key", "cos(M)×3"), ("negative-entry", "−(9)×x"),
        ("two-expressions", "3+5, cos(x)"), ("missing-operand", "?+3"),
    ]

    @Test(arguments: exampleDescriptions)
    func describesTheExamples(name: String, description: String) throws {
        let result = try Self.run("describe", "examples/programs/\(name).plist")
        #expect(result.status == 0)
        #expect(result.output == description + "\n")
    }

    static let failures: [([String], Int32, String)] = [
        (
            ["eval", "sin("], 1,
            "error: unexpected end of expression at 5: expected a number, name or '('\n  sin(\n      ^\n"
        ),
        (["eval", "foo(2)"], 1, "error: unknown function 'foo' at 1\n  foo(2)\n  ^\n"),
        (["eval", "x"], 1, "error: variable 'x' is not set\n"),
        (
            ["eval", "examples/programs/missing-operand.plist"], 1,
            "error: 'examples/programs/missing-operand.plist': not enough operands for +\n"
        ),
        (
            ["eval", "-x"], 2,
            "error: unknown option '-x' for eval; put -- before an expression that starts with '-'\nSee 'graphcalc help eval'.\n"
        ),
        (["eval", "missing.plist"], 1, "error: cannot read 'missing.plist': no such file or directory\n"),
        (
            ["describe", "examples/programs/nosuch.plist"], 1,
            "error: cannot read 'examples/programs/nosuch.plist': no such file or directory\n"
        ),
    ]

    @Test(arguments: failures)
    func failsWithAMessageAndStatus(arguments: [String], status: Int32, error: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == status)
        #expect(result.error == error)
        #expect(result.output.isEmpty)
    }

    @Test func compiledProgramsReadBackInBothFormats() throws {
        let directory = try Self.temporaryDirectory()
        for format in ["xml", "binary"] {
            let path = directory.appendingPathComponent("wave-\(format).plist").path
            let compile = try Self.run("compile", "sin(x)*2+1", "-o", path, "--format", format)
            #expect(compile.status == 0)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let array = try PropertyListSerialization.propertyList(from: data, format: nil) as? [Any]
            #expect(array?.count == 6)
            #expect(try Self.run("eval", path, "--set", "x=0.25").output == "\(sin(0.25) * 2 + 1)\n")
        }
    }

    /// The calculator keys through Python's plistlib, an independent implementation:
    /// classic programs it writes evaluate to Python's values, and what graphcalc
    /// compiles reads back as the same array (`scripts/keys-plist-check.py`).
    @Test func calculatorKeysRoundTripThroughPythonsPlistlib() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.packageRoot.appendingPathComponent("scripts/keys-plist-check.py").path,
            Self.executable.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix(" passed, 0 failed\n") && !text.hasPrefix("0 passed"), "\(text)")
    }

    /// Γ, n! and ψ judged by mpmath and Python's exact integers over grids that reach
    /// the ends of their ranges (`scripts/special-functions-check.py`): n! correctly
    /// rounded for every n to 170, Γ within an ulp, ψ within a few.
    @Test func specialFunctionsAgreeWithMpmath() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.packageRoot.appendingPathComponent("scripts/special-functions-check.py").path,
            Self.executable.path, "--digamma",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasSuffix("4 passed, 0 failed\n"), "\(text)")
    }

    @Test func hostileProgramFilesGetAClearError() throws {
        let directory = try Self.temporaryDirectory()
        let files: [(String, Data)] = [
            ("garbage.plist", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })),
            ("empty.plist", Data()),
            ("dict.plist", Data("<plist><dict><key>a</key><real>1</real></dict></plist>".utf8)),
            ("nested.plist", Data("<plist><array><real>1</real><array/><string>+</string></array></plist>".utf8)),
        ]
        for (name, data) in files {
            let path = directory.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            let result = try Self.run("eval", path)
            #expect(result.status == 1, "\(name)")
            #expect(result.error.hasPrefix("error: '\(path)'"), "\(name): \(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "\(name): \(result.error)")
        }
    }

    @Test func aMillionOpProgramEvaluatesAndDescribes() throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("big.plist").path
        var items: [Any] = [1.0]
        items.reserveCapacity(1_000_001)
        for _ in 0..<500_000 { items += [1.0, "+"] }
        let data = try PropertyListSerialization.data(fromPropertyList: items, format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: path))
        #expect(try Self.run("eval", path).output == "500001\n")
        let description = try Self.run("describe", path)
        #expect(description.status == 0)
        #expect(description.output.utf8.count == 1_000_002)
    }

    @Test func sampleAndTablePrintCSV() throws {
        let sample = try Self.run("sample", "1/x", "--x", "-1:1", "--width", "4", "--y", "-8:8", "--height", "24")
        #expect(sample.status == 0)
        #expect(
            sample.output.hasPrefix(
                "column,x0,x1,ymin,ymax,exact,wmin,wmax\n0,-1,-0.5,-2,-1,1,-2,-1\n1,-0.5,0,-inf,-2,1,-16,-2\n"
            ))
        let table = try Self.run(
            "table", "examples/programs/memory-key.plist", "--var", "M", "--x", "0:1", "--count", "2")
        #expect(table.status == 0)
        #expect(table.output == "M,y\n0,3\n1,\(cos(1.0) * 3)\n")
        let unset = try Self.run("sample", "examples/programs/memory-key.plist")
        #expect(unset.status == 1)
        #expect(unset.error.hasPrefix("error: variable 'M' is not set"))
    }

    @Test func plotDrawsExactlyTheRequestedCells() throws {
        let plot = try Self.run("plot", "sin(x)", "--size", "50x12", "--no-axes", "--no-legend", "--mode", "ascii")
        #expect(plot.status == 0)
        let lines = plot.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 12 && lines.allSatisfy { $0.count == 50 })
        let framed = try Self.run("plot", "tan(x)", "1/x", "--size", "70x20")
        #expect(framed.status == 0 && framed.output.split(separator: "\n").count == 20)
        #expect(!framed.output.contains("\u{1B}["))
        let bad = try Self.run("plot", "x", "--size", "100000x20")
        #expect(bad.status == 2 && bad.error.hasPrefix("error: size 100000x20 is outside"))
    }

    @Test func svgExportsAWellFormedFile() throws {
        let path = try Self.temporaryDirectory().appendingPathComponent("tan.svg").path
        let export = try Self.run("svg", "tan(x)", "sqrt(x)", "-o", path, "--title", "<b> & \"c\"")
        #expect(export.status == 0 && export.output.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("<?xml") && text.hasSuffix("</svg>\n"))
        #expect(text.contains("&lt;b&gt; &amp; &quot;c&quot;") && !text.contains("<b>"))
        #expect(text.utf8.count < 20_000)
        let failed = try Self.run("svg", "tan(", "-o", path + "-bad.svg")
        #expect(failed.status == 1 && !FileManager.default.fileExists(atPath: path + "-bad.svg"))
    }

    @Test func aFullOutputDeviceIsAnErrorNotACrash() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["eval", "1+1"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message == "error: cannot write to standard output: no space left on device\n")
    }

    @Test func helpAndVersion() throws {
        let help = try Self.run("--help")
        #expect(help.status == 0)
        #expect(help.output.contains("Usage: graphcalc COMMAND [ARGUMENTS]"))
        let version = try Self.run("--version")
        #expect(version.output.hasPrefix("graphcalc "))
        // Without arguments, and with standard input not a terminal, it runs a script:
        // here an empty one.
        let noArguments = try Self.run([])
        #expect(noArguments.status == 0 && noArguments.output.isEmpty)
    }
}
