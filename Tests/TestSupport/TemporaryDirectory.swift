import Foundation

/// A fresh directory under the system's temporary one, named for its `purpose` and
/// holding `files` (name → text).
public func temporaryDirectory(_ purpose: String, files: [String: String] = [:]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphcalc-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
}
