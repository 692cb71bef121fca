/// The colours and glyphs that tell functions apart, shared by every back-end.
///
/// Colours are the Okabe–Ito palette, designed to stay distinguishable with the common
/// forms of colour blindness; terminals get the nearest of the 256 xterm colours. Glyphs
/// tell functions apart in ASCII output without colour.
public struct Palette: Sendable {
    /// One function's style.
    public struct Style: Hashable, Sendable {
        /// `#RRGGBB`.
        public let hex: String
        /// The nearest xterm-256 colour index.
        public let terminalColor: Int
        /// The ASCII character the function is drawn with.
        public let glyph: Character
    }

    /// The styles, in the order functions get them.
    public static let styles: [Style] = [
        Style(hex: "#0072B2", terminalColor: 25, glyph: "*"),
        Style(hex: "#D55E00", terminalColor: 166, glyph: "+"),
        Style(hex: "#009E73", terminalColor: 36, glyph: "o"),
        Style(hex: "#CC79A7", terminalColor: 175, glyph: "x"),
        Style(hex: "#E69F00", terminalColor: 214, glyph: "#"),
        Style(hex: "#56B4E9", terminalColor: 74, glyph: "%"),
        Style(hex: "#F0E442", terminalColor: 227, glyph: "@"),
    ]

    /// The style of the function at `index`; styles repeat after the last.
    public static func style(_ index: Int) -> Style {
        styles[index % styles.count]
    }
}
