import CalculatorBrain
import GraphCalcSupport
import Synchronization

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

/// The real terminal for the live view: raw mode through termios, the alternate screen,
/// a hidden cursor and SGR mouse reporting, all undone by ``restore()`` (which `explore`
/// calls on every way out: quitting, an error, SIGINT, SIGTERM, SIGHUP). SIGWINCH marks a
/// resize. The only type that puts the terminal in raw mode.
final class RawTerminal: ExploreTerminal {
    private var original = termios()
    private var previousActions: [Int32: sigaction] = [:]
    private var isRestored = false

    private static let resized = Atomic<Bool>(false)
    /// The signal that asked to leave, or 0.
    private static let terminatingSignal = Atomic<Int32>(0)
    private static let signals = [SIGWINCH, SIGTERM, SIGINT, SIGHUP]
    /// The alternate stack the fatal signals' handler runs on (a stack overflow leaves no
    /// room on the thread's own), and the one it replaced.
    private var previousStack = stack_t()

    /// The escape codes that enter the view: alternate screen, hidden cursor, mouse
    /// reporting (buttons, drags, SGR coordinates).
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    /// The codes that leave it, in the reverse order.
    static let leave = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Where keys are read from: standard input when it is the terminal, else the
    /// process's terminal, `/dev/tty` (standard input then carries data: `tail -f log |
    /// graphcalc explore --data - --follow`).
    let input: Int32

    /// Whether standard output is a terminal and keys can be read: from standard input,
    /// or from the controlling terminal.
    static var isAvailable: Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if isatty(STDIN_FILENO) == 1 { return true }
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { return false }
        close(terminal)
        return true
    }

    /// Puts the terminal in raw mode and enters the view.
    ///
    /// - Throws: ``GraphCalcError/output(_:)`` when the terminal's settings cannot be read
    ///   or changed (nothing is changed then).
    init() throws(GraphCalcError) {
        input = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard input >= 0 else {
            throw .output("cannot open the terminal for keys: \(String(cString: strerror(errno)).lowercased())")
        }
        guard tcgetattr(input, &original) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            if input != STDIN_FILENO { close(input) }
            throw .output("cannot read the terminal's settings: \(reason)")
        }
        var raw = original
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            if input != STDIN_FILENO { close(input) }
            throw .output("cannot put the terminal in raw mode: \(reason)")
        }
        CrashRestore.input = input
        // Every global the handler reads is made here, not lazily inside it.
        _ = CrashRestore.leave
        CrashRestore.settings.pointee = original
        var stack = CrashRestore.stack
        sigaltstack(&stack, &previousStack)
        for signal in CrashRestore.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in CrashRestore.handle(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_ONSTACK
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            previousActions[signal] = previous
        }
        Self.resized.store(false, ordering: .relaxed)
        Self.terminatingSignal.store(0, ordering: .relaxed)
        for signal in Self.signals {
            var action = sigaction()
            if signal == SIGWINCH {
                action.__sigaction_handler.sa_handler = { _ in RawTerminal.resized.store(true, ordering: .relaxed) }
            } else {
                action.__sigaction_handler.sa_handler = { signal in
                    RawTerminal.terminatingSignal.store(signal, ordering: .relaxed)
                }
            }
            sigemptyset(&action.sa_mask)
            // No SA_RESTART: a signal ends the wait for input at once.
            action.sa_flags = 0
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            previousActions[signal] = previous
        }
        write(Self.enter)
    }

    deinit {
        restore()
    }

    /// Leaves the view and puts back the terminal's settings and the signal handlers,
    /// exactly as they were; safe to call more than once.
    func restore() {
        guard !isRestored else { return }
        isRestored = true
        write(Self.leave)
        tcsetattr(input, TCSAFLUSH, &original)
        if input != STDIN_FILENO { close(input) }
        for (signal, var action) in previousActions { sigaction(signal, &action, nil) }
        sigaltstack(&previousStack, nil)
    }

    var size: (columns: Int, rows: Int) { Self.size }

    /// The size of the terminal on standard output, 80 × 24 when it does not say.
    static var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    var isTerminated: Bool { terminatingSignal != 0 }

    /// The signal that asked the view to leave (SIGTERM, SIGINT, SIGHUP), or 0; SIGHUP
    /// also when the terminal went away.
    var terminatingSignal: Int32 { Self.terminatingSignal.load(ordering: .relaxed) }

    func takeResize() -> Bool {
        Self.resized.exchange(false, ordering: .relaxed)
    }

    func read(timeout: Double) -> [UInt8] {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { POSIX.read(input, $0.baseAddress, $0.count) }
        // End of input (the terminal went away) reads as a request to leave.
        if count == 0 { Self.terminatingSignal.store(SIGHUP, ordering: .relaxed) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    func write(_ text: String) {
        _ = FileSystem.write(Data(text.utf8), toDescriptor: STDOUT_FILENO)
    }
}

/// What puts the terminal back when the process dies of a fatal signal (a trap, a crash,
/// an abort) while the view is up: the bytes to write and the settings to set, in memory
/// made before the handler is installed, so the handler touches no reference count, lock
/// or lazy global and calls only `write`, `tcsetattr`, `signal` and `raise`, which are
/// async-signal-safe. It runs on an alternate stack, so a stack overflow is caught too,
/// then dies of the signal by its default action: Swift's crash report is not printed
/// while the view is up (it would chain to a handler that may return, leaving a process
/// with no view running on), but the status is the signal's.
private enum CrashRestore {
    static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
    nonisolated(unsafe) static let leave: UnsafeBufferPointer<UInt8> = {
        let bytes = Array(RawTerminal.leave.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }()
    nonisolated(unsafe) static let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// The descriptor the settings are put back on.
    nonisolated(unsafe) static var input = STDIN_FILENO
    nonisolated(unsafe) static let stack: stack_t = {
        var stack = stack_t()
        stack.ss_size = 1 << 16
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stack.ss_size, alignment: 16)
        return stack
    }()

    /// The handler: the terminal back, then death by the signal.
    static func handle(_ signal: Int32) {
        _ = write(STDOUT_FILENO, leave.baseAddress, leave.count)
        tcsetattr(input, TCSANOW, settings)
        POSIX.restoreDefaultAction(for: signal)
        // Delivered as the handler returns (or as the fault recurs): the default, death.
        raise(signal)
    }
}
