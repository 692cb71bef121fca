import CalculatorBrain
import GraphCalcSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A console that keeps what is written, for tests and for embedding.
package final class CapturingConsole: Console {
    /// Everything written to the output stream, as text (bytes decoded as UTF-8).
    package private(set) var output = ""
    /// Everything written to the error stream.
    package private(set) var error = ""
    /// Everything written to the output stream, as bytes.
    package private(set) var outputData = Data()
    /// The terminal the commands are told they write to; a pipe unless set.
    package var terminal = TerminalEnvironment.pipe

    /// Creates an empty console.
    package init() {}

    /// Keeps text written to the output stream.
    package func write(_ text: String) {
        output += text
        outputData.append(contentsOf: Array(text.utf8))
    }

    /// Keeps bytes written to the output stream.
    package func write(_ data: Data) {
        output += String(decoding: data, as: UTF8.self)
        outputData.append(data)
    }

    /// Keeps text written to the error stream.
    package func writeError(_ text: String) {
        error += text
    }
}
