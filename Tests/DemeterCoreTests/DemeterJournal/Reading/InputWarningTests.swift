import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Warnings about what a person most often gets wrong in a hand-written line: a misspelt key (even
/// without `--strict`), a timestamp without an offset (`--strict`); and how a wall-clock time gets
/// its offset, and when a folder is taken for a journal.
@Suite struct InputWarningTests {
  @Test func aMisspeltKeyIsWarnedAboutWithDidYouMeanEvenWithoutStrict() {
    let line = EntryLine().setting("meals", "\"lunch\"")
    let lenient = JournalTesting.loadLine(line.text).load
    #expect(
      JournalTesting.brief(lenient.diagnostics) == [
        "1:\(line.keyColumn("meals")): warning: unknown key \"meals\"; did you mean \"meal\"? (its value is not "
          + "read; the key is kept when the line is rewritten)"
      ])
    #expect(lenient.table.count == 1)
    // With --strict it is listed once, and a key like no known key is listed as unknown.
    let strict = JournalTesting.loadLine(
      line.setting("flavour", "1").text, options: JournalLoadOptions(collectWarnings: true, reportUnknownKeys: true)
    ).load
    #expect(strict.diagnostics.count == 2)
    #expect(strict.diagnostics.contains { $0.message.hasPrefix("unknown key \"flavour\" (kept") })
  }

  @Test func aTimestampWithoutOffsetIsWarnedAboutOnlyWhenStrict() {
    let line = EntryLine(timestamp: "2026-11-21T08:15:00")
    #expect(JournalTesting.loadLine(line.text).load.diagnostics.isEmpty)
    let strict = JournalTesting.loadLine(
      line.text, options: JournalLoadOptions(collectWarnings: true, reportUnknownKeys: true)
    ).load
    let found = JournalTesting.brief(strict.diagnostics)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("1:\(line.valueColumn("timestamp")): warning: timestamp has no UTC offset") == true)
  }

  @Test func aWallClockTimeGetsTheOffsetOfTheZone() throws {
    let time = try Timestamp.parse("2026-07-01T12:00:00").get()
    #expect(time.withOffset(of: .fixedOffset(seconds: 19_800)).rfc3339 == "2026-07-01T12:00:00+05:30")
    #expect(time.withOffset(of: .asWritten) == time)
    let written = try Timestamp.parse("2026-07-01T12:00:00-05:00").get()
    #expect(written.withOffset(of: .fixedOffset(seconds: 3600)) == written)
    let berlin = try TimeZoneRule.parse("Europe/Berlin")
    #expect(time.withOffset(of: berlin).rfc3339 == "2026-07-01T12:00:00+02:00")
    #expect(try Timestamp.parse("2026-01-15T12:00:00").get().withOffset(of: berlin).rfc3339 == "2026-01-15T12:00:00+01:00")
  }

  @Test func aFolderIsAJournalByDefaultOnlyWithADayFileInSight() {
    let folder = TemporaryJournal()
    #expect(!DayFileFinder.hasDayFileInSight(folder.path))
    folder.write("notes/deep/2026-11-21.jsonl", "")
    #expect(!DayFileFinder.hasDayFileInSight(folder.path))
    folder.write("2026/11/2026-11-21.jsonl", "")
    #expect(DayFileFinder.hasDayFileInSight(folder.path))
    let flat = TemporaryJournal()
    flat.write("2026-11-21.jsonl", "")
    #expect(DayFileFinder.hasDayFileInSight(flat.path))
  }
}
