// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "graphcalc",
    // Synchronization's Mutex and Atomic need macOS 15; built and tested on Linux only.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CalculatorBrain", targets: ["CalculatorBrain"]),
        .library(name: "Graphing", targets: ["Graphing"]),
        .library(name: "ChartData", targets: ["ChartData"]),
        .library(name: "Plotting", targets: ["Plotting"]),
        .library(name: "GraphCalcCLI", targets: ["GraphCalcCLI"]),
        .executable(name: "graphcalc", targets: ["graphcalc"]),
    ],
    targets: [
        // MARK: - Libraries

        /// What every module below shares and no user sees (not a product): printf-style
        /// number formatting, files read and written so nothing is lost, text in a terminal
        /// (display width, ASCII spelling), the process-wide request to stop, and a seeded
        /// random generator (tests' property cases, the benchmark's generated text).
        .target(name: "GraphCalcSupport"),

        /// The op-stack calculator: ops, programs, evaluation, description, infix parsing, plist I/O.
        /// Γ, n! and ψ come from the C target, so a key's value and the kernels' agree.
        .target(name: "CalculatorBrain", dependencies: ["GraphCalcSupport", "CVectorMath"]),

        /// Viewports, interval enclosures, the compiled evaluator and the column sampler
        /// that every renderer uses.
        .target(name: "Graphing", dependencies: ["CalculatorBrain", "CVectorMath", "GraphCalcSupport"]),

        /// What charts are drawn from: the data-source protocol, CSV tables with line numbers,
        /// category counts and word frequencies. Knows nothing of drawing.
        .target(name: "ChartData", dependencies: ["GraphCalcSupport", "CVectorMath"]),

        /// The layout step (PlotLayout → Scene), the palette and ticks, and the back-ends that
        /// draw scenes: terminal (ASCII, braille, colour) and SVG; bar and pie charts.
        .target(name: "Plotting", dependencies: ["Graphing", "ChartData", "GraphCalcSupport", "CVectorMath"]),

        /// GNU readline, for the REPL's line editing (GPL; see the README). Its headers are in
        /// the compiler's default search path (`apt-get install libreadline-dev`), so no
        /// pkg-config: readline's `.pc` file adds `-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600`,
        /// which SwiftPM refuses with a warning on every build.
        .systemLibrary(name: "CReadline"),

        /// Batch kernels in C with runtime CPU dispatch (AVX-512, AVX2, baseline).
        .target(name: "CVectorMath", linkerSettings: [.linkedLibrary("m"), .linkedLibrary("pthread")]),

        /// The command line: the session model, option groups, the command table, one small type
        /// per verb, the REPL engine, shell completion scripts and the man page.
        .target(
            name: "GraphCalcCLI",
            dependencies: ["CalculatorBrain", "Graphing", "ChartData", "Plotting", "GraphCalcSupport", "CVectorMath"]),

        // MARK: - Executables

        // readline draws with terminfo: a static link must name libtinfo after readline.
        .executableTarget(
            name: "graphcalc", dependencies: ["GraphCalcCLI", "GraphCalcSupport", "CReadline"],
            linkerSettings: [.linkedLibrary("tinfo")]),

        /// Evaluation and sampling speed; run with `swift run -c release graphcalc-bench`.
        /// It runs the `graphcalc` built beside it for the long-program rows.
        .executableTarget(
            name: "graphcalc-bench",
            dependencies: [
                "CalculatorBrain", "Graphing", "ChartData", "Plotting", "GraphCalcCLI", "GraphCalcSupport", "graphcalc",
            ]),

        // MARK: - Tests

        /// What the test targets share: seeded random programs, golden files
        /// with diffs, tolerances in ulps, and running `graphcalc` as a process.
        .target(name: "TestSupport", dependencies: ["CalculatorBrain", "GraphCalcSupport"], path: "Tests/TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "CalculatorBrainTests", dependencies: ["CalculatorBrain", "GraphCalcSupport", "TestSupport"]),
        .testTarget(name: "ChartDataTests", dependencies: ["ChartData", "GraphCalcSupport", "TestSupport"]),
        .testTarget(
            name: "GraphingTests",
            dependencies: ["Graphing", "CalculatorBrain", "CVectorMath", "GraphCalcSupport", "TestSupport"]),
        .testTarget(
            name: "PlottingTests",
            dependencies: ["Plotting", "ChartData", "Graphing", "CalculatorBrain", "GraphCalcSupport", "TestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "GraphCalcCLITests",
            dependencies: [
                "GraphCalcCLI", "CalculatorBrain", "Graphing", "ChartData", "Plotting", "GraphCalcSupport",
                "TestSupport",
            ],
            exclude: ["Snapshots"]),
        /// Runs the built `graphcalc` executable as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["graphcalc", "TestSupport"]),
    ]
)
