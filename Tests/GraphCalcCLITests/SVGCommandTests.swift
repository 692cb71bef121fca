import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

@Suite struct SVGCommandTests {
    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    private static func temporaryDirectory() throws -> URL { try TestSupport.temporaryDirectory("svg") }

    @Test func writesAFileOrStandardOutput() throws {
        let path = try Self.temporaryDirectory().appendingPathComponent("sin.svg").path
        let run = Self.run("svg", "sin(x)", "-o", path, "--title", "A & B", "--theme", "dark", "--size", "640x400")
        #expect(run.status == 0 && run.output.isEmpty && run.error.isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("<?xml") && text.contains("viewBox=\"0 0 640 400\"") && text.contains("A &amp; B"))
        #expect(text.contains("#1e1e1e"))
        let stdout = Self.run("svg", "sin(x)", "cos(x)", "-o", "-", "--grid")
        #expect(stdout.status == 0 && stdout.output.contains("<title>cos(x)</title>"))
    }

    static let failures: [([String], Int32, String)] = [
        (["svg", "x"], 2, "error: svg needs -o OUT.svg; usage: \(SVGCommand.usage)\n"),
        (["svg", "-o", "a.svg"], 2, "error: missing EXPR or FILE.plist; usage: \(SVGCommand.usage)\n"),
        (["svg", "x", "-o", "-", "--theme", "blue"], 2, "error: --theme takes light or dark, not 'blue'\n"),
        (["svg", "x", "-o", "-", "--size", "0x0"], 2, "error: size 0x0 is outside 1…10000 by 1…10000 pixels\n"),
        (
            ["svg", "sin(", "-o", "-"], 1,
            "error: unexpected end of expression at 5: expected a number, name or '('\n  sin(\n      ^\n"
        ),
        (
            ["svg", "x", "-o", "/nonexistent/a.svg"], 1,
            "error: cannot write '/nonexistent/a.svg': no such file or directory\n"
        ),
    ]

    @Test(arguments: failures)
    func badInputIsAClearError(arguments: [String], status: Int32, message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == status)
        #expect(run.errorLines.joined(separator: "\n") + "\n" == message)
    }

    @Test func aFailedExportLeavesNoFileAndKeepsTheOldOne() throws {
        let directory = try Self.temporaryDirectory()
        let path = directory.appendingPathComponent("keep.svg").path
        #expect(Self.run("svg", "x", "-o", path).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Self.run("svg", "sin(", "-o", path).status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let fresh = directory.appendingPathComponent("fresh.svg").path
        #expect(Self.run("svg", "frob(x)", "-o", fresh).status == 1)
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["keep.svg"])
    }
}

/// A title longer than the image is shortened to fit inside it, for plots and charts.
@Suite struct LongTitleTests {
    /// The title element's text, from an SVG document.
    static func title(in document: String) -> String? {
        guard let start = document.range(of: #"font-size="16"[^>]*>"#, options: .regularExpression),
            let end = document.range(of: "</text>", range: start.upperBound..<document.endIndex)
        else { return nil }
        return String(document[start.upperBound..<end.lowerBound])
    }

    @Test(arguments: [200, 320, 800])
    func aLongTitleFitsTheImage(width: Int) throws {
        let long = String(repeating: "A very long title ", count: 12)
        for arguments in [
            ["svg", "x", "--title", long, "-o", "-", "--size", "\(width)x200"],
            ["chart", "bar", "examples/data/languages.csv", "--title", long, "-o", "-", "--size", "\(width)x200"],
        ] {
            let run = CommandRun(arguments)
            let title = try #require(Self.title(in: run.output), "\(arguments)")
            // 7.2 px a glyph at 12 px, so 9.6 at the title's 16; 12 px margins each side.
            #expect(Double(title.count) * 9.6 <= Double(width - 24), "\(arguments[0]) \(width): \(title)")
            #expect(title.contains("…") && title.hasPrefix("A very"), "\(title)")
        }
    }
}
