import CSVReport
import DemeterCore
import Testing

@testable import DemeterReporting

/// `CSVGenerator` (manual: output): the primary table, header of column ids, exact numbers or
/// `--decimals`, total rows left out, RFC 4180 quoting and the formula guard.
@Suite struct CSVGeneratorTests {
  typealias F = JournalFixtures

  func csv(_ report: ReportModel, decimals: Int? = nil) throws -> String {
    String(
      decoding: try CSVGenerator().render(report, options: RenderOptions(decimals: decimals)), as: UTF8.self)
  }

  /// RFC 4180 records of `text` (LF or CRLF line ends).
  func records(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    while let scalar = pending ?? scalars.next() {
      pending = nil
      if quoted {
        if scalar == "\"" {
          let next = scalars.next()
          if next == "\"" {
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
            pending = next
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
      } else if scalar == "\"" {
        quoted = true
      } else if scalar == "," {
        record.append(field)
        field = ""
      } else if scalar == "\n" {
        record.append(field)
        records.append(record)
        record = []
        field = ""
      } else if scalar != "\r" {
        field.unicodeScalars.append(scalar)
      }
    }
    if !field.isEmpty || !record.isEmpty { records.append(record + [field]) }
    return records
  }

  @Test func weekReportIsTheHeaderAndOneRecordPerWeek() throws {
    let text = try csv(F.weekReport())
    #expect(
      text == """
        week,week_start,entries,days_logged,calories,protein,carbohydrates,fat,avg_daily_calories,confidence_mean,\
        confidence_min,confidence_max,low_confidence_entries
        2026-W47,2026-11-16,4,2,1445.5,60.75,169,58.8,722.75,0.7125,0.3,0.95,1

        """)
  }

  @Test func headerIsThePrimaryTablesColumnIds() throws {
    for report in [F.weekReport(), F.sampleMonthOfWeeks, ReportFixtures.model(kind: .week, rows: [])] {
      let header = try #require(records(try csv(report)).first)
      #expect(header == report.primaryTable?.columns.map(\.id))
    }
  }

  @Test func hiddenColumnsAreStillWritten() throws {
    let report = F.weekReport()
    let table = try #require(report.primaryTable)
    #expect(table.columns.contains { !$0.shownToReaders })
    #expect(records(try csv(report))[0].count == table.columns.count)
  }

  @Test func emptyBucketsAreRecordsWithEmptyMeans() throws {
    let report = F.bucketReport(
      .week, F.period("2026-11-09", "2026-11-22"), entries: F.entries(F.weekRows)
    ).report
    let lines = try csv(report).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 4)
    #expect(lines[1] == "2026-W46,2026-11-09,0,0,0,0,0,0,,,,,0")
    #expect(lines[3] == "")
  }

  /// The header, then the rows in parts of any size, give the bytes of rendering at once.
  @Test func rowsWrittenAsTheyComeGiveTheSameBytes() throws {
    let report = F.bucketReport(
      .week, F.period("2026-11-02", "2026-11-29"), entries: F.entries(F.weekRows)
    ).report
    #expect(
      try StreamingFixtures.streamed(report, CSVGenerator())
        == CSVGenerator().render(report, options: StreamingFixtures.options))
  }

  @Test func totalRowsAreLeftOut() throws {
    var report = ReportFixtures.model(
      kind: .week, rows: [ReportFixtures.row("2026-W46"), ReportFixtures.row("2026-W47")])
    report.tables[0].rows.append(
      ReportTableRow(
        role: .total,
        cells: [.text("Total"), .count(6), .number(.exact(ReportFixtures.sum("824")), decimals: 0), .missing])
    )
    let text = try csv(report)
    #expect(!text.contains("Total"))
    #expect(records(text).count == 3)
  }

  @Test func onlyThePrimaryTableIsWritten() throws {
    let text = try csv(F.weekReport())
    #expect(!text.contains("weekday"))
    #expect(!text.contains("oatmeal"))
  }

  @Test func decimalsRoundEveryNumberButNotCountsOrText() throws {
    let text = try csv(F.weekReport(), decimals: 4)
    #expect(
      records(text)[1] == [
        "2026-W47", "2026-11-16", "4", "2", "1445.5000", "60.7500", "169.0000", "58.8000", "722.7500",
        "0.7125",
        "0.3000", "0.9500", "1",
      ])
    #expect(records(try csv(F.weekReport(), decimals: 0))[1][4...5] == ["1446", "61"])
  }

  @Test func decimalsLeaveMissingCellsEmpty() throws {
    let report = ReportFixtures.model(
      kind: .week, rows: [ReportFixtures.row("2026-W46", entries: 0, calories: "0", confidenceSum: nil)])
    #expect(try csv(report, decimals: 2) == "week,entries,calories,confidence_mean\n2026-W46,0,0.00,\n")
  }

  @Test func exactSumsHaveNoFloatingPointNoise() throws {
    let rows = [
      F.entry("2026-11-16", "08:00", id: "a", calories: "0.1", carbohydrates: "0", line: 1),
      F.entry("2026-11-16", "09:00", id: "b", calories: "0.2", carbohydrates: "0", line: 2),
    ]
    let report = F.bucketReport(.day, F.period("2026-11-16", "2026-11-16"), entries: F.entries(rows)).report
    let record = records(try csv(report))[1]
    #expect(record[2] == "0.3")
  }

  @Test func formulaGuardAppliesToTextCellsNotToNegativeNumbers() throws {
    let report = ReportModel(
      kind: .entries, title: "x", period: nil,
      tables: [
        ReportTable(
          id: "t", caption: "T",
          columns: [
            ReportColumn(id: "food", title: "Food", isNumeric: false),
            ReportColumn(id: "change", title: "Δ", isNumeric: true),
          ],
          rows: [
            ReportTableRow(cells: [.text("=SUM(A1)"), .number(.derived(-277.25), decimals: 0)]),
            ReportTableRow(cells: [.text("-1"), .number(.exact(ReportFixtures.sum("-12.5")), decimals: 1)]),
            ReportTableRow(cells: [.text("@cmd"), .number(.exact(ReportFixtures.sum("+3")), decimals: 0)]),
          ])
      ])
    #expect(try csv(report) == "food,change\n'=SUM(A1),-277.25\n-1,-12.5\n'@cmd,3\n")
    #expect(try csv(report, decimals: 1) == "food,change\n'=SUM(A1),-277.3\n-1,-12.5\n'@cmd,3.0\n")
  }

  @Test func hostileFoodNamesStayInsideTheirField() throws {
    let names = F.hostileNames
    let rows = names.enumerated().map { index, name in
      F.entry(
        "2026-11-17", "\(10 + index):00", id: "h\(index)", food: name, raw: "said \"\(name)\", twice",
        line: index + 1)
    }
    let report = JournalFixtures.entriesReport(
      entries: F.entries(rows), period: F.period("2026-11-17", "2026-11-17"), context: F.context())
    let parsed = records(try csv(report))
    let table = try #require(report.primaryTable)
    #expect(parsed.count == names.count + 1)
    #expect(parsed.allSatisfy { $0.count == table.columns.count })
    let foodIndex = try #require(table.columns.firstIndex { $0.id == "food" })
    let expected = names.map { $0.hasPrefix("=") || $0.hasPrefix("-") ? "'" + $0 : $0 }
    #expect(parsed.dropFirst().map { $0[foodIndex] } == expected)
  }

  @Test func reportWithoutTablesIsEmpty() throws {
    #expect(
      try CSVGenerator().render(ReportModel(kind: .check, title: "x", period: nil), options: RenderOptions())
        .isEmpty)
  }
}
