import Graphing

/// Where a frame put its plot area, and what the area shows.
struct DrawnArea: Equatable {
    /// The region, one pixel per character cell of the plot area.
    let viewport: Viewport
    /// The plot area's top-left cell on the screen, from 0.
    let column: Int, row: Int
}
