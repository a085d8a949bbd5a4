/// Repeated measurements of one quantity, summarised by their median and minimum.
struct Samples: Sendable {
  private(set) var values: [Double] = []

  mutating func add(_ value: Double) {
    values.append(value)
  }

  var isEmpty: Bool { values.isEmpty }

  /// The middle value (the mean of the two middle ones for an even count); 0 when empty.
  var median: Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The smallest value; 0 when empty.
  var minimum: Double { values.min() ?? 0 }

  /// The largest value; 0 when empty.
  var maximum: Double { values.max() ?? 0 }
}
