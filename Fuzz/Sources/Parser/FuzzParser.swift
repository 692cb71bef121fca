import CalculatorBrain

/// The infix parser on any text, with the description round trip as the oracle: every
/// program that parses describes itself as text that parses back to the same program.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let program = try? Program(parsing: text) else { return 0 }
    _ = program.value(variables: ["x": 0.5])
    let description = program.description
    guard let again = try? Program(parsing: description) else {
        fatalError("description does not parse: \(text.debugDescription) → \(description.debugDescription)")
    }
    if again.description != description {
        fatalError("round trip changed: \(description.debugDescription) → \(again.description.debugDescription)")
    }
    return 0
}
