/// Records given as labels and values, the data source every reader produces.
public struct ChartData: ChartDataSource, Equatable {
    /// The records, in drawing order.
    public var records: [(label: String, value: Double)]

    /// Data of `records`, in order.
    public init(_ records: [(label: String, value: Double)]) {
        self.records = records
    }

    /// The number of records.
    public var count: Int { records.count }
    /// The value of record `index`.
    public func value(at index: Int) -> Double { records[index].value }
    /// The label of record `index`.
    public func label(at index: Int) -> String { records[index].label }

    /// Whether two data have the same records in the same order.
    public static func == (left: ChartData, right: ChartData) -> Bool {
        left.records.map(\.label) == right.records.map(\.label)
            && left.records.map(\.value) == right.records.map(\.value)
    }
}
