// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "graphcalc",
    products: [
        .library(name: "CalculatorBrain", targets: ["CalculatorBrain"]),
        .library(name: "GraphCalcCLI", targets: ["GraphCalcCLI"]),
        .executable(name: "graphcalc", targets: ["graphcalc"]),
    ],
    targets: [
        // MARK: - Libraries

        /// The op-stack calculator: ops, programs, evaluation, description, infix parsing, plist I/O.
        .target(name: "CalculatorBrain"),

        /// The command line: argument parsing and one small type per verb.
        .target(name: "GraphCalcCLI", dependencies: ["CalculatorBrain"]),

        // MARK: - Executables

        .executableTarget(name: "graphcalc", dependencies: ["GraphCalcCLI"]),

        // MARK: - Tests

        .testTarget(name: "CalculatorBrainTests", dependencies: ["CalculatorBrain"]),
        .testTarget(name: "GraphCalcCLITests", dependencies: ["GraphCalcCLI", "CalculatorBrain"]),
        /// Runs the built `graphcalc` executable as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["graphcalc"]),
    ]
)
