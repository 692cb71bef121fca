import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// `sample` and `table`, run in-process.
@Suite struct GraphingCommandsTests {
    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    /// `--angle` on every verb that evaluates, and the legend says the unit.
    @Test func theAngleUnitIsAnOptionOfEveryEvaluatingVerb() {
        #expect(Self.run("eval", "sin(30)", "--angle", "deg").output == "0.5\n")
        #expect(Self.run("eval", "asin(1)", "--angle", "grad").output == "100\n")
        #expect(Self.run("eval", "sin(30)").output == "\(sin(30.0))\n")
        #expect(Self.run("eval", "tan(90)", "--angle", "deg").error == "error: tan has a pole at 90\n")
        let table = Self.run("table", "cos(x)", "--x", "0:180", "--count", "3", "--angle", "deg")
        #expect(table.output == "x,y\n0,1\n90,0\n180,-1\n", "\(table.output)")
        let plot = Self.run(
            "plot", "sin(x)", "x", "--angle", "deg", "--x", "0:360", "--size", "40x8", "--mode", "ascii")
        #expect(plot.output.contains("sin(x) (deg)") && plot.output.contains("+ x "), "\(plot.output)")
        let bad = Self.run("eval", "sin(1)", "--angle", "turn")
        #expect(bad.status == 2 && bad.error.hasPrefix("error: --angle takes rad, deg or grad, not 'turn'"))
    }

