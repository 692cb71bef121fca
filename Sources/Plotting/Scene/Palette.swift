/// The colours and glyphs that tell functions, bars and slices apart, shared by every
/// back-end.
///
/// The first seven colours are the Okabe–Ito palette, designed to stay distinguishable
/// with the common forms of colour blindness; after them come the same hues lighter, then
/// darker, then lighter still, so 28 styles differ before any repeats. Terminals get the
/// nearest of the 256 xterm colours. Glyphs tell styles apart in ASCII output without
/// colour (the second seven have glyphs of their own).
public struct Palette: Sendable {
    /// One style.
    public struct Style: Hashable, Sendable {
        /// `#RRGGBB`.
        public let hex: String
        /// The nearest xterm-256 colour index.
        public let terminalColor: Int
        /// The ASCII character drawn with this style.
        public let glyph: Character
    }

    /// The seven base styles.
    private static let base: [Style] = [
        Style(hex: "#0072B2", terminalColor: 25, glyph: "*"),
        Style(hex: "#D55E00", terminalColor: 166, glyph: "+"),
        Style(hex: "#009E73", terminalColor: 36, glyph: "o"),
        Style(hex: "#CC79A7", terminalColor: 175, glyph: "x"),
        Style(hex: "#E69F00", terminalColor: 214, glyph: "#"),
        Style(hex: "#56B4E9", terminalColor: 74, glyph: "%"),
        Style(hex: "#F0E442", terminalColor: 227, glyph: "@"),
    ]

    /// How each round of the base hues is shaded: mixed with white (positive) or black
    /// (negative) by this fraction.
    private static let shades = [0.0, 0.45, -0.35, 0.7]
    /// The glyphs of the second round; the third and fourth repeat the first two's.
    private static let secondGlyphs: [Character] = ["=", "~", "&", "$", "^", "!", "v"]

    /// Every style, in the order items get them; no two share a terminal colour either
    /// (a shade whose nearest xterm colour is taken gets the nearest free one).
    public static let styles: [Style] = {
        var used = Set(base.map(\.terminalColor))
        var styles = base
        for (round, shade) in shades.enumerated().dropFirst() {
            for (index, style) in base.enumerated() {
                let hex = shaded(style.hex, by: shade)
                let color = nearestTerminalColor(hex, avoiding: used)
                used.insert(color)
                styles.append(
                    Style(hex: hex, terminalColor: color, glyph: round % 2 == 1 ? secondGlyphs[index] : style.glyph))
            }
        }
        return styles
    }()

    /// The style of the item at `index`; styles repeat after the last of ``styles``.
    public static func style(_ index: Int) -> Style {
        styles[index % styles.count]
    }

    /// Which of `period` repeating looks (styles, glyphs, dot patterns) each of `count`
    /// items in a ring takes (a pie's slices, the last beside the first): in turn, except
    /// that the last never shares the first's look or its other neighbour's.
    public static func ringIndices(count: Int, period: Int) -> [Int] {
        var indices = (0..<count).map { $0 % max(1, period) }
        guard count > 2, period > 2, indices[count - 1] == indices[0] else { return indices }
        indices[count - 1] = (1..<period).first { $0 != indices[count - 2] } ?? 1
        return indices
    }

    // MARK: - Colours

    /// `hex` mixed with white (`fraction` > 0) or black (`fraction` < 0).
    static func shaded(_ hex: String, by fraction: Double) -> String {
        let target = fraction > 0 ? 255.0 : 0
        let amount = abs(fraction)
        let channels = rgb(hex).map { channel in
            Int((Double(channel) + (target - Double(channel)) * amount).rounded())
        }
        return "#" + channels.map { hexDigits($0) }.joined()
    }

    /// The xterm-256 colour nearest `hex` (of the cube and the grey ramp) that is not in
    /// `used`.
    static func nearestTerminalColor(_ hex: String, avoiding used: Set<Int>) -> Int {
        let color = rgb(hex)
        // The first of the nearest, each distance computed once (every process computes
        // the styles, so this is part of a plot's start).
        var nearest: (index: Int, distance: Int)?
        for index in 16...255 where !used.contains(index) {
            let candidate = terminalRGB(index)
            let (red, green, blue) = (color[0] - candidate.red, color[1] - candidate.green, color[2] - candidate.blue)
            let distance = red * red + green * green + blue * blue
            if nearest.map({ distance < $0.distance }) ?? true { nearest = (index, distance) }
        }
        return nearest?.index ?? nearestTerminalColor(hex)
    }

    /// The red, green and blue of xterm-256 colour `index` (16…255).
    private static func terminalRGB(_ index: Int) -> (red: Int, green: Int, blue: Int) {
        if index >= 232 {
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        }
        let cube = index - 16
        return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
    }

    /// The six levels of each channel of xterm-256's 6 × 6 × 6 colour cube.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The xterm-256 colour nearest `hex`: from the 6 × 6 × 6 cube or the grey ramp.
    static func nearestTerminalColor(_ hex: String) -> Int {
        let levels = cubeLevels
        let color = rgb(hex)
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
        }
        func distance(_ a: [Int], _ b: [Int]) -> Int { zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } }
        let cube = color.map(nearestLevel)
        let cubeColor = cube.map { levels[$0] }
        let average = color.reduce(0, +) / 3
        let grey = max(0, min(23, (average - 8 + 5) / 10))
        let greyLevel = 8 + grey * 10
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
        return distance(color, [greyLevel, greyLevel, greyLevel]) < distance(color, cubeColor) ? 232 + grey : cubeIndex
    }

    /// The red, green and blue of `#RRGGBB`.
    private static func rgb(_ hex: String) -> [Int] {
        let digits = Array(hex.dropFirst())
        return stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
    }

    private static func hexDigits(_ value: Int) -> String {
        let text = String(max(0, min(255, value)), radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}
