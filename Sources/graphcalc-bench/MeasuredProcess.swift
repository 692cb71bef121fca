import Foundation

/// One run of an executable, timed and measured as a user's shell would: the wall-clock
/// seconds from starting it to its exit, its exit status and its peak resident memory
/// (`wait4`'s `ru_maxrss`: the child's, not the bench's or a peer's; but a forked child
/// counts the private pages it shares with the bench until it runs the executable, so a
/// bench grown large should start it from a fresh process).
struct MeasuredProcess {
    let seconds: Double
    let status: Int32
    /// Peak resident memory, in megabytes (MiB).
    let peakMegabytes: Int

    /// This executable, wherever it was started from (the first argument may be a name
    /// found on PATH).
    static let bench = URL(
        fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0])

    /// The `graphcalc` built beside the bench (a dependency of it).
    static var graphcalc: String { bench.deletingLastPathComponent().appendingPathComponent("graphcalc").path }

    /// Runs `executable` with `arguments`, its standard output discarded (so a plot
    /// draws without colour, as when piped); `nil` when it could not be started or
    /// waited for. The time includes the fork.
    static func run(_ executable: String, _ arguments: [String]) -> MeasuredProcess? {
        // The null device is only opened for writing, never replaced.
        let discard = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard discard >= 0 else { return nil }
        defer { close(discard) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard let path = argv[0] else { return nil }
        var child: pid_t = -1
        var waited: pid_t = -1
        var status: Int32 = 0
        var usage = rusage()
        let seconds = Clock.seconds {
            // fork, not posix_spawn: a child that shares the bench's memory until it
            // starts (vfork) keeps the bench's peak as its own. Between fork and exec the
            // child calls only dup2, execve and _exit, with C strings made before the
            // fork (a Swift string would be converted, and allocate, in the child).
            child = fork()
            if child == 0 {
                dup2(discard, STDOUT_FILENO)
                execve(path, argv, environ)
                _exit(127)
            }
            guard child > 0 else { return }
            repeat { waited = wait4(child, &status, 0, &usage) } while waited == -1 && errno == EINTR
        }
        guard child > 0, waited == child else { return nil }
        // An exit leaves its status in bits 8-15 and 0 in the low 7; a signal leaves its
        // number there (reported as 128 + the signal, as a shell does).
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return MeasuredProcess(seconds: seconds, status: exitStatus, peakMegabytes: usage.ru_maxrss / 1024)
    }
}
