import Foundation
import TestSupport

@testable import GraphCalcCLI

/// A `graphcalc` command run in-process through a capturing console: the same result as
/// running the executable (``GraphCalcProcess``), without starting a process.
typealias CommandRun = CommandResult

extension CommandResult {
    /// Runs `graphcalc arguments` with a console that looks like `terminal`.
    init(_ arguments: [String], terminal: TerminalEnvironment = .pipe) {
        let console = CapturingConsole()
        console.terminal = terminal
        let status = GraphCalc.run(arguments: arguments, console: console)
        self.init(status: status, data: console.outputData, error: console.error)
    }
}
