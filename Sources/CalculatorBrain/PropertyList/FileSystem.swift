import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reading and writing whole files with POSIX calls, so failures carry the system's own
/// reason ("no such file or directory", "permission denied"). Writes go to a temporary
/// file beside the destination, renamed into place, so a failed write never leaves a
/// half-written file or destroys the one already there.
public enum FileSystem {
    /// Why a read or write failed, as a user reads it.
    public struct Failure: Error {
        /// The system's reason, in lower case.
        public let reason: String
    }

    /// The largest file read as a program: far beyond any real program (a million ops
    /// take 18 MB of XML), small enough that `/dev/zero` or a wrong path cannot exhaust memory.
    public static let maximumReadSize = 256 << 20

    /// Reads a whole file of at most ``maximumReadSize`` bytes.
    public static func read(_ path: String) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: currentErrorDescription()) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(reason: "it is a directory")
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: currentErrorDescription())
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if data.count > maximumReadSize {
                throw Failure(reason: "larger than \(maximumReadSize >> 20) MB, too large for a program")
            }
        }
    }

    /// Writes a file by writing a temporary file beside it and renaming it into place, so
    /// a failed write never leaves a half-written file or destroys the one already there.
    ///
    /// - Parameter synchronizes: whether to wait for the data to reach the disk before the
    ///   rename (`fsync`), so that not even a system crash can leave an empty file: worth
    ///   its half millisecond for a saved program, not for output that can be made again.
    public static func writeAtomically(_ data: Data, to path: String, synchronizes: Bool = true) throws(Failure) {
        // The temporary file goes beside the destination, so the rename stays on one file system.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary =
            "\(directory.isEmpty ? "/" : directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 0o666 before the umask, as an ordinary new file gets.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(reason: currentErrorDescription()) }
        var written = 0
        let failure: String? = data.withUnsafeBytes { buffer in
            while let base = buffer.baseAddress, written < buffer.count {
                let result = Glibc.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return currentErrorDescription()
                }
                written += result
            }
            return !synchronizes || fsync(descriptor) == 0 ? nil : currentErrorDescription()
        }
        let closed = close(descriptor) == 0
        if let failure {
            unlink(temporary)
            throw Failure(reason: failure)
        }
        guard closed, rename(temporary, path) == 0 else {
            let reason = currentErrorDescription()
            unlink(temporary)
            throw Failure(reason: reason)
        }
    }

    private static func currentErrorDescription() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
