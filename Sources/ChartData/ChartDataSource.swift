/// What a chart asks for what it draws, as chart views ask their data sources: how many
/// records, and each one's value, label, colour and legend title.
public protocol ChartDataSource: Sendable {
    /// How many records there are.
    var count: Int { get }
    /// The value of record `index`.
    func value(at index: Int) -> Double
    /// The label of record `index`, shown on the category axis or beside a slice.
    func label(at index: Int) -> String
    /// The colour of record `index` as `#RRGGBB`, or nil for the palette's colour for
    /// its place.
    func color(at index: Int) -> String?
    /// The legend's title for record `index`.
    func legendTitle(at index: Int) -> String
}

extension ChartDataSource {
    /// By default each record takes the palette's colour for its position.
    public func color(at index: Int) -> String? { nil }
    /// By default the legend names a record by its label.
    public func legendTitle(at index: Int) -> String { label(at: index) }

    /// Every value, in order.
    public var values: [Double] { (0..<count).map(value(at:)) }

    /// The index of the record labelled `label`, if any.
    public func index(ofLabel label: String) -> Int? {
        (0..<count).first { self.label(at: $0) == label }
    }
}
