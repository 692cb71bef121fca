extension Program {
    /// The value of the program's last expression (the top of the stack).
    ///
    /// Earlier expressions left on the stack do not affect it, even when they have no
    /// value. Operands may be ±∞ (they evaluate as themselves); an operation whose finite
    /// arguments give ±∞ is an ``EvaluationError/overflow(operation:sign:)``, and one that
    /// gives NaN is a domain error with its reason.
    ///
    /// A comparison is 1 where it holds and 0 where it does not, and has no value where a
    /// side has none. `and` is 0 when either side is 0 and `or` is 1 when either side is
    /// true (not 0), whatever the other side is, so `x<0 or √x>1` is 1 at x = −1; any
    /// other missing side leaves them without a value. `if(c, a, b)` has no value where c
    /// has none (with c's reason), and is a where c is true, b where c is 0: the branch
    /// not taken may have no value (`if(x<0, −x, √x)` is 1 at x = −1).
    ///
    /// - Parameter variables: values for the variables the program uses.
    /// - Throws: ``EvaluationError`` saying why there is no value.
    public func evaluate(variables: [String: Double] = [:]) throws(EvaluationError) -> Double {
        try evaluate(variables: variables, angle: .radians)
    }

    /// The value of the program's last expression with angles in `angle` (what `sin`,
    /// `cos` and `tan` take, what `asin`, `acos`, `atan` and `atan2` give); see
    /// ``evaluate(variables:)``.
    /// - Throws: ``EvaluationError`` saying why there is no value.
    public func evaluate(variables: [String: Double] = [:], angle: AngleUnit) throws(EvaluationError) -> Double {
        var stack: [Evaluated] = []
        stack.reserveCapacity(16)
        for op in ops {
            switch op {
            case .operand(let value):
                stack.append(.value(value))
            case .constant(let constant):
                stack.append(.value(constant.value))
            case .variable(let name):
                if let value = variables[name] {
                    stack.append(.value(value))
                } else {
                    stack.append(.failure(.variableNotSet(name: name)))
                }
            case .unary(let operation):
                guard let operand = stack.popLast() else {
                    stack.append(.failure(.notEnoughOperands(operation: operation.symbol)))
                    continue
                }
                stack.append(
                    operand.flatMap { x in
                        Evaluated { () throws(EvaluationError) in try operation.evaluate(x, angle: angle) }
                    })
            case .binary(let operation):
                guard let right = stack.popLast(), let left = stack.popLast() else {
                    stack.append(.failure(.notEnoughOperands(operation: operation.symbol)))
                    continue
                }
                if operation.isLogical, let decided = Self.decided(operation, left, right) {
                    stack.append(.value(decided))
                    continue
                }
                stack.append(
                    left.flatMap { x in
                        right.flatMap { y in
                            Evaluated { () throws(EvaluationError) in try operation.evaluate(x, y, angle: angle) }
                        }
                    })
            case .ternary(let operation):
                guard let whenFalse = stack.popLast(), let whenTrue = stack.popLast(),
                    let condition = stack.popLast()
                else {
                    stack.append(.failure(.notEnoughOperands(operation: operation.symbol)))
                    continue
                }
                stack.append(
                    condition.flatMap { c in
                        if c.isNaN { return .value(.nan) }
                        return c != 0 ? whenTrue : whenFalse
                    })
            }
        }
        switch stack.last {
        case nil: throw .emptyProgram
        case .failure(let reason): throw reason
        case .value(let value):
            if value.isNaN { throw .undefined(operation: "the program") }
            return value
        }
    }

    /// The value of `and` or `or` when one side decides it whatever the other is (a false
    /// side of `and`, a true side of `or`), else `nil`.
    private static func decided(_ operation: BinaryOperation, _ left: Evaluated, _ right: Evaluated) -> Double? {
        let decisive: Double = operation == .conjunction ? 0 : 1
        for side in [left, right] {
            guard case .value(let value) = side, !value.isNaN else { continue }
            if (value != 0 ? 1 : 0) == decisive { return decisive }
        }
        return nil
    }

    /// The value of the program's last expression, or `nil` when it has none; see
    /// ``evaluate(variables:)`` for the reason.
    public func value(variables: [String: Double] = [:], angle: AngleUnit = .radians) -> Double? {
        try? evaluate(variables: variables, angle: angle)
    }
}

/// A value on the evaluation stack, or the reason it has none.
private enum Evaluated {
    case value(Double)
    case failure(EvaluationError)

    init(_ body: () throws(EvaluationError) -> Double) {
        do {
            self = .value(try body())
        } catch {
            self = .failure(error)
        }
    }

    func flatMap(_ transform: (Double) -> Evaluated) -> Evaluated {
        switch self {
        case .value(let value): transform(value)
        case .failure: self
        }
    }
}
