import ChartData
import Foundation
import GraphCalcSupport
import Graphing

/// What `plot`, `stats` and `fit` do with a large CSV, beside pandas, numpy and scipy
/// (scripts/data_peer.py) on the same file.
enum DataBenchmark {
    /// Writes `rows` rows of `x,y` (x = i/1000, y a seeded random walk, six decimals),
    /// as the peer reads them.
    static func write(rows: Int, to path: String) throws {
        var generator = SeededGenerator(seed: 31)
        var bytes: [UInt8] = Array("x,y\n".utf8)
        bytes.reserveCapacity(rows * 25)
        var walk = 0  // in millionths
        func append(_ value: Int, decimals: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = abs(value)
            var scale = 1
            for _ in 0..<decimals { scale *= 10 }
            bytes.append(contentsOf: String(magnitude / scale).utf8)
            bytes.append(UInt8(ascii: "."))
            let fraction = String(magnitude % scale)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals - fraction.utf8.count))
            bytes.append(contentsOf: fraction.utf8)
        }
        for index in 0..<rows {
            walk += Int(generator.next() % 2_000_001) - 1_000_000
            append(index, decimals: 3)
            bytes.append(UInt8(ascii: ","))
            append(walk, decimals: 6)
            bytes.append(UInt8(ascii: "\n"))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Writes 10,000 points of y = 2.5·e^(0.3·x) with up to 1% of deterministic noise, x
    /// from 0 to 10: the data set an exponential fit is compared on (the peer reads the
    /// same file).
    static func writeExponential(to path: String) throws {
        var text = "x,y\n"
        for index in 0..<10_000 {
            let x = Double(index) / 1000
            let noise = 0.01 * sin(Double(index) * 12.9898).truncatingRemainder(dividingBy: 1)
            text += String(format: "%.6f,%.9e\n", x, 2.5 * exp(0.3 * x) * (1 + noise))
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Reads the file's two columns as `graphcalc plot` reads them.
    static func read(_ path: String) -> DataTable? {
        var reader = DataReader(source: path)
        reader.expectedByteCount = FileSystem.size(of: path)
        var failed = false
        try? FileSystem.forEachChunk(of: path) { chunk in
            do throws(ChartDataError) { try reader.read(chunk) } catch { failed = true }
            return !failed
        }
        return failed ? nil : try? reader.finish()
    }

    /// The peak resident memory of this process, in MB.
    static func peakMegabytes() -> Double {
        // VmHWM, not getrusage: its maximum survives exec, so a child of the bench would
        // report the bench's own size (427 MB here, when the reading needed 174).
        Double(peakResidentMegabytes())
    }
}
