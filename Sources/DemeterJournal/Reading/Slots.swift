/// Result slots written by concurrent workers, each index by exactly one worker.
package final class Slots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value?>

  package init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  package subscript(index: Int) -> Value? {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  /// Moves every value out, leaving the slots empty.
  package func takeValues() -> [Value] {
    storage.indices.map { index in
      defer { storage[index] = nil }
      return storage[index]!
    }
  }
}
