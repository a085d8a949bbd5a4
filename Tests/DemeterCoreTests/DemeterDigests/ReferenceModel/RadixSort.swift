@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Sorting of many small non-negative integers (confidences are 0…10⁹ billionths) in linear time:
/// two stable counting passes of 16 bits. Other inputs, and short arrays, use the standard sort.
enum RadixSort {
  private static let shortest = 2048

  /// `values` in ascending order.
  static func sorted(_ values: [Int64]) -> [Int64] {
    guard values.count >= shortest, values.allSatisfy({ $0 >= 0 && $0 < 1 << 32 }) else {
      return values.sorted()
    }
    var source = values
    var target = [Int64](repeating: 0, count: values.count)
    for shift in [Int64(0), 16] {
      var counts = [Int](repeating: 0, count: 1 << 16 + 1)
      for value in source { counts[Int(value >> shift & 0xFFFF) + 1] += 1 }
      for digit in 1..<counts.count { counts[digit] += counts[digit - 1] }
      for value in source {
        let digit = Int(value >> shift & 0xFFFF)
        target[counts[digit]] = value
        counts[digit] += 1
      }
      swap(&source, &target)
    }
    return source
  }
}
