#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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

    /// The largest file read (a program, CSV or text): far beyond any real program (a
    /// million ops take 20 MB of XML), small enough that `/dev/zero` or a wrong path cannot
    /// exhaust memory.
    public static let maximumReadSize = 256 << 20

    /// The name that stands for standard input where a file is read.
    public static let standardInput = "-"

    /// Reads a whole file of at most ``maximumReadSize`` bytes; `-` reads standard input.
    public static func read(_ path: String) throws(Failure) -> Data {
        try read(path, as: Data.self)
    }

    /// Reads a whole file as ``read(_:)`` does, into an array of bytes: for readers that
    /// index bytes, without a copy from `Data` (a million-op XML program, 20 MB, would be held twice).
    public static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
        try read(path, as: [UInt8].self)
    }

    /// The size in bytes of the regular file at `path`, or `nil` (standard input, a pipe,
    /// a device, a file that is not there).
    public static func size(of path: String) -> Int? {
        guard path != standardInput else { return nil }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Reads a file of any size a chunk at a time (`-`: standard input, until it ends),
    /// handing each chunk to `body` until it returns false: for readers that keep what
    /// they read, not the text (a data file of 10⁷ rows is 200 MB).
    public static func forEachChunk(
        of path: String, size: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(Failure) {
        let descriptor = path == standardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: currentErrorDescription()) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(reason: "it is a directory")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, size), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = POSIX.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: currentErrorDescription())
            }
            if count == 0 || !body(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { return }
        }
    }

    private static func read<Bytes: RangeReplaceableCollection<UInt8>>(
        _ path: String, as: Bytes.Type
    ) throws(Failure) -> Bytes {
        if path == standardInput { return try read(descriptor: STDIN_FILENO) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: currentErrorDescription()) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor)
    }

    private static var tooLarge: Failure {
        Failure(reason: "larger than \(maximumReadSize >> 20) MB, the most graphcalc reads")
    }

    /// Reads what an open descriptor holds, at most ``maximumReadSize`` bytes.
    private static func read<Bytes: RangeReplaceableCollection<UInt8>>(descriptor: Int32) throws(Failure) -> Bytes {
        var status = stat()
        var data = Bytes()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { throw Failure(reason: "it is a directory") }
            // A regular file too large is refused before anything is read; one that fits
            // is read into room for all of it, without copies as the data grows.
            if (status.st_mode & S_IFMT) == S_IFREG {
                if status.st_size > maximumReadSize { throw tooLarge }
                data.reserveCapacity(Int(status.st_size) + 1)
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: currentErrorDescription())
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if data.count > maximumReadSize { throw tooLarge }
        }
    }

    /// Writes a file so that nothing is lost: a regular file (or a new one) is replaced
    /// atomically, by writing a temporary file beside it and renaming it into place, so a
    /// failed write never leaves a half-written file or destroys the one already there.
    ///
    /// A symbolic link is followed and its target replaced (the link stays a link); the
    /// file keeps its mode and, where permitted, its owner and group. Anything that is not
    /// a regular file — a terminal, `/dev/stdout`, a FIFO, a socket — is written directly,
    /// never renamed over. A directory is refused.
    ///
    /// - Parameter synchronizes: whether to wait for the data to reach the disk before the
    ///   rename (`fsync`), so that not even a system crash can leave an empty file: worth
    ///   its half millisecond for a saved program, not for output that can be made again.
    /// - Throws: ``Failure`` with the system's reason.
    public static func writeAtomically(_ data: Data, to path: String, synchronizes: Bool = true) throws(Failure) {
        let target = try resolvingLinks(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw Failure(reason: "it is a directory")
            case S_IFREG: break
            default: return try writeDirectly(data, to: target)
            }
        }
        // The temporary file goes beside the target, so the rename stays on one file system.
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary =
            "\(directory.isEmpty ? "/" : directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 0o666 before the umask, as an ordinary new file gets; an existing file's own mode.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(reason: currentErrorDescription()) }
        if exists {
            _ = fchown(descriptor, status.st_uid, status.st_gid)
            _ = fchmod(descriptor, status.st_mode & 0o7777)
        }
        let failure =
            write(data, toDescriptor: descriptor)
            ?? (!synchronizes || fsync(descriptor) == 0 ? nil : currentErrorDescription())
        let closed = close(descriptor) == 0
        if let failure {
            unlink(temporary)
            throw Failure(reason: failure)
        }
        guard closed, rename(temporary, target) == 0 else {
            let reason = currentErrorDescription()
            unlink(temporary)
            throw Failure(reason: reason)
        }
    }

    /// The file a path names once symbolic links are followed, itself included; a link to
    /// a file that does not exist yet names that file. At most 40 links, as the kernel.
    static func resolvingLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw Failure(reason: currentErrorDescription()) }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let slash = current.lastIndex(of: "/")
                current = (slash.map { String(current[...$0]) } ?? "") + destination
            }
        }
        throw Failure(reason: "too many levels of symbolic links")
    }

    /// Writes to something that is not a regular file (a terminal, a FIFO), in place.
    private static func writeDirectly(_ data: Data, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(reason: currentErrorDescription()) }
        let failure = write(data, toDescriptor: descriptor)
        close(descriptor)
        if let failure { throw Failure(reason: failure) }
    }

    /// Writes all of `data` to an open descriptor, retrying when a signal interrupts;
    /// returns the system's reason, in lower case, when it fails.
    public static func write(_ data: Data, toDescriptor descriptor: Int32) -> String? {
        data.withUnsafeBytes { buffer in
            var written = 0
            while let base = buffer.baseAddress, written < buffer.count {
                let result = POSIX.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return currentErrorDescription()
                }
                written += result
            }
            return nil
        }
    }

    private static func currentErrorDescription() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
