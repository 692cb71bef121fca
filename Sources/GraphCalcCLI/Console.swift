import Foundation

/// Where a command writes: standard output for results, standard error for messages.
///
/// Commands never print directly, so tests can run them with a ``CapturingConsole``.
public protocol Console: AnyObject {
    /// Writes text to the output stream.
    func write(_ text: String)
    /// Writes raw bytes to the output stream (a binary program file sent to `-o -`).
    func write(_ data: Data)
    /// Writes text to the error stream.
    func writeError(_ text: String)
}

/// The process's standard output and standard error.
public final class StandardConsole: Console {
    /// Creates a console on the standard streams.
    public init() {}

    /// Writes text to standard output.
    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes bytes to standard output.
    public func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// Writes text to standard error.
    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// A console that keeps what is written, for tests and for embedding.
public final class CapturingConsole: Console {
    /// Everything written to the output stream, as text (bytes decoded as UTF-8).
    public private(set) var output = ""
    /// Everything written to the error stream.
    public private(set) var error = ""
    /// Everything written to the output stream, as bytes.
    public private(set) var outputData = Data()

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
