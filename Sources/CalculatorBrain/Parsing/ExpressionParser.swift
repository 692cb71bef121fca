/// Reads an infix expression into a program, with an operator-precedence (shunting-yard)
/// parser that keeps its own stacks, so nesting depth is limited only by memory.
///
/// Precedence, tightest first: calls, `√` and `∛`; postfix `²`, `⁻¹` and `!`; `^` (right-
/// associative); unary minus; `×` `÷` and implicit multiplication; `+` `−`; comparisons
/// (`<` `≤` `>` `≥` `=` `≠`); `not`; `and`; `or`. So `-2^2` is −4, `2^3^2` is 512 and
/// `x^2+y^2<4 and y>0` needs no parentheses. Comparisons chain as in mathematics:
/// `0<x<1` is `0<x and x<1` (the middle operand's ops written twice). `if(c, a, b)` is
/// a call of three arguments. Implicit multiplication joins a value to a following name,
/// constant, `(` or `√`: `2x`, `2(x+1)`, `3sin(x)`, `2π`, `(x+1)(x−1)`; two numbers in a
/// row are an error. A name of several letters directly followed by `(` must be a
/// function (`foo(2)` is an error, `x(2)` is x×2). `log` with two arguments is the
/// logarithm to a base, `log(2, 8)` = 3. Expressions separated by `,` outside any call
/// are the separate expressions of one program, as descriptions write them
/// (`3+5, cos(x)`). Two expressions in one pair of parentheses are a point, `(cos(t),
/// sin(t))` (``BinaryOperation/point``), which must be a whole expression.
///
/// Unary minus directly on a number literal gives a negative operand (`−9` is the
/// operand −9); on anything else, including a parenthesised literal, it is `±`.
///
/// Calls of user-defined functions (`f(x+1)` after `f(x) = x^2`, `g(1, y)` after
/// `g(x, y) = x^2+y^2`) are expanded in place: the function's body with each use of a
/// parameter replaced by its argument's ops, so the program holds only built-in ops and
/// saves as the classic property-list array.
struct ExpressionParser {
    /// The most ops an expansion of user-defined functions may produce.
    static let maximumExpandedCount = 1 << 22

    /// A name the text being parsed binds itself — a function's parameter, or the
    /// variable a graph runs along — which a called function's own use of the same name
    /// (a variable from outside it) must not be taken for.
    struct Binding {
        /// The bound name.
        var name: String
        /// The value of the variable of that name outside, which a called function's
        /// use of it stands for; `nil` when there is none to take (a parameter, or a
        /// variable that is not set), so such a call is refused.
        var outsideValue: Double?
        /// Whether the name is a parameter (for the message).
        var isParameter: Bool
    }

    private let tokens: [Token]
    private let functions: [String: FunctionDefinition]
    private let bindings: [Binding]
    private var position = 0
    /// The user-defined functions called, by name.
    private(set) var calledFunctions: Set<String> = []
    private var ops: [Op] = []
    /// One entry per value produced so far, innermost last.
    private var values: [Value] = []
    /// Operators and open parentheses waiting for their operands.
    private var pending: [Pending] = []

    private struct Value {
        /// A number literal as typed, not parenthesised: the target of literal negation.
        var isBareLiteral: Bool
        /// Where the value's ops start in ``ops``: the middle of a chained comparison,
        /// which is written twice.
        var firstOp: Int
    }

    private enum Pending {
        case binary(BinaryOperation)
        case negation
        case logicalNot
        case root(UnaryOperation)
        case group(Group)

        var precedence: Int? {
            switch self {
            case .binary(let operation): operation.precedence
            case .negation: Precedence.prefix
            case .logicalNot: Precedence.negation
            case .root: Precedence.atom
            case .group: nil
            }
        }
    }

    /// An open parenthesis, possibly of a call.
    private struct Group {
        var offset: Int
        var function: Function?
        var arguments = 0
        /// Where the group's ops start in ``ops``: a user function's first argument.
        var firstOp = 0
        /// Where each later argument's ops start, for a user function of several.
        var argumentStarts: [Int] = []
        /// Whether `|` opened it (an absolute value), so `|` closes it, not `)`.
        var isBars = false
    }

    private enum Function {
        case unary(UnaryOperation, name: String)
        case binary(BinaryOperation, name: String)
        case ternary(TernaryOperation, name: String)
        case user(FunctionDefinition)

