/// What every SVG document graphcalc writes shares, graphs and charts alike: the size
/// check, the opening (XML declaration, root element with its viewBox and fonts, the
/// accessible title, a style sheet, the background), the title text, and the text metrics
/// labels are laid out with.
enum SVGDocument {
    /// The labels' font size, in pixels.
    static let fontSize = 12.0
    /// An average glyph's advance at ``fontSize``, for laying out labels.
    static let characterWidth = 7.2

    /// Refuses a size outside 1…``SVGPlot/maximumSize`` pixels either way.
    static func checkSize(width: Int, height: Int) throws(PlottingError) {
        guard (1...SVGPlot.maximumSize).contains(width), (1...SVGPlot.maximumSize).contains(height) else {
            throw .sizeOutOfRange(
                width: width, height: height, maximumWidth: SVGPlot.maximumSize, maximumHeight: SVGPlot.maximumSize,
                unit: "pixels")
        }
    }

    /// The start of a document of `width` × `height` pixels named `name` (escaped here),
    /// with the CSS `style` and the theme's background.
    static func opening(width: Int, height: Int, name: String, style: String, theme: SVGTheme) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
        font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="\(SVGNumber.format(fontSize))">
        <title>\(XMLText.isolated(name))</title>
        <style>\(style)</style>
        <rect width="\(width)" height="\(height)" fill="\(theme.background)"/>

        """
    }

    /// The title of the picture, centred at (`x`, `y`), as a line of the document.
    static func title(_ title: String, x: Double, y: Double, theme: SVGTheme) -> String {
        "<text x=\"\(SVGNumber.format(x))\" y=\"\(SVGNumber.format(y))\" text-anchor=\"middle\" font-size=\"16\" fill=\"\(theme.text)\">\(XMLText.isolated(title))</text>\n"
    }
}
