#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls whose Swift names differ by platform (`Glibc.read`, `Darwin.read`),
/// spelled once, so terminal code has no platform branches of its own.
public enum POSIX {
    /// `read(2)`: up to `count` bytes from `descriptor` into `buffer`; the count read, 0 at
    /// the end, −1 on an error (with `errno` set).
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// `write(2)`: up to `count` bytes of `buffer` to `descriptor`; the count written, or −1
    /// on an error (with `errno` set).
    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }

    /// `memchr(3)`: the offset of the first `byte` in the `count` bytes at `start`, or
    /// `count` when there is none (a data reader's line ends, found at memory speed).
    @inline(__always)
    public static func offset(of byte: UInt8, in start: UnsafePointer<UInt8>, count: Int) -> Int {
        guard count > 0, let found = memchr(start, Int32(byte), count) else { return count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(start)
    }

    /// Puts `signal`'s default action back (`signal(2)` with `SIG_DFL`).
    public static func restoreDefaultAction(for signal: Int32) {
        #if canImport(Glibc)
            _ = Glibc.signal(signal, SIG_DFL)
        #else
            _ = Darwin.signal(signal, SIG_DFL)
        #endif
    }
}
