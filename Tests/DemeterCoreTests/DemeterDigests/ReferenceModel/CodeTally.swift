@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Counts and exact sums per dictionary code, reused across buckets: only the codes a bucket touched
/// are read back and reset, so a bucket costs time in its rows, not in the dictionary's size.
struct CodeTally {
  /// One code's tally.
  struct Item {
    var code: Int32
    var count: Int
    var sum: Int128
  }

  private var counts: [Int]
  private var sums: [Int128]
  private var touched: [Int32] = []

  /// A tally for codes `0..<codeCount`.
  init(codeCount: Int) {
    counts = [Int](repeating: 0, count: codeCount)
    sums = [Int128](repeating: 0, count: codeCount)
  }

  /// Counts one occurrence of `code` carrying `amount` billionths.
  /// - Complexity: O(1).
  @inline(__always)
  mutating func add(_ code: Int32, _ amount: Int64) {
    let index = Int(code)
    if counts[index] == 0 { touched.append(code) }
    counts[index] += 1
    sums[index] += Int128(amount)
  }

  /// The tallies of the touched codes, in no particular order (callers sort), and resets them.
  /// - Complexity: O(t) in the number of touched codes.
  mutating func drain() -> [Item] {
    let items = touched.map { Item(code: $0, count: counts[Int($0)], sum: sums[Int($0)]) }
    for code in touched {
      counts[Int(code)] = 0
      sums[Int(code)] = 0
    }
    touched.removeAll(keepingCapacity: true)
    return items
  }
}
