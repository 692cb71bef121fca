/// Records given as labels and values, the data source every reader produces.
public struct ChartData: ChartDataSource, Equatable {
    /// The records, in drawing order.
    public var records: [(label: String, value: Double)]

    /// Data of `records`, in order.
    ///
    /// A label is one line: a line break or other control character in it (a quoted CSV
    /// field may hold one) is a space, so it cannot break a chart's layout.
    public init(_ records: [(label: String, value: Double)]) {
        self.records = records.map { (Self.oneLine($0.label), $0.value) }
    }

    /// `label` with each line break, tab or other control character as a space.
    static func oneLine(_ label: String) -> String {
        // Printable ASCII (most labels, every ASCII word) has nothing to replace.
        if label.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return label }
        guard
            label.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.properties.isWhitespace && $0 != " "
            })
        else {
            return label
        }
        return String(
            String.UnicodeScalarView(
                label.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control || (scalar.properties.isWhitespace && scalar != " ")
                        ? " " : scalar
                }))
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
