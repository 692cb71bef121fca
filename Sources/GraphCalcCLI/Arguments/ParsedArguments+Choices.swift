extension ParsedArguments {
    /// The value of an option that takes one of a type's cases (`--color`, `--theme`,
    /// `--angle`, `--xscale`), or `nil` when not given.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` naming the values it takes, from the type.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ option: OptionSpecification, of type: Choice.Type
    ) throws(GraphCalcError) -> Choice? where Choice.RawValue == String {
        guard let text = value(option) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw .usage(
                "\(option.names[0]) takes \(Self.spelled(Choice.allCases.map(\.rawValue))), not '\(text)'")
        }
        return choice
    }

    /// `a, b or c`.
    static func spelled(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
