/// Turns a property list's items into ops as a reader finds them, so that a program file
/// is never held as items and as ops at once (a million items would take 24 MB more).
///
/// Ops are kept up to the first item that is not one; that item's error is kept for the
/// caller to throw once the whole file has been read, so a damaged file is still reported
/// as damaged first.
struct OpCollector {
    /// The name to give in error messages, or `nil`.
    let file: String?
    /// The ops of the items before the first bad one.
    private(set) var ops = OpList()
    /// How many items have been added.
    private(set) var itemCount = 0
    /// Why the first bad item is not an op.
    private(set) var firstError: ProgramFileError?
    /// The ops of symbols read so far (at most 256): a program names few, many times, and
    /// a million-op file need not take each apart again.
    private var known: [String: Op] = [:]

    init(file: String?) {
        self.file = file
    }

    /// Makes room for `count` ops.
    mutating func reserveCapacity(_ count: Int) {
        ops.reserveCapacity(count)
    }

    /// Adds the next item: a number is an operand; a string an operation, constant or
    /// variable name.
    mutating func add(_ item: PropertyListItem) {
        defer { itemCount += 1 }
        guard firstError == nil else { return }
        switch item {
        case .number(let value) where value.isNaN:
            firstError = .invalidItem(file: file, index: itemCount, found: "NaN, which is not a number")
        case .number(let value) where value.isInfinite:
            // As NaN is: a program file holds finite numbers (a session's values may be ±∞).
            firstError = .invalidItem(
                file: file, index: itemCount, found: "\(value < 0 ? "-" : "")inf, which is not a finite number")
        case .number(let value):
            ops.append(.operand(value))
        case .string(let symbol):
            if let op = known[symbol] ?? Op(symbol: symbol) {
                if known.count < 256 { known[symbol] = op }
                ops.append(op)
            } else {
                firstError = .unknownSymbol(file: file, index: itemCount, symbol: symbol)
            }
        case .boolean, .other:
            firstError = .invalidItem(file: file, index: itemCount, found: item.kindDescription)
        }
    }
}
