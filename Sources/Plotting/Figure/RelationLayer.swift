import Graphing

/// A relation in x and y as a figure draws it: every cell of the grid drawn (a terminal
/// cell in ASCII, a braille dot, an SVG pixel) is decided by `RelationSampler` — proved
/// cells solid, undecided ones faint, excluded ones empty (Tupper's picture: a cell is
/// drawn where the relation holds somewhere in it).
public struct RelationLayer: FigureLayer {
    /// The relation decided.
    public let relation: Relation
    /// Its name in the legend, powers written as superscripts (`x²+y²=1`).
    public let label: String
    /// The most evaluations a drawing of the layer makes (see `RelationSampler/budget`).
    public var budget = RelationSampler.defaultBudget

    /// A layer drawing `relation`, named `label` (its description: `x^2+y^2=1` reads
    /// `x²+y²=1`).
    public init(_ relation: Relation, label: String) {
        self.relation = relation
        self.label = Self.superscripted(label)
    }

    /// The x range: a relation asks for as much up as across (on a log y axis, where the
    /// x range is above 0).
    public func automaticYRange(x: Interval, columns: Int, xScale: AxisScale, yScale: AxisScale) -> Interval? {
        yScale == .linear || x.lower > 0 ? x : nil
    }

    /// Always: where a relation holds nowhere, its empty cells are the picture.
    public func mayHaveValue(x: Interval, columns: Int, xScale: AxisScale) -> Bool { true }

    /// The cells of the viewport, decided.
    public func drawn(
        in viewport: Viewport, as geometry: Scene.Geometry, style: Palette.Style, marksDiscontinuities: Bool
    ) -> Scene.Layer {
        var sampler = RelationSampler(relation: relation, viewport: viewport)
        sampler.budget = budget
        return Scene.Layer(label: label, style: style, geometry: .cells(sampler.sample()), marks: [])
    }

    /// None: a relation has no single y to trace.
    public func value(at x: Double) -> Double? { nil }

    /// `x^2` as `x²` and `x^3` as `x³` where the exponent is that one digit.
    static func superscripted(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "^", index + 1 < characters.count, let mark = ["2": "²", "3": "³"][characters[index + 1]],
                index + 2 == characters.count || !(characters[index + 2].isNumber || characters[index + 2] == ".")
            {
                result += mark
                index += 2
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }
}
