import ChartData
import Graphing

/// A data file as the session keeps it: by reference — its path and how it is read and
/// drawn — so a figure holding it reads the file again when it changes, and a session
/// file names it rather than copying its numbers.
public struct DataReference: Hashable, Sendable {
    /// The file (absolute once the session keeps it), or `-` for standard input.
    public var path: String
    /// How it is read: delimiter, header, columns, bad rows.
    public var reading: DataReader.Options
    /// How its series are drawn, or `nil` for each one's natural style.
    public var style: DataStyle?
    /// Whether its x column is Unix seconds, shown as dates.
    public var xIsUnixTime: Bool

    /// A reference to `path`, read with `reading` and drawn in `style`.
    public init(
        path: String, reading: DataReader.Options = DataReader.Options(), style: DataStyle? = nil,
        xIsUnixTime: Bool = false
    ) {
        self.path = path
        self.reading = reading
        self.style = style
        self.xIsUnixTime = xIsUnixTime
    }
}
