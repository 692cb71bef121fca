/// The last rows of a stream, at most ``capacity`` of them, oldest first: a ring buffer
/// that a live plot keeps while lines arrive for ever, its memory fixed however long the
/// stream runs.
///
/// Rows are appended column by column. With two columns or more the first is x and each
/// other a series against it; one column is y against the row's number in the stream
/// (from 1, counting the rows that left the window), so the x axis moves on as it runs.
public struct DataWindow: Sendable, Equatable {
    /// The most rows kept.
    public let capacity: Int
    /// How many rows have been appended in all.
    public private(set) var rowsSeen = 0
    /// Each column's ring, `capacity` long once full.
    private var rings: [[Double]]
    /// Where the oldest row is in the rings, once they are full.
    private var oldest = 0

    /// An empty window of `capacity` rows (at least 1) of `columns` columns.
    public init(capacity: Int, columns: Int) {
        self.capacity = max(1, capacity)
        rings = Array(repeating: [], count: max(1, columns))
    }

    /// The number of rows kept.
    public var count: Int { rings[0].count }

    /// Appends rows given column by column (each column as long as the first; a column
    /// missing or short is gaps), dropping the oldest beyond the capacity.
    public mutating func append(columns: [[Double]]) {
        guard let length = columns.first?.count, length > 0 else { return }
        // Only the last `capacity` rows of a long batch can stay.
        let skip = max(0, length - capacity)
        rowsSeen += skip
        for row in skip..<length {
            let isFull = rings[0].count == capacity
            for index in rings.indices {
                let column = index < columns.count ? columns[index] : []
                let value = row < column.count ? column[row] : .nan
                if isFull {
                    rings[index][oldest] = value
                } else {
                    rings[index].append(value)
                }
            }
            if isFull { oldest = (oldest + 1) % capacity }
            rowsSeen += 1
        }
    }

    /// Column `index`'s values, oldest first.
    public func column(_ index: Int) -> [Double] {
        let ring = rings[index]
        guard ring.count == capacity, oldest > 0 else { return ring }
        return Array(ring[oldest...] + ring[..<oldest])
    }

    /// The series the window holds: each column after the first against the first, or
    /// the one column against the rows' numbers in the stream.
    public var series: [DataSeries] {
        guard rings.count >= 2 else {
            let first = rowsSeen - count + 1
            return [DataSeries(x: (0..<count).map { Double(first + $0) }, y: column(0))]
        }
        let x = column(0)
        return (1..<rings.count).map { DataSeries(x: x, y: column($0)) }
    }
}
