import CalculatorBrain
import GraphCalcSupport

/// The shapes of prompt lines that are not commands: `f(x) = EXPR` defines a function,
/// `NAME = EXPR` sets a variable.
enum LineShape {
    /// `name(parameter) = body`, if the line has that shape.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for the shape with no parameter or several
    ///   (`k() = 1`, `f(x, y) = x+y`): a function takes one.
    static func definition(_ line: String) throws(GraphCalcError) -> (name: String, parameter: String, body: String)? {
        guard let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")"), open < close,
            let equals = line.firstIndex(of: "="), close < equals
        else { return nil }
        let name = String(line[..<open]).trimmingBlanks()
        let inside = String(line[line.index(after: open)..<close])
        let parameters = inside.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingBlanks()
        }
        let between = line[line.index(after: close)..<equals]
        guard between.allSatisfy({ $0 == " " || $0 == "\t" }), isName(name) else { return nil }
        if parameters.count > 1, parameters.allSatisfy(isName) {
            throw .usage("\(name) has \(parameters.count) parameters; a function takes one: \(name)(x) = …")
        }
        if parameters == [""] { throw .usage("\(name)() needs a parameter: \(name)(x) = …") }
        guard parameters.count == 1, isName(parameters[0]) else { return nil }
        return (name, parameters[0], String(line[line.index(after: equals)...]).trimmingBlanks())
    }

    /// `name = expression`, if the line has that shape.
    static func assignment(_ line: String) -> (name: String, expression: String)? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        let name = String(line[..<equals]).trimmingBlanks()
        guard isName(name) else { return nil }
        return (name, String(line[line.index(after: equals)...]).trimmingBlanks())
    }

    /// Letters, digits and `_`, starting with a letter or `_`: a name, reserved or not (so
    /// that `sin(x) = 2` is refused as a definition rather than read as an expression).
    private static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_", first != "π" else { return false }
        return text.allSatisfy { ($0.isLetter && $0 != "π") || $0 == "_" || ("0"..."9").contains($0) }
    }
}
