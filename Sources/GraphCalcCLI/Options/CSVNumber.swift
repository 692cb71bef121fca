import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Numbers as the CSV verbs print them: the shortest digits that read back the same (`14`,
/// `0.25`), or `digits` significant digits, with −0 as 0.
enum CSVNumber {
    static func format(_ value: Double, digits: Int? = nil) -> String {
        value == 0 ? "0" : DisplaySettings.format(value, digits: digits)
    }
}
