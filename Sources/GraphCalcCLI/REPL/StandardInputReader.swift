import GraphCalcSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines from standard input, for scripts: no prompt, no editing, no history.
///
/// It reads with `read(2)` itself rather than through stdio, so that Ctrl-C (a signal
/// handler installed without `SA_RESTART` that requests `Cancellation`) ends the wait
/// for the next line instead of being retried.
public final class StandardInputReader: LineReader {
    private var buffer: [UInt8] = []
    private var isAtEnd = false

    /// Creates a reader of standard input.
    public init() {}

    /// The next line of standard input (a last line without a newline counts), the end,
    /// or an interruption when Ctrl-C stopped the wait.
    public func readLine(prompt: String) -> LineInput {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .line(String(decoding: line, as: UTF8.self))
            }
            if isAtEnd {
                guard !buffer.isEmpty else { return .end }
                defer { buffer.removeAll() }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { POSIX.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                isAtEnd = true
            } else if errno == EINTR {
                if Cancellation.isRequested { return .interrupted }
            } else {
                isAtEnd = true
            }
        }
    }
}