        var name: String {
            switch self {
            case .unary(_, let name), .binary(_, let name), .ternary(_, let name): name
            case .user(let definition): definition.name
            }
        }

        var arity: Int {
            switch self {
            case .unary: 1
            case .binary: 2
            case .ternary: 3
            case .user(let definition): definition.parameters.count
            }
        }

        init?(name: String) {
            guard name.allSatisfy(ExpressionLexer.continuesName) else { return nil }
            if let operation = UnaryOperation(symbol: name) {
                self = .unary(operation, name: name)
            } else if let operation = BinaryOperation(symbol: name), operation.precedence == nil, operation != .point {
                self = .binary(operation, name: name)
            } else if let operation = TernaryOperation(symbol: name) {
                self = .ternary(operation, name: name)
            } else {
                return nil
            }
        }
    }

    private init(tokens: [Token], functions: [String: FunctionDefinition], bindings: [Binding]) {
        self.tokens = tokens
        self.functions = functions
        self.bindings = bindings
    }

    static func parse(_ text: String) throws(ExpressionError) -> Program {
        try parse(text, functions: [:]).program
    }

    /// Parses `text`, expanding calls of `functions`; also returns the names of those
    /// called. `bindings` are the names the text binds itself (a definition's parameters,
    /// a graph's variable).
    static func parse(
        _ text: String, functions: [String: FunctionDefinition], binding: Binding? = nil, bindings: [Binding] = []
    ) throws(ExpressionError) -> (program: Program, calls: Set<String>) {
        var parser = ExpressionParser(
            tokens: try ExpressionLexer.tokens(of: text), functions: functions,
            bindings: (binding.map { [$0] } ?? []) + bindings)
        let program = try parser.parse()
        return (program, parser.calledFunctions)
    }

    private mutating func parse() throws(ExpressionError) -> Program {
        if tokens.count == 1 { throw .empty }
        var expectingOperand = true
        while true {
            let token = tokens[position]
            if expectingOperand {
                expectingOperand = try readOperand(token)
            } else {
                switch token.kind {
                case .plus: try pushBinary(.addition)
                case .minus: try pushBinary(.subtraction)
                case .times: try pushBinary(.multiplication)
                case .divide: try pushBinary(.division)
                case .power: try pushBinary(.power)
                case .infix(let operation) where operation.isComparison: pushComparison(operation)
                case .infix(let operation): try pushBinary(operation)
                case .postfix(let operation):
                    reduce(whileTighterThan: Precedence.postfix, rightAssociative: false)
                    apply(.unary(operation))
                    position += 1
                    continue
                case .rightParenthesis:
                    if let open = innermostGroup, open.isBars { throw .unclosedBar(offset: open.offset) }
                    try closeGroup(at: token.offset)
                    position += 1
                    continue
                case .bar where innermostGroup?.isBars == true:
                    try closeGroup(at: token.offset)
                    position += 1
                    continue
                case .comma:
                    try startNextArgument(at: token.offset)
                case .end:
                    try finish(at: token.offset)
                    return Program(ops)
                case .name, .pi, .infinity, .leftParenthesis, .root, .bar:
                    // Implicit multiplication: read the same token again as an operand.
                    reduce(whileTighterThan: Precedence.multiplicative, rightAssociative: false)
                    pending.append(.binary(.multiplication))
                    expectingOperand = true
                    continue
                case .number, .plusMinus, .not:
                    throw .expectedOperator(found: token.quoted, offset: token.offset)
                }
                position += 1
                expectingOperand = true
            }
        }
    }

