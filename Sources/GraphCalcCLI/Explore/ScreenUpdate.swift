/// The bytes that turn one frame on the screen into the next: only the lines that
/// changed are rewritten, each from its first column, all in one string so that a frame is
/// one write and never flickers.
enum ScreenUpdate {
    /// The escape codes and text taking the screen from `old` (nil: unknown, so all of it)
    /// to `new`.
    static func text(from old: [String]?, to new: [String]) -> String {
        var text = old == nil ? "\u{1B}[H\u{1B}[2J" : ""
        let previous = old ?? []
        for (index, line) in new.enumerated() where old == nil || index >= previous.count || previous[index] != line {
            text += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[0m"
        }
        return text
    }
}
