import CalculatorBrain
import ChartData
import GraphCalcSupport
import Graphing

#if canImport(Glibc)
    import Glibc
#endif

extension REPL {
    /// The options `data NAME = FILE` takes: how the file is read and drawn.
    static let dataSetOptions =
        OptionGroup.data.options.filter { $0.name != OptionGroup.dataFile.name } + OptionGroup.dataDrawing.options

    /// `data NAME = FILE [options]` names a data file for `plot`, `fit` and `stats`,
    /// read now to check it and again whenever it changes; `data NAME off` forgets it;
    /// `data` alone lists them.
    func data(_ words: [String]) throws(GraphCalcError) {
        guard let name = words.first else {
            if session.dataSets.isEmpty { return say("no data sets; name one with data d = FILE.csv") }
            for name in session.dataSets.keys.sorted() {
                guard let set = session.dataSets[name] else { continue }
                say("\(name) = \(set.path)\(Self.describe(set))")
            }
            return
        }
        if words.count == 2 && words[1] == "off" {
            guard session.dataSets[name] != nil else { throw .usage("no data set named \(name)") }
            try session.unset([name])
            return say("data set \(name) removed")
        }
        guard words.count >= 3, words[1] == "=" else {
            throw .usage("data needs a name and a file: data d = FILE.csv [--columns x,y …], or data d off")
        }
        guard Op.isValidVariableName(name), name != session.plottingVariable, name != Session.ansName else {
            throw .usage("'\(name)' is not a name for a data set")
        }
        if session.functions[name] != nil { throw .usage("'\(name)' is a function; give the data set another name") }
        if session.brain.variableValues[name] != nil {
            throw .usage("'\(name)' is a variable; give the data set another name")
        }
        let file = words[2]
        guard file != FileSystem.standardInput else {
            throw .usage("data at the prompt names a file, not standard input (which the prompt reads)")
        }
        let parsed = try ParsedArguments(Array(words.dropFirst(3)), command: "data", options: Self.dataSetOptions)
        guard parsed.positionals.isEmpty else { throw .usage("data takes one file and options after it") }
        let options = try DataOptions(parsed)
        let reference = options.reference(to: Self.absolute(file))
        // Read now: a file that cannot be drawn is said here, not at the next plot.
        let (layers, notes) = try DataOptions.layers(of: [reference], cache: session.dataTables)
        for note in notes { console.writeError(note + "\n") }
        session.dataSets[name] = reference
        let series = layers.map(\.label).joined(separator: ", ")
        let rows = layers.first?.series.count ?? 0
        say("\(name) = \(file): \(series), \(rows) row\(rows == 1 ? "" : "s")")
    }

    /// How a data set is read and drawn, where not detected: ` (columns x,y; style points)`.
    private static func describe(_ set: DataReference) -> String {
        var parts: [String] = []
        if let columns = set.reading.columns { parts.append("columns " + columns.joined(separator: ",")) }
        if let delimiter = set.reading.delimiter { parts.append("delimiter " + delimiter.rawValue) }
        if let header = set.reading.hasHeader { parts.append("header " + (header ? "yes" : "no")) }
        if set.reading.skipsBadRows { parts.append("skipping bad rows") }
        if let style = set.style { parts.append("style " + style.rawValue) }
        if set.xIsUnixTime { parts.append("time unix") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// `path` from the root, so a saved session finds the file from anywhere.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard let directory = getcwd(&buffer, buffer.count).map({ String(cString: $0) }) else { return path }
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return directory + (directory.hasSuffix("/") ? "" : "/") + trimmed
    }
}

extension REPL {
    /// `fit FILE|SET [MODEL] [as NAME] [options]`: the fit's report, and with `as NAME`
    /// the fitted formula defined as `NAME(x)`, its coefficients to the last digit.
    func fit(_ arguments: [String]) throws(GraphCalcError) {
        let command = try FitCommand.make(arguments, session: session, atPrompt: true)
        guard let name = command.definedName else { return try command.run(console: console) }
        guard Op.isValidVariableName(name) else { throw .usage("'\(name)' is not a name for a function") }
        if session.dataSets[name] != nil { throw .usage("'\(name)' is a data set; give the fit another name") }
        let regression = try command.report(console: console)
        let function = try session.define(name, parameters: ["x"], body: regression.expression())
        say("defined " + (session.functions.equation(of: function.name) ?? function.equation))
    }
}
