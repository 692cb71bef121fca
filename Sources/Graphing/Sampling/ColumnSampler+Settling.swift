import GraphCalcSupport

extension ColumnSampler {
    /// A stretch still loose at the halving limit, or beside a located break, to be settled.
    struct LooseStretch {
        /// The column it belongs to.
        let column: Int
        /// The stretch of x.
        let x: Interval
        /// Its enclosure and the values at its ends and middle, where already evaluated.
        var evaluated: (enclosure: Enclosure, points: [Double])? = nil
    }

    /// How many doubles a stretch may hold to be evaluated at every one of them.
    static let largestEnumeration: Int64 = 256

    /// How many evaluations settling one loose stretch may cost.
    static let settlingBudget = 640

    /// A part of a loose stretch, pending in a round of settling.
    private struct Part {
        /// The index of the loose stretch it is part of.
        let owner: Int
        let x: Interval
        var evaluated: (enclosure: Enclosure, points: [Double])?
        /// Whether its evaluation was paid for when its stretch was halved.
        let isPaid: Bool
    }

    /// Adds the pieces of loose stretches to their columns: each stretch is halved further
    /// while its own budget lasts (``settlingBudget``, at most the column's), each half kept
    /// where it is tight, and a half of at most ``largestEnumeration`` doubles evaluated at
    /// every one. What the budget does not reach keeps its enclosure, not exact.
    ///
    /// The stretches are settled together, a level of halving a round: each round's
    /// enclosures are one batch and its points another, so a long program pays its
    /// instructions' overhead once a round, not once a stretch.
    func settle(_ stretches: [LooseStretch], band: Interval, into columns: inout [Column]) {
        var budgets = Array(repeating: min(Self.settlingBudget, columnBudget), count: stretches.count)
        var parts = stretches.indices.map { index in
            Part(owner: index, x: stretches[index].x, evaluated: stretches[index].evaluated, isPaid: false)
        }
        while !parts.isEmpty {
            // A part paid for when halved gets its share back to be enumerated.
            var enumerations: [(owner: Int, xs: [Double])] = []
            var assessing: [Part] = []
            for part in parts {
                let available = budgets[part.owner] + (part.isPaid ? 4 : 0)
                if available >= Int(Self.largestEnumeration), let xs = doubles(in: part.x) {
                    budgets[part.owner] = available - xs.count
                    enumerations.append((part.owner, xs))
                } else {
                    if !part.isPaid { budgets[part.owner] -= 4 }
                    assessing.append(part)
                }
            }
            let fresh = assessing.filter { $0.evaluated == nil }.map(\.x)
            // A round of sides already evaluated asks for nothing.
            let enclosures = fresh.isEmpty ? [] : function.enclosures(over: fresh)
            let xs = enumerations.flatMap(\.xs) + fresh.flatMap { [$0.lower, $0.midpoint, $0.upper] }
            let values = xs.isEmpty ? [] : function.values(at: xs)
            var offset = 0
            for (owner, xs) in enumerations {
                for value in values[offset..<(offset + xs.count)] where value.isFinite {
                    columns[stretches[owner].column].add(Interval(value), isExact: true, witnessed: [Interval(value)])
                }
                offset += xs.count
            }
            var next: [Part] = []
            var freshIndex = 0
            for part in assessing {
                let enclosure: Enclosure, points: [Double]
                if let evaluated = part.evaluated {
                    (enclosure, points) = evaluated
                } else {
                    enclosure = enclosures[freshIndex]
                    points = Array(values[offset..<(offset + 3)])
                    freshIndex += 1
                    offset += 3
                }
                let (witnessed, isTight) = assessed(enclosure, points: points, band: band)
                let x = part.x, middle = x.midpoint
                if !isTight, budgets[part.owner] > 8, middle > x.lower, middle < x.upper {
                    budgets[part.owner] -= 8
                    next.append(Part(owner: part.owner, x: Interval(x.lower, middle), evaluated: nil, isPaid: true))
                    next.append(Part(owner: part.owner, x: Interval(middle, x.upper), evaluated: nil, isPaid: true))
                    continue
                }
                for piece in enclosure.pieces {
                    columns[stretches[part.owner].column].add(
                        piece, isExact: isTight, witnessed: witnessed.compactMap { $0.intersection(piece) })
                }
            }
            parts = next
        }
    }

    /// Every double of `x`, where it holds at most ``largestEnumeration`` of them: the
    /// program's values there are exactly the set of values it takes (it is evaluated
    /// only at doubles), where interval arithmetic can stay loose (`round(sin(x)*3)` a few
    /// doubles from a jump, where sin(x)·3 is within rounding of ½). `nil` for a wider
    /// stretch.
    func doubles(in x: Interval) -> [Double]? {
        let first = OrderedDouble(x.lower), last = OrderedDouble(x.upper)
        let (count, overflow) = last.key.subtractingReportingOverflow(first.key)
        guard !overflow, count >= 0, count < Self.largestEnumeration else { return nil }
        return (0...count).map { OrderedDouble(key: first.key + $0).value }
    }
}
