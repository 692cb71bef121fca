import CVectorMath

/// Quantiles of many values without sorting them or copying them all.
///
/// The values are counted into buckets by where they lie between the least and the
/// greatest: a value's bucket is `⌊(v − least)·scale⌋`, a composition of rounded
/// operations that never decrease, so every value of a bucket is at most every value of
/// a later one, and the bucket that holds the k-th value (from the counts) holds it as
/// its own (k − values before)-th. Only the buckets holding the wanted ranks are then
/// gathered and searched by selection: three passes over the values, whatever their
/// order. Few values, or values whose range the doubles cannot scale (infinities, a
/// range too narrow to divide), are copied and searched by selection alone.
enum OrderStatistics {
    /// The buckets of the counting pass (a table that stays in the cache).
    static let bucketCount = 65_536
    /// Below this many values a copy and a selection are quicker than the buckets.
    static let bucketedCount = 4_096

    /// The `shares` quantiles (each 0…1) of `values`' numbers (NaN left out): `count` of
    /// them, from `minimum` to `maximum`, interpolated linearly between the order
    /// statistics at position (count − 1)·share, as numpy's `percentile` and pandas'
    /// `describe` take them.
    /// With `counts`, the values' counts in the buckets of ``bucketing(count:minimum:maximum:)``,
    /// counted already (in the pass that found the deviations from the mean).
    static func quantiles(
        _ shares: [Double], of values: [Double], count: Int, minimum: Double, maximum: Double, counts: [Int]? = nil
    ) -> [Double] {
        guard count > 0 else { return shares.map { _ in .nan } }
        let last = count - 1
        let positions = shares.map { Double(last) * $0 }
        var ranks = Set<Int>()
        for position in positions {
            let rank = Int(position.rounded(.down))
            ranks.insert(rank)
            if position > Double(rank), rank < last { ranks.insert(rank + 1) }
        }
        let found = orderStatistics(
            ranks.sorted(), of: values, count: count, minimum: minimum, maximum: maximum, counts: counts)
        return positions.map { position in
            let rank = Int(position.rounded(.down))
            let fraction = position - Double(rank)
            let lower = found[rank, default: .nan]
            guard fraction > 0, rank < last else { return lower }
            return lower + fraction * (found[rank + 1, default: .nan] - lower)
        }
    }

    /// The values at `ranks` (increasing, each below `count`) of `values` in order.
    static func orderStatistics(
        _ ranks: [Int], of values: [Double], count: Int, minimum: Double, maximum: Double, counts: [Int]? = nil
    ) -> [Int: Double] {
        if minimum == maximum { return Dictionary(uniqueKeysWithValues: ranks.map { ($0, minimum) }) }
        guard let (buckets, scale) = bucketing(count: count, minimum: minimum, maximum: maximum) else {
            return selected(ranks, of: values)
        }
        // Counted in C, on two threads: a value's bucket is t = (v − minimum)·scale rounded
        // down (v ≥ minimum, so t ≥ 0), the last bucket from its end on (the greatest
        // value, a product rounded up, an overflow to ∞).
        let counts =
            counts
            ?? values.withUnsafeBufferPointer { values in
                var counts = [Int](repeating: 0, count: buckets)
                counts.withUnsafeMutableBufferPointer { counts in
                    gcvm_bucket_counts(values.baseAddress, values.count, minimum, scale, buckets, counts.baseAddress)
                }
                return counts
            }
        // Each rank's bucket and the values before that bucket.
        var placed: [(rank: Int, bucket: Int, before: Int)] = []
        var before = 0, next = 0
        for index in 0..<buckets where next < ranks.count {
            while next < ranks.count, ranks[next] < before + counts[index] {
                placed.append((ranks[next], index, before))
                next += 1
            }
            before += counts[index]
        }
        // The wanted buckets' values, each bucket in a slot of its own.
        // The wanted buckets' values, each bucket in a slot of its own: a stretch of one
        // array, filled in C in one pass.
        var slots = [Int32](repeating: -1, count: buckets)
        var starts: [Int] = [], sizes: [Int] = [], total = 0
        for place in placed where slots[place.bucket] < 0 {
            slots[place.bucket] = Int32(starts.count)
            starts.append(total)
            sizes.append(counts[place.bucket])
            total += counts[place.bucket]
        }
        var room = [Double](repeating: 0, count: total)
        var filled = [Int](repeating: 0, count: starts.count)
        values.withUnsafeBufferPointer { values in
            room.withUnsafeMutableBufferPointer { room in
                guard let base = room.baseAddress else { return }
                let pointers: [UnsafeMutablePointer<Double>?] = starts.map { base + $0 }
                gcvm_bucket_gather(
                    values.baseAddress, values.count, minimum, scale, buckets, slots, pointers, sizes, &filled)
            }
        }
        var gathered = starts.indices.map { Array(room[starts[$0]..<(starts[$0] + filled[$0])]) }
        var found: [Int: Double] = [:]
        for place in placed {
            let slot = Int(slots[place.bucket])
            let within = place.rank - place.before
            guard within < gathered[slot].count else { continue }
            Statistics.select(within, in: &gathered[slot], from: 0)
            found[place.rank] = gathered[slot][within]
        }
        return found
    }

    /// The buckets `count` values from `minimum` to `maximum` are counted in, and the
    /// scale that takes a value to its bucket; `nil` when they are searched by selection
    /// alone (few values, one value throughout, a range the doubles cannot scale).
    static func bucketing(count: Int, minimum: Double, maximum: Double) -> (buckets: Int, scale: Double)? {
        let buckets = min(bucketCount, count)
        let scale = Double(buckets) / (maximum - minimum)
        guard count >= bucketedCount, minimum < maximum, scale.isFinite, scale > 0 else { return nil }
        return (buckets, scale)
    }

    /// The values at `ranks` by selection in a copy of the numbers.
    private static func selected(_ ranks: [Int], of values: [Double]) -> [Int: Double] {
        var numbers = values.filter { !$0.isNaN }
        var found: [Int: Double] = [:]
        // Each selection leaves the values before its rank no greater and those after no
        // less, so the next (greater) rank is looked for only in what follows.
        var floor = 0
        for rank in ranks where rank < numbers.count {
            Statistics.select(rank, in: &numbers, from: floor)
            found[rank] = numbers[rank]
            floor = rank
        }
        return found
    }
}
