import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Journal-level rules (manual: journal): duplicate ids, entry date against file date, unknown keys, which day
/// an entry counts for, and the bookkeeping of a load.
@Suite struct JournalLoaderTests {
  static let firstID = "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11"
  static let secondID = "0b1c2d3e-4f50-4617-8283-949596979899"

  @Test func duplicateIDIsAnErrorAtTheSecondOccurrenceNamingTheFirst() {
    let journal = TemporaryJournal()
    let first = journal.write(
      "2026/2026-11-20.jsonl",
      lines: [
        EntryLine(id: Self.secondID, timestamp: "2026-11-20T09:00:00Z").text,
        EntryLine(timestamp: "2026-11-20T10:00:00Z").text,
      ])
    let second = journal.write(
      "2026/2026-11-21.jsonl",
      lines: [
        EntryLine(id: "1b1c2d3e-4f50-4617-8283-949596979899", calories: "7").text,
        EntryLine(id: Self.firstID.uppercased(), calories: "500").text,
        #"{"broken":"#,
      ])
    let load = journal.load()
    #expect(load.table.count == 3)
    #expect(load.table.amounts(of: .calories) == [182_000_000_000, 182_000_000_000, 7_000_000_000])
    #expect(
      (0..<3).map { load.table.ids[$0] } == [
        Self.secondID, Self.firstID, "1b1c2d3e-4f50-4617-8283-949596979899",
      ])
    #expect(load.skippedLines == 2)
    #expect(
      load.diagnostics.map(\.location) == [
        SourceLocation(path: second, line: 2, column: 1), SourceLocation(path: second, line: 3, column: 11),
      ])
    #expect(
      load.diagnostics.first?.message
        == "duplicate id \(Self.firstID.uppercased()) (first at \(first):2); this entry is skipped")
    #expect(load.diagnostics.first?.severity == .error)
    #expect(load.errorCount == 2)
  }

  @Test func duplicateInOneFileAndThreeTimes() {
    let journal = TemporaryJournal()
    let path = journal.write(
      "2026-11-21.jsonl",
      lines: [EntryLine().text, EntryLine(calories: "1").text, EntryLine(calories: "2").text])
    let load = journal.load()
    #expect(load.table.amounts(of: .calories) == [182_000_000_000])
    #expect(load.skippedLines == 2)
    #expect(
      JournalTesting.brief(load.diagnostics) == [
        "2:1: error: duplicate id \(Self.firstID) (first at \(path):1); this entry is skipped",
        "3:1: error: duplicate id \(Self.firstID) (first at \(path):1); this entry is skipped",
      ])
  }

  @Test func aLineWithErrorsDoesNotClaimItsID() {
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", lines: [EntryLine(calories: "-1").text, EntryLine().text])
    let load = journal.load()
    #expect(load.table.sourceLine == [2])
    #expect(load.errorCount == 1)
    #expect(load.skippedLines == 1)
  }

  /// A line over the length limit is one error at its start that shows only the line's beginning,
  /// on the strict path (`check`) and the fast path (reports) alike; the other lines load.
  @Test(arguments: [true, false])
  func lineOverTheLimitIsOneErrorShowingItsStart(check: Bool) throws {
    let journal = TemporaryJournal()
    let long = EntryLine(id: Self.secondID).setting("note", "\"" + String(repeating: "é", count: 3000) + "\"")
      .text
    let path = journal.write("2026-11-21.jsonl", EntryLine().text + "\n" + long)
    let limits = JSONLimits(maxInputBytes: 4096)
    let load = journal.load(JournalLoadOptions(collectWarnings: check, limits: limits))
    #expect(load.table.ids.count == 1)
    #expect(load.skippedLines == 1)
    let length = long.utf8.count
    let error = Diagnostic(
      .error, SourceLocation(path: path, line: 2, column: 1),
      "line is \(length) bytes long, over the limit of 4 KiB; not read")
    let warning = Diagnostic(
      .warning, SourceLocation(path: path, line: 2, column: length + 1),
      "last line has no final newline (a crashed writer leaves one); `fmt` adds it")
    #expect(
      load.diagnostics.map { Diagnostic($0.severity, $0.location, $0.message) }
        == (check ? [warning, error] : [error]))
    for diagnostic in load.diagnostics {
      let excerpt = try #require(diagnostic.excerpt)
      #expect(excerpt.text.utf8.count <= LineExcerpt.maximumBytes)
      let start = Array(long.utf8).dropFirst(excerpt.firstColumn - 1)
      #expect(start.starts(with: excerpt.text.utf8), "cut inside a UTF-8 sequence")
      // Shown around its column: the start of the line for the error, its end for the warning.
      #expect(excerpt.isCutAfter == (diagnostic.severity == .error))
      #expect(excerpt.isCutBefore == (diagnostic.severity == .warning))
    }
  }

  @Test func entryDateDifferentFromFileDateWarnsOnlyWhenAsked() {
    let journal = TemporaryJournal()
    let path = journal.write(
      "2026-11-21.jsonl",
      lines: [
        EntryLine(timestamp: "2026-11-21T23:59:59-05:00").text,
        EntryLine(id: Self.secondID, timestamp: "2026-11-22T00:30:00-05:00").text,
      ])
    #expect(journal.load().diagnostics.isEmpty)
    let load = journal.load(JournalLoadOptions(collectWarnings: true))
    #expect(load.table.count == 2)
    var expected = Diagnostic(
      .warning, SourceLocation(path: path, line: 2, column: 1),
      "entry is dated 2026-11-22 but is stored in the file for 2026-11-21",
      lineText: EntryLine(id: Self.secondID, timestamp: "2026-11-22T00:30:00-05:00").text)
    expected.kind = .anotherDaysFile
    #expect(load.diagnostics == [expected])
    #expect(load.warningCount == 1)
    #expect(load.errorCount == 0)
  }

  /// An entry more than a year from its file's date is likely a typo (issue 13: year 9999 in one
  /// timestamp stretched every report over 8 000 years); `check` says so.
  @Test func entryMoreThanAYearFromItsFileIsCalledALikelyTypo() {
    let journal = TemporaryJournal()
    let path = journal.write(
      "2026-11-21.jsonl",
      lines: [
        EntryLine(timestamp: "9999-11-21T08:00:00-05:00").text,
        EntryLine(id: Self.secondID, timestamp: "2025-11-20T08:00:00-05:00").text,
      ])
    let load = journal.load(JournalLoadOptions(collectWarnings: true))
    #expect(load.table.count == 2)
    #expect(
      load.diagnostics.map(\.headline) == [
        "\(path):1:1: warning: entry is dated 9999-11-21, more than a year from its file's date 2026-11-21 "
          + "(a typo in its timestamp?); reports count it on 9999-11-21",
        "\(path):2:1: warning: entry is dated 2025-11-20 but is stored in the file for 2026-11-21",
      ])
  }

  @Test func unknownKeysAreReportedOnlyWhenAsked() {
    let line = EntryLine().setting("mood", #""happy""#).setting("x-source", "{\"app\":1}")
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", lines: [line.text])
    #expect(journal.load().diagnostics.isEmpty)
    #expect(journal.load(JournalLoadOptions(collectWarnings: true)).diagnostics.isEmpty)
    let load = journal.load(JournalLoadOptions(reportUnknownKeys: true))
    #expect(load.table.count == 1)
    #expect(
      JournalTesting.brief(load.diagnostics) == [
        "1:\(line.keyColumn("mood")): warning: unknown key \"mood\" (kept when the line is rewritten)",
        "1:\(line.keyColumn("x-source")): warning: unknown key \"x-source\" (kept when the line is rewritten)",
      ])
  }

  @Test func knownOptionalKeysAreNotUnknown() {
    let line = EntryLine().setting("schemaVersion", "1").setting("fiber", "1.5").setting("sugar", "0")
      .setting("meal", #""dinner""#).setting("tags", #"["a","b"]"#).setting(
        "micronutrients", #"{"sodium_mg":310}"#
      )
      .setting("note", #""salted""#)
    let (load, _) = JournalTesting.loadLine(
      line.text, options: JournalLoadOptions(collectWarnings: true, reportUnknownKeys: true))
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.amounts(of: .fiber) == [1_500_000_000])
    #expect(load.table.meal(ofRow: 0) == "dinner")
    #expect(load.table.micronutrientNames.strings == ["sodium_mg"])
    #expect(load.table.micronutrientAmount == [310_000_000_000])
  }

  // MARK: - Which day an entry counts for

  struct ZoneCase: CustomTestStringConvertible, Sendable {
    var rule: TimeZoneRule
    var date: String
    var secondOfDay: Int
    var offset: Int?
    var testDescription: String { rule.description }
  }

  @Test(arguments: [
    ZoneCase(rule: .asWritten, date: "2026-11-21", secondOfDay: 23 * 3600 + 30 * 60, offset: -5 * 3600),
    ZoneCase(rule: .fixedOffset(seconds: 0), date: "2026-11-22", secondOfDay: 4 * 3600 + 30 * 60, offset: 0),
    ZoneCase(
      rule: .fixedOffset(seconds: -8 * 3600), date: "2026-11-21", secondOfDay: 20 * 3600 + 30 * 60,
      offset: -8 * 3600),
    ZoneCase(
      rule: .named("Asia/Tokyo"), date: "2026-11-22", secondOfDay: 13 * 3600 + 30 * 60, offset: 9 * 3600),
    ZoneCase(
      rule: .named("Europe/Berlin"), date: "2026-11-22", secondOfDay: 5 * 3600 + 30 * 60, offset: 3600),
    ZoneCase(
      rule: .named("America/Los_Angeles"), date: "2026-11-21", secondOfDay: 20 * 3600 + 30 * 60,
      offset: -8 * 3600),
  ])
  func timeZoneRuleDecidesTheCountedDay(_ zone: ZoneCase) {
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", lines: [EntryLine(timestamp: "2026-11-21T23:30:00-05:00").text])
    let load = journal.load(JournalLoadOptions(timeZone: zone.rule))
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.day.map { CivilDate(dayNumber: Int($0)).description } == [zone.date])
    #expect(load.table.timestamp(ofRow: 0).secondOfDay == zone.secondOfDay)
    #expect(load.table.timestamp(ofRow: 0).utcOffsetSeconds == zone.offset)
  }

  @Test func namedZoneFollowsDaylightSavingTime() {
    // 2026-03-29 is the night Berlin moves to summer time: 00:30Z is 01:30 (+01:00), 01:30Z is 03:30 (+02:00).
    let journal = TemporaryJournal()
    journal.write(
      "2026-03-29.jsonl",
      lines: [
        EntryLine(timestamp: "2026-03-29T00:30:00Z").text,
        EntryLine(id: Self.secondID, timestamp: "2026-03-29T01:30:00Z").text,
      ])
    let load = journal.load(JournalLoadOptions(timeZone: .named("Europe/Berlin")))
    #expect(load.table.utcOffset == [3600, 7200])
    #expect(load.table.secondOfDay == [5400, 12600])
  }

  @Test func wallClockTimestampsAreNeverConverted() {
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", lines: [EntryLine(timestamp: "2026-11-21T23:30:00").text])
    for rule in [TimeZoneRule.asWritten, .fixedOffset(seconds: 14 * 3600), .named("Pacific/Kiritimati")] {
      let load = journal.load(JournalLoadOptions(timeZone: rule))
      #expect(load.table.day == [Int32(CivilDate(year: 2026, month: 11, day: 21)!.dayNumber)])
      #expect(load.table.utcOffset == [Int32.min])
      #expect(load.table.timestamp(ofRow: 0).utcOffsetSeconds == nil)
    }
  }

  @Test func timeZoneChangesTheWeekAnEntryIsCountedIn() {
    // Sunday 2026-11-22 23:30 in New York is Monday 2026-11-23 in UTC: another ISO week.
    let journal = TemporaryJournal()
    journal.write("2026-11-22.jsonl", lines: [EntryLine(timestamp: "2026-11-22T23:30:00-05:00").text])
    let weeks = Period(
      first: CivilDate(year: 2026, month: 11, day: 16)!, last: CivilDate(year: 2026, month: 11, day: 29)!
    )
    .buckets(.week(.monday))
    let written = journal.load().table.summarize(buckets: weeks)
    let utc = journal.load(JournalLoadOptions(timeZone: .fixedOffset(seconds: 0))).table.summarize(
      buckets: weeks)
    #expect(written.buckets.map(\.entries) == [1, 0])
    #expect(utc.buckets.map(\.entries) == [0, 1])
  }

  // MARK: - Bookkeeping

  @Test func loadCountsFilesLinesAndKeepsPathOrder() {
    let journal = TemporaryJournal()
    journal.write("b/2026-11-20.jsonl", lines: [EntryLine(id: Self.secondID).text, "", "{}"])
    journal.write("a/2026-11-21.jsonl", lines: [EntryLine().text])
    journal.write("a/2026-11-19.jsonl", "")
    let load = journal.load()
    #expect(load.fileCount == 3)
    #expect(
      load.table.files == [
        journal.url("a/2026-11-19.jsonl"), journal.url("a/2026-11-21.jsonl"),
        journal.url("b/2026-11-20.jsonl"),
      ])
    #expect(
      (0..<load.table.count).map { load.table.location(ofRow: $0) } == [
        SourceLocation(path: journal.url("a/2026-11-21.jsonl"), line: 1, column: 1),
        SourceLocation(path: journal.url("b/2026-11-20.jsonl"), line: 1, column: 1),
      ])
    #expect(load.skippedLines == 1)
    #expect(load.errorCount == load.diagnostics.count)
    #expect(JournalTesting.brief(load.diagnostics).first == "3:1: error: missing required key \"id\"")
  }

  @Test func loadingGivenFilesSortsThemAndSkipsTheFinder() {
    let journal = TemporaryJournal()
    let late = journal.write(
      "2026-11-22.jsonl", lines: [EntryLine(id: Self.secondID, timestamp: "2026-11-22T08:00:00Z").text])
    let early = journal.write("2026-11-21.jsonl", lines: [EntryLine().text])
    journal.write("2026-11-23.jsonl", lines: ["not read"])
    let load = JournalLoader.load(
      files: [
        DayFile(path: late, date: CivilDate(year: 2026, month: 11, day: 22)),
        DayFile(path: early, date: CivilDate(year: 2026, month: 11, day: 21)),
      ])
    #expect(load.fileCount == 2)
    #expect(load.diagnostics.isEmpty)
    #expect(load.table.files == [early, late])
  }

  @Test func fixtureSampleJournalLoadsCleanly() {
    let load = JournalLoader.load(
      journal: JournalTesting.packageRoot + "/Tests/Fixtures/sample-journal",
      options: JournalLoadOptions(collectWarnings: true))
    #expect(load.fileCount == 28)
    #expect(load.errorCount == 0)
    #expect(load.table.count > 0)
    #expect(load.table.files.allSatisfy { !$0.hasSuffix("ingredients.jsonl") })
  }

  @Test func fixtureBadJournalReportsItsProblems() throws {
    let folder = JournalTesting.packageRoot + "/Tests/Fixtures/bad-journal"
    let file = folder + "/2026/2026-11-21.jsonl"
    let lines = try #require(String(bytes: try FileBytes.read(file, limit: .dayFile), encoding: .utf8)).split(
      separator: "\n", omittingEmptySubsequences: false)
    /// The 1-based column where `needle` starts on line `number`.
    func column(_ needle: String, line number: Int) -> Int {
      let text = String(lines[number - 1])
      guard let range = text.range(of: needle) else { return -1 }
      return text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 1
    }
    let load = JournalLoader.load(journal: folder)
    #expect(load.fileCount == 1)
    #expect(
      JournalTesting.brief(load.diagnostics) == [
        "2:\(column(",}", line: 2)): error: trailing comma before '}'",
        "3:\(column(":-2,", line: 3) + 1): error: \"calories\" must be a finite number ≥ 0, got -2; write 0 when the food has none",
        "4:\(column("1.5}", line: 4)): error: \"confidence\" must be a number from 0 to 1, got 1.5; write 1 for an entry you are sure of",
        "5:1: error: missing required key \"foodName\"",
        "6:\(column("\"calories\":3", line: 6)): error: duplicate key \"calories\" (first at column \(column("\"calories\":2", line: 6)))",
        "7:\(column("13-21T", line: 7)): error: \"timestamp\" is not an RFC 3339 time like 2026-11-21T08:15:00-05:00: month 13 is out of range (01–12)",
        "10:1: error: duplicate id 6F0C9A52-3C1E-4A57-9A52-0D7F1D0E7B11 (first at \(file):1); this entry is skipped",
      ])
    #expect(load.diagnostics.allSatisfy { $0.location.path == file })
    #expect(load.table.sourceLine == [1, 9, 11])
    #expect(load.skippedLines == 7)

    let strict = JournalLoader.load(
      journal: folder, options: JournalLoadOptions(collectWarnings: true, reportUnknownKeys: true))
    #expect(
      JournalTesting.brief(strict.diagnostics.filter { $0.severity == .warning }) == [
        "9:1: warning: entry is dated 2026-11-22 but is stored in the file for 2026-11-21",
        "11:\(column("\"mood\"", line: 11)): warning: unknown key \"mood\" (kept when the line is rewritten)",
        "11:\(lines[10].utf8.count + 1): warning: last line has no final newline (a crashed writer leaves one); `fmt` adds it",
      ])
    #expect(strict.errorCount == load.errorCount)
  }
}
