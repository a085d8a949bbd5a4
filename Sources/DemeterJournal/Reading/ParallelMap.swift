import DemeterFoundation
import Dispatch

/// Work spread over the processors, results kept in input order.
public enum ParallelMap {
  /// `transform` of each of `items`, run concurrently (one item per task), in the order of `items`;
  /// with `threads` 1, one after another on this thread.
  public static func map<Item: Sendable, Result: Sendable>(
    _ items: [Item], threads: Int = ProcessorCount.active, _ transform: @Sendable (Item) -> Result
  ) -> [Result] {
    guard threads > 1 else { return items.map(transform) }
    let slots = Slots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      slots[index] = transform(items[index])
    }
    return slots.takeValues()
  }
}
