/// A tick on an axis: where it goes and how it is labelled.
public struct Tick: Hashable, Sendable {
    /// The model value.
    public let value: Double
    /// The label, without floating-point noise (`0.3`, not `0.30000000000000004`).
    public let label: String

    /// Creates a tick.
    public init(value: Double, label: String) {
        self.value = value
        self.label = label
    }
}
