// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "graphcalc",
    products: [
        .library(name: "CalculatorBrain", targets: ["CalculatorBrain"]),
        .library(name: "Graphing", targets: ["Graphing"]),
        .library(name: "Plotting", targets: ["Plotting"]),
        .library(name: "GraphCalcCLI", targets: ["GraphCalcCLI"]),
        .executable(name: "graphcalc", targets: ["graphcalc"]),
    ],
    targets: [
        // MARK: - Libraries

        /// The op-stack calculator: ops, programs, evaluation, description, infix parsing, plist I/O.
        .target(name: "CalculatorBrain"),

        /// Viewports, interval enclosures, the compiled evaluator and the column sampler
        /// that every renderer uses.
        .target(name: "Graphing", dependencies: ["CalculatorBrain", "CVectorMath"]),

        /// Scenes (what a plot draws) and their back-ends: terminal and SVG; charts and their data.
        .target(name: "Plotting", dependencies: ["Graphing", "CalculatorBrain"]),

        /// GNU readline, for the REPL's line editing (GPL; see the README).
        .systemLibrary(
            name: "CReadline", pkgConfig: "readline", providers: [.apt(["libreadline-dev", "libncurses-dev"])]),

        /// Batch kernels in C with runtime CPU dispatch (AVX-512, AVX2, baseline).
        .target(name: "CVectorMath", linkerSettings: [.linkedLibrary("m")]),

        /// The command line: the session model, option groups, the command table, one small type
        /// per verb, the REPL engine, shell completion scripts and the man page.
        .target(name: "GraphCalcCLI", dependencies: ["CalculatorBrain", "Graphing", "Plotting"]),

        // MARK: - Executables

        // readline draws with terminfo: a static link must name libtinfo after readline.
        .executableTarget(
            name: "graphcalc", dependencies: ["GraphCalcCLI", "CReadline"], linkerSettings: [.linkedLibrary("tinfo")]),

        /// Evaluation and sampling speed; run with `swift run -c release graphcalc-bench`.
        .executableTarget(
            name: "graphcalc-bench", dependencies: ["CalculatorBrain", "Graphing", "Plotting", "GraphCalcCLI"]),

        // MARK: - Tests

        /// What the test targets share: seeded random generators and programs, golden files
        /// with diffs, tolerances in ulps, and running `graphcalc` as a process.
        .target(name: "TestSupport", dependencies: ["CalculatorBrain"], path: "Tests/TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CalculatorBrainTests", dependencies: ["CalculatorBrain", "TestSupport"]),
        .testTarget(name: "GraphingTests", dependencies: ["Graphing", "CalculatorBrain", "TestSupport"]),
        .testTarget(
            name: "PlottingTests", dependencies: ["Plotting", "Graphing", "CalculatorBrain", "TestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "GraphCalcCLITests",
            dependencies: ["GraphCalcCLI", "CalculatorBrain", "Graphing", "Plotting", "TestSupport"],
            exclude: ["Snapshots"]),
        /// Runs the built `graphcalc` executable as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["graphcalc", "TestSupport"]),
    ]
)
