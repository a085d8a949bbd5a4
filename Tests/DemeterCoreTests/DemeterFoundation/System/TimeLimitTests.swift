import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `TimeLimit`: the `SECONDS` of `--lock-timeout` and `--plugin-timeout`.
@Suite struct TimeLimitTests {
  @Test(arguments: [
    ("30", "30 s"), ("0.5", "0.5 s"), ("0", "0 s"), ("2.5e1", "25 s"), ("1e300", "1000000000 s"),
  ])
  func parsesSeconds(text: String, shown: String) {
    #expect(TimeLimit(parsing: text)?.description == shown)
  }

  @Test(arguments: ["", "-1", "abc", "nan", "inf", "30s", " 30"])
  func refusesWhatIsNotANumberOfSeconds(text: String) {
    #expect(TimeLimit(parsing: text) == nil)
  }

  @Test func deadlineOfZeroHasPassed() {
    let deadline = TimeLimit(seconds: 0).startingNow()
    #expect(deadline.hasPassed)
    #expect(deadline.remainingSeconds == 0)
  }

  @Test func distantDeadlineHasNotPassed() {
    let deadline = TimeLimit(seconds: 3600).startingNow()
    #expect(!deadline.hasPassed)
    #expect(deadline.remainingSeconds > 3000)
  }
}
