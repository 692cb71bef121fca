import CalculatorBrain
import GraphCalcSupport

/// The shapes of prompt lines that are not commands: `f(x) = EXPR` (or `g(x, y) = EXPR`)
/// defines a function, `NAME = EXPR` sets a variable.
enum LineShape {
    /// `name(parameters) = body`, if the line has that shape.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for the shape with no parameter (`k() = 1`)
    ///   or one named twice (`f(x, x) = x`).
    static func definition(
        _ line: String
    ) throws(GraphCalcError) -> (name: String, parameters: [String], body: String)? {
        guard let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")"), open < close,
            let equals = line.firstIndex(of: "="), close < equals
        else { return nil }
        let name = String(line[..<open]).trimmingBlanks()
        let inside = String(line[line.index(after: open)..<close])
        let parameters = inside.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingBlanks()
        }
        let between = line[line.index(after: close)..<equals]
        guard between.allSatisfy({ $0 == " " || $0 == "\t" }), isName(name), !isComparison(line, at: equals) else {
            return nil
        }
        if parameters == [""] { throw .usage("\(name)() needs a parameter: \(name)(x) = …") }
        guard parameters.allSatisfy(isName) else { return nil }
        if let repeated = parameters.enumerated().first(where: { parameters[..<$0.offset].contains($0.element) }) {
            throw .usage("\(name) names the parameter '\(repeated.element)' twice; give each its own name")
        }
        return (name, parameters, String(line[line.index(after: equals)...]).trimmingBlanks())
    }

    /// `name = expression`, if the line has that shape.
    static func assignment(_ line: String) -> (name: String, expression: String)? {
        guard let equals = line.firstIndex(of: "="), !isComparison(line, at: equals) else { return nil }
        let name = String(line[..<equals]).trimmingBlanks()
        guard isName(name) else { return nil }
        return (name, String(line[line.index(after: equals)...]).trimmingBlanks())
    }

    /// Whether the `=` at `index` begins `==`, a comparison, not an assignment.
    private static func isComparison(_ line: String, at index: String.Index) -> Bool {
        let next = line.index(after: index)
        return next < line.endIndex && line[next] == "="
    }

    /// Letters, digits and `_`, starting with a letter or `_`: a name, reserved or not (so
    /// that `sin(x) = 2` is refused as a definition rather than read as an expression).
    private static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_", first != "π" else { return false }
        return text.allSatisfy { ($0.isLetter && $0 != "π") || $0 == "_" || ("0"..."9").contains($0) }
    }
}
