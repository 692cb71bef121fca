import CalculatorBrain
import ChartData
import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Session files: everything round-trips; a classic program array loads just the program;
/// a bad file changes nothing and says what is wrong where.
@Suite struct SessionFileTests {
    @Test func theWholeSessionRoundTrips() throws {
        var session = Session()
        try session.press(["3", "x", "×"])
        try session.assign("r", "2")
        try session.evaluate("r*21")
        try session.define("f", parameter: "t", body: "t^2 - r")
        try session.define("g", parameter: "x", body: "f(x)/x")
        try session.view.setScale(8)
        try session.view.setOrigin(x: 3, y: 4)
        session.plottingVariable = "t"
        session.display.digits = 6
        session.display.mode = .ascii
        session.display.showsGrid = true
        session.display.theme = .dark
        session.display.size = DisplaySettings.CellSize(width: 60, height: 20)
        session.display.angle = .degrees
        session.display.marksDiscontinuities = false
        var reading = DataReader.Options(delimiter: .semicolon, hasHeader: false, columns: ["2", "1"])
        reading.skipsBadRows = true
        session.dataSets["d"] = DataReference(path: "/data/d.csv", reading: reading, style: .steps, xIsUnixTime: true)
        session.dataSets["w"] = DataReference(path: "/data/w.csv")
        let path = try temporaryDirectory("session").appendingPathComponent("s.plist").path
        try session.write(toFile: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Programs and functions are classic op arrays.
        #expect(text.contains("<string>×</string>") && text.contains("<key>functions</key>"))

        var loaded = Session()
        #expect(try loaded.load(file: path) == .session)
        #expect(loaded.brain.program == session.brain.program)
        #expect(loaded.brain.variableValues == session.brain.variableValues)
        #expect(loaded.ans == 42)
        #expect(loaded.functions.names == ["f", "g"])
        #expect(loaded.functions["g"]?.body == session.functions["g"]?.body)
        // Definitions stay live: g calls whatever f is after the load.
        #expect(loaded.functions.equation(of: "g") == "g(x) = f(x)/x")
        try loaded.define("f", parameter: "t", body: "1")
        #expect(try loaded.evaluate("g(4)") == 0.25)
        #expect(loaded.view == session.view)
        #expect(loaded.plottingVariable == "t")
        #expect(loaded.display == session.display)
        #expect(loaded.display.angle == .degrees && !loaded.display.marksDiscontinuities)
        #expect(try loaded.evaluate("sin(30)") == 0.5)
        // Data sets by reference: the paths and how they are read, no numbers.
        #expect(loaded.dataSets == session.dataSets)
        #expect(text.contains("<string>/data/d.csv</string>") && text.contains("<string>semicolon</string>"))
    }

    @Test func aClassicProgramLoadsJustTheProgram() throws {
        var session = Session()
        try session.assign("r", "2")
        let path = try temporaryDirectory("session").appendingPathComponent("p.plist").path
        try Program(parsing: "pi*r^2").write(toFile: path)
        #expect(try session.load(file: path) == .program)
        #expect(session.brain.program.description == "π×r^2")
        #expect(session.brain.variableValues == ["r": 2])
    }

    @Test func aBinarySessionIsRefused() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let path = try temporaryDirectory("session").appendingPathComponent("b.plist").path
        try encoder.encode(["format": "graphcalc-session"]).write(to: URL(fileURLWithPath: path))
        var session = Session()
        #expect(
            throws: GraphCalcError.sessionFile(
                "'\(path)': a session file is an XML property list, and this is a binary one")
        ) {
            try session.load(file: path)
        }
    }

    @Test func theExampleSessionsLoad() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/sessions")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".plist") }
        #expect(!files.isEmpty)
        for file in files {
            var session = Session()
            #expect(try session.load(file: root.appendingPathComponent(file).path) == .session)
            #expect(!session.functions.isEmpty)
        }
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        """

    static func file(
        program: String = "<array/>", functions: String = "<array/>", variables: String = "<dict/>",
        view: String = "<string>ranges</string>", mode: String = "", format: String = "graphcalc-session",
        data: String = ""
    ) -> String {
        header + """
            <dict>
            <key>format</key><string>\(format)</string><key>version</key><integer>1</integer>
            <key>program</key>\(program)<key>functions</key>\(functions)<key>variables</key>\(variables)
            <key>plottingVariable</key><string>x</string>
            <key>view</key><dict><key>fit</key>\(view)<key>x</key><array><real>-10</real><real>10</real></array>
            <key>y</key><array><real>-1</real><real>1</real></array><key>yAutomatic</key><true/>
            <key>columns</key><integer>72</integer><key>rows</key><integer>19</integer></dict>
            <key>display</key><dict><key>grid</key><false/><key>theme</key><string>light</string>\(mode)</dict>
            \(data)</dict></plist>
            """
    }

    /// A session file's data sets: `entries` each a dictionary's keys and values.
    static func data(_ entries: String...) -> String {
        "<key>data</key><array>" + entries.map { "<dict>\($0)</dict>" }.joined() + "</array>"
    }

    static let hostileFiles: [(String, String)] = [
        (file(), ""),
        (file(data: data("<key>name</key><string>d</string><key>path</key><string>/d.csv</string>")), ""),
        (
            file(data: data("<key>name</key><string>d</string><key>path</key><string>d.csv</string>")),
            "data[0]: path must be absolute"
        ),
        (
            file(data: data("<key>name</key><string>2d</string><key>path</key><string>/d.csv</string>")),
            "data[0]: '2d' is not a name free for a data set"
        ),
        (
            file(
                data: data(
                    "<key>name</key><string>d</string><key>path</key><string>/d.csv</string>",
                    "<key>name</key><string>d</string><key>path</key><string>/e.csv</string>")),
            "data[1]: 'd' is not a name free for a data set"
        ),
        (
            file(
                data: data(
                    "<key>name</key><string>d</string><key>path</key><string>/d.csv</string><key>style</key><string>bars</string>"
                )),
            "data[0]: style 'bars' is not points, lines or steps"
        ),
        (
            file(
                data: data(
                    "<key>name</key><string>d</string><key>path</key><string>/d.csv</string><key>delimiter</key><string>pipe</string>"
                )),
            "data[0]: delimiter 'pipe' is not comma, tab, semicolon or whitespace"
        ),
        (
            file(
                data: data(
                    "<key>name</key><string>d</string><key>path</key><string>/d.csv</string><key>columns</key><array/>")
            ),
            "data[0]: columns must be names or numbers, none empty"
        ),
        (
            file(
                data: data(
                    "<key>name</key><string>d</string><key>path</key><string>/d.csv</string><key>time</key><string>gps</string>"
                )),
            "data[0]: time must be unix"
        ),
        (file(program: "<array><true/></array>"), "program[0]: expected a number"),
        (file(program: "<array><string>frob+</string></array>"), "program[0]: 'frob+' is not an operation"),
        (file(program: "<array><real>nan</real></array>"), "program[0]: NaN is not a number"),
        (
            file(
                functions:
                    "<array><dict><key>name</key><string>f</string><key>parameter</key><string>x</string><key>program</key><array><string>f</string></array></dict></array>"
            ),
            "functions[0] (f): expected '(' after f"
        ),
        (
            file(
                functions:
                    "<array><dict><key>name</key><string>sin</string><key>parameter</key><string>x</string><key>program</key><array/></dict></array>"
            ),
            "functions[0] (sin): 'sin' cannot name a function"
        ),
        (file(variables: "<dict><key>2x</key><real>1</real></dict>"), "variables: '2x' is not a variable name"),
        (file(variables: "<dict><key>r</key><real>+infinity</real></dict>"), ""),
        (file(variables: "<dict><key>r</key><real>nan</real></dict>"), "variables: r is NaN, not a number"),
        (file(variables: "<dict><key>r</key><real>1</real><key>r</key><real>2</real></dict>"), "'r' is written twice"),
        (
            file(
                functions:
                    "<array><dict><key>name</key><string>f</string><key>parameter</key><string>x</string><key>program</key><array><string>x</string></array><key>definition</key><string>x+1</string></dict></array>"
            ),
            "functions[0] (f): the definition 'x+1' does not match its program"
        ),
        (file(view: "<string>sideways</string>"), "view: fit is 'sideways'"),
        (file(mode: "<key>mode</key><string>crayon</string>"), "display: mode is 'crayon'"),
        (file(format: "something-else"), "format is 'something-else'"),
        (header + "<dict><key>format</key><string>graphcalc-session</string></dict></plist>", "is missing"),
        (header + "<dict><key>a</key></dict></plist>", "is not a graphcalc session"),
        // Deep nesting once crashed the decoder (a stack overflow).
        (
            header + "<dict><key>program</key>" + String(repeating: "<array>", count: 100_000)
                + String(repeating: "</array>", count: 100_000) + "</dict></plist>",
            "nest deeper than 16"
        ),
        // A start tag ended by a newline, and a '>' inside a comment, once slipped past the
        // pre-scan that guarded the recursive decoder (a segmentation fault).
        (
            header + "<dict><key>p</key>" + String(repeating: "<array\n>", count: 10_000)
                + String(repeating: "</array>", count: 10_000) + "</dict></plist>",
            "nest deeper than 16"
        ),
        (
            header + "<dict><!-- > --><key>p</key>" + String(repeating: "<array><!-- > -->", count: 10_000)
                + String(repeating: "</array>", count: 10_000) + "</dict></plist>",
            "nest deeper than 16"
        ),
    ]

    /// Keys are found in constant time: 100,000 variables (a few MB) load at once, where a
    /// search of the dictionary for each key took 10¹⁰ comparisons.
    @Test(.timeLimit(.minutes(1)))
    func aSessionWithManyVariablesLoads() throws {
        let variables = (0..<100_000).map { "<key>v\($0)</key><real>\($0)</real>" }.joined()
        let path = try temporaryDirectory(
            "session", files: ["s.plist": Self.file(variables: "<dict>\(variables)</dict>")]
        )
        .appendingPathComponent("s.plist").path
        var session = Session()
        #expect(try session.load(file: path) == .session)
        #expect(session.brain.variableValues.count == 100_000 && session.brain.variableValues["v99999"] == 99_999)
    }

    /// ∞ typed (so ans is ∞) and kept in a variable: the session graphcalc saves
    /// reloads. A program file holds finite numbers only, as it holds no NaN (issue 26):
    /// one with ∞ is refused on reading, and a program with ∞ is not compiled into one.
    @Test func infinityRoundTrips() throws {
        let directory = try temporaryDirectory(
            "session", files: ["inf.plist": Self.header + "<array><real>+infinity</real></array></plist>"])
        let program = directory.appendingPathComponent("inf.plist").path
        let saved = directory.appendingPathComponent("s.plist").path
        let console = CapturingConsole()
        #expect(GraphCalc.run(arguments: ["table", program, "--x", "0:1", "--count", "2"], console: console) == 1)
        #expect(
            console.error.contains("item 0: expected a number or a symbol, found inf, which is not a finite number"))
        let lines = [
            "∞", "r = ans", "compile '1+∞' -o \(directory.appendingPathComponent("p.plist").path)",
            "save session \(saved)", "load \(saved)", "r",
        ]
        let repl = CapturingConsole()
        _ = REPL(console: repl, isInteractive: false).run(reader: ScriptedLineReader(lines: lines))
        #expect(repl.error.contains("a program file holds finite numbers only"), "\(repl.error)")
        var loaded = Session()
        #expect(try loaded.load(file: saved) == .session)
        #expect(loaded.ans == .infinity && loaded.brain.variableValues["r"] == .infinity)
    }

    @Test(arguments: hostileFiles)
    func aBadSessionFileChangesNothing(text: String, message: String) throws {
        let path = try temporaryDirectory("session", files: ["s.plist": text]).appendingPathComponent("s.plist").path
        var session = Session()
        try session.assign("kept", "1")
        let before = (session.brain.program, session.brain.variableValues)
        do {
            _ = try session.load(file: path)
            // Only well-formed files load; those cases have no message.
            #expect(message.isEmpty, "loaded a file that should fail with \(message)")
        } catch {
            #expect(!message.isEmpty, "\(error)")
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.contains(path))
            #expect(session.brain.program == before.0 && session.brain.variableValues == before.1)
        }
    }
}
