import Synchronization

/// A request to stop long work early: Ctrl-C at the prompt, or the cancellation of the
/// Swift task the work runs in.
///
/// Two requests are honoured. The process-wide one is a flag a signal handler can set
/// (``request()`` is lock-free and async-signal-safe): Ctrl-C stops everything. And work
/// run inside a `Task` stops when that task is cancelled (`task.cancel()`), so two plots
/// drawn in two tasks are cancelled apart. Samplers and analyses check ``isRequested``
/// between rounds and return what they have; their callers check it afterwards and
/// discard the partial result.
public enum Cancellation {
    private static let flag = Atomic<Bool>(false)

    /// Whether work should stop: the process was asked to, or the current task is
    /// cancelled.
    public static var isRequested: Bool { flag.load(ordering: .relaxed) || Task.isCancelled }

    /// Asks running work to stop; returns whether a request was already pending.
    @discardableResult
    public static func request() -> Bool {
        flag.exchange(true, ordering: .relaxed)
    }

    /// Clears the request, before new work starts.
    public static func reset() {
        flag.store(false, ordering: .relaxed)
    }
}
