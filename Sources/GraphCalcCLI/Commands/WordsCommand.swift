import ChartData
import GraphCalcSupport
import Graphing
import Plotting

/// `graphcalc words`: the most frequent words of a text, as CSV or a chart.
struct WordsCommand: Command {
    static let name = "words"
    static let summary = "Count the words of a text file: word,count CSV, or a bar or pie chart."
    static let operands = "TEXT.txt"
    static let discussion = """
        Words are runs of letters and digits in any script, lowercased, with an apostrophe
        inside a word kept (don't, l'été); each Chinese or Japanese character counts as a
        word of its own. They are sorted by count, most frequent first, ties
        alphabetically. --stop-words FILE leaves out the words listed in FILE (separated
        by spaces or lines). Without --chart the result is printed as word,count CSV,
        which `graphcalc chart` reads back; with --chart it is drawn, and the options of
        `graphcalc chart` apply.

        Examples:
          graphcalc words examples/data/calculator.txt --top 10
          graphcalc words examples/data/calculator.txt --top 8 --chart bar --horizontal
        """
    static let top = OptionSpecification(names: ["--top"], valueName: "N", help: "Keep the N most frequent words")
    static let stopWords = OptionSpecification(
        names: ["--stop-words"], valueName: "FILE", help: "Leave out the words listed in FILE", completesFiles: true)
    static let chart = OptionSpecification(
        names: ["--chart"], valueName: "bar|pie", help: "Draw a chart instead of printing CSV", choices: ["bar", "pie"])
    static let ownOptions = [top, stopWords, chart]
    static let optionGroups: [OptionGroup] = [.output, .size, .document, .chartStyle, .terminalOutput]
    static let positionals = PositionalKind.files

    let file: String
    /// How many of the most frequent words to keep, or `nil` for all.
    let limit: Int?
    /// The file of words to leave out.
    let stopWordsFile: String?
    /// The chart to draw, or `nil` for CSV.
    let drawing: ChartDrawing?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        file = try arguments.singlePositional(named: "TEXT.txt", usage: Self.usage)
        if let text = arguments.value(Self.top) {
            guard let value = Int(text), value >= 1 else {
                throw .usage("--top needs a whole number from 1, not '\(text)'")
            }
            limit = value
        } else {
            limit = nil
        }
        if let text = arguments.value(Self.chart) {
            guard let kind = ChartOptions.Kind(rawValue: text) else {
                throw .usage("--chart must be bar or pie, not '\(text)'")
            }
            drawing = try ChartDrawing(kind: kind, arguments)
        } else {
            guard try arguments.outputFile() == nil else {
                throw .usage("-o writes a chart: add --chart bar or --chart pie (the CSV goes to standard output)")
            }
            let drawingOptions = [OptionGroup.size, .document, .chartStyle, .terminalOutput].flatMap(\.options)
            try arguments.refuse(drawingOptions, for: "the CSV words prints; add --chart bar or --chart pie to draw")
            drawing = nil
        }
        stopWordsFile = arguments.value(Self.stopWords)
    }

    func run(console: any Console) throws(GraphCalcError) {
        var excluded: Set<String> = []
        if let path = stopWordsFile {
            excluded = Set(ChartData.words(in: try ChartCommand.readText(path)))
        }
        let data = ChartData(wordsIn: try ChartCommand.readText(file), stopWords: excluded, top: limit)
        if Cancellation.isRequested { throw .interrupted }
        guard let drawing else {
            let lines = data.records.map { Self.csvField($0.label) + "," + String(Int($0.value)) }
            return try console.write((["word,count"] + lines).map { $0 + "\n" }.joined())
        }
        guard data.count > 0 else { throw .input("'\(file)' has no words to chart") }
        try drawing.draw(data, console: console)
    }

    /// A CSV field, quoted when it holds a comma, quote or line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
