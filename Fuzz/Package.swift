// swift-tools-version:6.0
// libFuzzer targets for graphcalc, a package of their own so that the main package's
// `swift build` and `swift test` never link them (they have no main: libFuzzer brings it).
// Run them with scripts/fuzz.sh [SECONDS] from the repository root.
import PackageDescription

let package = Package(
    name: "graphcalc-fuzz",
    dependencies: [.package(name: "graphcalc", path: "..")],
    targets: [
        /// A console that keeps nothing and a reader over a list of lines, for the targets
        /// that drive the command line and the prompt.
        .target(
            name: "FuzzSupport", dependencies: [.product(name: "GraphCalcCLI", package: "graphcalc")],
            path: "Sources/Support"),
        .executableTarget(
            name: "fuzz-parser", dependencies: [.product(name: "CalculatorBrain", package: "graphcalc")],
            path: "Sources/Parser"),
        .executableTarget(
            name: "fuzz-relation", dependencies: [.product(name: "Graphing", package: "graphcalc")],
            path: "Sources/Relation"),
        .executableTarget(
            name: "fuzz-curve", dependencies: [.product(name: "Graphing", package: "graphcalc")],
            path: "Sources/Curve"),
        .executableTarget(
            name: "fuzz-plist", dependencies: [.product(name: "CalculatorBrain", package: "graphcalc")],
            path: "Sources/PropertyList"),
        .executableTarget(
            name: "fuzz-csv",
            dependencies: [
                .product(name: "ChartData", package: "graphcalc"), .product(name: "Plotting", package: "graphcalc"),
            ], path: "Sources/CSV"),
        .executableTarget(
            name: "fuzz-data",
            dependencies: [
                .product(name: "ChartData", package: "graphcalc"), .product(name: "Graphing", package: "graphcalc"),
            ], path: "Sources/Data"),
        .executableTarget(
            name: "fuzz-words", dependencies: [.product(name: "ChartData", package: "graphcalc")],
            path: "Sources/Words"),
        .executableTarget(
            name: "fuzz-repl", dependencies: [.product(name: "GraphCalcCLI", package: "graphcalc"), "FuzzSupport"],
            path: "Sources/REPL"),
        .executableTarget(
            name: "fuzz-cli", dependencies: [.product(name: "GraphCalcCLI", package: "graphcalc"), "FuzzSupport"],
            path: "Sources/CLI"),
        .executableTarget(
            name: "fuzz-session", dependencies: [.product(name: "GraphCalcCLI", package: "graphcalc")],
            path: "Sources/Session"),
        .executableTarget(
            name: "fuzz-explore",
            dependencies: [
                .product(name: "GraphCalcCLI", package: "graphcalc"), .product(name: "Graphing", package: "graphcalc"),
            ], path: "Sources/Explore"),
    ]
)
