import CalculatorBrain
import Foundation
import GraphCalcSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Writing output files so that nothing is lost: links followed, special files written
/// through, modes kept, directories refused. Everything in a temporary directory: a test
/// never aims at a real device node.
@Suite(.serialized) struct FileSystemTests {
    private static func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graphcalc-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private static func text(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func mode(_ path: String) -> mode_t {
        var status = stat()
        lstat(path, &status)
        return status.st_mode
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let directory = try Self.directory()
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory + "/target.svg"))
        symlink("target.svg", directory + "/link.svg")
        try FileSystem.writeAtomically(Data("new".utf8), to: directory + "/link.svg")
        #expect(Self.text(directory + "/target.svg") == "new")
        #expect(Self.mode(directory + "/link.svg") & S_IFMT == S_IFLNK)
        // A link to a file not there yet makes that file.
        symlink("later.svg", directory + "/dangling.svg")
        try FileSystem.writeAtomically(Data("made".utf8), to: directory + "/dangling.svg")
        #expect(Self.text(directory + "/later.svg") == "made")
        #expect(Self.mode(directory + "/dangling.svg") & S_IFMT == S_IFLNK)
    }

    @Test func aFileKeepsItsMode() throws {
        let directory = try Self.directory()
        let path = directory + "/secret.plist"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        try FileSystem.writeAtomically(Data("new".utf8), to: path)
        #expect(Self.mode(path) & 0o777 == 0o600)
        #expect(Self.text(path) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["secret.plist"])
    }

    @Test func aFIFOIsWrittenThroughNotReplaced() throws {
        let directory = try Self.directory()
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        final class Received: @unchecked Sendable { var text = "" }
        let received = Received()
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            received.text = String(decoding: buffer[..<max(0, count)], as: UTF8.self)
            close(descriptor)
        }
        reader.start()
        try FileSystem.writeAtomically(Data("through".utf8), to: fifo)
        // A write that replaced the FIFO would leave the reader waiting: give up after 5 s.
        let deadline = Date().addingTimeInterval(5)
        while !reader.isFinished && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if !reader.isFinished {
            // Release the reader's open() before failing.
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        #expect(received.text == "through")
        #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
    }

    @Test func aFIFOWhoseReaderLeavesIsAClearError() throws {
        let directory = try Self.directory()
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            close(descriptor)
        }
        reader.start()
        // More than a pipe holds, so the write meets the closed end.
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.writeAtomically(Data(repeating: 65, count: 1 << 20), to: fifo)
        }
        #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
    }

    @Test func aDirectoryAndALinkLoopAreRefused() throws {
        let directory = try Self.directory()
        do {
            try FileSystem.writeAtomically(Data("x".utf8), to: directory)
            Issue.record("wrote over a directory")
        } catch {
            #expect(error.reason == "it is a directory")
        }
        symlink("b", directory + "/a")
        symlink("a", directory + "/b")
        do {
            try FileSystem.writeAtomically(Data("x".utf8), to: directory + "/a")
            Issue.record("followed a loop")
        } catch {
            #expect(error.reason == "too many levels of symbolic links")
        }
    }

    @Test func readingStopsAtTheLimit() throws {
        func reason(reading path: String) -> String? {
            do {
                _ = try FileSystem.read(path)
                return nil
            } catch {
                return error.reason
            }
        }
        let tooLarge = "larger than 256 MB, the most graphcalc reads"
        let directory = try Self.directory()
        // A sparse file one byte over the limit: refused before it is read.
        let large = directory + "/large.csv"
        #expect(FileManager.default.createFile(atPath: large, contents: nil))
        #expect(truncate(large, off_t(FileSystem.maximumReadSize + 1)) == 0)
        #expect(reason(reading: large) == tooLarge)
        #expect(throws: FileSystem.Failure.self) { try FileSystem.readBytes(large) }
        // A FIFO has no size to check: its reader stops as the limit passes.
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
            var sent = 0
            while sent <= FileSystem.maximumReadSize {
                let count = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                sent += count
            }
            close(descriptor)
        }
        writer.start()
        #expect(reason(reading: fifo) == tooLarge)
        // Exactly the limit is read.
        let exact = directory + "/exact"
        #expect(FileManager.default.createFile(atPath: exact, contents: nil))
        #expect(truncate(exact, off_t(FileSystem.maximumReadSize)) == 0)
        #expect(try FileSystem.read(exact).count == FileSystem.maximumReadSize)
        #expect(try FileSystem.readBytes(exact).count == FileSystem.maximumReadSize)
    }

    @Test func aFailedWriteLeavesTheOldFile() throws {
        let directory = try Self.directory()
        let path = directory + "/kept.svg"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(directory, 0o500)
        defer { chmod(directory, 0o700) }
        // As root the directory's mode does not stop the write; elsewhere it must fail cleanly.
        if geteuid() != 0 {
            #expect(throws: FileSystem.Failure.self) { try FileSystem.writeAtomically(Data("new".utf8), to: path) }
            #expect(Self.text(path) == "old")
        }
    }
}
