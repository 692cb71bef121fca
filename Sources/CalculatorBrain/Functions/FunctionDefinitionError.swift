/// Why a named function cannot be defined or removed.
public enum FunctionDefinitionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is not a valid name, or is a built-in function or constant.
    case invalidName(String)
    /// The parameter is not a valid variable name.
    case invalidParameter(String, function: String)
    /// The body does not parse.
    case expression(ExpressionError)
    /// The definition would call itself, directly or through others; the names run from
    /// the function defined back to itself: `["f", "g", "f"]`.
    case cycle([String])
    /// The function to remove is not defined.
    case notDefined(String)
    /// The function to remove is called by others, named here.
    case inUse(String, by: [String])

    /// The message a user sees.
    public var description: String {
        switch self {
        case .invalidName(let name):
            "'\(name)' cannot name a function: it is a built-in name or not a name"
        case .invalidParameter(let parameter, let function):
            "'\(parameter)' cannot be the parameter of \(function): it is not a variable name"
        case .expression(let error):
            error.description
        case .cycle(let names):
            "\(names.first ?? "the function") would refer to itself: \(names.joined(separator: " → "))"
        case .notDefined(let name):
            "no function named '\(name)'"
        case .inUse(let name, let users):
            "\(name) is used by \(users.joined(separator: ", ")): remove or redefine \(users.count == 1 ? "it" : "them") first"
        }
    }
}
