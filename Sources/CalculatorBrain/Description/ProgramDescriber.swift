/// Writes a program in infix form with minimal parentheses.
///
/// Parentheses appear only where precedence or associativity need them, and the
/// program's grouping is kept: `3 5 4 + +` is `3+(5+4)`, `3 5 + 4 +` is `3+5+4`.
/// Function operations are written as calls (`sin(x)`, `√(3+5)`, `min(a, b)`), `±` as a
/// prefix minus, `x²`, `x⁻¹` and `x!` as postfix marks, and the logarithm to a base as
/// `log(b, x)`, `if` as a call of three arguments, comparisons and `and`/`or` infix
/// (`x^2+y^2<4 and y>0`; comparisons never chain, so `(a<b)<c` keeps its parentheses)
/// and `not` as a prefix word. A missing operand is `?` (`3 +` is
/// `?+3`: the value on top of the stack is the right operand), and independent
/// expressions left on the stack are joined by `, `.
///
/// Parsing the description of a single-expression program gives back the same program,
/// which is why a negated number literal is written `−(9)`: `−9` is the operand −9.
/// Negative operands in the right operand of an arithmetic operation are parenthesised
/// for readability (`2×(−3)`, not `2×−3`; but `x<−1`).
///
/// The program is turned into a tree and written with explicit stacks, so descriptions
/// of millions of ops take linear time and no recursion.
enum ProgramDescriber {
    static func describe(_ ops: OpList) -> String {
        let tree = Tree(ops)
        var text = ""
        text.reserveCapacity(ops.count * 2)
        var pending: [Piece] = []
        for (index, root) in tree.roots.enumerated().reversed() {
            pending.append(.node(root))
            if index > 0 { pending.append(.separator) }
        }
        while let piece = pending.popLast() {
            switch piece {
            case .openingParenthesis:
                text += "("
            case .closingParenthesis:
                text += ")"
            case .separator:
                text += ", "
            case .symbol(let node):
                if case .binary(let operation) = tree.ops[Int(node)] {
                    // `x! = 6`: written together, `!=` would read as "not equal".
                    if operation == .equal && text.last == "!" { text += " " }
                    text += operation.infixText
                }
            case .mark(let node):
                if case .unary(let operation) = tree.ops[Int(node)], case .postfix(let mark) = operation.notation {
                    text += mark
                }
            case .parenthesized(let node):
                pending.append(.closingParenthesis)
                pending.append(.node(node))
                pending.append(.openingParenthesis)
            case .node(let node):
                write(Int(node), of: tree, into: &text, then: &pending)
            }
        }
        return text
    }

    /// Writes what a node starts with and schedules the rest (pushed in reverse order).
    private static func write(_ node: Int, of tree: Tree, into text: inout String, then pending: inout [Piece]) {
        guard node >= 0 else {
            text += "?"
            return
        }
        switch tree.ops[node] {
        case .operand(let value):
            if value.sign == .minus && !value.isNaN { text += "−" }
            text += NumberFormat.magnitude(value)
        case .constant(let constant):
            text += constant.symbol
        case .variable(let name):
            text += name
        case .unary(let operation):
            let operand = tree.left[node]
            switch operation.notation {
            case .function:
                text += operation.symbol + "("
                pending.append(.closingParenthesis)
                pending.append(.node(operand))
            case .prefix:
                text += "−"
                let isPlainLiteral = tree.isNonNegativeOperand(operand)
                let needsParentheses = isPlainLiteral || tree.precedence(of: operand) <= Precedence.prefix
                pending.append(needsParentheses ? .parenthesized(operand) : .node(operand))
            case .prefixWord:
                text += operation.symbol + " "
                let needsParentheses = tree.precedence(of: operand) < Precedence.negation
                pending.append(needsParentheses ? .parenthesized(operand) : .node(operand))
            case .postfix:
                pending.append(.mark(Int32(node)))
                let needsParentheses = tree.precedence(of: operand) < Precedence.postfix
                pending.append(needsParentheses ? .parenthesized(operand) : .node(operand))
            }
        case .binary(let operation):
            let left = tree.left[node], right = tree.right[node]
            guard let precedence = operation.precedence else {
                text += operation.functionName + "("
                pending.append(.closingParenthesis)
                pending.append(.node(right))
                pending.append(.separator)
                pending.append(.node(left))
                return
            }
            let leftPrecedence = tree.precedence(of: left)
            let rightPrecedence = tree.precedence(of: right)
            // Comparisons are not associative: `(a<b)<c` is not the chain `a<b<c`.
            let leftNeedsParentheses =
                leftPrecedence < precedence
                || (leftPrecedence == precedence && (operation.isRightAssociative || operation.isComparison))
            let rightNeedsParentheses =
                rightPrecedence < precedence
                || (rightPrecedence == precedence && !operation.isRightAssociative)
                || (rightPrecedence == Precedence.prefix && precedence >= Precedence.additive)
            pending.append(rightNeedsParentheses ? .parenthesized(right) : .node(right))
            pending.append(.symbol(Int32(node)))
            pending.append(leftNeedsParentheses ? .parenthesized(left) : .node(left))
        case .ternary(let operation):
            text += operation.functionName + "("
            pending.append(.closingParenthesis)
            pending.append(.node(tree.right[node]))
            pending.append(.separator)
            pending.append(.node(tree.middle[Int32(node)] ?? -1))
            pending.append(.separator)
            pending.append(.node(tree.left[node]))
        }
    }

