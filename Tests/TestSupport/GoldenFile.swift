import Foundation
import Testing

/// Golden files: rendered output compared with a committed file, with a line diff on a
/// mismatch. With `GRAPHCALC_RECORD=1` in the environment the file is written and the
/// check still fails, so a recorded file is always read before it is committed.
public enum GoldenFile {
    /// Why `text` does not match the golden file `name` in `directory`, or nil when it does.
    public static func mismatch(_ text: String, name: String, directory: URL) -> String? {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GRAPHCALC_RECORD"] == "1" {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } catch {
                return "cannot record \(url.path): \(error)"
            }
            return "recorded \(url.path): read it, then run the tests again without GRAPHCALC_RECORD"
        }
        guard let data = try? Data(contentsOf: url) else {
            return "no golden file \(url.path); record it with GRAPHCALC_RECORD=1 and read it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != text else { return nil }
        return "\(name) differs from its golden file (- golden, + now):\n" + diff(expected, text)
    }

    /// Expects `text` to match the golden file `name` in `directory`, recording an issue
    /// with the line diff when it does not (and always in record mode).
    public static func expectMatch(
        _ text: String, name: String, directory: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let mismatch = mismatch(text, name: name, directory: directory)
        #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""), sourceLocation: sourceLocation)
    }

    /// The `Snapshots` directory beside a test file: pass `#filePath`.
    public static func snapshots(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    /// The lines that differ, position by position (enough for frames of fixed height).
    public static func diff(_ old: String, _ new: String) -> String {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : nil, right = index < b.count ? b[index] : nil
            guard left != right else { continue }
            if let left { lines.append("\(index + 1) - \(left)") }
            if let right { lines.append("\(index + 1) + \(right)") }
        }
        return lines.joined(separator: "\n")
    }
}
