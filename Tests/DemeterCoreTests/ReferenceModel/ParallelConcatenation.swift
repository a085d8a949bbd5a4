import Dispatch

@testable import DemeterCore

/// Builds one column out of the same column of several parts, each part copied by its own
/// worker into its place (`starts[i]` elements before it), with `transform` applied to its values.
func concatenateInParallel<Element: Sendable>(
  _ parts: [[Element]], starts: [Int], total: Int, transform: @Sendable (_ part: Int, Element) -> Element
) -> [Element] {
  [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
    let target = UncheckedSendable(buffer)
    DispatchQueue.concurrentPerform(iterations: parts.count) { part in
      var position = starts[part]
      for value in parts[part] {
        (target.value.baseAddress! + position).initialize(to: transform(part, value))
        position += 1
      }
    }
    initialized = total
  }
}

/// Builds one column out of the same column of several parts, copied unchanged in parallel.
func concatenateInParallel<Element: Sendable>(_ parts: [[Element]], starts: [Int], total: Int) -> [Element] {
  [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
    let target = UncheckedSendable(buffer)
    DispatchQueue.concurrentPerform(iterations: parts.count) { part in
      parts[part].withUnsafeBufferPointer { source in
        guard let base = source.baseAddress, !source.isEmpty else { return }
        (target.value.baseAddress! + starts[part]).initialize(from: base, count: source.count)
      }
    }
    initialized = total
  }
}

/// The running sums of `counts`, starting at 0, and their total.
func startOffsets(_ counts: [Int]) -> (starts: [Int], total: Int) {
  var starts: [Int] = []
  starts.reserveCapacity(counts.count)
  var total = 0
  for count in counts {
    starts.append(total)
    total += count
  }
  return (starts, total)
}

/// A value handed to concurrent workers that each touch a disjoint part of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
