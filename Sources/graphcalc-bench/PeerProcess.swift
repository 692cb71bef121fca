import Foundation

/// A peer script kept running (`python3 script --serve`) and asked for one figure at a
/// time: a name written to its standard input, a `name<TAB>ms<TAB>answer<TAB>…` line read
/// back. The bench asks between its own timings of the same problem, so the two sides of
/// a ratio are measured in the same second, and the machine's slow phases fall on both.
final class PeerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    /// Starts `python3 script --serve` in the peers' environment (`PeerFigures`); `nil`
    /// when python3 cannot be run.
    init?(script: URL) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--serve"]
        process.environment = PeerFigures.environment
        process.standardInput = input
        process.standardOutput = output
        // Standard error is not read (a chatty script would fill the pipe and stall).
        process.standardError = FileHandle.nullDevice
        // A peer that has exited (scipy not installed) fails the write instead of
        // stopping the bench.
        signal(SIGPIPE, SIG_IGN)
        guard (try? process.run()) != nil else { return nil }
    }

    /// Whether the peer is still there to ask.
    var isRunning: Bool { process.isRunning }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The peer's milliseconds and answer for `name`; `nil` when it has none (it is not
    /// installed, it failed, or it does not know the name).
    func figure(_ name: String) -> (milliseconds: Double, answer: String)? {
        guard process.isRunning, (try? input.fileHandleForWriting.write(contentsOf: Data((name + "\n").utf8))) != nil,
            let line = nextLine()
        else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3, fields[0] == name, let milliseconds = Double(fields[1]) else { return nil }
        return (milliseconds, fields[2])
    }

    /// The next line the peer writes, without its newline; `nil` at the end of its output.
    private func nextLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { return nil }
            buffered += data
        }
    }
}
