import CalculatorBrain
import Graphing
import Testing

@testable import GraphCalcCLI

/// Exit statuses and hints come from error cases, not from the message text.
@Suite struct GraphCalcErrorTests {
    static let parseError = ExpressionError.expectedOperand(found: "end", offset: 2)

    static let statuses: [(GraphCalcError, Int32)] = [
        (.usage("x"), 2),
        (.usageShowing("svg needs -o OUT.svg", usage: "graphcalc svg …"), 2),
        (.verbUsage(.usage("x"), verb: "plot"), 2),
        // An option's value that does not parse or has no value: a bad option.
        (.optionValue(.expression(parseError, text: "0:", label: "--x")), 2),
        (.optionValue(.evaluation(.divisionByZero(operation: "÷"), context: "--set r")), 2),
        // The same errors typed at the prompt, or in the main expression: the work failed.
        (.expression(parseError, text: "0:", label: "view x"), 1),
        (.expression(parseError, text: "--", label: "--x"), 1),
        (.evaluation(.divisionByZero(operation: "÷"), context: nil), 1),
        (.graphing(.logRangeNotPositive(axis: "x", lower: -1, upper: 1)), 2),
        (.graphing(.noValue(labels: ["f"], lower: 0, upper: 1)), 1),
        (.plotting(.scaleOnLogAxis), 2),
        (.interrupted, 130),
    ]

    @Test(arguments: statuses)
    func exitStatusesComeFromTheCases(error: GraphCalcError, status: Int32) {
        #expect(error.exitStatus == status, "\(error)")
    }

    @Test func messagesAndHintsOfTheWrappingCases() {
        #expect(
            GraphCalcError.usageShowing("svg needs -o OUT.svg", usage: "graphcalc svg EXPR").description
                == "svg needs -o OUT.svg; usage: graphcalc svg EXPR")
        #expect(GraphCalcError.verbUsage(.usage("bad"), verb: "plot").description == "bad\nSee 'graphcalc help plot'.")
        let wrapped = GraphCalcError.optionValue(.expression(Self.parseError, text: "0:", label: "--x"))
        #expect(wrapped.description == GraphCalcError.expression(Self.parseError, text: "0:", label: "--x").description)
        #expect(wrapped.caretLines == ["  0:", "    ^"])
    }

    /// The general hint follows a plain usage error only: one with a usage line or a
    /// verb's hint has its own.
    @Test func theGeneralHintFollowsAPlainUsageErrorOnly() {
        let unknown = CommandRun(["plto", "x"])
        #expect(unknown.status == 2 && unknown.error.hasSuffix("See 'graphcalc --help'.\n"))
        let missing = CommandRun(["svg", "x"])
        #expect(missing.status == 2 && missing.error.contains("; usage: graphcalc svg"))
        #expect(!missing.error.contains("See '"))
        let verb = CommandRun(["plot", "x", "--size", "0x0"])
        #expect(verb.status == 2)
        let option = CommandRun(["plot", "x", "--x", "0:1e309"])
        #expect(option.status == 2 && !option.error.contains("See 'graphcalc --help'"), "\(option.error)")
    }

    @Test func aSessionFileIsRecognisedByTheKindFound() throws {
        var session = Session()
        let dictionary = Array("<plist><dict><key>format</key><string>x</string></dict></plist>".utf8)
        #expect(throws: GraphCalcError.self) { try session.load(.init(dictionary), from: "s.plist") }
        do {
            _ = try session.load(.init(dictionary), from: "s.plist")
        } catch {
            // Read as a session (and refused as one), not as a program holding a dictionary.
            guard case .sessionFile = error else {
                Issue.record("a dictionary was read as a program: \(error)")
                return
            }
        }
    }
}
