import Foundation
import TestSupport
import Testing

/// The README's examples are today's output: every `console` block is run as a user
/// would run it — each `$ graphcalc …` line through `sh` in a scratch directory (with the
/// repository's `examples/` beside it), a transcript of the prompt by typing its lines —
/// and compared with the lines that follow it. A block that cannot be checked this way
/// is marked `<!-- not checked: why -->` on the line before it.
@Suite struct ReadmeExampleTests {
    /// One `console` block: where it starts and its lines.
    struct Block: CustomTestStringConvertible, Sendable {
        let line: Int
        let lines: [String]
        var testDescription: String { "README.md:\(line)" }
    }

    /// One command of a block and what it prints.
    struct Example {
        let command: String
        let expected: [String]
    }

    static let readme = GraphCalcProcess.packageRoot.appendingPathComponent("README.md")

    /// Every `console` block not marked as unchecked.
    static let blocks: [Block] = {
        guard let text = try? String(contentsOf: readme, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```console" else { continue }
            let previous = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let start = index + 1
            guard let end = lines[start...].firstIndex(of: "```") else { break }
            if !previous.hasPrefix("<!-- not checked") {
                blocks.append(Block(line: start, lines: Array(lines[start..<end])))
            }
            index = end
        }
        return blocks
    }()

    /// The commands of a block, each with the lines it prints.
    static func examples(in block: Block) -> [Example] {
        var examples: [Example] = []
        var lines = block.lines[...]
        while let first = lines.popFirst() {
            guard first.hasPrefix("$ ") else { continue }
            var command = String(first.dropFirst(2))
            while command.hasSuffix("\\"), let next = lines.popFirst() { command += "\n" + next }
            let output = lines.prefix { !$0.hasPrefix("$ ") }
            lines = lines.dropFirst(output.count)
            examples.append(Example(command: command, expected: Array(output)))
        }
        return examples
    }

    @Test func theReadmeHasExamplesToCheck() {
        #expect(Self.blocks.count >= 15, "\(Self.blocks.count) blocks")
    }

    @Test(arguments: blocks)
    func printsWhatTheReadmeShows(block: Block) throws {
        let directory = try temporaryDirectory("readme")
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("examples"),
            withDestinationURL: GraphCalcProcess.packageRoot.appendingPathComponent("examples"))
        // A block of the prompt alone (`graphcalc> …` lines) is a transcript without the
        // banner; otherwise each `$ ` line is a command, `$ graphcalc` a transcript.
        let examples =
            block.lines.first?.hasPrefix("graphcalc> ") == true
            ? [Example(command: "graphcalc", expected: ["(banner)"] + block.lines)] : Self.examples(in: block)
        for example in examples {
            let shown: [String], expected: [String]
            if example.command == "graphcalc" {
                // A transcript of the prompt: the lines typed after `graphcalc> `; what the
                // prompt prints is compared, the banner and the echo of the lines aside.
                let typed = example.expected.filter { $0.hasPrefix("graphcalc> ") }.map { String($0.dropFirst(11)) }
                let output = try Self.shell("graphcalc", input: typed.joined(separator: "\n") + "\n", in: directory)
                // Read from a pipe, the prompt names the line of an error.
                shown = output.map {
                    $0.replacingOccurrences(of: #"^error: line \d+: "#, with: "error: ", options: .regularExpression)
                }
                expected = example.expected.dropFirst().filter { !$0.hasPrefix("graphcalc> ") }
            } else {
                shown = try Self.shell(example.command, input: nil, in: directory)
                expected = example.expected
            }
            let trimmed = { (lines: [String]) in
                lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            }
            let (want, got) = (trimmed(expected).joined(separator: "\n"), trimmed(shown).joined(separator: "\n"))
            #expect(
                got == want,
                "README.md:\(block.line): $ \(example.command)\n\(GoldenFile.diff(want, got))")
        }
    }

    /// The lines `command` prints, standard output and error together, run by `sh` in
    /// `directory` with the built graphcalc first on `PATH`, in a UTF-8 locale, without a
    /// terminal and without colour.
    static func shell(_ command: String, input: String?, in directory: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        let binaries = GraphCalcProcess.executable.deletingLastPathComponent().path
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try GraphCalcProcess.start(process, input: input.map { Data($0.utf8) })
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
