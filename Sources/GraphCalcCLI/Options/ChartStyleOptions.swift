import Plotting

/// The chart style options read once: what is highlighted and how bars and slices are
/// laid out.
struct ChartStyleOptions: ParsableOptionGroup {
    static let group = OptionGroup.chartStyle

    /// The label of the bar or slice to highlight (`--select`).
    var selectedLabel: String?
    /// Bars along x (`--horizontal`).
    var isHorizontal = false
    /// Values printed on the bars (`--values`).
    var showsValues = false
    /// Where the first slice starts, in degrees from 12 o'clock (`--start-angle`).
    var startAngle: Double?
    /// The order of the slices (`--direction`).
    var direction: PieChartLayout.Direction?
    /// Slices under this share (0…1) are grouped as "other" (`--min-share`, a percentage).
    var minimumShare: Double?

    /// - Throws: ``GraphCalcError/usage(_:)`` for a value out of range or not a number.
    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        selectedLabel = arguments.value(OptionGroup.select)
        isHorizontal = arguments.contains(OptionGroup.horizontal)
        showsValues = arguments.contains(OptionGroup.values)
        startAngle = try arguments.value(OptionGroup.startAngle).map { text throws(GraphCalcError) in
            try ExpressionValue.of(text, variables: [:], from: .option("--start-angle"))
        }
        direction = try arguments.choice(OptionGroup.direction, of: PieChartLayout.Direction.self)
        minimumShare = try arguments.value(OptionGroup.minimumShare).map { text throws(GraphCalcError) in
            let percent = try ExpressionValue.of(text, variables: [:], from: .option("--min-share"))
            guard (0...100).contains(percent) else { throw .usage("--min-share must be a percentage from 0 to 100") }
            return percent / 100
        }
    }

    /// The options given that mean nothing to a chart of `kind`: bars' for a pie, slices'
    /// for bars.
    func inapplicableOptions(for kind: ChartOptions.Kind) -> [OptionSpecification] {
        switch kind {
        case .bar:
            [
                startAngle.map { _ in OptionGroup.startAngle }, direction.map { _ in OptionGroup.direction },
                minimumShare.map { _ in OptionGroup.minimumShare },
            ].compactMap { $0 }
        case .pie:
            [isHorizontal ? OptionGroup.horizontal : nil, showsValues ? OptionGroup.values : nil].compactMap { $0 }
        }
    }

    /// `options` with this style.
    func applied(to options: ChartOptions) -> ChartOptions {
        var options = options
        options.isHorizontal = isHorizontal
        options.showsValues = showsValues
        if let startAngle { options.startAngle = startAngle }
        if let direction { options.direction = direction }
        if let minimumShare { options.minimumShare = minimumShare }
        return options
    }
}
