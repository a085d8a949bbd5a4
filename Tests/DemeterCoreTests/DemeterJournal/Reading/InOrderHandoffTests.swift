import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DemeterJournal

/// Values handed over by concurrent workers are passed on in number order, one at a time.
@Suite struct InOrderHandoffTests {
  /// What `pass` saw: the values in turn, and whether two calls ever overlapped.
  final class Passed: @unchecked Sendable {
    var values: [Int] = []
    var inside = false
    var overlapped = false
  }

  @Test(arguments: [1, 2, 7, 100])
  func valuesArePassedOnInNumberOrderOneAtATime(count: Int) {
    let handoff = InOrderHandoff<Int>()
    let passed = Passed()
    DispatchQueue.concurrentPerform(iterations: count) { number in
      // Later numbers are handed over sooner, so some wait for earlier ones.
      usleep(UInt32((count - number) % 5) * 300)
      handoff.hand(number * number, number: number) { value in
        if passed.inside { passed.overlapped = true }
        passed.inside = true
        usleep(50)
        passed.values.append(value)
        passed.inside = false
      }
    }
    #expect(passed.values == (0..<count).map { $0 * $0 })
    #expect(!passed.overlapped)
  }

  /// Handed over by workers of a pool that every caller keeps busy, values still all pass.
  @Test func workersOfASaturatedPoolPassEverything() {
    let sums = ParallelMap.map(Array(0..<16), threads: 8) { item in
      let handoff = InOrderHandoff<Int>()
      let total = Mutex(0)
      DispatchQueue.concurrentPerform(iterations: 4) { number in
        handoff.hand(number + item, number: number) { value in total.withLock { $0 += value } }
      }
      return total.withLock { $0 }
    }
    #expect(sums == (0..<16).map { 4 * $0 + 6 })
  }
}
