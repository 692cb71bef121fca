import GraphCalcSupport

/// What `zeros` and `extrema` read from their arguments: the functions (given, or at the
/// prompt those shown), the range and variables, and the digits to print.
struct AnalysedFunctions {
    /// The functions, each resolved along the plotting variable.
    let functions: [ResolvedFunction]
    /// The range, variables and angle unit.
    let graph: GraphOptions
    /// Significant digits, or `nil` for the shortest form.
    let digits: Int?

    /// Reads them; `usage` is the verb's, for the error when none is given.
    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool, usage: String) throws(GraphCalcError) {
        graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt)
        functions = try graph.functions(
            ProgramArgument.all(arguments), session: session, usage: usage, preferringPlotted: true
        ).resolved
        digits = try GraphOptions.digits(arguments, session: session)
    }

    /// Whether rows need a first column naming their function.
    var isLabelled: Bool { functions.count > 1 }
}
