import Foundation
import Testing

@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct BodyLogTests {
  static func read(_ text: String, listingUnknownKeys: Bool = false) -> BodyLog {
    BodyLog.read(Array(text.utf8), path: "body.jsonl", listingUnknownKeys: listingUnknownKeys)
  }

  /// `FILE:LINE:COLUMN: severity: message` of each problem, for comparing.
  static func problems(_ log: BodyLog) -> [String] {
    log.diagnostics.map {
      "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
    }
  }

  @Test func readsEachKeyAndConvertsPoundsExactly() throws {
    let log = Self.read(
      """
      {"timestamp":"2026-11-20T07:00:00+01:00","weight_kg":81.4,"body_fat_pct":24.5,"waist_cm":90,"note":"after run","id":"w1"}
      {"timestamp":"2026-11-21T07:00:00Z","weight_lb":180}

      """)
    #expect(log.diagnostics.isEmpty)
    try #require(log.measurements.count == 2)
    let first = log.measurements[0]
    #expect(first.kilograms == FixedDecimal(billionths: 81_400_000_000))
    #expect(first.bodyFatPercent == FixedDecimal(billionths: 24_500_000_000))
    #expect(first.waistCentimetres == FixedDecimal(90))
    #expect(first.note == "after run")
    #expect(first.id == "w1")
    #expect(first.line == 1)
    // 180 × 0.45359237 = 81.6466266 kg, exactly.
    #expect(log.measurements[1].kilograms == FixedDecimal(billionths: 81_646_626_600))
    #expect(log.measurements[1].unit == .lb)
  }

  @Test func eachBrokenRuleIsAnErrorAtItsColumn() {
    let log = Self.read(
      """
      {"timestamp":"2026-11-20T07:00:00+01:00","weight_kg":81,"weight_kg":80}
      {"timestamp":"2026-11-20T07:00:00","weight_kg":0}
      {"timestamp":"2026-11-20T07:00:00Z"}
      {"timestamp":"2026-11-20T07:00:00Z","weight_kg":80,"weight_lb":176}
      {"timestamp":"2026-11-20T07:00:00Z","weight_kg":"80","body_fat_pct":100,"waist_cm":-1}
      {"weight_kg":80}
      [1]
      {"timestamp":"2026-11-20T07:00:00Z","weight_kg":80,"id":"a"}
      {"timestamp":"2026-11-21T07:00:00Z","weight_kg":80,"id":"a"}
      """)
    #expect(
      Self.problems(log) == [
        "1:57: error: duplicate key \"weight_kg\" (first at column 42)",
        "2:14: error: \"timestamp\" needs a UTC offset, e.g. 2026-11-21T07:30:00-05:00 or …Z",
        "2:48: error: \"weight_kg\" must be a number > 0 and ≤ 1000, got 0",
        "3:1: error: missing the weight: \"weight_kg\" or \"weight_lb\"",
        "4:52: error: give one weight, \"weight_kg\" or \"weight_lb\", not both",
        "5:49: error: \"weight_kg\" must be a number > 0 and ≤ 1000, got a string",
        "5:69: error: \"body_fat_pct\" must be a number > 0 and < 100, got 100",
        "5:84: error: \"waist_cm\" must be a number > 0, got -1",
        "6:1: error: missing required key \"timestamp\"",
        "7:1: error: each line must be one JSON object, found an array",
        "9:57: error: duplicate id \"a\" (first at line 8)",
        "9:61: warning: last line has no final newline (a crashed writer leaves one); `fmt` adds it",
      ])
    #expect(log.measurements.count == 1)
  }

  @Test func unknownKeysAreKeptAndListedOnlyWhenAskedAMisspeltOneAlways() throws {
    let text =
      "{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_kg\":80,\"scale\":\"bathroom\",\"notes\":\"x\"}\n"
    let quiet = Self.read(text)
    #expect(
      Self.problems(quiet) == [
        "1:71: warning: unknown key \"notes\"; did you mean \"note\"? (its value is not read; the key is kept "
          + "when the line is rewritten)"
      ])
    let listed = Self.read(text, listingUnknownKeys: true)
    #expect(Self.problems(listed).count == 2)
    #expect(
      Self.problems(listed)[0] == "1:52: warning: unknown key \"scale\" (kept when the line is rewritten)")
    let measurement = try #require(listed.measurements.first)
    #expect(measurement.otherMembers.map(\.key) == ["scale", "notes"])
  }

  @Test func theCanonicalFormOrdersKeysKeepsUnknownOnesAndReadsBackEqual() throws {
    let log = Self.read(
      "\u{FEFF}{\"note\":\"a \\\"quote\\\"\",\"weight_lb\":180.50,\"extra\":[1, {\"b\":true}],"
        + "\"timestamp\":\"2026-11-20T07:00:00.000+00:00\",\"waist_cm\":9e1}\r\n")
    #expect(log.diagnostics.isEmpty)
    let canonical = try #require(log.canonicalBytes)
    #expect(
      String(decoding: canonical, as: UTF8.self)
        == "{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_lb\":180.5,\"waist_cm\":90,"
        + "\"note\":\"a \\\"quote\\\"\",\"extra\":[1,{\"b\":true}]}\n")
    let again = BodyLog.read(canonical, path: "body.jsonl")
    var first = log.measurements[0]
    first.otherMembers = []
    var second = again.measurements[0]
    second.otherMembers = []
    #expect(first == second)
    #expect(again.canonicalBytes == canonical)
  }

  @Test func aLogWithAnErrorHasNoCanonicalForm() {
    #expect(Self.read("{\"timestamp\":\"2026-11-20T07:00:00Z\"}\n").canonicalBytes == nil)
  }

  @Test func dayFileSearchPassesTheBodyLogAndAMissingLogIsEmpty() {
    let journal = TemporaryJournal()
    journal.write("2026-11-20.jsonl", "")
    journal.write(
      JournalLayout.bodyLogFileName, "{\"timestamp\":\"2026-11-20T07:00:00Z\",\"weight_kg\":80}\n")
    #expect(DayFileFinder.find(in: journal.path).files.map(\.path) == [journal.url("2026-11-20.jsonl")])
    let log = BodyLog.load(path: JournalLayout(journal: journal.path).bodyLog)
    #expect(log.fileExists && log.measurements.count == 1)
    let missing = BodyLog.load(path: journal.url("nothing.jsonl"))
    #expect(!missing.fileExists && missing.measurements.isEmpty && missing.diagnostics.isEmpty)
  }
}
