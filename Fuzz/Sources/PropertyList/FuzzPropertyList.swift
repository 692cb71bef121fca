import CalculatorBrain
import FoundationEssentials

/// Both property-list readers (XML and binary) on any bytes; what reads describes,
/// evaluates and writes back to the same program.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let program = try? Program(propertyListData: bytes, file: "fuzz.plist") else { return 0 }
    _ = program.description
    _ = program.value(variables: [:])
    for format in ProgramFileFormat.allCases {
        guard let again = try? Program(propertyListData: program.propertyListData(format: format)),
            again.ops.count == program.ops.count
        else { fatalError("\(format) round trip changed the program") }
    }
    return 0
}
