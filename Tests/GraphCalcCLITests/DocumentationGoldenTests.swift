import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The help, the shell completion scripts and the man page, all generated from the one
/// command table, against golden files: a change to any option shows in their diffs.
@Suite struct DocumentationGoldenTests {
    private static let snapshots = GoldenFile.snapshots(besides: #filePath)

    static let cases: [(String, [String])] = [
        ("help-overview.txt", ["--help"]),
        ("help-plot.txt", ["help", "plot"]),
        ("help-set.txt", ["help", "set"]),
        ("completions-bash.txt", ["completions", "bash"]),
        ("completions-zsh.txt", ["completions", "zsh"]),
        ("completions-fish.txt", ["completions", "fish"]),
        ("man.txt", ["man"]),
    ]

    @Test(arguments: cases)
    func matchesItsGoldenFile(name: String, arguments: [String]) {
        let run = CommandRun(arguments)
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
        GoldenFile.expectMatch(run.output, name: name, directory: Self.snapshots)
    }

    /// Every option of every verb is in the man page and the bash script.
    @Test func everyOptionIsDocumentedAndCompleted() {
        let man = CommandRun(["man"]).output, bash = CommandRun(["completions", "bash"]).output
        for verb in CommandTable.verbs {
            for option in verb.options {
                let name = option.names[0]
                #expect(man.contains(name.replacingOccurrences(of: "-", with: "\\-")), "\(verb.name) \(name)")
                #expect(bash.contains(name), "\(verb.name) \(name) in bash")
            }
        }
    }
}
