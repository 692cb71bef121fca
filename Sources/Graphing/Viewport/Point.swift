/// A point of the model plane.
public struct Point: Hashable, Sendable {
    /// The x coordinate.
    public var x: Double
    /// The y coordinate.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
