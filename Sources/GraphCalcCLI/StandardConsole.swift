import CalculatorBrain
import GraphCalcSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
                POSIX.restoreDefaultAction(for: SIGPIPE)
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
