extension Program {
    /// The value of the program's last expression (the top of the stack).
    ///
    /// Earlier expressions left on the stack do not affect it, even when they have no
    /// value. Operands may be ±∞ (they evaluate as themselves); an operation whose finite
    /// arguments give ±∞ is an ``EvaluationError/overflow(operation:sign:)``, and one that
    /// gives NaN is a domain error with its reason.
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
                stack.append(
                    left.flatMap { x in
                        right.flatMap { y in
                            Evaluated { () throws(EvaluationError) in try operation.evaluate(x, y, angle: angle) }
                        }
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
