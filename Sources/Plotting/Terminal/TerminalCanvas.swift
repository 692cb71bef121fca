import GraphCalcSupport

/// A grid of character cells, each empty, a character, or a braille cell of 2 × 4 dots,
/// with an optional xterm-256 colour; written out as lines with ANSI colour codes.
struct TerminalCanvas {
    /// The widest and tallest drawing accepted, in cells, plots and charts alike.
    static let maximumWidth = 1000, maximumHeight = 500

    /// Refuses a size outside 1…``maximumWidth`` × 1…``maximumHeight`` cells.
    static func checkSize(width: Int, height: Int) throws(PlottingError) {
        guard (1...maximumWidth).contains(width), (1...maximumHeight).contains(height) else {
            throw .sizeOutOfRange(
                width: width, height: height, maximumWidth: maximumWidth, maximumHeight: maximumHeight, unit: "cells")
        }
    }

    enum Content: Equatable {
        case empty
        case character(Character)
        /// Unicode braille dots: bit `row + 4·column` style numbering, see `dotBit`.
        case dots(UInt8)
        /// The right half of a wide character in the cell before: written as nothing.
        case continuation
    }

    struct Cell: Equatable {
        var content = Content.empty
        var color: Int?
    }

    let width: Int
    let height: Int
    private(set) var cells: [Cell]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: width * height)
    }

    subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Puts a character (and colour) at a cell inside the canvas.
    mutating func put(_ character: Character, row: Int, column: Int, color: Int? = nil) {
        guard contains(row: row, column: column) else { return }
        self[row, column] = Cell(content: .character(character), color: color)
    }

    /// Writes `text` from a cell rightwards, clipped to the canvas: a wide character (CJK,
    /// emoji) takes two cells, a combining mark none; a wide character that would not fit
    /// at the right edge is left out.
    mutating func write(_ text: String, row: Int, column: Int, color: Int? = nil) {
        var at = column
        for character in text {
            let cells = TerminalText.width(of: character)
            if cells == 2 {
                guard contains(row: row, column: at + 1) else { break }
                put(character, row: row, column: at, color: color)
                self[row, at + 1] = Cell(content: .continuation, color: color)
            } else if cells == 1 {
                put(character, row: row, column: at, color: color)
            }
            at += cells
        }
    }

    /// Sets one braille dot at dot coordinates (2 per cell across, 4 down), keeping the
    /// cell's other dots; a character in the cell is replaced.
    mutating func setDot(x: Int, y: Int, color: Int?) {
        let row = y / 4, column = x / 2
        guard contains(row: row, column: column), x >= 0, y >= 0 else { return }
        var cell = self[row, column]
        let existing: UInt8
        if case .dots(let bits) = cell.content { existing = bits } else { existing = 0 }
        cell.content = .dots(existing | Self.dotBit(column: x % 2, row: y % 4))
        if let color { cell.color = color }
        self[row, column] = cell
    }

    /// The Unicode braille bit for a dot: dots 1–3 and 7 down the left column, 4–6 and 8
    /// down the right.
    static func dotBit(column: Int, row: Int) -> UInt8 {
        let left: [UInt8] = [0x01, 0x02, 0x04, 0x40], right: [UInt8] = [0x08, 0x10, 0x20, 0x80]
        return column == 0 ? left[row] : right[row]
    }

    /// The canvas as lines of exactly `width` cells, with ANSI colours when `colored`.
    func lines(colored: Bool) -> [String] {
        (0..<height).map { row in
            var line = ""
            var current: Int?
            // Whether the cell before held the left half of a wide character, shown whole.
            var isRightHalfDue = false
            for column in 0..<width {
                let cell = self[row, column]
                let color = colored && cell.content != .empty ? cell.color : nil
                if color != current {
                    if current != nil { line += "\u{1B}[0m" }
                    if let color { line += "\u{1B}[38;5;\(color)m" }
                    current = color
                }
                let wasRightHalfDue = isRightHalfDue
                isRightHalfDue = false
                switch cell.content {
                case .empty: line.append(" ")
                case .character(let character) where TerminalText.width(of: character) == 2:
                    // Whole only when the next cell is still its right half; else a blank.
                    let next = column + 1 < width ? self[row, column + 1].content : .empty
                    if next == .continuation {
                        line.append(character)
                        isRightHalfDue = true
                    } else {
                        line.append(" ")
                    }
                case .character(let character): line.append(character)
                case .dots(let bits): line.unicodeScalars.append(Unicode.Scalar(0x2800 + UInt32(bits)) ?? " ")
                case .continuation: if !wasRightHalfDue { line.append(" ") }
                }
            }
            if current != nil { line += "\u{1B}[0m" }
            return line
        }
    }
}
