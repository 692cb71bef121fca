/// A binary heap that gives back its elements least priority first; branch and bound
/// takes the most promising stretch next from one.
struct PriorityQueue<Element> {
    private var heap: [(priority: Double, element: Element)] = []

    /// The elements waiting, in no particular order.
    var elements: [(priority: Double, element: Element)] { heap }

    /// Adds `element` with `priority`.
    mutating func insert(_ element: Element, priority: Double) {
        heap.append((priority, element))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].priority < heap[parent].priority else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the element of least priority.
    mutating func popLeast() -> (priority: Double, element: Element)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let least = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].priority < heap[smallest].priority { smallest = left }
            if right < heap.count && heap[right].priority < heap[smallest].priority { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return least
    }
}
