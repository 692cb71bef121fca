/// A program's ops, stored in 9 bytes each: a byte that says what the op is (an operand,
/// a variable, or which constant or operation) and 8 more for an operand's value or a
/// variable's name, each name kept once.
///
/// It is used like an array of ``Op`` — indexed from 0, mutable, appendable, sliceable —
/// and takes well under half an array's memory: a million ops take 9 MB, where `[Op]`
/// takes 24 MB (an `Op` has room for the `String` of a variable). Two lists are equal when
/// their ops are equal one by one (`.operand(0)` equals `.operand(-0.0)`, as for `Op`) or
/// are stored bit for bit alike (so a list holding a NaN operand equals itself).
public struct OpList: Sendable {
    /// What each op is: ``Code`` values.
    private var codes: [UInt8] = []
    /// Each op's operand bit pattern or variable name index; 0 for the others.
    private var payloads: [UInt64] = []
    /// The variable names, in the order they first appeared; never shrinks.
    private var names: [String] = []
    private var nameIndexes: [String: UInt64] = [:]

    /// Creates an empty list.
    public init() {}

    /// Creates a list of the ops of `ops`, in order.
    public init<Ops: Sequence>(_ ops: Ops) where Ops.Element == Op {
        if let list = ops as? OpList {
            self = list
        } else {
            append(contentsOf: ops)
        }
    }

    /// Adds `op` at the end.
    public mutating func append(_ op: Op) {
        let (code, payload) = encode(op)
        codes.append(code)
        payloads.append(payload)
    }

    /// Adds the ops of `ops` at the end, in order.
    public mutating func append<Ops: Sequence>(contentsOf ops: Ops) where Ops.Element == Op {
        // Room for what is known to come, at least doubling, so appending in small
        // batches stays linear.
        let needed = codes.count + ops.underestimatedCount
        if needed > codes.capacity { reserveCapacity(Swift.max(needed, 2 * codes.capacity)) }
        for op in ops { append(op) }
    }

    /// Makes room for `count` ops in all, so that appending up to that many does not
    /// reallocate.
    public mutating func reserveCapacity(_ count: Int) {
        codes.reserveCapacity(count)
        payloads.reserveCapacity(count)
    }

    /// Removes and returns the last op; the list must not be empty.
    @discardableResult
    public mutating func removeLast() -> Op {
        let op = self[endIndex - 1]
        codes.removeLast()
        payloads.removeLast()
        return op
    }

    /// Removes and returns the last op, or returns `nil` when the list is empty.
    public mutating func popLast() -> Op? {
        isEmpty ? nil : removeLast()
    }

    /// Removes every op, keeping the storage when `keepCapacity` is true.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        codes.removeAll(keepingCapacity: keepCapacity)
        payloads.removeAll(keepingCapacity: keepCapacity)
        if !keepCapacity {
            names = []
            nameIndexes = [:]
        }
    }

    // MARK: - Encoding

    /// The first code of each kind of op; the codes of constants and operations follow
    /// their cases' order.
    private enum Code {
        static let operand: UInt8 = 0
        static let variable: UInt8 = 1
        static let firstConstant: UInt8 = 2
        static let firstUnary = firstConstant + UInt8(constants.count)
        static let firstBinary = firstUnary + UInt8(unaryOperations.count)
        static let firstTernary = firstBinary + UInt8(binaryOperations.count)
    }

    private static let constants = Constant.allCases
    private static let unaryOperations = UnaryOperation.allCases
    private static let binaryOperations = BinaryOperation.allCases
    private static let ternaryOperations = TernaryOperation.allCases

    private mutating func encode(_ op: Op) -> (code: UInt8, payload: UInt64) {
        switch op {
        case .operand(let value): return (Code.operand, value.bitPattern)
        case .variable(let name): return (Code.variable, index(ofName: name))
        case .constant(let constant): return (Code.firstConstant + Self.position(of: constant), 0)
        case .unary(let operation): return (Code.firstUnary + Self.position(of: operation), 0)
        case .binary(let operation): return (Code.firstBinary + Self.position(of: operation), 0)
        case .ternary(let operation): return (Code.firstTernary + Self.position(of: operation), 0)
        }
    }

    private func decode(_ code: UInt8, _ payload: UInt64) -> Op {
        switch code {
        case Code.operand: .operand(Double(bitPattern: payload))
        case Code.variable: .variable(names[Int(payload)])
        case ..<Code.firstUnary: .constant(Self.constants[Int(code - Code.firstConstant)])
        case ..<Code.firstBinary: .unary(Self.unaryOperations[Int(code - Code.firstUnary)])
        case ..<Code.firstTernary: .binary(Self.binaryOperations[Int(code - Code.firstBinary)])
        default: .ternary(Self.ternaryOperations[Int(code - Code.firstTernary)])
        }
    }

    private mutating func index(ofName name: String) -> UInt64 {
        if let index = nameIndexes[name] { return index }
        let index = UInt64(names.count)
        names.append(name)
        nameIndexes[name] = index
        return index
    }

    /// The position of a case in `allCases`. A case of an enum without payloads is stored
    /// as its position in declaration order (Swift's layout of such enums), which is
    /// also the synthesized `allCases` order; tests check every case of the four enums.
    /// An enum of one case takes no bytes, and its case is at 0.
    static func position<Case: CaseIterable>(of value: Case) -> UInt8 {
        if MemoryLayout<Case>.size == 0 { return 0 }
        precondition(MemoryLayout<Case>.size == 1, "a case must be stored in one byte")
        return withUnsafeBytes(of: value) { $0[0] }
    }
}

extension OpList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// 0.
    public var startIndex: Int { 0 }

    /// The number of ops.
    public var endIndex: Int { codes.count }

    /// The op at `position`.
    public subscript(position: Int) -> Op {
        get { decode(codes[position], payloads[position]) }
        set {
            let (code, payload) = encode(newValue)
            codes[position] = code
            payloads[position] = payload
        }
    }

    /// Replaces the ops in `subrange` with `ops`.
    public mutating func replaceSubrange<Ops: Collection>(_ subrange: Range<Int>, with ops: Ops)
    where Ops.Element == Op {
        var newCodes: [UInt8] = []
        var newPayloads: [UInt64] = []
        newCodes.reserveCapacity(ops.count)
        newPayloads.reserveCapacity(ops.count)
        for op in ops {
            let (code, payload) = encode(op)
            newCodes.append(code)
            newPayloads.append(payload)
        }
        codes.replaceSubrange(subrange, with: newCodes)
        payloads.replaceSubrange(subrange, with: newPayloads)
    }
}

extension OpList: Hashable {
    /// Whether the two lists hold equal ops in the same order.
    public static func == (lhs: OpList, rhs: OpList) -> Bool {
        // The same bits are the same ops (a NaN operand included, as an array sharing its
        // storage is equal to itself).
        if lhs.codes == rhs.codes && lhs.payloads == rhs.payloads && lhs.names == rhs.names { return true }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes the ops in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for op in self { hasher.combine(op) }
    }
}

extension OpList: ExpressibleByArrayLiteral {
    /// Creates a list of the written ops.
    public init(arrayLiteral ops: Op...) {
        self.init(ops)
    }
}

extension OpList: CustomStringConvertible {
    /// The ops as an array of them prints them.
    public var description: String { Array(self).description }
}
