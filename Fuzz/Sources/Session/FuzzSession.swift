import FoundationEssentials
import GraphCalcCLI

#if canImport(Glibc)
    import Glibc
#endif

/// A session file (or a program file) of any bytes: loading never traps nor recurses
/// without bound, and a session that loads is saved and loads again (a file graphcalc
/// wrote itself always reloads).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    var session = Session()
    guard (try? session.load(bytes, from: "fuzz.plist")) == .session else { return 0 }
    let path = "/tmp/graphcalc-fuzz-session-\(getpid()).plist"
    defer { unlink(path) }
    do {
        try session.write(toFile: path)
        var reloaded = Session()
        _ = try reloaded.load(file: path)
    } catch {
        fatalError("a session graphcalc saved does not reload: \(error)")
    }
    return 0
}
