import Synchronization

/// A request to stop long work early, such as Ctrl-C at the prompt.
///
/// The request is one flag for the whole process, so that a signal handler can set it
/// (``request()`` is lock-free and async-signal-safe) and any loop can check it without
/// being handed a token. Samplers check it between rounds and return what they have;
/// their callers check it afterwards and discard the partial result.
public enum Cancellation {
    private static let flag = Atomic<Bool>(false)

    /// Whether work should stop.
    public static var isRequested: Bool { flag.load(ordering: .relaxed) }

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
