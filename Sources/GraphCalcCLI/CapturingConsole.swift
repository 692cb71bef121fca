import CalculatorBrain
import FoundationEssentials
import GraphCalcSupport

#if canImport(Glibc)
    import Glibc
#endif

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
