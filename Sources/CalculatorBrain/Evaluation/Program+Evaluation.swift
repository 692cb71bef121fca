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
                stack.append(operand.flatMap { Self.checked(operation, $0) })
            case .binary(let operation):
                guard let right = stack.popLast(), let left = stack.popLast() else {
                    stack.append(.failure(.notEnoughOperands(operation: operation.symbol)))
                    continue
                }
                stack.append(left.flatMap { x in right.flatMap { y in Self.checked(operation, x, y) } })
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
    public func value(variables: [String: Double] = [:]) -> Double? {
        try? evaluate(variables: variables)
    }

    private static func checked(_ operation: UnaryOperation, _ x: Double) -> Evaluated {
        switch operation {
        case .squareRoot where x < 0:
            return .failure(.squareRootOfNegative(x))
        case .naturalLogarithm where x <= 0, .commonLogarithm where x <= 0:
            return .failure(.logarithmOfNonPositive(operation: operation.symbol, argument: x))
        case .arcsine where abs(x) > 1, .arccosine where abs(x) > 1:
            return .failure(.outsideDomain(operation: operation.symbol, argument: x))
        case .reciprocal where x == 0:
            return .failure(.divisionByZero(operation: operation.symbol))
        default:
            return checkedResult(operation.apply(x), of: operation.symbol, from: x.isFinite, x.isNaN)
        }
    }

    private static func checked(_ operation: BinaryOperation, _ x: Double, _ y: Double) -> Evaluated {
        switch operation {
        case .division where y == 0:
            return .failure(.divisionByZero(operation: operation.symbol))
        case .power where x == 0 && y < 0:
            return .failure(.divisionByZero(operation: operation.symbol))
        case .power where x < 0 && y.isFinite && y != y.rounded():
            return .failure(.outsideDomain(operation: operation.symbol, argument: x))
        default:
            return checkedResult(
                operation.apply(x, y), of: operation.symbol,
                from: x.isFinite && y.isFinite, x.isNaN || y.isNaN)
        }
    }

    /// Turns a NaN made from numbers, or an infinity made from finite numbers, into a reason.
    private static func checkedResult(
        _ result: Double, of symbol: String, from finiteArguments: Bool, _ nanArgument: Bool
    ) -> Evaluated {
        if result.isNaN && !nanArgument { return .failure(.undefined(operation: symbol)) }
        if result.isInfinite && finiteArguments {
            return .failure(.overflow(operation: symbol, sign: result.sign))
        }
        return .value(result)
    }
}

/// A value on the evaluation stack, or the reason it has none.
private enum Evaluated {
    case value(Double)
    case failure(EvaluationError)

    func flatMap(_ transform: (Double) -> Evaluated) -> Evaluated {
        switch self {
        case .value(let value): transform(value)
        case .failure: self
        }
    }
}
