import Synchronization

/// Values numbered from 0, handed over by concurrent workers in any order and passed on in number
/// order, one at a time: the worker that hands over the value due next passes it on, then every
/// value after it already handed over, while the other workers go on with their own. No thread
/// waits for another, so a worker of a saturated pool may use it.
package final class InOrderHandoff<Value: Sendable>: Sendable {
  private struct State {
    var waiting: [Int: Value] = [:]
    var next = 0
    var passing = false
  }

  private let state = Mutex(State())

  package init() {}

  /// Hands over value `number` (each number once); passes on through `pass` the values due from
  /// here on, unless another worker is passing them on (it then passes this one too). Calls of
  /// `pass` never overlap, and each sees what the ones before it did.
  package func hand(_ value: Value, number: Int, pass: (Value) -> Void) {
    var due = state.withLock { state -> Value? in
      state.waiting[number] = value
      guard !state.passing else { return nil }
      return Self.takeNext(&state)
    }
    while let value = due {
      pass(value)
      due = state.withLock { Self.takeNext(&$0) }
    }
  }

  /// The value due next, marking it being passed on; nil (and nothing passing) if it is not here.
  private static func takeNext(_ state: inout State) -> Value? {
    guard let value = state.waiting.removeValue(forKey: state.next) else {
      state.passing = false
      return nil
    }
    state.next += 1
    state.passing = true
    return value
  }
}
