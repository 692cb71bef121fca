import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `graphcalc` executable, run as a user would run it.
public enum GraphCalcProcess {
    /// The package root, for running commands on `examples/`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable `swift test` built beside the test bundle, or `GRAPHCALC_BIN`.
    public static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["GRAPHCALC_BIN"] { return URL(fileURLWithPath: path) }
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent("graphcalc")
    }()

    /// Starts `graphcalc arguments` in `directory` with pipes for its output and errors,
    /// and standard input from `input` (a closed pipe: empty) or nothing (`/dev/null`).
    public static func launch(
        _ arguments: [String], input: Data? = nil, directory: URL = packageRoot
    ) throws -> (process: Process, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try start(process, input: input)
        return (process, output, error)
    }

    /// Starts `process` with `input` on its standard input (nothing at all when `nil`),
    /// written from a thread, so a child that does not read, or fills its output pipe
    /// first, cannot block the test.
    public static func start(_ process: Process, input: Data?) throws {
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            let writer = Thread {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
            writer.start()
        }
    }

    /// Runs `graphcalc arguments` to the end.
    public static func run(_ arguments: [String], input: String? = nil, directory: URL = packageRoot) throws
        -> CommandResult
    {
        let (process, output, error) = try launch(arguments, input: input.map { Data($0.utf8) }, directory: directory)
        // Read both pipes before waiting, so a large output cannot block the child.
        let errorReader = PipeReader(error)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorReader.wait()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, data: outputData, error: String(decoding: errorData, as: UTF8.self))
    }

    /// Starts `graphcalc arguments`, sends SIGINT after `delay` seconds while draining its
    /// output, and returns its status and standard error, with how long it took to stop.
    public static func interrupt(_ arguments: [String], after delay: Double, directory: URL = packageRoot) throws
        -> (result: CommandResult, secondsToStop: Double)
    {
        let (process, output, error) = try launch(arguments, directory: directory)
        // Drain standard output, as a terminal or a pipe to less would.
        let outputReader = PipeReader(output)
        Thread.sleep(forTimeInterval: delay)
        let sent = Date()
        kill(process.processIdentifier, SIGINT)
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(sent)
        let outputData = outputReader.wait()
        return (
            CommandResult(
                status: process.terminationStatus, data: outputData,
                error: String(decoding: errorData, as: UTF8.self)),
            seconds
        )
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let thread = Thread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    /// Everything read, once the writer has closed the pipe.
    func wait() -> Data {
        done.wait()
        return data
    }
}
