import CSVReport
import DemeterReporting
import Testing

/// The CSV generator: header columns exactly as SPEC §6 and shared/bench/QUERY.md, one row per bucket.
@Suite struct CSVGeneratorTests {
  static let weekHeader =
    "week,week_start,entries,days_logged,calories,protein,carbohydrates,fat,avg_daily_calories,"
    + "confidence_mean,confidence_min,confidence_max,low_confidence_entries"
  static let dayHeader =
    "date,entries,calories,protein,carbohydrates,fat,confidence_mean,confidence_min,confidence_max,"
    + "low_confidence_entries"

  private func lines(_ kind: ReportKind, _ rows: [ReportRow], decimals: Int? = nil) -> [String] {
    let bytes = CSVGenerator().render(
      ReportFixtures.model(kind: kind, rows: rows), options: RenderOptions(decimals: decimals))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasSuffix("\n"))
    #expect(!text.contains("\r"))
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  @Test(arguments: [
    (ReportKind.week, weekHeader),
    (.day, dayHeader),
    (.range, dayHeader),
    (.month, weekHeader.replacing("week,week_start", with: "month,month_start")),
    (.year, weekHeader.replacing("week,week_start", with: "year,year_start")),
  ])
  func headerColumns(kind: ReportKind, header: String) {
    #expect(lines(kind, []) == [header])
  }

  @Test func weekHeaderIsExactlyTheQueryHeader() {
    #expect(
      lines(.week, [])
        == [
          "week,week_start,entries,days_logged,calories,protein,carbohydrates,fat,avg_daily_calories,confidence_mean,confidence_min,confidence_max,low_confidence_entries"
        ])
  }

  @Test func weekRowExactNumbers() {
    let out = lines(.week, [ReportFixtures.row("2026-W47")])
    #expect(out.count == 2)
    #expect(out[1] == "2026-W47,2026-11-16,3,2,412,24.2,33,18.4,206,0.7233333333333334,0.55,0.92,1")
  }

  @Test func weekRowWithFourDecimals() {
    let out = lines(.week, [ReportFixtures.row("2026-W47")], decimals: 4)
    #expect(
      out[1] == "2026-W47,2026-11-16,3,2,412.0000,24.2000,33.0000,18.4000,206.0000,0.7233,0.5500,0.9200,1")
  }

  @Test func dayRowHasNoStartOrDaysLoggedOrAverage() {
    let out = lines(
      .day, [ReportFixtures.row("2026-11-21", first: "2026-11-21", last: "2026-11-21", daysLogged: 1)])
    #expect(out[1] == "2026-11-21,3,412,24.2,33,18.4,0.7233333333333334,0.55,0.92,1")
    #expect(
      out[1].split(separator: ",", omittingEmptySubsequences: false).count
        == out[0].split(separator: ",").count)
  }

  @Test(
    arguments: [
      (nil, "2026-W48,2026-11-23,0,0,0,0,0,0,,,,,0"),
      (0, "2026-W48,2026-11-23,0,0,0,0,0,0,,,,,0"),
      (4, "2026-W48,2026-11-23,0,0,0.0000,0.0000,0.0000,0.0000,,,,,0"),
    ] as [(Int?, String)])
  func emptyBucketLeavesMeansBlank(decimals: Int?, expected: String) {
    #expect(
      lines(.week, [ReportFixtures.emptyRow("2026-W48")], decimals: decimals) == [Self.weekHeader, expected])
  }

  @Test func rowsKeepOrderAndCount() {
    let rows = ["2026-W44", "2026-W45", "2026-W46", "2026-W47"].map { ReportFixtures.row($0) }
    let out = lines(.week, rows)
    #expect(out.count == 5)
    #expect(out.dropFirst().map { String($0.prefix(8)) } == ["2026-W44", "2026-W45", "2026-W46", "2026-W47"])
  }

  @Test func sundayWeekLabelIsWrittenAsIs() {
    let out = lines(
      .week, [ReportFixtures.row("week of 2026-11-15", first: "2026-11-15", last: "2026-11-21")])
    #expect(out[1].hasPrefix("week of 2026-11-15,2026-11-15,"))
  }

  @Test func labelsAreEscaped() {
    let out = lines(.week, [ReportFixtures.row("=HYPERLINK(\"x\")"), ReportFixtures.row("a,b")])
    #expect(out[1].hasPrefix("\"'=HYPERLINK(\"\"x\"\")\",2026-11-16,"))
    #expect(out[2].hasPrefix("\"a,b\",2026-11-16,"))
  }
}
