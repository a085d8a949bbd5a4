import Testing

/// `--today` makes every period word of the manual's `journal` topic reproducible: the same bytes whatever the clock's
/// zone, and the expected span.
@Suite struct PeriodWordTests {
  @Test(arguments: [
    ("today", "2026-11-21", "2026-11-21"), ("yesterday", "2026-11-20", "2026-11-20"),
    ("this week", "2026-11-16", "2026-11-22"), ("last week", "2026-11-09", "2026-11-15"),
    ("this month", "2026-11-01", "2026-11-30"), ("last month", "2026-10-01", "2026-10-31"),
    ("2026-11-21", "2026-11-21", "2026-11-21"), ("2026-W47", "2026-11-16", "2026-11-22"),
    ("2026-11", "2026-11-01", "2026-11-30"), ("2026-11-01..2026-11-21", "2026-11-01", "2026-11-21"),
    ("last 4 weeks", "2026-10-26", "2026-11-22"), ("last 30 days", "2026-10-23", "2026-11-21"),
    ("monday", "2026-11-16", "2026-11-16"), ("saturday", "2026-11-21", "2026-11-21"),
    ("march", "2026-03-01", "2026-03-31"), ("march 2025", "2025-03-01", "2025-03-31"),
    ("dec", "2025-12-01", "2025-12-31"), ("next week", "2026-11-23", "2026-11-29"),
    ("3 days ago", "2026-11-18", "2026-11-18"), ("2 weeks ago", "2026-11-02", "2026-11-08"),
  ])
  func periodWordWithToday(word: String, first: String, last: String) throws {
    let arguments = [
      "range", word, "--journal", ToolRun.sampleJournal, "--today", "2026-11-21", "-f", "json",
    ]
    let east = try ToolRun.run(arguments, environment: ["TZ": "Pacific/Kiritimati"])
    let west = try ToolRun.run(arguments, environment: ["TZ": "Pacific/Pago_Pago"])
    #expect(east.status == 0, "\(east.stderr)")
    #expect(east.stdout == west.stdout)
    #expect(east.stdout.contains(#""period":{"first":"\#(first)","last":"\#(last)"}"#), "\(word)")
  }

  /// Words typed unquoted make one period; a word that is none lists the new forms too.
  @Test func namesTypedUnquotedAndTheErrorListsThem() throws {
    let march = try ToolRun.run(
      ["month", "march", "2025", "--sample", "--today", "2026-11-21", "-f", "json"], binary: true)
    #expect(march.status == 0, "\(march.stderr)")
    #expect(march.stdout.contains(#""period":{"first":"2025-03-01","last":"2025-03-31"}"#))
    let wrong = try ToolRun.run(["week", "fortnite", "--sample"])
    #expect(wrong.status == 2)
    for form in ["monday", "next week", "march 2025", "3 days ago"] {
      #expect(wrong.stderr.contains(form), "\(form)")
    }
  }
}
