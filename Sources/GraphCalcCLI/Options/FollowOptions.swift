/// The live data options read once: whether the data is followed as it arrives, and
/// how many of its last rows are shown (`--follow`, `--window`).
struct FollowOptions: ParsableOptionGroup {
    static let group = OptionGroup.live

    /// The default number of rows shown.
    static let defaultWindow = 1000
    /// The most rows a window holds.
    static let maximumWindow = 10_000_000

    /// `--follow`.
    var isFollowing = false
    /// `--window N`.
    var window = Self.defaultWindow

    /// - Throws: ``GraphCalcError/usage(_:)`` for a window that is not a whole number
    ///   from 2, or one given without `--follow`.
    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        isFollowing = arguments.contains(OptionGroup.follow)
        if let text = arguments.value(OptionGroup.window) {
            guard isFollowing else { throw .usage("--window goes with --follow") }
            guard let count = Int(text), (2...Self.maximumWindow).contains(count) else {
                throw .usage("--window takes a whole number of rows from 2 to \(Self.maximumWindow), not '\(text)'")
            }
            window = count
        }
    }
}
