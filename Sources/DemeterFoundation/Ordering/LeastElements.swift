extension Collection {
  /// The first `count` elements in the order `areInIncreasingOrder` gives, as a stable sort would
  /// give them, keeping only `count` at a time (a long list can hold a million; a page shows 20).
  /// - Complexity: O(n log count) comparisons, plus O(count) moves per element kept (a sort when
  ///   `count` reaches the collection's).
  @inlinable package func least(_ count: Int, by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
    guard count < self.count else { return sorted(by: areInIncreasingOrder) }
    guard count > 0 else { return [] }
    var best: [Element] = []
    best.reserveCapacity(count + 1)
    for element in self {
      if best.count == count, !areInIncreasingOrder(element, best[count - 1]) { continue }
      // After every equal one already kept, as a stable sort places it.
      var low = 0
      var high = best.count
      while low < high {
        let middle = (low + high) / 2
        if areInIncreasingOrder(element, best[middle]) { high = middle } else { low = middle + 1 }
      }
      best.insert(element, at: low)
      if best.count > count { best.removeLast() }
    }
    return best
  }
}
