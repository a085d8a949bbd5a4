import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The digest index: a journal summarized through it (written, then read back with every file
/// unchanged, or with one file changed, or with its blobs damaged) gives what a load without it gives.
@Suite struct DigestIndexTests {
  static let cached = JournalLoadOptions(cache: .journalFolder(toolVersion: "test"))
  static let last = CivilDate(year: 2026, month: 11, day: 22)!
  static let options = AggregationOptions(reviewLimit: 3)
  /// Whole months, part of a month, and the whole journal.
  static let periods = [
    Period(first: last.adding(days: -40), last: last),
    Period(first: CivilDate(year: 2026, month: 11, day: 3)!, last: CivilDate(year: 2026, month: 11, day: 12)!),
    Period(first: CivilDate(year: 2026, month: 10, day: 1)!, last: CivilDate(year: 2026, month: 10, day: 31)!),
  ]

  /// A journal of the sample's day files, each an hour old (so their times prove them unchanged).
  static func journal() -> TemporaryJournal {
    let journal = TemporaryJournal()
    for file in SampleJournal.dayFiles(endingOn: last) {
      _ = journal.write("2026/" + (file.path as NSString).lastPathComponent, bytes: file.contents ?? [])
    }
    CacheKeyTests.age(journal)
    return journal
  }

  static func summaries(_ digests: JournalDigests) -> [PeriodAggregate] {
    periods.map { digests.summarize(buckets: $0.buckets(.week(.monday)), options: options) }
  }

  static func load(_ journal: TemporaryJournal, _ options: JournalLoadOptions = cached) -> JournalDigests {
    DigestLoader.load(journal: journal.path, options: options, rules: DigestRules(Self.options))
  }

  /// Without the trend, a summary is the same but for its moving average, which is left empty
  /// (reports draw none: over a typo year 9999 it was 2.9 million points).
  @Test func aSummaryWithoutTheTrendLeavesOnlyTheMovingAverageOut() {
    let journal = Self.journal()
    let digests = Self.load(journal, JournalLoadOptions())
    for period in Self.periods {
      let buckets = period.buckets(.week(.monday))
      var withTrend = digests.summarize(buckets: buckets, options: Self.options)
      let without = digests.summarize(buckets: buckets, options: Self.options, trend: false)
      #expect(without.movingAverage.isEmpty)
      let days = Period.union(of: buckets.map(\.dayNumbers)).reduce(0) { $0 + $1.count }
      #expect(withTrend.movingAverage.count == days)
      withTrend.movingAverage = []
      #expect(without == withTrend)
    }
  }

  @Test func aWarmRunReadsTheIndexAndAgreesWithNoCache() {
    let journal = Self.journal()
    let reference = Self.load(journal, JournalLoadOptions())
    let cold = Self.load(journal)
    let warm = Self.load(journal)
    #expect(warm.details is IndexedDetails)
    for digests in [cold, warm] {
      #expect(Self.summaries(digests) == Self.summaries(reference))
      #expect(digests.diagnostics == reference.diagnostics)
      #expect(digests.ingredientUsage(in: Self.periods[1]) == reference.ingredientUsage(in: Self.periods[1]))
    }
  }

  /// The first index is written as runs of files are read, whatever their number, and stands for the
  /// journal as a load without a cache does.
  @Test(arguments: [1, 2, 5, 8])
  func aFirstIndexWrittenRunByRunAgreesWithNoCache(threads: Int) {
    let journal = Self.journal()
    var options = Self.cached
    options.threads = threads
    let reference = Self.load(journal, JournalLoadOptions())
    let first = Self.load(journal, options)
    let warm = Self.load(journal, options)
    #expect(warm.details is IndexedDetails)
    for digests in [first, warm] {
      #expect(Self.summaries(digests) == Self.summaries(reference))
      #expect(digests.diagnostics == reference.diagnostics)
      #expect(digests.fileDays == reference.fileDays)
      #expect(digests.ingredientUsage(in: Self.periods[0]) == reference.ingredientUsage(in: Self.periods[0]))
    }
  }

  /// A journal that repeats an id before it has an index is read in full for its first one (the
  /// digests of the files holding the id depend on each other), and agrees with a load without it.
  @Test func aFirstRunOverARepeatedIdAgreesWithNoCache() throws {
    let journal = Self.journal()
    let files = DayFileFinder.find(in: journal.path).files
    let text = String(decoding: try #require(FileManager.default.contents(atPath: files[0].path)), as: UTF8.self)
    try Self.append(try #require(text.split(separator: "\n").first) + "\n", toFileAt: 5, of: journal)
    CacheKeyTests.age(journal)
    let reference = Self.load(journal, JournalLoadOptions())
    for digests in [Self.load(journal), Self.load(journal)] {
      #expect(Self.summaries(digests) == Self.summaries(reference))
      #expect(digests.diagnostics == reference.diagnostics)
      #expect(digests.diagnostics.contains { $0.message.contains("duplicate id") })
    }
  }

  /// Appends `text` to the day file at `position` (in path order) and returns its path.
  @discardableResult
  static func append(_ text: String, toFileAt position: Int, of journal: TemporaryJournal) throws -> String {
    let file = DayFileFinder.find(in: journal.path).files[position]
    let bytes = try #require(FileManager.default.contents(atPath: file.path)).map { $0 } + Array(text.utf8)
    return journal.write("2026/" + (file.path as NSString).lastPathComponent, bytes: bytes)
  }

  static func expectSameAsNoCache(_ journal: TemporaryJournal, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let updated = Self.load(journal)
    let reference = Self.load(journal, JournalLoadOptions())
    #expect(Self.summaries(updated) == Self.summaries(reference), sourceLocation: sourceLocation)
    #expect(updated.diagnostics == reference.diagnostics, sourceLocation: sourceLocation)
    #expect(updated.skippedLines == reference.skippedLines, sourceLocation: sourceLocation)
    #expect(updated.ingredientUsage(in: Self.periods[0]) == reference.ingredientUsage(in: Self.periods[0]), sourceLocation: sourceLocation)
    #expect(Self.load(journal).details is IndexedDetails, sourceLocation: sourceLocation)
  }

  @Test func changedAddedAndRemovedFilesUpdateTheIndex() throws {
    let journal = Self.journal()
    _ = Self.load(journal)
    try Self.append("not json\n", toFileAt: 3, of: journal)
    Self.expectSameAsNoCache(journal)
    let files = DayFileFinder.find(in: journal.path).files
    try FileManager.default.removeItem(atPath: files[10].path)
    Self.expectSameAsNoCache(journal)
    let copied = try #require(FileManager.default.contents(atPath: files[12].path)).map { $0 }
    let renamed = String(decoding: copied, as: UTF8.self).replacingOccurrences(of: "\"id\":\"", with: "\"id\":\"f")
    _ = journal.write("2026/2026-12-01.jsonl", bytes: Array(renamed.utf8))
    Self.expectSameAsNoCache(journal)
    #expect(Self.load(journal).fileCount == files.count)
  }

  @Test func aRepeatedIdIsCheckedAcrossTheWholeJournal() throws {
    let journal = Self.journal()
    _ = Self.load(journal)
    let files = DayFileFinder.find(in: journal.path).files
    let text = String(decoding: try #require(FileManager.default.contents(atPath: files[0].path)), as: UTF8.self)
    let firstLine = try #require(text.split(separator: "\n").first)
    try Self.append(firstLine + "\n", toFileAt: 5, of: journal)
    let updated = Self.load(journal)
    let reference = Self.load(journal, JournalLoadOptions())
    #expect(Self.summaries(updated) == Self.summaries(reference))
    #expect(updated.diagnostics == reference.diagnostics)
    #expect(updated.diagnostics.contains { $0.message.contains("duplicate id") })
  }

  /// A warm run lists flagged entries from the lines the index keeps with each month: day files
  /// blanked behind the cache's back (same size and time, so they still count as unchanged) change
  /// no list, since none of them is opened.
  @Test func aWarmRunListsFlaggedEntriesWithoutOpeningDayFiles() throws {
    let journal = Self.journal()
    let reference = Self.summaries(Self.load(journal, JournalLoadOptions()))
    #expect(!reference[2].whole.needsReview.isEmpty && !reference[2].whole.energyInconsistent.isEmpty)
    _ = Self.load(journal)
    for file in DayFileFinder.find(in: journal.path).files {
      let status = try #require(FileStatus.of(file.path))
      try Data(repeating: 0x20, count: status.size).write(to: URL(fileURLWithPath: file.path))
      let modified = timespec(
        tv_sec: Int(status.modified / 1_000_000_000), tv_nsec: Int(status.modified % 1_000_000_000))
      var times = [modified, modified]
      #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
    }
    let warm = Self.load(journal)
    #expect(warm.details is IndexedDetails)
    // October, a whole month: its lists come from its stored detail and lines.
    #expect(Self.summaries(warm)[2].whole == reference[2].whole)
  }

  @Test func damagedBlobsAreMadeAgainFromTheFiles() throws {
    let journal = Self.journal()
    let reference = Self.summaries(Self.load(journal, JournalLoadOptions()))
    _ = Self.load(journal)
    let folder = journal.url(".demeter/cache")
    let name = try #require(
      FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix(DigestCache.filePrefix) })
    let path = folder + "/" + name
    var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
    // The blob region is the index's end: damage every 97th byte of its last half.
    for offset in stride(from: bytes.count / 2, to: bytes.count, by: 97) { bytes[offset] ^= 0x5A }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let damaged = Self.load(journal)
    #expect(Self.summaries(damaged) == reference)
  }

  @Test func eachSettingKeepsItsOwnIndexUpToAFew() throws {
    let journal = Self.journal()
    for step in 1...5 {
      let rules = DigestRules(lowConfidence: FixedDecimal(billionths: Int64(step) * 100_000_000))
      _ = DigestLoader.load(journal: journal.path, options: Self.cached, rules: rules)
      let names = try FileManager.default.contentsOfDirectory(atPath: journal.url(".demeter/cache"))
      #expect(
        names.filter { $0.hasPrefix(DigestCache.filePrefix) }.count == min(step, DigestCache.keptIndexes),
        "after \(step) settings")
    }
  }
}
