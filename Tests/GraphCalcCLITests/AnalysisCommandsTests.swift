import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// `extrema`, `integrate`, the analysis forms at the prompt and `--points`, run in-process.
@Suite struct AnalysisCommandsTests {
    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    private static func prompt(_ lines: [String]) -> (status: Int32, output: String, error: String) {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        let status = repl.run(reader: ScriptedLineReader(lines.map(LineInput.line)))
        return (status, console.output, console.error)
    }

    static let snapshots = GoldenFile.snapshots(besides: #filePath)

    @Test func extremaListsLocalEndAndGlobalValues() {
        let cubic = Self.run("extrema", "x^3-3x", "--x", "-3:3")
        #expect(cubic.status == 0)
        #expect(
            cubic.output == """
                kind,x,y,lo,hi,ylo,yhi,status,reason
                endpoint,-3,-18,-3,-3,-18,-18,proved,
                local max,-1,2,-1,-1,2,2,proved,
                local min,1,-2,1,1,-2,-2,proved,
                endpoint,3,18,3,3,18,18,proved,
                global min,-3,-18,-3,-3,-18,-18,proved,
                global max,3,18,3,3,18,18,proved,
                # 6 proved, 0 possible

                """, "\(cubic.output)")
        // A corner, where f′ has no value, is a local minimum too.
        let corner = Self.run("extrema", "abs(x-1)+x/4", "--x", "-2:2").output
        #expect(corner.contains("\nlocal min,1,0.25,"), "\(corner)")
        #expect(corner.contains("\nglobal min,1,0.25,"), "\(corner)")
        // A pole: the global extrema are possible, and the reason, holding a comma or not,
        // is one CSV field.
        let pole = Self.run("extrema", "1/x", "--x", "-1:1").output
        #expect(pole.contains("global min,") && pole.contains(",possible,the function may fall without bound here"))
        let none = Self.run("extrema", "sqrt(x)", "--x", "-3:-1")
        #expect(none.status == 1 && none.error.hasPrefix("error: √(x) has no value anywhere on -3…-1"), "\(none.error)")
    }