    /// What is left to write: eight bytes each, so the stack for a deep program stays
    /// small (a text would take 24).
    private enum Piece {
        case node(Int32)
        case parenthesized(Int32)
        case openingParenthesis
        case closingParenthesis
        /// `, ` between a function's arguments or side-by-side expressions.
        case separator
        /// The infix symbol of a binary op.
        case symbol(Int32)
        /// The postfix mark of a unary op.
        case mark(Int32)
    }

    /// The program as a forest: each op's operands are earlier ops, found with a stack.
    private struct Tree {
        let ops: OpList
        /// The operand of a unary op, or the left operand of a binary op; −1 when missing.
        /// Four bytes each: a program of 2³¹ ops would not fit in memory (program files
        /// hold at most four million).
        var left: [Int32]
        /// The right operand of a binary op, or the last of a ternary op; −1 when missing.
        var right: [Int32]
        /// The middle operand of each ternary op, which few programs have.
        var middle: [Int32: Int32] = [:]
        /// The expressions left on the stack, bottom first.
        var roots: [Int32] = []

        init(_ ops: OpList) {
            self.ops = ops
            left = Array(repeating: -1, count: ops.count)
            right = Array(repeating: -1, count: ops.count)
            for (index, op) in ops.enumerated() {
                switch op.arity {
                case 1:
                    left[index] = roots.popLast() ?? -1
                case 2:
                    right[index] = roots.popLast() ?? -1
                    left[index] = roots.popLast() ?? -1
                case 3:
                    right[index] = roots.popLast() ?? -1
                    middle[Int32(truncatingIfNeeded: index)] = roots.popLast() ?? -1
                    left[index] = roots.popLast() ?? -1
                default:
                    break
                }
                roots.append(Int32(truncatingIfNeeded: index))
            }
        }

        func isNonNegativeOperand(_ node: Int32) -> Bool {
            guard node >= 0, case .operand(let value) = ops[Int(node)] else { return false }
            return value.sign == .plus || value.isNaN
        }

        /// How tightly the node's written form binds; a missing operand (`?`) is an atom.
        func precedence(of node: Int32) -> Int {
            guard node >= 0 else { return Precedence.atom }
            switch ops[Int(node)] {
            case .operand(let value):
                return value.sign == .minus && !value.isNaN ? Precedence.prefix : Precedence.atom
            case .constant, .variable:
                return Precedence.atom
            case .unary(let operation):
                switch operation.notation {
                case .function: return Precedence.atom
                case .prefix: return Precedence.prefix
                case .prefixWord: return Precedence.negation
                case .postfix: return Precedence.postfix
                }
            case .binary(let operation):
                return operation.precedence ?? Precedence.atom
            case .ternary:
                return Precedence.atom
            }
        }
    }
}
