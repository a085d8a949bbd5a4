/// One stage's wall and CPU times over the repetitions, and the resident set size it reached.
struct StageMeasurement: Sendable {
  var stage: Stage
  /// Wall times, in seconds.
  var times = Samples()
  /// CPU times (all threads), in seconds.
  var processorTimes = Samples()
  /// The peak RSS, in bytes, while the stage's first run ran: what one run of the tool in a fresh
  /// process reaches (later runs start with whatever heap the earlier ones left to the allocator).
  private(set) var peakBytes = 0
  /// The peak RSS of the stage's latest run.
  private(set) var lastPeakBytes = 0

  init(_ stage: Stage) {
    self.stage = stage
  }

  mutating func record(seconds: Double, processorSeconds: Double, peakBytes peak: Int) {
    if times.isEmpty { peakBytes = peak }
    times.add(seconds)
    processorTimes.add(processorSeconds)
    lastPeakBytes = peak
  }

  /// Times `body` as one run of this stage, with the peak RSS reached while it ran (the peak is reset
  /// first where the system allows it).
  mutating func measure<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
    MemoryUsage.resetPeak()
    let processorStart = ProcessorTime.seconds()
    let (value, seconds) = try MonotonicClock.time(body)
    record(
      seconds: seconds, processorSeconds: ProcessorTime.seconds() - processorStart,
      peakBytes: MemoryUsage.peakBytes())
    return value
  }
}
