/// What an analysis has shown about one of its answers: proved by interval arithmetic, or
/// only possible, with the reason it could not be proved.
public enum Proof: Hashable, Sendable {
    /// Interval arithmetic shows the answer holds.
    case proved
    /// The answer cannot be excluded, nor proved; `reason` says why, in words for a user.
    case possible(reason: String)
}
