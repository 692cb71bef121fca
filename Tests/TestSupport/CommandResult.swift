import Foundation

/// What a `graphcalc` command did, however it was run (in-process through a capturing
/// console, or as the built executable): its exit status and what it printed.
public struct CommandResult: Sendable {
    /// The exit status.
    public let status: Int32
    /// Standard output, as UTF-8 text.
    public var output: String { String(decoding: data, as: UTF8.self) }
    /// Standard error.
    public let error: String
    /// Standard output as bytes, for binary property lists.
    public let data: Data

    /// A result from what was captured.
    public init(status: Int32, data: Data, error: String) {
        self.status = status
        self.data = data
        self.error = error
    }

    /// Standard error without the usage hint ("See graphcalc help …") that follows some
    /// errors: the message a test compares.
    public var errorLines: [Substring] { error.split(separator: "\n").filter { !$0.hasPrefix("See ") } }
}
