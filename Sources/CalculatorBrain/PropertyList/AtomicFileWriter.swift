import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes a file by writing a temporary file beside it and renaming it into place, so a
/// failed write never leaves a half-written file or destroys the one already there.
enum AtomicFileWriter {
    /// Why a write failed, as a user reads it.
    struct Failure: Error {
        let reason: String
    }

    static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory)/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
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
            return fsync(descriptor) == 0 ? nil : currentErrorDescription()
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
