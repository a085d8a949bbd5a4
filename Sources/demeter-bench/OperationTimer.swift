/// Times an operation too short for the clock: it is run in batches of calls, the batch size doubled
/// until one batch takes at least `minimumBatchSeconds`, and the time per call is the median over
/// the batches.
enum OperationTimer {
  /// Where results go so the optimizer cannot drop the calls that make them.
  nonisolated(unsafe) static var sink = 0

  /// Median seconds per call of `operation`, which gets the call's index (so inputs can vary) and
  /// returns any number derived from its work.
  static func secondsPerCall(
    batches: Int, minimumBatchSeconds: Double = 0.02, _ operation: (Int) -> Int
  ) -> Double {
    var calls = 1
    var checksum = 0
    func batch() -> Double {
      let start = MonotonicClock.now()
      for index in 0..<calls { checksum &+= operation(index) }
      return MonotonicClock.now() - start
    }
    while batch() < minimumBatchSeconds, calls < 1 << 30 { calls *= 2 }
    var samples = Samples()
    for _ in 0..<max(1, batches) { samples.add(batch() / Double(calls)) }
    sink &+= checksum
    return samples.median
  }
}
