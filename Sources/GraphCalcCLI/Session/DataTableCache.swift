import ChartData
import GraphCalcSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The tables a session's data references were last read as, so a redraw after `zoom`
/// or `pan` does not read a large file again; a file whose size or modification time
/// has changed since is read afresh. Shared by every copy of the session.
final class DataTableCache: Sendable {
    private struct Entry: Sendable {
        let stamp: [Int]
        let table: DataTable
    }

    private let entries = Mutex<[DataReference: Entry]>([:])

    /// The table of `reference`: the one kept, while the file is as it was, or else what
    /// `read` gives, kept.
    func table(
        for reference: DataReference, read: () throws(GraphCalcError) -> DataTable
    ) throws(GraphCalcError) -> DataTable {
        let stamp = Self.stamp(reference.path)
        // Kept by what decides the table, the file and how it is read, not how it is drawn.
        let key = DataReference(path: reference.path, reading: reference.reading)
        if let kept = entries.withLock({ $0[key] }), kept.stamp == stamp { return kept.table }
        let table = try read()
        entries.withLock { $0[key] = Entry(stamp: stamp, table: table) }
        return table
    }

    /// Forgets the tables of `path` (a data set removed).
    func forget(_ path: String) {
        entries.withLock { entries in entries = entries.filter { $0.key.path != path } }
    }

    /// The file's size and modification time (to the nanosecond); empty for standard
    /// input, which is read once and kept.
    private static func stamp(_ path: String) -> [Int] {
        guard path != FileSystem.standardInput else { return [] }
        var status = stat()
        guard stat(path, &status) == 0 else { return [-1] }
        return [Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec), Int(status.st_ino)]
    }
}
