import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The runs an export reads apart cover the period's dates with entries in order, each file read
/// by one run only (the run of its first date in the period), each run but the last holding at
/// least the entries asked for.
@Suite struct ExportRunsTests {
  @Test(
    arguments: JournalDeterminismTests.Layout.allCases,
    [TimeZoneRule.asWritten, .fixedOffset(seconds: 9 * 3600)])
  func runsCoverTheDatesAndShareNoFile(layout: JournalDeterminismTests.Layout, zone: TimeZoneRule) throws {
    let journal = JournalDeterminismTests.write(
      ExportedEntriesTests.randomLines(count: 300, seed: 57), layout: layout, seed: 58)
    let digests = DigestLoader.load(
      journal: journal.path, options: JournalLoadOptions(timeZone: zone, threads: 2, keepsDetail: false))
    let span = try #require(digests.span)
    for period in [span, Period(first: span.first.adding(days: 2), last: span.first.adding(days: 9))] {
      let days = Array(digests.days(in: period))
      for entriesPerRun in [1, 20, 1_000] {
        let runs = ExportRuns(digests, period: period, entriesPerRun: entriesPerRun).runs
        #expect(runs.flatMap(\.days) == days.map(\.day))
        var seen = Set<Int>()
        var earlier = 0
        for (index, run) in runs.enumerated() {
          #expect(run.earlierEntries == earlier)
          let entries = days.filter { run.days.contains($0.day) }.reduce(0) { $0 + Int($1.entries) }
          earlier += entries
          if index < runs.count - 1 { #expect(entries >= entriesPerRun) }
          #expect(run.files == run.files.sorted())
          for file in run.files {
            #expect(seen.insert(file).inserted, "file \(file) is read by one run")
            let first = digests.fileDays[file].first { (period.first.dayNumber...period.last.dayNumber).contains(Int($0)) }
            #expect(first.map(run.days.contains) == true, "file \(file) is read by the run of its first date")
          }
        }
      }
    }
  }
}
