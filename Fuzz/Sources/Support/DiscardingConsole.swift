import Foundation
import GraphCalcCLI

/// A console that keeps nothing: the fuzz targets care that a command returns, not what
/// it says.
public final class DiscardingConsole: Console {
    /// A console for one run.
    public init() {}
    /// Drops the text.
    public func write(_ text: String) throws(GraphCalcError) {}
    /// Drops the bytes.
    public func write(_ data: Data) throws(GraphCalcError) {}
    /// Drops the message.
    public func writeError(_ text: String) {}
    /// Not a terminal.
    public var terminal: TerminalEnvironment { .pipe }
}
