import Dispatch

/// Independent pieces of work run on the machine's cores at once (the columns of a
/// large file summarised side by side), their results in order.
enum ConcurrentWork {
    /// `body(0)`, `body(1)`, … `body(count − 1)`, computed concurrently.
    static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return (0..<count).map(body) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        // Each iteration writes its own element only.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: count) { index in slots[index] = body(index) }
        return results.compactMap { $0 }
    }
}
