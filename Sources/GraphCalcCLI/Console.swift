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

/// Where a command writes: standard output for results, standard error for messages.
///
/// Commands never print directly, so tests can run them with a console that captures.
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
