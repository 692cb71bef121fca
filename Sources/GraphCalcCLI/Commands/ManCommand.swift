/// `graphcalc man`: the manual page, in roff.
struct ManCommand: Command {
    static let name = "man"
    static let summary = "Print the manual page (roff): graphcalc man > graphcalc.1; man -l graphcalc.1"
    static let operands = ""
    static let discussion = """
        Install for the current user:
          mkdir -p ~/.local/share/man/man1
          graphcalc man > ~/.local/share/man/man1/graphcalc.1
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = []
    static let positionals = PositionalKind.none

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        guard arguments.positionals.isEmpty else { throw .usageShowing("man takes no arguments", usage: Self.usage) }
    }

    func run(console: any Console) throws(GraphCalcError) {
        try console.write(ManPage.roff)
    }
}