    /// Handles a token where a value must start; returns whether a value is still expected.
    private mutating func readOperand(_ token: Token) throws(ExpressionError) -> Bool {
        position += 1
        switch token.kind {
        case .number(let value):
            push(.operand(value), isBareLiteral: true)
        case .infinity:
            push(.operand(.infinity), isBareLiteral: true)
        case .pi:
            push(.constant(.pi))
        case .name(let name):
            let next = tokens[position]
            let user = try userFunction(name, offset: token.offset)
            if let function = Function(name: name) ?? user {
                guard next.kind == .leftParenthesis else {
                    throw .expectedArgumentList(function: name, offset: next.offset)
                }
                position += 1
                pending.append(.group(Group(offset: token.offset, function: function, firstOp: ops.count)))
                return true
            }
            if let constant = Constant(symbol: name) {
                push(.constant(constant))
            } else {
                let isCall = next.kind == .leftParenthesis && next.offset == token.offset + name.count
                if isCall && name.count > 1 { throw .unknownFunction(name, offset: token.offset) }
                push(.variable(name))
            }
        case .minus, .plusMinus:
            pending.append(.negation)
            return true
        case .not:
            pending.append(.logicalNot)
            return true
        case .plus:
            return true
        case .root(let operation):
            pending.append(.root(operation))
            return true
        case .leftParenthesis:
            pending.append(.group(Group(offset: token.offset)))
            return true
        case .bar:
            let absolute = Function.unary(.absoluteValue, name: UnaryOperation.absoluteValue.symbol)
            pending.append(.group(Group(offset: token.offset, function: absolute, firstOp: ops.count, isBars: true)))
            return true
        case .end where ops.isEmpty && pending.isEmpty:
            throw .empty
        case .end, .rightParenthesis, .comma, .times, .divide, .power, .postfix, .infix:
            throw .expectedOperand(found: token.quoted, offset: token.offset)
        }
        return false
    }

    /// A defined function, or the derivative `f'` of one; a primed name that is neither
    /// is an unknown function.
    private func userFunction(_ name: String, offset: Int) throws(ExpressionError) -> Function? {
        do {
            if let definition = try FunctionDefinition.named(name, in: functions) { return .user(definition) }
        } catch {
            throw .noDerivative(function: name, reason: error, offset: offset)
        }
        if name.hasSuffix("'") { throw .unknownFunction(name, offset: offset) }
        return nil
    }

    private mutating func push(_ op: Op, isBareLiteral: Bool = false) {
        values.append(Value(isBareLiteral: isBareLiteral, firstOp: ops.count))
        ops.append(op)
    }

    /// Appends an operation, which takes its operands from the values produced so far.
    private mutating func apply(_ op: Op) {
        let taken = min(op.arity, values.count)
        let firstOp = taken > 0 ? values[values.count - taken].firstOp : ops.count
        values.removeLast(taken)
        ops.append(op)
        values.append(Value(isBareLiteral: false, firstOp: firstOp))
    }

    private mutating func applyPending(_ entry: Pending) {
        switch entry {
        case .binary(let operation):
            apply(.binary(operation))
        case .root(let operation):
            apply(.unary(operation))
        case .negation:
            if values.last?.isBareLiteral == true, case .operand(let value) = ops.last {
                ops[ops.count - 1] = .operand(-value)
                values[values.count - 1].isBareLiteral = false
            } else {
                apply(.unary(.negation))
            }
        case .logicalNot:
            apply(.unary(.logicalNot))
        case .group:
            break
        }
    }

    /// Applies waiting operators that bind tighter than one of `precedence` arriving.
    private mutating func reduce(whileTighterThan precedence: Int, rightAssociative: Bool) {
        while let top = pending.last, let topPrecedence = top.precedence {
            guard topPrecedence > precedence || (topPrecedence == precedence && !rightAssociative) else { return }
            pending.removeLast()
            applyPending(top)
        }
    }

    private mutating func pushBinary(_ operation: BinaryOperation) throws(ExpressionError) {
        guard let precedence = operation.precedence else { return }
        reduce(whileTighterThan: precedence, rightAssociative: operation.isRightAssociative)
        pending.append(.binary(operation))
    }

    /// A comparison; after another one (`a<b<c`) the first is applied and joined to this
    /// one by `and`, their shared operand's ops written again: `a<b and b<c`.
    private mutating func pushComparison(_ operation: BinaryOperation) {
        reduce(whileTighterThan: Precedence.comparison, rightAssociative: true)
        if case .binary(let previous)? = pending.last, previous.isComparison, let middle = values.last {
            let shared = Array(ops[middle.firstOp...])
            pending.removeLast()
            apply(.binary(previous))
            values.append(Value(isBareLiteral: false, firstOp: ops.count))
            ops.append(contentsOf: shared)
            pending.append(.binary(.conjunction))
        }
        pending.append(.binary(operation))
    }

    /// The innermost open parenthesis or bar, if any.
    private var innermostGroup: Group? {
        for entry in pending.reversed() {
            if case .group(let group) = entry { return group }
        }
        return nil
    }

    /// Applies every waiting operator back to the innermost open parenthesis and returns it.
    private mutating func reduceToGroup() -> Group? {
        while let top = pending.popLast() {
            if case .group(let group) = top { return group }
            applyPending(top)
        }
        return nil
    }

