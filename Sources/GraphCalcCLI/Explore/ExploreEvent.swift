import Graphing
import Plotting

/// Something that happens to the live view: a key, the mouse, a new terminal size, or a
/// frame drawn (which tells the state where the plot area lies on the screen).
enum ExploreEvent: Equatable {
    /// A key pressed.
    case key(Key)
    /// A mouse report, in screen cells from (1, 1) at the top left, at a time in seconds.
    case mouse(Mouse, column: Int, row: Int, time: Double)
    /// The terminal's new size in cells.
    case resize(columns: Int, rows: Int)
    /// A frame was drawn: the region its plot area shows, one pixel per cell, and the
    /// area's top-left cell on the screen (from 0).
    case drawn(DrawnArea)
    /// An SVG was saved to the file named, or could not be (the reason).
    case saved(Result<String, SaveFailure>)
    /// Time passed while an animation plays: the clock, in seconds.
    case tick(time: Double)
    /// Data followed as it arrives (`--follow`) has new rows: the layers of the window
    /// and what the stream has done (`1200 rows, the last 500 shown`).
    case data([DataLayer], status: String)

    /// A key, as the input decoder reads it.
    enum Key: Equatable {
        case character(Character)
        case up, down, left, right, tab, escape, interrupt
    }

    /// What the mouse did.
    enum Mouse: Equatable {
        /// The left button went down.
        case press
        /// The pointer moved with the left button down.
        case drag
        /// The left button came up.
        case release
        /// The wheel turned away from the user (zoom in) or towards (zoom out).
        case wheelUp, wheelDown
    }

    /// Why a save failed, as a user reads it.
    struct SaveFailure: Error, Equatable {
        let message: String
    }
}
