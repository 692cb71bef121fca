import CalculatorBrain
import Graphing
import Plotting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What is wrong with a session file, without the file's name.
struct SessionFileProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
