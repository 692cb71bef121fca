/// A stack calculator: a program built key by key, and the variable values it is
/// evaluated with.
///
/// ```swift
/// var brain = CalculatorBrain()
/// brain.pushOperand(3)
/// brain.pushOperand(5)
/// brain.performOperation(.addition)
/// brain.performOperation(.squareRoot)   // 2.8284271247461903
/// brain.description                     // "√(3+5)"
/// ```
///
/// Each entry returns the program's new value, or `nil` when it has none; ``evaluate()``
/// says why.
public struct CalculatorBrain: Sendable, CustomStringConvertible {
    /// The ops entered so far.
    public var program: Program
    /// Values for variables, kept apart from the program.
    public var variableValues: [String: Double]

    /// Creates a brain with a program and variable values, both empty by default.
    public init(program: Program = Program(), variableValues: [String: Double] = [:]) {
        self.program = program
        self.variableValues = variableValues
    }

    /// Pushes a number.
    @discardableResult
    public mutating func pushOperand(_ value: Double) -> Double? {
        enter(.operand(value))
    }

    /// Pushes a constant such as `π`.
    @discardableResult
    public mutating func pushConstant(_ constant: Constant) -> Double? {
        enter(.constant(constant))
    }

    /// Pushes a variable, whose value is looked up in ``variableValues`` at evaluation.
    ///
    /// The name should satisfy ``Op/isValidVariableName(_:)``; another name evaluates, but
    /// its description does not parse back to the same program.
    @discardableResult
    public mutating func pushVariable(_ name: String) -> Double? {
        enter(.variable(name))
    }

    /// Applies a one-operand operation to the top of the stack.
    @discardableResult
    public mutating func performOperation(_ operation: UnaryOperation) -> Double? {
        enter(.unary(operation))
    }

    /// Applies a two-operand operation to the top two values of the stack.
    @discardableResult
    public mutating func performOperation(_ operation: BinaryOperation) -> Double? {
        enter(.binary(operation))
    }

    /// Applies a three-operand operation (`if`) to the top three values of the stack.
    @discardableResult
    public mutating func performOperation(_ operation: TernaryOperation) -> Double? {
        enter(.ternary(operation))
    }

    /// Applies the operation spelled `symbol` (`"√"`, `"sqrt"`, `"×"`, `"*"`, `"<"`, `"if"`, …).
    ///
    /// - Throws: ``ExpressionError/unknownKey(_:)`` when `symbol` is no operation.
    @discardableResult
    public mutating func performOperation(_ symbol: String) throws(ExpressionError) -> Double? {
        if let operation = UnaryOperation(symbol: symbol) { return enter(.unary(operation)) }
        if let operation = BinaryOperation(symbol: symbol) { return enter(.binary(operation)) }
        if let operation = TernaryOperation(symbol: symbol) { return enter(.ternary(operation)) }
        throw .unknownKey(symbol)
    }

    /// Enters one key as typed: a number, an operation, a constant or a variable name.
    ///
    /// - Throws: ``ExpressionError/unknownKey(_:)`` when `key` is none of those.
    @discardableResult
    public mutating func enter(key: String) throws(ExpressionError) -> Double? {
        if let value = Double(key), value.isFinite, key.first?.isLetter != true {
            return enter(.operand(value))
        }
        guard let op = Op(symbol: key) else { throw .unknownKey(key) }
        return enter(op)
    }

    /// Appends an op to the program.
    @discardableResult
    public mutating func enter(_ op: Op) -> Double? {
        program.ops.append(op)
        return value
    }

    /// Removes the last op entered, if any.
    @discardableResult
    public mutating func undo() -> Double? {
        _ = program.ops.popLast()
        return value
    }

    /// Empties the program; variable values are kept.
    public mutating func clear() {
        program.ops.removeAll()
    }

    /// The program's value with the current variable values, or `nil` when it has none.
    public var value: Double? {
        program.value(variables: variableValues)
    }

    /// The program's value with the current variable values.
    ///
    /// - Throws: ``EvaluationError`` saying why there is no value.
    public func evaluate() throws(EvaluationError) -> Double {
        try program.evaluate(variables: variableValues)
    }

    /// The program in infix form; see ``Program/description``.
    public var description: String { program.description }
}
