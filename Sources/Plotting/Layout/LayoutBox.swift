/// A rectangle of a canvas, in its units (cells or pixels), from its top-left corner.
public struct LayoutBox: Sendable, Equatable {
    /// The left edge and the top edge.
    public let left: Double, top: Double
    /// The size.
    public let width: Double, height: Double

    /// A box of `width` × `height` from (`left`, `top`).
    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    /// The right edge and the bottom edge.
    public var right: Double { left + width }
    /// The bottom edge.
    public var bottom: Double { top + height }
}