    private mutating func closeGroup(at offset: Int) throws(ExpressionError) {
        guard let group = reduceToGroup() else { throw .unmatchedClosingParenthesis(offset: offset) }
        guard let function = group.function else {
            if !values.isEmpty { values[values.count - 1].isBareLiteral = false }
            return
        }
        if case .binary(.point, _) = function {
            try checkWholeExpression(group)
        }
        if case .user(let definition) = function, definition.body.ops.last == .binary(.point) {
            try checkWholeExpression(group)
        }
        let arguments = group.arguments + 1
        guard arguments == function.arity else {
            throw .wrongArgumentCount(
                function: function.name, expected: function.arity, found: arguments, offset: group.offset)
        }
        switch function {
        case .unary(let operation, _): apply(.unary(operation))
        case .binary(let operation, _): apply(.binary(operation))
        case .ternary(let operation, _): apply(.ternary(operation))
        case .user(let definition):
            try expand(definition, argumentsFrom: [group.firstOp] + group.argumentStarts, offset: group.offset)
        }
    }

    /// Replaces the arguments' ops, each from its start on (the first from `starts[0]`),
    /// by the function's body applied to them.
    private mutating func expand(
        _ definition: FunctionDefinition, argumentsFrom starts: [Int], offset: Int
    ) throws(ExpressionError) {
        guard let start = starts.first else { return }
        let ends = starts.dropFirst() + [ops.count]
        let arguments = zip(starts, ends).map { Array(ops[$0..<$1]) }
        var size = start + definition.body.ops.count
        for (parameter, argument) in zip(definition.parameters, arguments) {
            size += definition.body.ops.count { $0 == .variable(parameter) } * max(argument.count - 1, 0)
        }
        guard size <= Self.maximumExpandedCount else {
            throw .expansionTooLarge(function: definition.name, offset: offset)
        }
        // The body's own uses of a name the text binds mean the variable of that name
        // outside, not the text's: its value, or a refusal when it has none.
        var outsideValues: [String: Double] = [:]
        for binding in bindings
        where !definition.parameters.contains(binding.name) && definition.freeVariables.contains(binding.name) {
            guard let value = binding.outsideValue else {
                throw .capturedVariable(
                    function: definition.name, variable: binding.name, isParameter: binding.isParameter,
                    offset: offset)
            }
            outsideValues[binding.name] = value
        }
        let expanded = definition.applied(to: arguments, outsideValues: outsideValues)
        ops.removeSubrange(start...)
        values.removeLast(min(arguments.count, values.count))
        ops.append(contentsOf: expanded)
        values.append(Value(isBareLiteral: false, firstOp: start))
        calledFunctions.insert(definition.name)
    }

    /// Throws unless the point that `group` closes stands as a whole expression: nothing
    /// open or waiting around it, and the end or the next expression after it.
    private func checkWholeExpression(_ group: Group) throws(ExpressionError) {
        let next = tokens[position + 1].kind
        guard pending.isEmpty, next == .end || next == .comma else {
            throw .pointInsideExpression(offset: group.offset)
        }
    }

    private mutating func startNextArgument(at offset: Int) throws(ExpressionError) {
        if !pending.contains(where: { if case .group = $0 { true } else { false } }) {
            // Outside any parenthesis: the next expression of the program.
            try finish(at: offset)
            return
        }
        guard var group = reduceToGroup(), !group.isBars else { throw .unexpectedComma(offset: offset) }
        // `(a, b)`: a point.
        var function = group.function ?? .binary(.point, name: "a point (x, y)")
        group.function = function
        if case .unary(.commonLogarithm, let name) = function, group.arguments == 0 {
            // log(b, x): the logarithm to base b.
            function = .binary(.logarithm, name: name)
            group.function = function
        }
        group.arguments += 1
        group.argumentStarts.append(ops.count)
        guard group.arguments < function.arity else {
            throw .wrongArgumentCount(
                function: function.name, expected: function.arity, found: group.arguments + 1,
                offset: group.offset)
        }
        pending.append(.group(group))
    }

    private mutating func finish(at offset: Int) throws(ExpressionError) {
        while let top = pending.popLast() {
            if case .group(let group) = top {
                throw group.isBars ? .unclosedBar(offset: group.offset) : .expectedClosingParenthesis(offset: offset)
            }
            applyPending(top)
        }
    }
}
