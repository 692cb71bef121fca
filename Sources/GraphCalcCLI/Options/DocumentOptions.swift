import Plotting

/// The document options read once: `--title` and `--theme`.
struct DocumentOptions: ParsableOptionGroup, Equatable {
    static let group = OptionGroup.document

    /// The title above the graph or chart, if given.
    var title: String?
    /// The SVG colours, if given.
    var theme: SVGPlot.Theme?

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        title = arguments.value(OptionGroup.title)
        theme = try arguments.choice(OptionGroup.theme, of: SVGPlot.Theme.self)
    }
}
