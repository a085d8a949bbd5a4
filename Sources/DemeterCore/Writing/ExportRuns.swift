import DemeterDigests
import DemeterFoundation

/// The dates with entries of a period, split into runs of about the same number of entries that an
/// export reads apart (`JournalDigests.forEachDate(ofExportedEntriesIn:making:_:)`),
/// each file read by one run: the run of the first of the period's dates it holds (a file holding
/// dates of later runs too hands them its entries of those).
struct ExportRuns {
  /// Dates in a row (of those with entries) and the files they are the first dates of.
  struct Run: Sendable {
    /// The dates, in order.
    var days: [Int32] = []
    /// The positions of the files the run reads, in file order.
    var files: [Int] = []
    /// The entries of the period's dates before the run's first.
    var earlierEntries = 0
  }

  /// About the entries a run holds: small enough for a few runs' entries to be held at once, large
  /// enough for each to be worth a task.
  static let entriesPerRun = 4_096

  private(set) var runs: [Run] = []

  init(_ digests: JournalDigests, period: Period, entriesPerRun: Int) {
    let filesOfDay = FilesOfDay(digests.fileDays)
    var run = Run()
    var read = Set<Int>()
    // The entries of the run and of the dates before it.
    var (entries, earlier) = (0, 0)
    for totals in digests.days(in: period) {
      if entries >= entriesPerRun {
        runs.append(run)
        (run, entries) = (Run(earlierEntries: earlier), 0)
      }
      run.days.append(totals.day)
      run.files += filesOfDay.files(holding: totals.day).filter { read.insert($0).inserted }
      run.files.sort()
      entries += Int(totals.entries)
      earlier += Int(totals.entries)
    }
    if !run.days.isEmpty { runs.append(run) }
  }
}
