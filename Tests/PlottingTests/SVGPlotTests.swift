import CalculatorBrain
import Foundation
import Graphing
import TestSupport
import Testing

@testable import Plotting

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// SVG documents read back with `XMLParser`, and golden files in `Snapshots/`
/// (record deliberately with `GRAPHCALC_RECORD=1`, which fails).
@Suite struct SVGPlotTests {
    /// The elements of a document, with their attributes and text, in order.
    final class Reader: NSObject, XMLParserDelegate {
        struct Element {
            let name: String
            let attributes: [String: String]
            var text = ""
            var depth: Int
        }

        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributes, depth: open.count))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let index = open.last { elements[index].text += string }
        }

        static func read(_ text: String) -> [Element]? {
            let reader = Reader()
            let parser = XMLParser(data: Data(text.utf8))
            parser.delegate = reader
            guard parser.parse(), parser.parserError == nil else { return nil }
            return reader.elements
        }
    }

    private static func request(_ expressions: [String], x: (Double, Double), y: (Double, Double)? = nil) throws
        -> Figure
    {
        let functions = try expressions.map { expression in
            let program = try Program(parsing: expression)
            return FunctionLayer(try ProgramFunction(program: program), label: program.description)
        }
        return Figure(functions: functions, x: Interval(x.0, x.1), y: y.map { Interval($0.0, $0.1) })
    }

    /// The sub-paths of the curve titled `label`, as points in pixels.
    private static func subpaths(_ elements: [Reader.Element], label: String) -> [[(Double, Double)]] {
        guard let title = elements.firstIndex(where: { $0.name == "title" && $0.text == label && $0.depth > 2 }),
            let path = elements[title...].first(where: { $0.name == "path" }), let d = path.attributes["d"]
        else { return [] }
        var result: [[(Double, Double)]] = []
        for piece in d.split(separator: "M") {
            let numbers = piece.split(whereSeparator: { $0 == " " || $0 == "L" }).compactMap { Double($0) }
            result.append(stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) })
        }
        return result
    }

    @Test func isWellFormedWithTheExpectedElements() throws {
        var request = try Self.request(["sin(x)", "cos(x)"], x: (-10, 10))
        request.showsGrid = true
        request.title = "Two waves"
        let svg = try SVGPlot(width: 800, height: 500).render(request)
        let elements = try #require(Reader.read(svg))
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["viewBox"] == "0 0 800 500")
        #expect(elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(elements.filter { $0.name == "g" && $0.attributes["class"] == "curve" }.count == 2)
        #expect(elements.contains { $0.name == "title" && $0.text == "sin(x)" })
        #expect(elements.contains { $0.name == "clipPath" })
        #expect(elements.contains { $0.name == "text" && $0.text == "Two waves" })
        #expect(svg.contains(".curve:hover path{stroke-width:4}"))
        #expect(svg.utf8.count < 20_000)
    }

    @Test func tangentHasOneSubpathPerBranch() throws {
        let svg = try SVGPlot(width: 800, height: 500).render(Self.request(["tan(x)"], x: (-10, 10), y: (-5, 5)))
        let branches = Self.subpaths(try #require(Reader.read(svg)), label: "tan(x)")
        #expect(branches.count == 7)
        // The branches between the first and last poles cross the whole view.
        for branch in branches.dropFirst().dropLast() {
            let ys = branch.map(\.1)
            // Each branch climbs across the whole view, and never jumps back.
            #expect((ys.max() ?? 0) - (ys.min() ?? 0) > 400)
            #expect(zip(ys, ys.dropFirst()).allSatisfy { $1 <= $0 + 0.01 })
        }
    }

    @Test func squareRootStartsAtZeroAndTheSpikeReachesOne() throws {
        let request = try Self.request(["sqrt(x)", "1/(1+1e6*(x-0.3137)^2)"], x: (-1, 1), y: (-0.1, 1.1))
        let plot = SVGPlot(width: 800, height: 500)
        let svg = try plot.render(request)
        let elements = try #require(Reader.read(svg))
        // The clip rectangle is the plot area: it gives the pixel of each model coordinate.
        let clip = try #require(elements.firstIndex { $0.name == "clipPath" })
        let frame = elements[clip + 1]
        let left = try #require(Double(frame.attributes["x"] ?? "")),
            top = try #require(Double(frame.attributes["y"] ?? ""))
        let width = try #require(Double(frame.attributes["width"] ?? "")),
            height = try #require(Double(frame.attributes["height"] ?? ""))
        let zeroX = left + width / 2, oneY = top + height * (0.1 / 1.2)
        let root = Self.subpaths(elements, label: "√(x)")
        #expect(root.count == 1)
        #expect(abs((root.first?.first?.0 ?? 0) - zeroX) < 0.02)
        let spike = Self.subpaths(elements, label: "1÷(1+1000000×(x−0.3137)^2)").flatMap { $0 }
        let peak = try #require(spike.map(\.1).min())
        #expect(abs(peak - oneY) <= 1)
    }

    @Test func userTextIsEscaped() throws {
        var request = try Self.request(["x"], x: (-1, 1))
        request.title = "<script>alert(1)</script> & \"x\""
        let svg = try SVGPlot(width: 400, height: 300).render(request)
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
        let elements = try #require(Reader.read(svg))
        #expect(!elements.contains { $0.name == "script" })
        #expect(elements.contains { $0.text == "<script>alert(1)</script> & \"x\"" })
        #expect(XMLText.escaped("a\u{1}b'c") == "ab&apos;c")
    }

    /// A label of megabytes (a million-op program's) is a title of a thousand characters
    /// or so, its start and end kept; one of 1,024 bytes is kept whole.
    @Test func longLabelsAreShortenedInTitles() {
        let long = String(repeating: "sin(x)+", count: 100_000) + "1"
        let title = XMLText.titleText(long)
        #expect(title.count == 640 + 1 + 320)
        #expect(title.hasPrefix("sin(x)+sin(") && title.hasSuffix("+sin(x)+1") && title.contains("…"))
        let kept = String(repeating: "x", count: 1024)
        #expect(XMLText.titleText(kept) == kept && XMLText.title("a<b") == "a&lt;b")
        // Over 1,024 bytes but 960 characters or fewer: kept whole, nothing repeated.
        let wide = String(repeating: "漢", count: 400)
        #expect(XMLText.titleText(wide) == wide)
        let wider = String(repeating: "漢", count: 1000)
        #expect(XMLText.titleText(wider).count == 961)
    }

    @Test func badSizesAreErrors() throws {
        let request = try Self.request(["x"], x: (-1, 1))
        #expect(
            throws: PlottingError.sizeOutOfRange(
                width: 0, height: 500, maximumWidth: 10_000, maximumHeight: 10_000, unit: "pixels")
        ) {
            try SVGPlot(width: 0, height: 500).render(request)
        }
        #expect(throws: PlottingError.tooSmall(width: 40, height: 40)) {
            try SVGPlot(width: 40, height: 40).render(request)
        }
    }

    static let snapshots: [(String, [String], (Double, Double), (Double, Double)?, SVGPlot.Theme, Bool)] = [
        ("sin-light", ["sin(x)"], (-10, 10), nil, .light, false),
        ("tan-dark-grid", ["tan(x)"], (-10, 10), (-5, 5), .dark, true),
        ("roots-and-poles", ["sqrt(x)", "1/x", "ln(x)"], (-2, 4), (-4, 4), .light, false),
        ("calculator-keys", ["floor(x)", "mod(x, 1)", "gamma(x)", "round(sin(x)*3)"], (-5, 5), (-5, 5), .light, false),
        (
            "jumps-holes-points", ["abs(x)/x", "0^x+0.5", "(x^2-4)/(x-2)/4", "sqrt(-(x-3)^2)"], (-5, 5), (-2, 2),
            .light, false
        ),
    ]

    /// Each jump, hole and isolated point is a circle titled with its coordinates: open
    /// where the graph only comes near, filled where it takes the value.
    @Test func discontinuitiesAreTitledCircles() throws {
        var request = try Self.request(
            ["abs(x)/x", "0^x+0.5", "(x^2-4)/(x-2)/4", "sqrt(-(x-3)^2)"], x: (-5, 5), y: (-2, 2))
        let svg = try SVGPlot(width: 640, height: 400).render(request)
        let elements = try #require(Reader.read(svg))
        let circles = elements.filter { $0.name == "circle" && $0.attributes["class"] != nil }
        let classes = circles.compactMap { $0.attributes["class"] }
        #expect(classes.filter { $0 == "open" }.count == 4, "\(classes)")
        #expect(classes.filter { $0 == "closed" }.count == 2, "\(classes)")
        for needle in [
            "<title>(0, -1)</title>", "<title>(0, 1)</title>", "<title>(0, 0.5)</title>",
            "<title>(0, 1.5)</title>", "<title>(2, 1)</title>", "<title>(3, 0)</title>",
        ] {
            #expect(svg.contains(needle), "\(needle)")
        }
        request.marksDiscontinuities = false
        let plain = try SVGPlot(width: 640, height: 400).render(request)
        #expect(!plain.contains("class=\"open\"") && !plain.contains("class=\"closed\""))
        // The isolated point stays, as the dot it is.
        #expect(plain.contains("<circle"))
    }

    @Test(arguments: snapshots)
    func matchesItsGoldenFile(
        name: String, expressions: [String], x: (Double, Double), y: (Double, Double)?, theme: SVGPlot.Theme,
        grid: Bool
    ) throws {
        var request = try Self.request(expressions, x: x, y: y)
        request.showsGrid = grid
        let svg = try SVGPlot(width: 640, height: 400, theme: theme).render(request)
        GoldenFile.expectMatch(svg, name: name + ".svg", directory: GoldenFile.snapshots(besides: #filePath))
        #expect(Reader.read(svg) != nil)
    }
}
