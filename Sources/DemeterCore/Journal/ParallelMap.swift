import Dispatch

/// Work spread over the processors, results kept in input order.
public enum ParallelMap {
  /// `transform` of each of `items`, run concurrently (one item per task), in the order of `items`.
  public static func map<Item: Sendable, Result: Sendable>(
    _ items: [Item], _ transform: @Sendable (Item) -> Result
  ) -> [Result] {
    let slots = Slots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      slots[index] = transform(items[index])
    }
    return slots.takeValues()
  }
}
