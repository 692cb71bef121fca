/// The colours of an SVG document's furniture, graphs and charts alike.
public enum SVGTheme: String, CaseIterable, Sendable {
    /// Dark text and lines on white.
    case light
    /// Light text and lines on near-black.
    case dark

    var background: String { self == .light ? "#ffffff" : "#1e1e1e" }
    var text: String { self == .light ? "#222222" : "#dddddd" }
    var frame: String { self == .light ? "#444444" : "#aaaaaa" }
    var grid: String { self == .light ? "#e4e4e4" : "#3a3a3a" }
}
