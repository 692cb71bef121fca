import CVectorMath

/// Two independent pieces of work run at once on two cores (by `gcvm_run_both`: the
/// second on a thread of its own), for passes over long columns split in halves.
enum TwoCores {
    /// Work over this many values or more is worth splitting (a thread costs tens of
    /// microseconds).
    static let splitCount = 1 << 16

    /// Runs `first` and `second` at once and returns when both have (one after the other
    /// when no thread can be started). Neither may touch what the other changes.
    static func run(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                var jobs = [first, second]
                jobs.withUnsafeMutableBufferPointer { jobs in
                    guard let base = jobs.baseAddress else { return }
                    gcvm_run_both(
                        { context in context?.assumingMemoryBound(to: (() -> Void).self).pointee() }, base, base + 1)
                }
            }
        }
    }
}
