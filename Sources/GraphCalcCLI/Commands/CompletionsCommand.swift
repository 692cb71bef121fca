/// `graphcalc completions bash|zsh|fish`: a completion script for the shell.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print a shell completion script for bash, zsh or fish."
    static let operands = "bash|zsh|fish"
    static let discussion = """
        The script completes verbs, options, option values (--mode ascii|braille) and file
        names where a file is expected.

        Install:
          bash:  source <(graphcalc completions bash)     (in ~/.bashrc)
          zsh:   graphcalc completions zsh > ~/.zfunc/_graphcalc
                 (with fpath+=(~/.zfunc) before compinit in ~/.zshrc)
          fish:  graphcalc completions fish > ~/.config/fish/completions/graphcalc.fish
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = []
    static let positionals = PositionalKind.words(ShellCompletions.Shell.allCases.map(\.rawValue))

    let shell: ShellCompletions.Shell

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let name = try arguments.singlePositional(named: "SHELL", usage: Self.usage)
        guard let shell = ShellCompletions.Shell(rawValue: name) else {
            throw .usage("completions are for bash, zsh or fish, not '\(name)'")
        }
        self.shell = shell
    }

    func run(console: any Console) throws(GraphCalcError) {
        try console.write(ShellCompletions.script(for: shell))
    }
}
