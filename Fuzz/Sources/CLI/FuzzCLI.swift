import FuzzSupport
import GraphCalcCLI

/// The command line as a library on any arguments (NUL-separated), except those that
/// write files, read standard input or need a terminal, or hold numbers of five digits
/// or more.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLI(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments = text.split(separator: "\0", omittingEmptySubsequences: false).prefix(12).map(String.init)
    guard let verb = arguments.first, !["compile", "svg", "explore", "chart", "words"].contains(verb),
        !arguments.contains(where: {
            $0.hasPrefix("-o") || $0 == "--output" || $0 == "-" || $0.hasSuffix(".plist")
                || $0.firstMatch(of: /[0-9]{5}/) != nil
        })
    else { return 0 }
    _ = GraphCalc.run(arguments: arguments, console: DiscardingConsole())
    return 0
}