    @Test func zerosPrintsEachZeroWithItsProof() {
        let cubic = Self.run("zeros", "x^3-2x+1", "--x", "-2:2")
        #expect(cubic.status == 0)
        #expect(
            cubic.output == """
                x,lo,hi,status,reason
                -1.618033988749895,-1.6180339887498953,-1.6180339887498945,proved,
                0.6180339887498948,0.6180339887498948,0.6180339887498949,proved,
                1,1,1,proved,
                # 3 proved, 0 possible

                """)
        #expect(
            Self.run("zeros", "1/x", "--x", "-1:1").output
                == "x,lo,hi,status,reason\n# pole near x = 0 in 1÷x\n# 0 proved, 0 possible\n")
        // Γ′ = Γ·ψ proves Γ's zeros (the one at 3 exactly); ψ has no derivative among the
        // keys: its zeros are excluded but not proved; exact ones still are.
        let gamma = Self.run("zeros", "gamma(x)-2", "--x", "-3:4")
        #expect(gamma.status == 0 && gamma.output.hasSuffix("# 2 proved, 0 possible\n"), "\(gamma.output)")
        #expect(gamma.output.contains("\n0.4428773964847274,0.4428773964847273,0.4428773964847275,proved,\n"))
        let digamma = Self.run("zeros", "digamma(x)-1", "--x", "1:4")
        #expect(digamma.output.contains("possible,\"no derivative to prove a zero with (ψ, nPr"), "\(digamma.output)")
        #expect(Self.run("zeros", "x!-6", "--x", "0:5").output.contains("\n3,3,3,proved,\n"))
        #expect(Self.run("zeros", "sign(x)", "--x", "-3:3").output.contains("\n0,0,0,proved,\n"))
        let flat = Self.run("zeros", "floor(x)", "--x", "-3:3").output
        #expect(flat.contains(",0,0.9999996816511099,proved,0 throughout\n"), "\(flat)")
    }

    @Test func intersectFindsWhereTwoFunctionsMeet() {
        let meeting = Self.run("intersect", "x^2", "2-x", "--x", "-3:3")
        #expect(
            meeting.output == """
                x,f,g,lo,hi,status,reason
                -2,4,4,-2,-2,proved,
                1,1,1,1,1,proved,
                # 2 proved, 0 possible

                """)
        let dottie = Self.run("intersect", "cos(x)", "x", "--x", "0:2")
        #expect(dottie.output.contains("\n0.7390851332151607,0.7390851332151607,0.7390851332151607,"))
        let one = Self.run("intersect", "x")
        #expect(one.status == 2 && one.error.hasPrefix("error: intersect takes two functions, not 1"))
    }

    @Test func deriveAndDerivGiveTheDerivative() {
        #expect(Self.run("derive", "x^3-2x+1").output == "3×x^2−2\n")
        #expect(Self.run("derive", "r^2*t", "--var", "r").output == "2×r×t\n")
        #expect(Self.run("deriv", "x^3-2x+1", "--at", "2").output == "10\n")
        #expect(Self.run("deriv", "sin(x)", "--at", "pi/3").output == "\(cos(Double.pi / 3))\n")
        let kink = Self.run("deriv", "abs(x)", "--at", "0")
        #expect(
            kink.status == 1
                && kink.error
                    == "error: no derivative at x = 0: the slope is -1 from the left and 1 from the right\n"
        )
        // Where the formula has no value but the sides meet, the slope is shown (issue 26).
        #expect(Self.run("deriv", "x*abs(x)", "--at", "0").output == "0\n")
        #expect(Self.run("derive", "gamma(x)").output == "Γ(x)×ψ(x)\n")
        let digamma = Self.run("derive", "digamma(x)")
        #expect(digamma.status == 1 && digamma.error.hasPrefix("error: ψ has no derivative here"))
        let missing = Self.run("deriv", "x^2")
        #expect(missing.status == 2 && missing.error.hasPrefix("error: deriv needs --at X"))
    }

    @Test func sampleReportsPiecesPerColumn() {
        let run = Self.run("sample", "1/x", "--x", "-1:1", "--width", "4", "--y", "-8:8", "--height", "24")
        #expect(run.status == 0)
        #expect(
            run.output == """
                column,x0,x1,ymin,ymax,exact,wmin,wmax
                0,-1,-0.5,-2,-1,1,-2,-1
                1,-0.5,0,-inf,-2,1,-16,-2
                2,0,0.5,2,inf,1,2,16
                3,0.5,1,1,2,1,1,2

                """)
    }

    @Test func aPoleColumnHasTwoRowsAndAnUndefinedColumnNone() {
        let tangent = Self.run("sample", "tan(x)", "--x", "-2:2", "--width", "8", "--y", "-5:5", "--height", "20")
        let rows = tangent.output.split(separator: "\n").dropFirst()
        #expect(rows.filter { $0.hasPrefix("0,") }.count == 2)
        #expect(rows.filter { $0.hasPrefix("7,") }.count == 2)
        #expect(rows.count == 10)
        let root = Self.run("sample", "sqrt(x)", "--x", "-1:1", "--width", "4")
        #expect(root.output.split(separator: "\n").dropFirst().map { $0.prefix(2) } == ["1,", "2,", "3,"])
        #expect(root.output.contains("\n1,-0.5,0,0,0,1,0,0\n"))
    }

    @Test func sampleWithoutRangeChoosesOne() {
        let run = Self.run("sample", "x^2", "--x", "0:2", "--width", "2")
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("1,1,2,1,4,1,1,4\n"))
    }

    @Test func tablePrintsValuesAndBlanks() {
        let run = Self.run("table", "sqrt(x)", "--x", "-1:1", "--count", "5")
        #expect(run.output == "x,y\n-1,\n-0.5,\n0,0\n0.5,0.7071067811865476\n1,1\n")
        let steps = Self.run("table", "x*10", "--x", "0:0.3", "--step", "0.1")
        #expect(steps.output == "x,y\n0,0\n0.1,1\n0.2,2\n0.3,3\n")
        let memory = Self.run("table", "cos(M)*3", "--var", "M", "--x", "0:1", "--count", "2")
        #expect(memory.output == "M,y\n0,3\n1,\(cos(1.0) * 3)\n")
        let variables = Self.run("table", "a*x", "--set", "a=2", "--x", "-pi:pi", "--count", "2")
        #expect(variables.output == "x,y\n-3.14159265358979,-6.28318530717958\n3.14159265358979,6.28318530717958\n")
    }

    static let failures: [([String], Int32, String)] = [
        (["sample", "sqrt(-1-x^2)"], 1, "error: √(−1−x^2) has no value anywhere on -10…10\n"),
        (["plot", "1/0", "--size", "30x8"], 1, "error: 1÷0 has no value anywhere on -10…10\n"),
        // Beyond 709.8 exp overflows: no value, as eval says, not an empty frame.
        (
            ["plot", "exp(x)", "--x", "710:800", "--size", "30x8"], 1,
            "error: exp(x) has no value anywhere on 710…800\n"
        ),
        (
            ["svg", "sqrt(-1-x^2)", "ln(-x^2-1)", "-o", "-"], 1,
            "error: none of √(−1−x^2), ln(−x^2−1) has a value anywhere on -10…10\n"
        ),
        (
            ["sample", "x", "--x", "5:1"], 2,
            "error: --x 5:1: the range is empty; the first number must be the smaller\n"
        ),
        (["sample", "x", "--x", "1"], 2, "error: --x needs A:B, not '1'\n"),
        (["sample", "x", "--x", "a:1"], 2, "error: --x: variable 'a' is not set\n"),
        (["sample", "x", "--width", "0"], 2, "error: --width must be a whole number from 1 to 65536, not '0'\n"),
        (["sample", "x", "--height", "1e6"], 2, "error: --height must be a whole number from 1 to 65536, not '1e6'\n"),
        (
            ["sample", "x", "--x", "1e6:1e6+1e-9"], 2,
            "error: x range 1000000:1000000.000000001 is too narrow to tell its pixels apart\n"
        ),
        (
            ["sample", "x", "--x", "-1e308:1e308"], 2,
            "error: x range -1e+308:1e+308 is wider than a double can hold\n"
        ),
        (
            ["sample", "x*M"], 1,
            "error: variable 'M' is not set; give it a value with --set M=VALUE, or plot along it with --var M (now plotting along 'x')\n"
        ),
        (["sample", "x", "--var", "2x"], 2, "error: --var: '2x' is not a valid variable name\n"),
        (["table", "x", "--step", "0"], 2, "error: --step must be a positive distance, not 0\n"),
        (
            ["table", "x", "--step", "1e-9"], 2,
            "error: --step 1e-9 makes more than 10000000 rows; give a larger step\n"
        ),
        (["table", "x", "--count", "1"], 2, "error: --count must be a whole number from 2 to 10000000, not '1'\n"),
        (["table", "x", "--step", "1", "--count", "3"], 2, "error: give --step or --count, not both\n"),
        (
            ["table", "sin("], 1,
            "error: unexpected end of expression at 5: expected a number, name or '('\n  sin(\n      ^\n"
        ),
        (
            ["compile", "x", "-o", "out.txt"], 2,
            "error: -o out.txt: program files end in .plist, which is how eval and plot know one; name it out.plist\n"
        ),
        (["integrate", "x^2", "--x", "1:1"], 2, "error: --x 1:1: the range is empty\n"),
        (
            ["1+1"], 2,
            "error: unknown command '1+1' — to evaluate it: graphcalc eval '1+1'\n"
        ),
        (["eval", "x", "--set", "x=∞"], 2, "error: --set x: '∞' is infinite; a variable holds a finite number\n"),
        (["eval", "x", "--set", "x=-1/0"], 2, "error: --set x: division by zero in ÷\n"),
    ]

    /// −0 reads 0, as on a calculator.
    @Test(arguments: ["round(-0.4)", "-0", "0*-1"])
    func minusZeroReadsZero(expression: String) {
        #expect(Self.run("eval", expression).output == "0\n")
    }

    /// `help keys` works on the command line as at the prompt.
    @Test func helpKeysListsTheKeys() {
        let run = Self.run("help", "keys")
        #expect(run.status == 0 && run.output.hasPrefix("Expressions:\n") && run.output.contains("nPr nCr"))
    }

    /// A range is oriented for an integral: from 2 down to 1 is the negative of 1 up to 2,
    /// on the command line as at the prompt.
    @Test func aReversedRangeIntegratesWithTheSignFlipped() {
        let forward = Self.run("integrate", "x^2", "--x", "1:2").output.split(separator: "\n")[1]
        let backward = Self.run("integrate", "x^2", "--x", "2:1").output.split(separator: "\n")[1]
        let (f, b) = (forward.split(separator: ","), backward.split(separator: ","))
        #expect(b[0] == "-" + f[0] && b[1] == "-" + f[2] && b[2] == "-" + f[1] && b[3] == "proved", "\(backward)")
    }

    /// Derivatives read as a reader expects: e^x is its own, x^x's rate is ln(x)+1.
    @Test(arguments: [("e^x", "e^x"), ("x^x", "x^x×(ln(x)+1)"), ("2^x", "2^x×ln(2)"), ("exp(x)", "exp(x)")])
    func derivativesReadCleanly(expression: String, derivative: String) {
        #expect(Self.run("derive", expression).output == derivative + "\n")
    }

    @Test(arguments: failures)
    func badInputIsAClearError(arguments: [String], status: Int32, message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == status)
        #expect(run.errorLines.joined(separator: "\n") + "\n" == message)
        #expect(run.output.isEmpty)
    }

    @Test func aMillionRows() {
        let run = Self.run("table", "x", "--x", "0:999999", "--count", "1000000")
        #expect(run.status == 0)
        #expect(run.output.utf8.count > 10_000_000)
        #expect(run.output.hasSuffix("\n999999,999999\n"))
    }
}
