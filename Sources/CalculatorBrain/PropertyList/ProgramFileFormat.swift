import GraphCalcSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The two property-list encodings a program file can use.
public enum ProgramFileFormat: String, CaseIterable, Sendable {
    /// Apple's XML property list: readable, diffable; the default.
    case xml
    /// Apple's `bplist00` binary property list.
    case binary
}
