import DemeterCore
import DemeterReporting
import Testing

/// `-o` placeholders (manual: command-line) and the format a file extension implies.
@Suite struct OutputPathTests {
  private let monday = OutputPlaceholders(kind: "week", periodFirst: "2026-11-16", weekLabel: "2026-W47")

  @Test func convenienceInitializerDerivesEveryValue() {
    #expect(
      monday
        == OutputPlaceholders(
          week: "2026-W47", date: "2026-11-16", month: "2026-11", year: "2026", kind: "week"))
    let sunday = OutputPlaceholders(kind: "week", periodFirst: "2026-11-15", weekLabel: "week of 2026-11-15")
    #expect(sunday.week == "week-of-2026-11-15")
  }

  /// Years before 0 keep their sign; a report without a period has no date to fill in.
  @Test func yearsBeforeZeroAndNoPeriod() throws {
    let early = OutputPlaceholders(kind: "week", periodFirst: "-0001-12-27", weekLabel: "-0001-W52")
    #expect(
      try OutputPath.expand("{year}/{month}/{date}_{week}", early) == "-0001/-0001-12/-0001-12-27_-0001-W52")
    #expect(throws: OutputError.self) {
      try OutputPath.expand("{date}.txt", OutputPlaceholders(kind: "check"))
    }
    #expect(try OutputPath.expand("{kind}.txt", OutputPlaceholders(kind: "check")) == "check.txt")
  }

  @Test(arguments: [
    ("Reports/{week}.html", "Reports/2026-W47.html"),
    ("{year}/{month}/{date}-{kind}.md", "2026/2026-11/2026-11-16-week.md"),
    ("{week}{week}", "2026-W472026-W47"),
    ("plain/path.csv", "plain/path.csv"),
    ("", ""),
    ("{{week}}.txt", "{week}.txt"),
    ("a}}b{{c", "a}b{c"),
    ("{{{week}}}", "{2026-W47}"),
    ("Résumé {date}", "Résumé 2026-11-16"),
  ])
  func expands(template: String, expected: String) throws {
    #expect(try OutputPath.expand(template, monday) == expected)
  }

  @Test func otherWeekStartsHaveNoSpaces() throws {
    let saturday = OutputPlaceholders(
      kind: "week", periodFirst: "2026-11-14", weekLabel: "week of 2026-11-14")
    #expect(try OutputPath.expand("out/{week}.html", saturday) == "out/week-of-2026-11-14.html")
  }

  @Test func unknownPlaceholderListsTheKnownOnes() {
    #expect(
      throws: OutputError(
        "unknown placeholder '{weak}' in output path 'Reports/{weak}.html'; "
          + "known placeholders: {date}, {journal}, {kind}, {month}, {query}, {week}, {year}")
    ) {
      try OutputPath.expand("Reports/{weak}.html", self.monday)
    }
  }

  @Test(arguments: [
    ("{}", "unknown placeholder '{}'"),
    ("{WEEK}", "unknown placeholder '{WEEK}'"),
    ("{week", "unclosed '{'"),
    ("{we{ek}", "unclosed '{'"),
    ("week}", "unmatched '}'"),
    ("{week}}", "unmatched '}'"),
  ])
  func malformedTemplatesAreErrors(template: String, expectedStart: String) {
    let error = #expect(throws: OutputError.self) {
      try OutputPath.expand(template, self.monday)
    }
    #expect(error?.message.hasPrefix(expectedStart) == true)
    #expect(
      error?.message.hasSuffix("known placeholders: {date}, {journal}, {kind}, {month}, {query}, {week}, {year}")
        == true)
  }

  @Test(
    arguments: [
      ("week.html", "html"),
      ("report.MD", "md"),
      ("Reports/2026/{week}.Csv", "csv"),
      ("archive.tar.gz", "gz"),
      ("dotted.folder/report", nil),
      ("report", nil),
      (".hidden", nil),
      ("week.", nil),
      ("Reports/", nil),
      ("", nil),
    ] as [(String, String?)])
  func inferredFormat(path: String, expected: String?) {
    #expect(OutputPath.inferredFormat(forPath: path) == expected)
  }
}
