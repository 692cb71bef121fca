import FuzzSupport
import GraphCalcCLI

/// The prompt's line handling on any lines: nothing traps. Commands that write files or
/// need a terminal are left out, and lines with numbers of five digits or more (a table
/// of a million rows is slow, not wrong).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzREPL(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(20).map(String.init).filter {
        let word = $0.split(separator: " ").first.map(String.init) ?? ""
        return !["save", "load", "export", "compile", "svg", "explore", "chart", "words"].contains(word)
            && !$0.contains("-o") && $0.firstMatch(of: /[0-9]{5}/) == nil
    }
    _ = REPL(console: DiscardingConsole(), isInteractive: false).run(reader: ListLineReader(lines))
    return 0
}
