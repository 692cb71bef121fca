import ChartData

/// Word counting on any text: every word is non-empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWords(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words = ChartData(wordsIn: text, top: 10)
    for index in 0..<words.count where words.label(at: index).isEmpty { fatalError("an empty word") }
    return 0
}