    /// Γ′ = Γ·ψ: Γ's minimum on the positive axis is found and proved, and Γ(3) − 2, exactly
    /// 0 at the double 3, is a proved zero at exactly 3 (issue 26's reproductions).
    @Test func gammaHasADerivativeAndExactZeros() {
        let extrema = Self.run("extrema", "gamma(x)", "--x", "0.5:4").output
        #expect(extrema.contains("\nlocal min,1.46163214"), "\(extrema)")
        let row = extrema.split(separator: "\n").first { $0.hasPrefix("local min,") }.map(String.init) ?? ""
        let fields = row.split(separator: ",", omittingEmptySubsequences: false)
        // The minimum is where mpmath puts it, 1.4616321449683623…, inside the proved interval.
        #expect(fields.count >= 9 && fields[7] == "proved", "\(row)")
        if fields.count >= 9, let lower = Double(fields[3]), let upper = Double(fields[4]) {
            #expect(lower <= 1.4616321449683622 && 1.4616321449683623 <= upper, "\(row)")
        }
        #expect(
            Self.run("zeros", "gamma(x)-2", "--x", "2:4").output
                == "x,lo,hi,status,reason\n3,3,3,proved,\n# 1 proved, 0 possible\n")
        #expect(Self.run("eval", "69!/68!").output == "69\n")
        #expect(Self.run("eval", "97!").output == "9.619275968248212e+151\n")
    }

    /// A possible row's x has only the digits its interval supports (issue 26): tan(x)−x
    /// beside 0 is possible on [5e−324, 1.3e−6], so x is 7e-07, not 6.70775721849368e-07.
    @Test func possibleRowsShowTheDigitsTheyHave() {
        let output = Self.run("zeros", "tan(x)-x", "--x", "0:20").output
        #expect(output.contains("\n7e-07,5e-324,1.341551443698736e-06,possible,"), "\(output)")
        #expect(output.contains("\n4.493409457909064,4.493409457909063,4.493409457909065,proved,\n"))
        #expect(Self.run("zeros", "x-x").output.contains("\n0,-10,10,proved,0 throughout\n"))
    }

    /// Poles are named after the rows, and a function with no value in range is an error.
    @Test func polesAreNamedAndNoValueIsAnError() {
        let tangent = Self.run("zeros", "tan(x)", "--x", "0:4")
        #expect(
            tangent.output == """
                x,lo,hi,status,reason
                0,0,0,proved,
                3.141592653589793,3.1415926535897927,3.1415926535897936,proved,
                # pole near x = 1.570796326796 in tan(x)
                # 2 proved, 0 possible

                """, "\(tangent.output)")
        #expect(Self.run("extrema", "ln(x)", "--x", "0:2").output.contains("\n# pole near x = 0 in ln(x)\n"))
        #expect(Self.run("intersect", "1/x", "x", "--x", "-2:2").output.contains("\n# pole near x = 0 in 1÷x\n"))
        for verb in ["zeros", "extrema"] {
            let none = Self.run(verb, "sqrt(x)", "--x", "-3:-1")
            #expect(none.status == 1 && none.error == "error: √(x) has no value anywhere on -3…-1\n", "\(none.error)")
        }
        let meetNone = Self.run("intersect", "sqrt(x)", "x", "--x", "-3:-1")
        #expect(meetNone.status == 1 && meetNone.error.hasPrefix("error: √(x) has no value anywhere"))
    }

    @Test func integrateEnclosesTheIntegral() throws {
        for (expression, range, value) in [
            ("sin(x)", "0:pi", 2.0), ("exp(-x^2)", "-5:5", 1.7724538509027912), ("sqrt(x)", "0:1", 2.0 / 3),
        ] {
            let run = Self.run("integrate", expression, "--x", range)
            #expect(run.status == 0)
            let lines = run.output.split(separator: "\n")
            #expect(lines.first == "value,lo,hi,status,reason" && lines.count == 2, "\(run.output)")
            let fields = try #require(lines.last?.split(separator: ",", omittingEmptySubsequences: false))
            let numbers = fields.prefix(3).compactMap { Double($0) }
            #expect(numbers.count == 3 && fields[3] == "proved", "\(run.output)")
            #expect(numbers[1] <= value && value <= numbers[2], "\(expression): \(value) not in \(numbers)")
            #expect(Tolerance.isClose(numbers[0], value, relative: 1e-12), "\(expression): \(numbers[0])")
        }
        let pole = Self.run("integrate", "1/x", "--x", "-1:1")
        #expect(pole.status == 1 && pole.output.isEmpty)
        #expect(
            pole.error
                == "error: the integral of 1÷x: diverges: the function is unbounded near x = 0, and its integral from a distance δ of it grows at least like log(1/δ)\n"
        )
        let outside = Self.run("integrate", "sqrt(x)", "--x", "-1:1")
        #expect(outside.status == 1 && outside.error.contains(": no value at x = -"), "\(outside.error)")
        let integrable = Self.run("integrate", "1/sqrt(x)", "--x", "0:1").output
        #expect(integrable.hasPrefix("value,lo,hi,status,reason\n1.99999"), "\(integrable)")
        #expect(integrable.contains(",,,possible,the function is unbounded near x = 0"))
        // Without --x, the range is −10…10, as for the other verbs.
        #expect(Self.run("integrate", "x").output == "value,lo,hi,status,reason\n0,0,0,proved,\n")
        // A spread wider than the tolerance when the work runs out: possible, and says so.
        let long = Self.run("integrate", "sin(x)", "--x", "0:1e6").output
        #expect(long.contains(",possible,\"[lo, hi] holds the integral, but the work allowed ran out"), "\(long)")
        // A removable singularity is not called a pole; an estimate without an enclosure.
        let removable = Self.run("integrate", "sin(x)/x", "--x", "-1:1").output
        #expect(removable.hasPrefix("value,lo,hi,status,reason\n1.892166140734366"), "\(removable)")
        #expect(removable.contains(",possible,the function is not proved to have a value at x = 0 (a hole"))
        #expect(Self.run("zeros", "sin(x)/x").output.contains("pole") == false)
        // Digits round a proved interval outward, so it still holds what it proves.
        #expect(Self.run("zeros", "x^2-2", "--x", "0:2", "--digits", "3").output.contains("\n1.41,1.41,1.42,proved,\n"))
        #expect(
            Self.run("integrate", "x^2", "--x", "0:1", "--digits", "3").output.contains("\n0.333,0.333,0.334,proved,"))
        // A lower bound just under a power of ten keeps all its digits: 0.999, not 0.99.
        #expect(
            Self.run("integrate", "abs(x)", "--x", "-1:1", "--digits", "3").output.contains("\n1,0.999,1.01,proved,"))
        #expect(
            Self.run("integrate", "abs(x)", "--x", "-1:1", "--digits", "5").output.contains(
                "\n1,0.99999,1.0001,proved,"))
    }

    /// A reason with commas is one quoted CSV field.
    @Test func reasonsAreQuotedCSVFields() {
        let double = Self.run("zeros", "(x-1.1)^2", "--x", "0:2").output
        #expect(
            double.contains(
                ",possible,\"the function and its slope may both vanish here: a double root, a tangency, or zeros closer than the resolution\"\n"
            ), "\(double)")
        #expect(AnalysisTable.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(AnalysisTable.field("plain") == "plain")
    }

    /// At the prompt the verbs take the functions shown and the view.
    @Test func theAnalysisVerbsWorkOnTheSessionsFunctions() {
        let session = Self.prompt([
            "f(x) = x^3-3x", "g(x) = x", "plot f g --x -3:3 --size 40x10 --mode ascii", "zeros", "extrema",
            "intersect", "deriv 2", "integrate 0 2", "integrate 2 0", "trace 1", "deriv x^2",
        ])
        let output = session.output
        #expect(output.contains("function,x,lo,hi,status,reason\nf(x) = x^3−3×x,-1.7320508075688772,"), "\(output)")
        #expect(output.contains("\ng(x) = x,0,0,0,proved,\n# 4 proved, 0 possible\n"))
        #expect(output.contains("\nf(x) = x^3−3×x,local max,-1,2,"))
        #expect(output.contains("x,f,g,lo,hi,status,reason\n-2,-2,-2,-2,-2,proved,\n0,"))
        #expect(output.contains("slope of f(x) = x^3−3×x at x = 2: 9\nslope of g(x) = x at x = 2: 1\n"))
        #expect(output.contains("function,value,lo,hi,status,reason\nf(x) = x^3−3×x,-2,"))
        #expect(output.contains("\nf(x) = x^3−3×x,2,1.99999"), "integrate 2 0 flips the sign")
        #expect(output.contains("f(x) = x^3−3×x at x = 1: -2, slope 0\ng(x) = x at x = 1: 1, slope 1\n"))
        #expect(session.error.contains("line 11: deriv needs --at X"), "\(session.error)")
        // A function named before the numbers; a point where the function has no value;
        // the ends of integrate from the session's variables.
        let named = Self.prompt([
            "f(x) = x^3-3x", "g(x) = ln(cos(x))", "plot f --x -3:3 --size 40x10 --mode ascii", "a = 2",
            "integrate f 0 a", "deriv f a", "deriv g pi", "extrema g --x 0:4",
        ])
        #expect(named.output.contains("value,lo,hi,status,reason\n-2,"), "\(named.output)")
        #expect(named.output.contains("slope of f(x) = x^3−3×x at x = 2: 9\n"))
        #expect(named.output.contains("g(x) = ln(cos(x)) has no value at x = 3.141592653589793"))
        #expect(named.output.contains("\n# pole near x = 1.570796326796 in g(x) = ln(cos(x))\n"), "\(named.output)")
        #expect(named.status == 0, "\(named.error)")
    }

    @Test func pointsMarkZerosExtremaAndIntersections() throws {
        let plot = Self.run(
            "plot", "x^3-3x", "x", "--x", "-3:3", "--y", "-5:5", "--size", "60x16", "--mode", "ascii", "--points")
        #expect(plot.status == 0)
        GoldenFile.expectMatch(plot.output, name: "points-ascii.txt", directory: Self.snapshots)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("p.svg").path
        let svg = Self.run("svg", "x^2-2", "sin(x)", "--x", "-3:3", "--points", "-o", path)
        #expect(svg.status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for title in [
            "zero of x^2−2: (-1.41421, 0)", "zero of x^2−2: (1.41421, 0)", "minimum of x^2−2: (0, -2)",
            "zero of sin(x): (0, 0)", "maximum of sin(x): (1.5708, 1)", "minimum of sin(x): (-1.5708, -1)",
            "x^2−2 meets sin(x): (-1.06155, -0.873112)", "x^2−2 meets sin(x): (1.72847, 0.987596)",
        ] {
            #expect(text.contains("<title>\(title)</title>"), "\(title)")
        }
        #expect(text.components(separatedBy: "<circle class=\"intersection\"").count == 3)
        // Without --points, none.
        let plain = Self.run("svg", "x^2-2", "--x", "-3:3", "-o", path)
        #expect(plain.status == 0)
        #expect(try !String(contentsOfFile: path, encoding: .utf8).contains("class=\"points\""))
    }
}
