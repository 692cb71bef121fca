import ChartData
import Foundation
import GraphCalcSupport

/// Word counts of a generated text, as `graphcalc words` computes them (reading the file,
/// checking it is UTF-8, counting and sorting), beside Python's `re.findall` and
/// `Counter` on the same file (scripts/words_peer.py).
enum WordsBenchmark {
    /// About `megabytes` MB of text, the same on every run: words (about 2 million in
    /// 20 MB) drawn with Zipf's law from 50,000 made-up ones, some capitalised, some with
    /// 's, one in a hundred from other alphabets, all precomposed (café, l’été, Straße,
    /// Привет, δρόμος), between spaces, commas, full stops, quotes and line ends: text on
    /// which Python's rule and ours agree.
    static func text(megabytes: Int) -> String {
        var generator = SeededGenerator(seed: 18)
        let syllables = ["ka", "lo", "mi", "ne", "ra", "tu", "se", "vo", "pi", "da", "the", "and", "ing", "er", "on"]
        var vocabulary = Set<String>()
        while vocabulary.count < 50_000 {
            let length = Int(generator.next() % 4) + 1
            vocabulary.insert((0..<length).map { _ in syllables[Int(generator.next() % 15)] }.joined())
        }
        let words = vocabulary.sorted()
        // Zipf's law: the k-th word with weight 1/(k+1), drawn from the cumulative sums.
        var cumulative: [Double] = []
        var total = 0.0
        for rank in words.indices {
            total += 1 / Double(rank + 1)
            cumulative.append(total)
        }
        let foreign = ["café", "naïve", "l’été", "Straße", "ÉCOLE", "Привет", "δρόμος", "it’s"]
        let separators = [" ", " ", " ", " ", " ", " ", " ", " ", ", ", ". ", "\n", "; ", " \"", "\" "]
        var text = ""
        text.reserveCapacity(megabytes << 20 + 64)
        while text.utf8.count < megabytes << 20 {
            let draw = Double(generator.next() >> 11) / Double(1 << 53)
            var low = 0
            var high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] < draw * total { low = middle + 1 } else { high = middle }
            }
            let kind = generator.next() % 100
            switch kind {
            case 0: text += foreign[Int(generator.next() % UInt64(foreign.count))]
            case 1...4: text += words[low].capitalized
            case 5...6: text += words[low] + "'s"
            default: text += words[low]
            }
            text += separators[Int(generator.next() % UInt64(separators.count))]
        }
        return text
    }

    /// Milliseconds (median of `runs`) for `graphcalc words`' work on the file at
    /// `path`, and the distinct and total words.
    static func measure(path: String, runs: Int) -> (milliseconds: Double, answer: String) {
        var answer = ""
        let seconds = Clock.median(runs: runs) {
            guard let bytes = try? FileSystem.read(path), let text = String(validating: bytes, as: UTF8.self) else {
                answer = "unreadable"
                return
            }
            let data = ChartData(wordsIn: text)
            answer = "\(data.count) distinct, \(Int(data.records.reduce(0) { $0 + $1.value })) in all"
        }
        return (seconds * 1000, answer)
    }
}
