import CalculatorBrain
import Foundation

/// The recursive evaluator of the classic calculator assignment, kept only to show what
/// the compiled evaluator is measured against: it takes the op on top of the stack,
/// recurses on a copy of the rest, and returns the result with the ops not used.
enum TextbookEvaluator {
    static func evaluate(_ ops: [Op], x: Double) -> Double? {
        evaluate(ops, variables: ["x": x]).result
    }

    private static func evaluate(_ ops: [Op], variables: [String: Double]) -> (result: Double?, remaining: [Op]) {
        guard !ops.isEmpty else { return (nil, ops) }
        var remaining = ops
        let op = remaining.removeLast()
        switch op {
        case .operand(let value):
            return (value, remaining)
        case .constant(let constant):
            return (constant.value, remaining)
        case .variable(let name):
            return (variables[name], remaining)
        case .unary(let operation):
            let operand = evaluate(remaining, variables: variables)
            guard let value = operand.result else { return (nil, operand.remaining) }
            return (try? operation.evaluate(value), operand.remaining)
        case .binary(let operation):
            let right = evaluate(remaining, variables: variables)
            guard let y = right.result else { return (nil, right.remaining) }
            let left = evaluate(right.remaining, variables: variables)
            guard let x = left.result else { return (nil, left.remaining) }
            return (try? operation.evaluate(x, y), left.remaining)
        case .ternary(let operation):
            let last = evaluate(remaining, variables: variables)
            let middle = evaluate(last.remaining, variables: variables)
            let first = evaluate(middle.remaining, variables: variables)
            guard let c = first.result else { return (nil, first.remaining) }
            return (operation.apply(c, middle.result ?? .nan, last.result ?? .nan), first.remaining)
        }
    }
}
