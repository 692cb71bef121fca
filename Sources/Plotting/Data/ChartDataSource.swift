/// What a chart asks for what it draws, as chart views ask their data sources: how many
/// records, and each one's value, label, colour and legend title.
public protocol ChartDataSource: Sendable {
    /// How many records there are.
    var count: Int { get }
    /// The value of record `index`.
    func value(at index: Int) -> Double
    /// The label of record `index`, shown on the category axis or beside a slice.
    func label(at index: Int) -> String
    /// The colour of record `index`, or nil for the palette's next.
    func style(at index: Int) -> Palette.Style?
    /// The legend's title for record `index`.
    func legendTitle(at index: Int) -> String
}

extension ChartDataSource {
    /// By default each record takes the palette's colour for its position.
    public func style(at index: Int) -> Palette.Style? { nil }
    /// By default the legend names a record by its label.
    public func legendTitle(at index: Int) -> String { label(at: index) }

    /// The style a record is drawn in: its own, or the palette's.
    func resolvedStyle(at index: Int) -> Palette.Style { style(at: index) ?? Palette.style(index) }

    /// Every value, in order.
    var values: [Double] { (0..<count).map(value(at:)) }

    /// The index of the record labelled `label`, if any.
    public func index(ofLabel label: String) -> Int? {
        (0..<count).first { self.label(at: $0) == label }
    }
}

/// Records given as labels and values, the data source every reader produces.
public struct ChartData: ChartDataSource, Equatable {
    /// The records, in drawing order.
    public var records: [(label: String, value: Double)]

    /// Creates a source of `records`.
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
