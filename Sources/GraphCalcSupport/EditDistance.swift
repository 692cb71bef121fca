/// How far apart two spellings are: what a mistyped name probably meant.
public enum EditDistance {
    /// The Damerau–Levenshtein distance (adjacent swaps count once) between two words.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// Up to `limit` of `candidates` within `maximum` edits of `word`, nearest first (ties
    /// alphabetically); a candidate that differs only in case is offered alone.
    public static func nearest(
        to word: String, among candidates: [String], maximum: Int = 2, limit: Int = 3
    ) -> [String] {
        let folded = word.lowercased()
        var scored: [(name: String, distance: Int)] = []
        for candidate in Set(candidates) where candidate != word {
            let distance = candidate.lowercased() == folded ? 0 : between(candidate, word)
            if distance <= maximum { scored.append((candidate, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        // The same word in other letters' case is surely it: the others are not offered.
        if scored.first?.distance == 0 { scored = scored.filter { $0.distance == 0 } }
        return scored.prefix(limit).map { $0.name }
    }
}
