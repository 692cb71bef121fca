/// The values of one option group, read and checked in one place: every verb that
/// declares the group reads it through this type, so no verb reads the group's options
/// itself and two verbs cannot read them differently.
protocol ParsableOptionGroup {
    /// The options the type reads.
    static var group: OptionGroup { get }

    /// Reads the group's options from `arguments`.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for a value the option does not take.
    init(_ arguments: ParsedArguments) throws(GraphCalcError)
}
