/// A line of text where the layout put it, in canvas units (cells or pixels).
public struct PlacedText: Sendable, Equatable {
    /// Which point of the text ``PlacedText/x`` names.
    public enum Anchor: Sendable, Equatable {
        /// The start of the text.
        case start
        /// Its middle.
        case middle
        /// Its end.
        case end
    }

    /// The text as the back-end shows it (in ASCII for an ASCII terminal).
    public let text: String
    /// Where it goes across, at its ``anchor``.
    public let x: Double
    /// Its line: the row in a terminal, the centre line in SVG.
    public let y: Double
    /// Which point of the text `x` names.
    public let anchor: Anchor
    /// Its width, as the layout measured it.
    public let width: Double

    /// Text placed at (`x`, `y`).
    public init(_ text: String, x: Double, y: Double, anchor: Anchor = .start, width: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.anchor = anchor
        self.width = width
    }

    /// Where the text starts.
    public var start: Double {
        switch anchor {
        case .start: x
        case .middle: x - width / 2
        case .end: x - width
        }
    }
}
