import CalculatorBrain
import FoundationEssentials
import Graphing
import Plotting

/// What is wrong with a session file, without the file's name.
struct SessionFileProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
