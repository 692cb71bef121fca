import CalculatorBrain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command writes: standard output for results, standard error for messages.
///
/// Commands never print directly, so tests can run them with a ``CapturingConsole``.
public protocol Console: AnyObject {
    /// Writes text to the output stream.
    /// - Throws: ``GraphCalcError/output(_:)`` when the stream cannot be written.
    func write(_ text: String) throws(GraphCalcError)
    /// Writes raw bytes to the output stream (a binary program file sent to `-o -`).
    /// - Throws: ``GraphCalcError/output(_:)`` when the stream cannot be written.
    func write(_ data: Data) throws(GraphCalcError)
    /// Writes text to the error stream; failures are ignored, as there is nowhere left to
    /// report them.
    func writeError(_ text: String)
    /// Where the output goes: terminal or not, its size, UTF-8, colour allowed.
    var terminal: TerminalEnvironment { get }
}

/// The process's standard output and standard error.
public final class StandardConsole: Console {
    /// The terminal standard output goes to, read at each use: a plot fits the
    /// terminal's current size, even after a resize.
    public var terminal: TerminalEnvironment { TerminalEnvironment.current() }

    /// Creates a console on the standard streams.
    public init() {}

    /// Writes text to standard output.
    public func write(_ text: String) throws(GraphCalcError) {
        try write(Data(text.utf8))
    }

    /// Writes bytes to standard output.
    public func write(_ data: Data) throws(GraphCalcError) {
        if let reason = FileSystem.write(data, toDescriptor: STDOUT_FILENO) {
            // The reader went away (`| head`): end quietly, as SIGPIPE would have, which
            // graphcalc ignores so that a FIFO given to -o fails with a message instead.
            if reason == Self.brokenPipe {
                Glibc.signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
            }
            throw .output("cannot write to standard output: \(reason)")
        }
    }

    /// Writes text to standard error.
    public func writeError(_ text: String) {
        _ = FileSystem.write(Data(text.utf8), toDescriptor: STDERR_FILENO)
    }

    private static let brokenPipe = String(cString: strerror(EPIPE)).lowercased()
}

/// A console that keeps what is written, for tests and for embedding.
public final class CapturingConsole: Console {
    /// Everything written to the output stream, as text (bytes decoded as UTF-8).
    public private(set) var output = ""
    /// Everything written to the error stream.
    public private(set) var error = ""
    /// Everything written to the output stream, as bytes.
    public private(set) var outputData = Data()
    /// The terminal the commands are told they write to; a pipe unless set.
    public var terminal = TerminalEnvironment.pipe

    /// Creates an empty console.
    public init() {}

    /// Keeps text written to the output stream.
    public func write(_ text: String) {
        output += text
        outputData.append(contentsOf: Array(text.utf8))
    }

    /// Keeps bytes written to the output stream.
    public func write(_ data: Data) {
        output += String(decoding: data, as: UTF8.self)
        outputData.append(data)
    }

    /// Keeps text written to the error stream.
    public func writeError(_ text: String) {
        error += text
    }
}
