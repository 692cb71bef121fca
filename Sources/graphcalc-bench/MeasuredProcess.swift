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

    /// Runs `executable` with `arguments`, its standard output discarded; `nil` when it
    /// could not be started or waited for.
    static func run(_ executable: String, _ arguments: [String]) -> MeasuredProcess? {
        // Standard output is opened, not replaced: the device is only written to.
        let discard = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard discard >= 0 else { return nil }
        defer { close(discard) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = -1
        var status: Int32 = 0
        var usage = rusage()
        let seconds = Clock.seconds {
            // fork, not posix_spawn: a child that shares the bench's memory until it
            // starts (vfork) keeps the bench's peak as its own. Between fork and exec the
            // child calls only dup2, execve and _exit.
            child = fork()
            if child == 0 {
                dup2(discard, STDOUT_FILENO)
                execve(executable, argv, environ)
                _exit(127)
            }
            guard child > 0 else { return }
            while wait4(child, &status, 0, &usage) == -1 && errno == EINTR {}
        }
        guard child > 0 else { return nil }
        // An exit leaves its status in bits 8-15 and 0 in the low 7; a signal leaves its
        // number there (reported as 128 + the signal, as a shell does).
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return MeasuredProcess(seconds: seconds, status: exitStatus, peakMegabytes: usage.ru_maxrss / 1024)
    }
}
