import CalculatorBrain
import Testing

@testable import Graphing

/// Work run in a task stops when that task is cancelled, and only that work: two plots
/// in two tasks are cancelled apart.
@Suite struct TaskCancellationTests {
    @Test func cancellingOneTaskStopsItsSamplerOnly() async throws {
        let function = try ProgramFunction(program: Program(parsing: "sin(x)"))
        let viewport = try Viewport(width: 40, height: 20, x: Interval(-10, 10), y: Interval(-1, 1))
        // Both tasks wait for the start, so the cancellation comes before the work.
        let (start, go) = AsyncStream<Void>.makeStream()
        let (other, goOther) = AsyncStream<Void>.makeStream()
        let cancelled = Task {
            for await _ in start {}
            return ColumnSampler(function: function, viewport: viewport).sample()
        }
        let running = Task {
            for await _ in other {}
            return ColumnSampler(function: function, viewport: viewport).sample()
        }
        cancelled.cancel()
        go.finish()
        goOther.finish()
        let stopped = await cancelled.value, finished = await running.value
        #expect(stopped.allSatisfy { $0.pieces.isEmpty }, "the cancelled task's sampler ran")
        #expect(finished.count == 40 && finished.allSatisfy { !$0.pieces.isEmpty })
    }
}
