import CalculatorBrain
import GraphCalcSupport
import Testing

@Suite struct OpListTests {
    /// Every op there is, and operands at the edges.
    static let everyOp: [Op] =
        Constant.allCases.map(Op.constant) + UnaryOperation.allCases.map(Op.unary)
        + BinaryOperation.allCases.map(Op.binary) + TernaryOperation.allCases.map(Op.ternary)
        + [0, -0.0, 1, -2.5, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        .map(Op.operand) + ["x", "y", "x", "_long_name_9", "M"].map(Op.variable)

    @Test func keepsEveryOp() {
        let list = OpList(Self.everyOp)
        #expect(list.count == Self.everyOp.count)
        for (op, stored) in zip(Self.everyOp, list) {
            if case .operand(let value) = op, case .operand(let read) = stored {
                #expect(value.bitPattern == read.bitPattern, "operand \(value)")
            } else {
                #expect(op == stored)
            }
        }
    }

    @Test func mutatesLikeAnArray() {
        var list: OpList = [.variable("x"), .operand(2), .binary(.power)]
        var array: [Op] = [.variable("x"), .operand(2), .binary(.power)]
        list[1] = .variable("n")
        array[1] = .variable("n")
        list.replaceSubrange(0..<1, with: [.operand(3), .unary(.sine)])
        array.replaceSubrange(0..<1, with: [.operand(3), .unary(.sine)])
        list.append(contentsOf: [.constant(.pi), .binary(.addition)])
        array.append(contentsOf: [.constant(.pi), .binary(.addition)])
        #expect(list.removeLast() == array.removeLast())
        #expect(list.popLast() == array.popLast())
        #expect(Array(list) == array)
        #expect(Array(list[1...]) == Array(array[1...]))
        list.removeAll()
        #expect(list.isEmpty && list == [])
    }

    /// Random edits applied to a list and to an array give the same ops (seeded).
    @Test func randomEditsMatchAnArray() {
        var generator = SeededGenerator(seed: 42)
        var list = OpList()
        var array: [Op] = []
        for _ in 0..<2_000 {
            let op = Self.everyOp.randomElement(using: &generator) ?? .operand(1)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where !array.isEmpty:
                let index = Int.random(in: 0..<array.count, using: &generator)
                list[index] = op
                array[index] = op
            case 1 where !array.isEmpty:
                let end = Int.random(in: 0...array.count, using: &generator)
                let start = Int.random(in: 0...end, using: &generator)
                list.replaceSubrange(start..<end, with: [op, op])
                array.replaceSubrange(start..<end, with: [op, op])
            case 2 where !array.isEmpty:
                #expect(list.removeLast().isSame(as: array.removeLast()))
            default:
                list.append(op)
                array.append(op)
            }
        }
        #expect(list.count == array.count)
        #expect(list.elementsEqual(array) { $0.isSame(as: $1) })
    }

    @Test func equalListsHashEqually() {
        // The same ops with names first seen in another order.
        var first: OpList = [.variable("b"), .variable("a")]
        first.removeAll(keepingCapacity: true)
        first.append(contentsOf: [.variable("a"), .variable("b"), .binary(.addition)])
        let second: OpList = [.variable("a"), .variable("b"), .binary(.addition)]
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != [.variable("b"), .variable("a"), .binary(.addition)])
        // As for Op: 0 equals −0; as for an array, a list holding NaN equals itself.
        #expect(OpList([.operand(0)]) == OpList([.operand(-0.0)]))
        let nan: OpList = [.operand(.nan), .variable("x")]
        #expect(nan == nan && nan.hashValue == OpList(Array(nan)).hashValue)
        var empty = OpList()
        #expect(empty.popLast() == nil)
    }

    @Test func describesItselfAsAnArray() {
        let list: OpList = [.operand(3), .unary(.squareRoot)]
        #expect(list.description == [Op.operand(3), .unary(.squareRoot)].description)
    }
}

extension Op {
    /// Equal, or operands of the same bits (NaN included).
    fileprivate func isSame(as other: Op) -> Bool {
        if case .operand(let value) = self, case .operand(let read) = other {
            return value.bitPattern == read.bitPattern
        }
        return self == other
    }
}
