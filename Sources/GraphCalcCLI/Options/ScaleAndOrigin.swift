/// A graph view's scale and origin read once: `--scale S --origin X,Y`, which go together.
struct ScaleAndOrigin {
    /// Columns per unit.
    var scale: Double
    /// The plot-area cell of (0, 0).
    var origin: (x: Double, y: Double)

    /// Reads `--scale` and `--origin`, each an expression in `values`; `nil` when neither
    /// was given.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` when only one was given or a value is wrong.
    init?(_ arguments: ParsedArguments, values: [String: Double]) throws(GraphCalcError) {
        let scaleText = arguments.value(OptionGroup.scale), originText = arguments.value(OptionGroup.origin)
        guard scaleText != nil || originText != nil else { return nil }
        guard let scaleText, let originText else { throw .usage("--scale and --origin go together") }
        scale = try ExpressionValue.of(scaleText, variables: values, from: .option("--scale"))
        origin = try PlotCommand.point(originText, from: .option("--origin"), values: values)
    }
}
