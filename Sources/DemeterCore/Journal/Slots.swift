/// Result slots written by concurrent workers, each index by exactly one worker.
final class Slots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil)
  }

  deinit {
    storage.deinitialize()
    storage.deallocate()
  }

  subscript(index: Int) -> Value? {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  /// Moves every value out, leaving the slots empty.
  func takeValues() -> [Value] {
    storage.indices.map { index in
      defer { storage[index] = nil }
      return storage[index]!
    }
  }
}
