import CalculatorBrain

/// What TAB completes a word with.
public enum REPLCompletion: Equatable, Sendable {
    /// These words, which start with the word typed.
    case words([String])
    /// File names.
    case fileNames
}
