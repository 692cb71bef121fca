/// How a figure's units compare across and up (`--aspect`).
enum Aspect: String, CaseIterable {
    /// A unit as long across as up: a circle is round.
    case equal
    /// Each axis fills the plot area with its own range.
    case auto
}
