import Foundation
import GraphCalcCLI

exit(GraphCalc.run(arguments: Array(CommandLine.arguments.dropFirst())))
