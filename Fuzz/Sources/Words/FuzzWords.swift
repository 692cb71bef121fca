import ChartData

/// Word counting on any text: every word is non-empty, and the counts (read from the
/// bytes, with the fast paths) are those of `ChartData.words(in:)` (read by grapheme
/// clusters) word for word.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWords(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words = ChartData(wordsIn: text)
    for index in 0..<words.count where words.label(at: index).isEmpty { fatalError("an empty word") }
    var counted: [String: Double] = [:]
    for record in words.records { counted[record.label] = record.value }
    var expected: [String: Double] = [:]
    for word in ChartData.words(in: text) { expected[word, default: 0] += 1 }
    if counted != expected { fatalError("counts differ from words(in:)") }
    return 0
}
