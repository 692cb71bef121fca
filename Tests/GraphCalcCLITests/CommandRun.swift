import Foundation

@testable import GraphCalcCLI

/// A `graphcalc` command run in-process through a capturing console: its exit status and
/// what it printed.
struct CommandRun {
    let status: Int32
    let output: String
    let error: String
    /// The output as bytes, for binary property lists written to standard output.
    let data: Data

    /// Runs `graphcalc arguments` with a console that looks like `terminal`.
    init(_ arguments: [String], terminal: TerminalEnvironment = .pipe) {
        let console = CapturingConsole()
        console.terminal = terminal
        status = GraphCalc.run(arguments: arguments, console: console)
        output = console.output
        error = console.error
        data = console.outputData
    }

    /// Standard error without the usage hint ("See graphcalc help …") that follows some
    /// errors: the message a test compares.
    var errorLines: [Substring] { error.split(separator: "\n").filter { !$0.hasPrefix("See ") } }
}

/// A fresh directory under the system's temporary one, holding `files` (name → text).
func temporaryDirectory(_ purpose: String, files: [String: String] = [:]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphcalc-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
}
