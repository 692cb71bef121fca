/// What ``PathSampler`` finds: the paths to draw and where the graph breaks between them.
public struct PathSample: Hashable, Sendable {
    /// The paths, left to right, in model coordinates; a path of one point is a defined
    /// point with no defined neighbours.
    public let paths: [[Point]]
    /// The jumps, holes and isolated points located, left to right.
    public let discontinuities: [Discontinuity]

    /// Creates a sample.
    public init(paths: [[Point]], discontinuities: [Discontinuity]) {
        self.paths = paths
        self.discontinuities = discontinuities.sorted { $0.x < $1.x }
    }
}
